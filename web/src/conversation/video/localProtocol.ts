/**
 * Who connects to whom in the local provider's room: the bookkeeping around WebRTC's perfect
 * negotiation (local.ts), pure so it is tested beside itself.
 *
 * Signals go through the API to the other participant, and a subscription only hears what is sent
 * after it started: a message sent before the peer listened is lost. So each page has a session
 * id, and the host (the speaker) numbers each peer connection it makes with a connection id (cid):
 * - a page that has no connection says hello every few seconds ({c: null});
 * - the host, hearing a hello from a guest that does not follow its current connection, makes a
 *   new one (a fresh RTCPeerConnection, a new cid) and says hello back to that guest with the cid;
 * - the guest, hearing the host's hello for it with a cid it does not follow yet, makes a fresh
 *   RTCPeerConnection for that cid; a host hello without a cid (the host just arrived) is
 *   answered with the guest's own hello;
 * - offers, answers, candidates and mute notices carry the cid and reach the peer connection only
 *   when it matches; 'bye' from the current peer, or a failed connection, ends it.
 * A guest's hello without a connection, from the host's current peer, before the host has heard
 * anything from the guest on the current connection, does not make a new one while that one is
 * young (CONNECT_TIMEOUT_MS, after which the host's watchdog drops it anyway): within
 * HELLO_GRACE_MS it crossed the host's reply and is ignored; later, the reply (or the offer) may
 * have been lost, so the host says both again ('resend'). Under load, when signals take longer
 * than a hello's interval, making a new connection for each hello chased the guest from one
 * connection to the next and none ever connected. A guest's hello answering a hello the host sent
 * before it had its current connection (`to` the host, whatever connection it names) is stale and ignored.
 */

export type LocalRole = 'host' | 'guest';

/** What every signal's payload carries besides its data. */
export interface Envelope {
  /** The sender's page session. */
  s: string;
  /** The connection it belongs to, null when the sender has none. */
  c: string | null;
  /** hello only: the session it answers. */
  to?: string | null;
  d?: unknown;
}

export interface ProtocolState {
  role: LocalRole;
  me: string;
  peer: string | null;
  cid: string | null;
  /** When the host made the current connection (ms). */
  madeAt: number;
  /** Whether the peer has sent anything on the current connection (it follows it). */
  heard: boolean;
}

export type ProtocolAction =
  | { type: 'connect'; cid: string }
  | { type: 'hello'; c: string | null; to: string | null }
  /** The host's current connection again, to a guest who may have missed it: its hello and its offer. */
  | { type: 'resend'; to: string }
  | { type: 'deliver' }
  | { type: 'peer-left' };

export const HELLO_EVERY_MS = 2000;
export const HELLO_GRACE_MS = 1500;
/** A peer connection not connected this long after it was made is made again. */
export const CONNECT_TIMEOUT_MS = 12_000;
/**
 * Unless it is connecting (ICE and DTLS under way): then it gets this many more such periods, for
 * on a loaded device a handshake can take longer than one, and starting over would only start it
 * again (the browser ends a connection that cannot connect with 'failed' on its own).
 */
export const CONNECTING_EXTENSIONS = 2;

export const initialProtocol = (role: LocalRole, me: string): ProtocolState => ({
  role,
  me,
  peer: null,
  cid: null,
  madeAt: 0,
  heard: false,
});

/** Whether this page should keep saying hello: it has no connection. */
export const wantsHello = (s: ProtocolState) => s.cid === null;

/** The hello this page sends on its own (not as an answer). */
export const ownHello = (s: ProtocolState): ProtocolAction => ({ type: 'hello', c: s.cid, to: null });

type Step = { state: ProtocolState; actions: ProtocolAction[] };

export function onSignal(state: ProtocolState, kind: string, env: Envelope, now: number, newCid: () => string): Step {
  if (env.s === state.me) return { state, actions: [] };
  if (kind === 'hello') return state.role === 'host' ? hostHello(state, env, now, newCid) : guestHello(state, env);
  if (kind === 'bye') {
    if (env.s !== state.peer) return { state, actions: [] };
    return { state: { ...state, peer: null, cid: null }, actions: [{ type: 'peer-left' }] };
  }
  const current = state.cid !== null && env.c === state.cid && env.s === state.peer;
  return current ? { state: { ...state, heard: true }, actions: [{ type: 'deliver' }] } : { state, actions: [] };
}

function hostHello(state: ProtocolState, env: Envelope, now: number, newCid: () => string): Step {
  if (state.cid !== null && env.s === state.peer) {
    if (env.c === state.cid) return { state, actions: [] };
    // An answer to a hello the host sent while it had no connection: older than this one.
    if (env.to === state.me) return { state, actions: [] };
    if (env.c === null && !state.heard && now - state.madeAt < CONNECT_TIMEOUT_MS)
      return { state, actions: now - state.madeAt < HELLO_GRACE_MS ? [] : [{ type: 'resend', to: env.s }] };
  }
  const cid = newCid();
  return {
    state: { ...state, peer: env.s, cid, madeAt: now, heard: false },
    actions: [
      { type: 'connect', cid },
      { type: 'hello', c: cid, to: env.s },
    ],
  };
}

function guestHello(state: ProtocolState, env: Envelope): Step {
  if (env.c === null) return { state, actions: [{ type: 'hello', c: state.cid, to: env.s }] };
  if (env.to !== state.me || env.c === state.cid) return { state, actions: [] };
  return { state: { ...state, peer: env.s, cid: env.c, heard: false }, actions: [{ type: 'connect', cid: env.c }] };
}

/**
 * The peer connection did not connect in time: drop it and say hello again, without telling the
 * room that the peer left (the host answers a hello with a fresh connection).
 */
export function onStalled(state: ProtocolState, cid: string): Step {
  if (state.cid !== cid) return { state, actions: [] };
  return { state: { ...state, cid: null }, actions: [] };
}

/** The peer connection failed or closed: forget it (and say hello again). */
export function onFailed(state: ProtocolState, cid: string): Step {
  if (state.cid !== cid) return { state, actions: [] };
  return { state: { ...state, peer: null, cid: null }, actions: [{ type: 'peer-left' }] };
}
