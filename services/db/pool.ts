import pg from 'pg';
import { timestamptzParser } from './timestamps';

// bigint (int8) as string, never a lossy number; numeric stays a string too.
pg.types.setTypeParser(20, (v) => v);
// date as its 'YYYY-MM-DD' text: a calendar date, never a Date at local midnight (contracts/calendarDate.ts).
pg.types.setTypeParser(1082, (v) => v);
// timestamptz read by fixed positions (services/db/timestamps.ts): the default parser is slow.
pg.types.setTypeParser(1184, timestamptzParser(pg.types.getTypeParser(1184, 'text')));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export interface PoolOptions {
  /** Names the connections in pg_stat_activity (and for the feed's horizon). */
  applicationName?: string;
  /** Commit without waiting for the WAL flush: only for writes the log can redo (read models). */
  asynchronousCommit?: boolean;
  /** Every transaction read-only (PostgreSQL refuses any write): for probes that must never write. */
  readOnly?: boolean;
}

export function createPool(connectionString: string, max = 10, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    ...(options.asynchronousCommit || options.readOnly
      ? {
          options: [options.asynchronousCommit && '-c synchronous_commit=off', options.readOnly && '-c default_transaction_read_only=on']
            .filter(Boolean)
            .join(' '),
        }
      : {}),
  });
  pool.on('error', () => {
    /* an idle client died (e.g. server restart); the pool replaces it */
  });
  // A checked-out client that loses its connection between two queries (the server restarted, an
  // administrator ended it) emits 'error' with nobody listening: an uncaught exception that took
  // the whole process down. Its holder learns of it from its next query, which fails.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/** Runs `work` in a transaction on one client, committing on success and rolling back on error. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
