/**
 * `npm test`: the whole suite on a fresh machine. Installs Debian's Chromium when missing (browser
 * tests), type-checks, builds the web app, starts one embedded PostgreSQL cluster for the run and
 * runs every *.test.ts file with Node's test runner. Arguments narrow the files:
 * `npm test -- services/domain` runs only the files under that path.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exitWithError } from '../services/app/shutdown';
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
  // A cluster of its own per run (free port, own data dir), so runs side by side never collide. Its
  // server log goes to a file, kept when the run fails.
  const port = await freePort();
  const dataDir = `.test-data/pg-${port}`;
  const logFile = `.test-data/postgres-${port}.log`;
  const log = fs.createWriteStream(logFile);
  const db = await startEmbeddedPostgres({ dataDir, port, fresh: true, log: (line) => log.write(line.endsWith('\n') ? line : `${line}\n`) });

  // Lanes side by side, each a file at a time: the browser tests (CPU-bound in Chromium) and the
  // rest (mostly waiting on PostgreSQL), each split over TEST_LANES lanes (default 2 each, so four
  // processes on this 2-core machine: most of a test's time is waiting). The first lane reports to
  // the terminal; the others' reports are kept in files and printed after it, so none interleave.
  const lanesOf = (kind: 'browser' | 'other') => Math.max(1, Number(process.env[`TEST_LANES_${kind.toUpperCase()}`] ?? process.env.TEST_LANES ?? 2));
  const split = (list: string[], n: number) => Array.from({ length: n }, (_, i) => list.filter((_, j) => j % n === i)).filter((l) => l.length);
  const browserFiles = files.filter((f) => f.startsWith('tests/e2e'));
  const otherFiles = files.filter((f) => !f.startsWith('tests/e2e'));
  const lanes = [...split(otherFiles, lanesOf('other')), ...split(browserFiles, lanesOf('browser'))];
  step(`Running ${files.length} test files (${otherFiles.length} + ${browserFiles.length} in the browser lanes) in ${lanes.length} lanes`);
  const reports = lanes.map((_, i) => (i === 0 ? 'inherit' : `.test-data/lane-${i}-${port}.txt`));
  const statuses = await Promise.all(lanes.map((lane, i) => runLane(lane, db.adminUrl, reports[i])));
  for (let i = 1; i < lanes.length; i++) {
    step(`Lane ${i + 1} of ${lanes.length}: ${lanes[i].length} files`);
    process.stdout.write(fs.readFileSync(reports[i], 'utf8'));
    fs.rmSync(reports[i], { force: true });
  }
  const status = statuses.find((x) => x !== 0) ?? 0;
  await db.stop();
  log.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (status === 0) fs.rmSync(logFile, { force: true });
  else console.log(`\nPostgreSQL's log of this run: ${logFile}`);
  process.exit(status);
}

/**
 * Runs test files a file at a time with Node's test runner; the report goes to the terminal or a
 * file. Asynchronously, never spawnSync: this process holds the pipes of PostgreSQL's server log,
 * and a blocked event loop stops draining them; once the pipe is full every backend that logs (an
 * error, a conflict) hangs in write(2) for good (issue 8's "hanging reservation race").
 */
async function runLane(files: string[], adminUrl: string, report: 'inherit' | string): Promise<number> {
  if (!files.length) return 0;
  const out = report === 'inherit' ? 'inherit' : fs.openSync(report, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
    stdio: ['ignore', out, out],
    env: { ...process.env, TEST_PG_ADMIN_URL: adminUrl, NODE_ENV: 'test' },
  });
  const status = await new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  if (typeof out === 'number') fs.closeSync(out);
  return status;
}

main().catch(exitWithError);
