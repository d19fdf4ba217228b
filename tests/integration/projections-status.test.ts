/**
 * `npm run projections -- status` is what health probes run (docker-compose.yml): it never writes.
 * A read model whose version changed in the code (a new release) would be rebuilt by prepare(),
 * which status used to call: now it reports it as not built yet and leaves every table as it was.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, it } from 'vitest';
import { allProjectors } from '../../projections';
import { createPool } from '../../services/db/pool';
import { createPostgresEventStore, migrateEventStore } from '../../services/eventstore/postgres';
import { ProjectionRunner } from '../../services/feed/runner';
import { createTestDatabase, type TestDatabase } from '../support/database';

const CLI = path.resolve(import.meta.dirname, '../../services/cli/projections.ts');
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('projections_status');
  await migrateEventStore(db.pool);
  const store = createPostgresEventStore(db.pool);
  await new ProjectionRunner(db.pool, store, allProjectors).prepare();
  await store.close();
});

afterAll(async () => {
  await db?.drop();
});

/** What a write anywhere would change: checkpoint rows, schemas, operations, migrations. */
async function snapshot() {
  const q = async (sql: string) => (await db.pool.query(sql)).rows;
  return {
    checkpoints: await q(
      'SELECT name, version, transaction_id, position, events_applied, updated_at, failed_at FROM projection_checkpoints ORDER BY name',
    ),
    schemas: await q("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rm\\_%' ORDER BY nspname"),
    operations: await q('SELECT * FROM read_model_operations ORDER BY name'),
    tables: await q(
      "SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2",
    ),
  };
}

it('status reports a read model whose version changed without rebuilding it, and writes nothing', async () => {
  const payroll = allProjectors.find((p) => p.name === 'payroll')!;
  await db.pool.query('UPDATE projection_checkpoints SET version = $2 WHERE name = $1', ['payroll', payroll.version + 100]);
  const before = await snapshot();
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, 'status'], {
    env: { ...process.env, DATABASE_URL: db.url, AUTH_SECRET: 'test-secret-not-for-production-0123456789', LOG_LEVEL: 'warn' },
  });
  assert.match(stdout, new RegExp(`payroll .* version ${payroll.version} not built yet`));
  assert.deepEqual(await snapshot(), before, 'nothing changed');
});

it("a read-only pool's connections refuse every write", async () => {
  const pool = createPool(db.url, 1, { readOnly: true });
  try {
    await assert.rejects(pool.query('CREATE TABLE probe_wrote (x int)'), /read-only transaction/);
    assert.equal((await pool.query('SELECT count(*)::int AS n FROM projection_checkpoints')).rows[0].n, allProjectors.length);
  } finally {
    await pool.end();
  }
});
