/**
 * `npm test`: the whole suite on a fresh machine. Installs Debian's Chromium when missing (browser
 * tests), type-checks, builds the web app, starts one embedded PostgreSQL cluster for the run and
 * runs every *.test.ts file with Node's test runner. Arguments narrow the files:
 * `npm test -- services/domain` runs only the files under that path.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../services/db/embedded';
import { freePort } from '../tests/support/ports';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const filters = process.argv.slice(2);
const CHROMIUM = '/usr/bin/chromium';

function step(title: string) {
  console.log(`\n=== ${title}`);
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (os.userInfo().uid !== 0) {
    console.error(`Browser tests need ${CHROMIUM}: run 'apt-get install -y chromium' as root.`);
    process.exit(1);
  }
  step('Installing Chromium from Debian (browser tests)');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function findTests(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.data', '.test-data', '.git'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) findTests(full, out);
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(path.relative(root, full));
  }
  return out;
}

async function main() {
  const files = ['contracts', 'services', 'projections', 'web/src', 'tests', 'scripts']
    .filter((d) => fs.existsSync(d))
    .flatMap((d) => findTests(d))
    .filter((f) => !filters.length || filters.some((p) => f.startsWith(p)))
    .sort();
  const needsBrowser = files.some((f) => f.startsWith('tests/e2e'));

  if (needsBrowser) ensureChromium();
  if (!filters.length) {
    step('Type-checking');
    execFileSync('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { stdio: 'inherit' });
  }
  if (needsBrowser) {
    step('Building the web app');
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  }

  step('Starting PostgreSQL for the tests');
  // A cluster of its own per run (free port, own data dir), so runs side by side never collide.
  const port = await freePort();
  const dataDir = `.test-data/pg-${port}`;
  const db = await startEmbeddedPostgres({ dataDir, port, fresh: true });

  step(`Running ${files.length} test files`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
    { stdio: 'inherit', env: { ...process.env, TEST_PG_ADMIN_URL: db.adminUrl, NODE_ENV: 'test' } },
  );
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
