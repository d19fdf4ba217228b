/**
 * Fixed-window rate limits kept in PostgreSQL, so every API process counts together. Used for
 * sign-in and password-reset requests, per address and per IP.
 */
import type pg from 'pg';
import { ErrorCode, Messages } from '../../contracts/errors';
import { migrate } from '../db/migrate';
import { DomainError } from '../domain/shared/errors';

export async function migrateRateLimits(pool: pg.Pool) {
  await migrate(pool, 'rate_limits', [
    {
      id: '001_rate_limits',
      sql: `CREATE TABLE rate_limits (key text PRIMARY KEY, window_start timestamptz NOT NULL, hits int NOT NULL)`,
    },
  ]);
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  signInPerAddress: (address: string): Limit => ({ key: `sign_in:address:${address.trim().toLowerCase()}`, max: 10, windowSeconds: 15 * 60 }),
  signInPerIp: (ip: string): Limit => ({ key: `sign_in:ip:${ip}`, max: 50, windowSeconds: 15 * 60 }),
  resetPerAddress: (address: string): Limit => ({ key: `reset:address:${address.trim().toLowerCase()}`, max: 5, windowSeconds: 60 * 60 }),
  resetPerIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 20, windowSeconds: 60 * 60 }),
  /** The local gateway's card tokenisation: stops card-number guessing from one address. */
  cardTokensPerIp: (ip: string): Limit => ({ key: `card_tokens:ip:${ip}`, max: 30, windowSeconds: 10 * 60 }),
};

export class RateLimiter {
  constructor(private readonly pool: pg.Pool, private readonly enabled = true) {}

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
}
