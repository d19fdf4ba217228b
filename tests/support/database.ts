/**
 * A fresh PostgreSQL database per test file. `npm test` starts one embedded cluster for the run
 * and passes its admin URL in TEST_PG_ADMIN_URL; a file run on its own starts (or reuses) the
 * same cluster itself.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../services/db/embedded';
import { createPool, type Pool } from '../../services/db/pool';

export const TEST_PG_PORT = Number(process.env.TEST_PG_PORT ?? 54339);
export const TEST_PG_DATA_DIR = '.test-data/pg';

let adminUrlPromise: Promise<string> | null = null;
/**
 * The test cluster's maintenance database: `npm test`'s (TEST_PG_ADMIN_URL), or, for a file or a
 * benchmark run on its own, the shared cluster under .test-data/pg, started by the first process
 * that needs it and stopped by the last one to leave (services/db/embeddedUsers.ts): nothing is
 * left running when the run ends.
 */
export function testAdminUrl(): Promise<string> {
  adminUrlPromise ??= (async () => {
    if (process.env.TEST_PG_ADMIN_URL) return process.env.TEST_PG_ADMIN_URL;
    const db = await startEmbeddedPostgres({ dataDir: TEST_PG_DATA_DIR, port: TEST_PG_PORT });
    return db.adminUrl;
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
