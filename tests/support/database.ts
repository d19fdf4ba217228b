/**
 * A fresh PostgreSQL database per test file. `npm test` starts one embedded cluster for the run
 * and passes its admin URL in TEST_PG_ADMIN_URL; a file run on its own starts (or reuses) the
 * same cluster itself.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { embeddedUrl } from '../../services/db/embedded';
import { createPool, type Pool } from '../../services/db/pool';

export const TEST_PG_PORT = Number(process.env.TEST_PG_PORT ?? 54339);
export const TEST_PG_DATA_DIR = '.test-data/pg';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

let adminUrlPromise: Promise<string> | null = null;
export function testAdminUrl(): Promise<string> {
  adminUrlPromise ??= (async () => {
    if (process.env.TEST_PG_ADMIN_URL) return process.env.TEST_PG_ADMIN_URL;
    const local = embeddedUrl(TEST_PG_PORT, 'postgres');
    if (await reachable(local)) return local;
    // A file run on its own: start the shared test cluster in a detached process, so this test
    // process can exit while the cluster stays up for the next run (stop it with `pkill -f standalone-postgres`).
    spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'standalone-postgres.ts')], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, TEST_PG_PORT: String(TEST_PG_PORT) },
    }).unref();
    for (let i = 0; i < 120; i++) {
      if (await reachable(local)) return local;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`The test PostgreSQL did not come up on port ${TEST_PG_PORT}`);
  })();
  return adminUrlPromise;
}

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

export async function createTestDatabase(label = 't'): Promise<TestDatabase> {
  const adminUrl = await testAdminUrl();
  const name = `${label.replace(/\W/g, '_').slice(0, 30)}_${crypto.randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const pool = createPool(url, 20);
  return {
    url,
    pool,
    async drop() {
      await pool.end().catch(() => {});
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Every table of a schema, rows in a total order: for comparing a read model before and after a rebuild. */
export async function dumpSchema(pool: Pool, schema: string): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`, [schema]);
  const out: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    out[tablename] = (await pool.query(`SELECT * FROM "${schema}"."${tablename}" AS t ORDER BY t::text`)).rows;
  }
  return out;
}
