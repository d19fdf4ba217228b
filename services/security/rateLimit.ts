/**
 * Fixed-window rate limits kept in PostgreSQL, so every API process counts together. Used for
 * sign-in and password-reset requests, per address and per IP.
 */
import type pg from 'pg';
import { ErrorCode, Messages } from '../../contracts/errors';
import { migrate, type Migration } from '../db/migrate';
import { DomainError } from '../domain/shared/errors';
import { CHAT_MESSAGES_PER_WINDOW, CHAT_WINDOW_SECONDS } from '../../contracts/live';

export const rateLimitMigrations: Migration[] = [
  {
    id: '001_rate_limits',
    up: `CREATE TABLE rate_limits (key text PRIMARY KEY, window_start timestamptz NOT NULL, hits int NOT NULL)`,
    down: 'DROP TABLE rate_limits',
  },
];

export async function migrateRateLimits(pool: pg.Pool) {
  await migrate(pool, 'rate_limits', rateLimitMigrations);
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Tuned for a whole class behind one school address (docs/decisions/accounts-and-sign-in.md, "Rate limits"): sign-in
 * limits count failed attempts only (a sign-in that succeeds is forgiven), so 40 students with a few
 * typos each all get in, while one account's password can be guessed 10 times per 15 minutes.
 */
export const LIMITS = {
  /** Failed sign-ins of one address. */
  signInPerAddress: (address: string): Limit => ({
    key: `sign_in:address:${address.trim().toLowerCase()}`,
    max: 10,
    windowSeconds: 15 * 60,
  }),
  /** Failed sign-ins from one client address (a school's whole network may be one). */
  signInPerIp: (ip: string): Limit => ({ key: `sign_in:ip:${ip}`, max: 200, windowSeconds: 15 * 60 }),
  /** New accounts from one client address: a class signing up at the start of term. */
  signUpPerIp: (ip: string): Limit => ({ key: `sign_up:ip:${ip}`, max: 100, windowSeconds: 60 * 60 }),
  resetPerAddress: (address: string): Limit => ({ key: `reset:address:${address.trim().toLowerCase()}`, max: 5, windowSeconds: 60 * 60 }),
  resetPerIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 100, windowSeconds: 60 * 60 }),
  /** The local gateway's card tokenisation: stops card-number guessing from one address, lets a class pay. */
  cardTokensPerIp: (ip: string): Limit => ({ key: `card_tokens:ip:${ip}`, max: 100, windowSeconds: 10 * 60 }),
  /** The join link's page asking which course an invite number is, signed out: stops walking the numbers. */
  invitedCoursesPerIp: (ip: string): Limit => ({ key: `invited_courses:ip:${ip}`, max: 300, windowSeconds: 10 * 60 }),
  /** Redemption codes looked up or redeemed by one account: stops a signed-in account from trying codes at speed. */
  codeChecksPerAccount: (accountId: string): Limit => ({ key: `code_checks:account:${accountId}`, max: 20, windowSeconds: 10 * 60 }),
  /**
   * Connection-speed checks (services/api/throughput.ts) from one client address, each download or
   * upload one hit. A check is 4 requests, so a class behind one school address can run it 60 times
   * in 10 minutes; at most 8 MB each, one address cannot make the server send or read more than
   * about 2 GB per 10 minutes.
   */
  throughputPerIp: (ip: string): Limit => ({ key: `throughput:ip:${ip}`, max: 240, windowSeconds: 10 * 60 }),
  /**
   * School sign-ins started from one client address: a class behind one school address starting
   * together gets through; a script opening IdP round trips (each a stored event) does not.
   */
  schoolSignInsPerIp: (ip: string): Limit => ({ key: `school_sign_in:ip:${ip}`, max: 300, windowSeconds: 10 * 60 }),
  /** School sign-ins started for one email domain, from anywhere: a whole school's morning, not a flood. */
  schoolSignInsPerDomain: (domain: string): Limit => ({ key: `school_sign_in:domain:${domain}`, max: 3000, windowSeconds: 10 * 60 }),
  /** Chat messages of one account: a lively conversation, not a flood. */
  chatMessagesPerAccount: (accountId: string): Limit => ({
    key: `chat:account:${accountId}`,
    max: CHAT_MESSAGES_PER_WINDOW,
    windowSeconds: CHAT_WINDOW_SECONDS,
  }),
};

export class RateLimiter {
  constructor(
    private readonly pool: pg.Pool,
    private readonly enabled = true,
  ) {}

  /** Counts one hit against each limit; throws RATE_LIMITED when any is exceeded. */
  async hit(limits: Limit[]): Promise<void> {
    if (!this.enabled) return;
    for (const limit of limits) {
      const { rows } = await this.pool.query(
        `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.hits + 1 END,
           window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
         RETURNING hits`,
        [limit.key, limit.windowSeconds],
      );
      if (rows[0].hits > limit.max) throw new DomainError(ErrorCode.RATE_LIMITED, Messages.tooManyAttempts);
    }
  }

  /**
   * Takes back one hit of each limit (an attempt that turned out well). Counting first and forgiving
   * after keeps concurrent attempts from slipping past the limit together.
   */
  async forgive(limits: Limit[]): Promise<void> {
    if (!this.enabled) return;
    await this.pool.query('UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ANY($1)', [limits.map((l) => l.key)]);
  }
}
