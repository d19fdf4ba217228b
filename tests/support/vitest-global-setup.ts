/**
 * Vitest run on its own (`npx vitest run <file>`, watch mode): one test cluster for the run,
 * started here in Vitest's own process and stopped when the run ends, its address handed to the
 * workers in TEST_PG_ADMIN_URL. Under `npm test` (scripts/test.ts), which starts its own, nothing
 * to do.
 */
import { startEmbeddedPostgres } from '../../services/db/embedded';
import { stopWithLastUser, TEST_PG_DATA_DIR, testPgPort } from './database';

export default async function setup() {
  if (process.env.TEST_PG_ADMIN_URL) return;
  const db = await startEmbeddedPostgres({ dataDir: TEST_PG_DATA_DIR, port: await testPgPort(), disposable: true });
  process.env.TEST_PG_ADMIN_URL = db.adminUrl;
  stopWithLastUser(db);
  return async () => {
    delete process.env.TEST_PG_ADMIN_URL;
    await db.stop();
  };
}
