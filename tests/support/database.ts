/**
 * A fresh PostgreSQL database per test file. `npm test` starts one embedded cluster for the run
 * and passes its admin URL in TEST_PG_ADMIN_URL; a file run on its own starts (or reuses) the
 * same cluster itself.
 *
 * A database for a product (startTestApp) is a copy of a template that a product already started
 * on once (every migration, every read model prepared, the job queues made): about 5 s of schema
 * work per product start became a file copy (issue 29). The template is named by a hash of the
 * server's code, so a template of other code is never used, and built once per cluster under an
 * advisory lock, whichever process needs it first.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { eventually } from './eventually';
import { freePort } from './ports';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../services/db/embedded';
import { tether } from '../../scripts/support/tether';
import { createPool, type Pool } from '../../services/db/pool';

export const TEST_PG_DATA_DIR = '.test-data/pg';

/**
 * The port for starting the test cluster: TEST_PG_PORT, else a free one. A cluster already
 * running on TEST_PG_DATA_DIR keeps its own port (startEmbeddedPostgres reads it); a fixed default
 * had two checkouts on one machine share one cluster, and the first to finish stopped the other's.
 */
export const testPgPort = async () => (process.env.TEST_PG_PORT ? Number(process.env.TEST_PG_PORT) : await freePort());

/**
 * The shared cluster, started by this process, stops once no process uses it however they end
 * (killed outright included: scripts/support/tether.ts); the last one to leave in the ordinary way
 * stops it itself.
 */
export function stopWithLastUser(db: EmbeddedDatabase) {
  const serverPid = db.startedHere ? db.serverPid() : null;
  if (serverPid) tether(serverPid, { signal: 'SIGINT', graceSeconds: 60, whileUsedBy: db.usersDirectory });
}

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
    const db = await startEmbeddedPostgres({ dataDir: TEST_PG_DATA_DIR, port: await testPgPort(), disposable: true });
    stopWithLastUser(db);
    return db.adminUrl;
  })();
  return adminUrlPromise;
}

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

/**
 * An empty database, or with `from` a copy of a template database (see migratedTemplate): the
 * caller renews what must be its own (the installation id).
 */
export async function createTestDatabase(label = 't', from?: string): Promise<TestDatabase> {
  const adminUrl = await testAdminUrl();
  const name = `${label.replace(/\W/g, '_').slice(0, 30)}_${crypto.randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${from ? ` TEMPLATE "${from}"` : ''}`);
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

const TEMPLATE_LOCK = 2026_11_29;
const codeDirs = ['services', 'projections', 'contracts'];
let templatePromise: Promise<string> | null = null;

/** A hash of the server's code (not its tests): a template made by other code is not this code's. */
function codeHash(): string {
  const root = path.resolve(import.meta.dirname, '../..');
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|graphql|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) hash.update(file).update(fs.readFileSync(file));
    }
  };
  for (const dir of codeDirs) walk(path.join(root, dir));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The name of a database a product has started on once and stopped, made by `build` the first time
 * any process of this cluster asks for it (the others wait on the lock). Older templates go.
 */
export function migratedTemplate(build: (databaseUrl: string) => Promise<void>): Promise<string> {
  templatePromise ??= (async () => {
    const adminUrl = await testAdminUrl();
    const name = `template_${codeHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'template\\_%'`);
      if (rows.some((r) => r.datname === name)) return name;
      for (const old of rows) await admin.query(`DROP DATABASE IF EXISTS "${old.datname}" WITH (FORCE)`);
      const building = `${name}_building`;
      await admin.query(`CREATE DATABASE "${building}"`);
      await build(adminUrl.replace(/\/postgres$/, `/${building}`));
      // A renamed or copied database must have no connection at all; a closed client's server
      // process ends a moment after it.
      await eventually(async () => {
        const { rows: open } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [building]);
        return open[0].n === 0;
      }, `every connection to ${building} closed`);
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
      await admin.end();
    }
  })();
  return templatePromise;
}
