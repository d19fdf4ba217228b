/**
 * Applies SQL migrations once each, in order, under an advisory lock so that several processes
 * starting together do not race. Each module (event store, jobs, a projection) owns its list.
 */
import type pg from 'pg';
import { inTransaction } from './pool';

export interface Migration {
  id: string;
  sql: string;
}

const MIGRATION_LOCK = 720_001;

export async function migrate(pool: pg.Pool, owner: string, migrations: Migration[]): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      owner text NOT NULL, id text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (owner, id))`);
    const { rows } = await client.query('SELECT id FROM schema_migrations WHERE owner = $1', [owner]);
    const applied = new Set(rows.map((r) => r.id));
    for (const m of migrations) {
      if (applied.has(m.id)) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (owner, id) VALUES ($1, $2)', [owner, m.id]);
    }
  });
}
