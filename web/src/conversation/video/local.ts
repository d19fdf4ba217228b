/**
 * The local provider: browser-to-browser WebRTC, signalled through the API (`sendVideoSignal`,
 * `videoSignals`), with MDN's "perfect negotiation" on each peer connection: the guest (the
 * student) is polite, the host (the speaker) impolite. Which peer connection is current, and when
 * to make a new one, is localProtocol.ts. ICE servers come with the join (none by default: two
 * browsers on one machine or network meet with host candidates).
 */
import { client } from '../../lib/apollo';
import { SEND_VIDEO_SIGNAL, VIDEO_SIGNALS } from '../operations';
import {
  HELLO_EVERY_MS,
  CONNECT_TIMEOUT_MS,
  CONNECTING_EXTENSIONS,
  initialProtocol,
  onFailed,
  onSignal,
  onStalled,
  ownHello,
  wantsHello,
  type Envelope,
  type ProtocolAction,
  type ProtocolState,
} from './localProtocol';
import type { JoinRoom, MediaKind, RoomHandlers } from './port';

interface Peer {
  pc: RTCPeerConnection;
  cid: string;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /** Incoming signals, handled one after another. */
  queue: Promise<void>;
  remote: MediaStream;
  watchdog: ReturnType<typeof setTimeout>;
}

/** The ICE servers of the join: a JSON array of RTCIceServer, none when missing or unreadable. */
export function parseIceServers(value: string | null | undefined): RTCIceServer[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed.filter((s) => s && typeof s === 'object' && 'urls' in s) as RTCIceServer[]) : [];
  } catch {
    return [];
  }
}

const newId = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const join: JoinRoom = async (join, localStream, handlers: RoomHandlers) => {
  const iceServers = parseIceServers(join.iceServers);
  let state: ProtocolState = initialProtocol(join.role === 'host' ? 'host' : 'guest', newId());
  const polite = state.role === 'guest';
  let peer: Peer | null = null;
  let left = false;

  // Outgoing signals in order: separate requests could reach the server out of order.
  let sending: Promise<void> = Promise.resolve();
  const post = (kind: string, env: Envelope, keepalive = false) =>
    client
      .mutate({
        mutation: SEND_VIDEO_SIGNAL,
        variables: { input: { accessToken: join.accessToken, kind, payload: JSON.stringify(env) } },
        context: { quiet: true, ...(keepalive ? { fetchOptions: { keepalive: true } } : {}) },
        fetchPolicy: 'no-cache',
      })
      .then(
        () => undefined,
        // A goodbye to a conversation that already stopped is refused: nothing to tell then.
        (error: unknown) =>
          kind === 'bye' ? debug(`bye not sent: ${String(error)}`) : console.warn(`The ${kind} signal was not sent:`, error),
      );
  const debug = (text: string) => {
    if ((globalThis as { __liveDebug?: boolean }).__liveDebug) console.debug(`[live] ${state.role} ${text}`);
  };
  const send = (kind: string, env: Envelope) => {
    debug(`queues ${kind}${kind === 'offer' || kind === 'answer' ? `(${(env.d as { type?: string })?.type})` : ''}`);
    sending = sending.then(() => post(kind, env)).then(() => debug(`sent ${kind}`));
  };
  const sendOwn = (kind: string, d?: unknown) => send(kind, { s: state.me, c: state.cid, d });

  const sendMuteState = () => {
    for (const kind of ['audio', 'video'] as MediaKind[]) {
      const tracks = kind === 'audio' ? localStream.getAudioTracks() : localStream.getVideoTracks();
      sendOwn('mute', { kind, muted: !tracks.some((t) => t.enabled) });
    }
  };

  function closePeer() {
    if (!peer) return;
    const { pc, watchdog } = peer;
    clearTimeout(watchdog);
    peer = null;
    pc.onnegotiationneeded = pc.onicecandidate = pc.ontrack = pc.onconnectionstatechange = null;
    pc.close();
  }

  function act(action: ProtocolAction, kind: string, env: Envelope) {
    switch (action.type) {
      case 'connect':
        connect(action.cid);
        break;
      case 'hello':
        send('hello', { s: state.me, c: action.c, to: action.to });
        break;
      case 'resend':
        send('hello', { s: state.me, c: state.cid, to: action.to });
        // Its offer too, while unanswered: a guest that missed the hello missed the offer with it.
        if (peer?.pc.signalingState === 'have-local-offer' && peer.pc.localDescription)
          send('offer', { s: state.me, c: peer.cid, d: peer.pc.localDescription.toJSON() });
        break;
      case 'deliver':
        if (peer) deliver(peer, kind, env.d);
        break;
      case 'peer-left':
        closePeer();
        handlers.onRemoteStream(null);
        handlers.onPeerLeft();
        break;
    }
  }

  function connect(cid: string) {
    closePeer();
    handlers.onRemoteStream(null);
    const pc = new RTCPeerConnection({ iceServers });
    const p: Peer = {
      pc,
      cid,
      makingOffer: false,
      ignoreOffer: false,
      queue: Promise.resolve(),
      remote: new MediaStream(),
      watchdog: setTimeout(stalled, CONNECT_TIMEOUT_MS),
    };
    peer = p;
    let extensions = 0;
    function stalled() {
      if (peer !== p || pc.connectionState === 'connected') return;
      if (pc.connectionState === 'connecting' && extensions++ < CONNECTING_EXTENSIONS) {
        debug(`connection ${cid.slice(0, 6)} still connecting: waits longer`);
        p.watchdog = setTimeout(stalled, CONNECT_TIMEOUT_MS);
        return;
      }
      debug(`connection ${cid.slice(0, 6)} stalled (${pc.connectionState})`);
      state = onStalled(state, cid).state;
      closePeer();
      handlers.onRemoteStream(null);
    }
    const out = (kind: string, d: unknown) => send(kind, { s: state.me, c: cid, d });
    for (const track of localStream.getTracks()) pc.addTrack(track, localStream);

    pc.onnegotiationneeded = async () => {
      // The host offers each new connection; the guest answers it with its tracks (an answer takes
      // up the transceivers addTrack made) and offers only later renegotiations. Two first offers
      // crossing made Chromium now and then roll back the guest's offer and never gather the
      // answer's candidates.
      if (polite && !pc.remoteDescription) return;
      try {
        p.makingOffer = true;
        await pc.setLocalDescription();
        if (pc.localDescription) out('offer', pc.localDescription.toJSON());
      } catch (error) {
        console.warn('The offer failed:', error);
      } finally {
        p.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) out('candidate', candidate.toJSON());
    };
    pc.ontrack = ({ track, streams }) => {
      if (peer !== p) return;
      const stream = streams[0] ?? p.remote;
      if (!streams[0]) p.remote.addTrack(track);
      handlers.onRemoteStream({ stream });
    };
    pc.onicegatheringstatechange = () => debug(`gathering ${pc.iceGatheringState}`);
    pc.onsignalingstatechange = () => debug(`signaling ${pc.signalingState}`);
    pc.onconnectionstatechange = () => {
      debug(`connection ${pc.connectionState}`);
      if (peer !== p) return;
      if (pc.connectionState === 'connected') sendMuteState();
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') {
        const step = onFailed(state, cid);
        state = step.state;
        for (const a of step.actions) act(a, 'failed', { s: state.me, c: cid });
      }
    };
  }

  function deliver(p: Peer, kind: string, data: unknown) {
    p.queue = p.queue.then(() => handle(p, kind, data)).catch((error: unknown) => console.warn(`The ${kind} signal failed:`, error));
  }

  async function handle(p: Peer, kind: string, data: unknown) {
    if (peer !== p) return;
    const { pc } = p;
    if (kind === 'offer' || kind === 'answer') {
      const description = data as RTCSessionDescriptionInit;
      const collision = description.type === 'offer' && (p.makingOffer || pc.signalingState !== 'stable');
      p.ignoreOffer = !polite && collision;
      if (p.ignoreOffer) return;
      await pc.setRemoteDescription(description);
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        if (pc.localDescription) send('answer', { s: state.me, c: p.cid, d: pc.localDescription.toJSON() });
      }
    } else if (kind === 'candidate') {
      try {
        await pc.addIceCandidate(data as RTCIceCandidateInit);
      } catch (error) {
        if (!p.ignoreOffer) throw error;
      }
    } else if (kind === 'mute') {
      const { kind: media, muted } = (data ?? {}) as { kind?: string; muted?: boolean };
      if (media === 'audio' || media === 'video') handlers.onPeerMuted(media, !!muted);
    }
  }

  function receive(signal: { kind: string; payload: string }) {
    if (left) return;
    let env: Envelope;
    try {
      env = JSON.parse(signal.payload) as Envelope;
    } catch {
      return;
    }
    if (!env || typeof env.s !== 'string') return;
    const step = onSignal(state, signal.kind, env, Date.now(), newId);
    debug(
      `got ${signal.kind} s=${env.s.slice(0, 6)} c=${env.c?.slice(0, 6)} to=${env.to?.slice(0, 6)} → ${step.actions.map((a) => a.type).join(',')}`,
    );
    state = step.state;
    for (const a of step.actions) act(a, signal.kind, env);
  }

  const subscription = client
    .subscribe({ query: VIDEO_SIGNALS, variables: { accessToken: join.accessToken }, fetchPolicy: 'no-cache', context: { quiet: true } })
    .subscribe({
      next: ({ data }) => {
        if (data?.videoSignals) receive(data.videoSignals);
      },
      error: (error: unknown) => {
        if (!left) handlers.onError(error instanceof Error ? error.message : String(error), 'signalling');
      },
    });

  // Say hello now and every few seconds while there is no connection.
  const hello = () => {
    if (!left && wantsHello(state)) act(ownHello(state), 'hello', { s: state.me, c: null });
  };
  hello();
  const helloTimer = setInterval(hello, HELLO_EVERY_MS);

  return {
    setAudio(on) {
      for (const t of localStream.getAudioTracks()) t.enabled = on;
      if (peer) sendOwn('mute', { kind: 'audio', muted: !on });
    },
    setVideo(on) {
      for (const t of localStream.getVideoTracks()) t.enabled = on;
      if (peer) sendOwn('mute', { kind: 'video', muted: !on });
    },
    leave({ unloading = false } = {}) {
      if (left) return;
      left = true;
      clearInterval(helloTimer);
      const bye: Envelope = { s: state.me, c: state.cid };
      if (unloading) void post('bye', bye, true);
      else send('bye', bye);
      subscription.unsubscribe();
      closePeer();
    },
  };
};
