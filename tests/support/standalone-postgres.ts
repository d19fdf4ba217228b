/** The shared test cluster for test files run on their own (see database.ts); runs until killed. */
import { startEmbeddedPostgres } from '../../services/db/embedded';
import { TEST_PG_DATA_DIR, TEST_PG_PORT } from './database';

const db = await startEmbeddedPostgres({ dataDir: TEST_PG_DATA_DIR, port: TEST_PG_PORT });
const stop = () => void db.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
setInterval(() => {}, 1 << 30);
