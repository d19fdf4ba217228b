/**
 * Open sessions remembered per process, so that a request does not ask PostgreSQL whether its
 * token's session is still open (one statement, on this machine a good part of a small request).
 *
 * Sign-out still takes effect in every process: the accounts read model sends a notice (NOTIFY,
 * sent when its batch commits, SESSIONS_CHANNEL) whenever a session ends or an account's roles
 * change, and every process forgets all it remembered when one arrives, which PostgreSQL delivers
 * within moments, not in step with anything else. The process that ran the sign-out forgets at
 * once, as soon as the read model has caught up (`forgetAll` from `settled`), before it answers.
 * Nothing is remembered while the notice connection is down, a reconnection forgets everything, a
 * lookup that overlapped a notice is not remembered (the generation), and an entry is trusted for
 * MAX_AGE_MS at most, which bounds the one case no notice reveals: a connection that died without
 * a word.
 */
import { SESSIONS_CHANNEL } from '../../projections/accounts';
import type { PgListener } from '../db/listener';

/** Longest an entry is trusted without asking the database again. */
export const MAX_AGE_MS = 1000;
/** Entries kept at most (an attack with many valid tokens cannot grow the process without bound). */
const MAX_ENTRIES = 10_000;

export interface OpenSession {
  accountId: string;
  roles: string[];
  expiresAt: Date;
}

export class SessionCache {
  private entries = new Map<string, { session: OpenSession; at: number }>();
  private generation = 0;
  private listening = false;

  constructor(private readonly listener: Pick<PgListener, 'on' | 'isListening'>) {}

  /** Starts listening for notices; until it has, nothing is remembered. */
  async start(): Promise<void> {
    await this.listener.on(SESSIONS_CHANNEL, () => this.forgetAll());
    this.listening = true;
  }

  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** How many times everything was forgotten (a notice, a sign-out here, a lost connection): tests watch it. */
  get forgotten(): number {
    return this.generation;
  }

  private trusted(): boolean {
    return this.listening && this.listener.isListening(SESSIONS_CHANNEL);
  }

  /** The open session `sessionId`, from memory when a notice would have told of a change, else from `load`. */
  async get(sessionId: string, now: Date, load: () => Promise<OpenSession | null>): Promise<OpenSession | null> {
    if (this.trusted()) {
      const hit = this.entries.get(sessionId);
      if (hit && performance.now() - hit.at < MAX_AGE_MS && hit.session.expiresAt > now) return hit.session;
    } else {
      this.forgetAll();
    }
    const generation = this.generation;
    const asked = performance.now();
    const session = await load();
    if (session && generation === this.generation && this.trusted()) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(sessionId, { session, at: asked });
    }
    return session;
  }
}
