import type pg from 'pg';
import { migrate, type Migration } from '../db/migrate';

/** The runner's own tables: every read model's checkpoint row, and what the read models' indexes need. */
export const projectionRunnerMigrations: Migration[] = [
  {
    id: '001_checkpoints',
    up: `CREATE TABLE projection_checkpoints (
      name text PRIMARY KEY, version int NOT NULL, transaction_id text, position text,
      events_applied bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())`,
    down: 'DROP TABLE projection_checkpoints',
  },
  {
    // Trigram indexes for `matches` filters and quick search (read models use gin_trgm_ops). In
    // public, never in a read model's schema, which a rebuild drops.
    id: '002_pg_trgm',
    up: 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public',
    // The read models' indexes need the extension: going below this drops the read models (live
    // and half-built rebuilds) and their checkpoints, which the next start builds again from the log.
    down: `DO $$
      DECLARE r record;
      BEGIN
        FOR r IN SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rm\\_%' LOOP
          EXECUTE format('DROP SCHEMA %I CASCADE', r.nspname);
        END LOOP;
      END $$;
      DELETE FROM projection_checkpoints;
      DROP EXTENSION pg_trgm;`,
  },
  {
    id: '003_failures',
    up: `ALTER TABLE projection_checkpoints ADD COLUMN failed_at timestamptz, ADD COLUMN failure jsonb`,
    down: `ALTER TABLE projection_checkpoints DROP COLUMN failed_at, DROP COLUMN failure`,
  },
  {
    // The rebuild or verify running on each read model, from any process, with its progress
    // (services/feed/operations.ts). A row whose process died stays until the next operation on
    // that read model: an advisory lock held by the running process tells the two apart.
    id: '004_operations',
    up: `CREATE TABLE read_model_operations (
      name text PRIMARY KEY, operation_id text NOT NULL, operation text NOT NULL, started_by jsonb NOT NULL,
      reason text, started_at timestamptz NOT NULL DEFAULT now(), events_done bigint NOT NULL DEFAULT 0,
      events_total bigint, updated_at timestamptz NOT NULL DEFAULT now())`,
    down: 'DROP TABLE read_model_operations',
  },
];

export async function migrateProjectionRunner(pool: pg.Pool) {
  await migrate(pool, 'projections', projectionRunnerMigrations);
}
