/**
 * A WebSocket's subscriptions end with its session (issue 27): sign-out, a password change or reset,
 * an admin ending the sessions, expiry. Each socket that subscribed signed in is remembered under
 * its session; whenever the accounts read model says a session ended or roles changed (the
 * SESSIONS_CHANNEL notice, within moments, in every process) — and every SWEEP_MS in any case, for a
 * notice lost with its connection — the remembered sessions are looked up in one statement, and the
 * sockets of those no longer open are closed with SESSION_ENDED_CLOSE. A graphql-ws client is thus
 * told (the close code and reason) and reconnects with the token it has now, if any.
 */
import type { WebSocket } from 'ws';
import { SESSIONS_CHANNEL, findOpenSessions } from '../../projections/accounts';
import type { Runtime } from '../app/runtime';

/** graphql-ws' Forbidden: its clients reconnect (with their current token), unlike on 4401. */
export const SESSION_ENDED_CLOSE = { code: 4403, reason: 'Session ended' } as const;
export const SWEEP_MS = 5000;

export class SocketSessions {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;
  private sweeping: Promise<void> | null = null;
  private again = false;

  constructor(private readonly runtime: Pick<Runtime, 'pool' | 'listener' | 'log'>) {}

  async start(): Promise<void> {
    this.stopListening = await this.runtime.listener.on(SESSIONS_CHANNEL, () => void this.sweep());
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopListening?.();
    if (this.timer) clearInterval(this.timer);
  }

  track(sessionId: string, socket: WebSocket): void {
    let set = this.sockets.get(sessionId);
    if (!set) {
      set = new Set();
      this.sockets.set(sessionId, set);
    }
    if (set.has(socket)) return;
    set.add(socket);
    socket.once('close', () => {
      set.delete(socket);
      if (!set.size && this.sockets.get(sessionId) === set) this.sockets.delete(sessionId);
    });
  }

  /** Closes the sockets of sessions no longer open; one look-up at a time, another after it if asked meanwhile. */
  sweep(): Promise<void> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.again = false;
        const ids = [...this.sockets.keys()];
        if (!ids.length) break;
        try {
          const open = await findOpenSessions(this.runtime.pool, ids, new Date());
          for (const id of ids) {
            if (open.has(id)) continue;
            for (const socket of this.sockets.get(id) ?? []) socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
            this.sockets.delete(id);
          }
        } catch (error) {
          this.runtime.log.warn({ err: error }, 'checking the sessions of open sockets failed; trying again at the next notice');
        }
      } while (this.again);
    })().finally(() => (this.sweeping = null));
    return this.sweeping;
  }
}
