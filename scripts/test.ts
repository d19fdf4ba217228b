/**
 * `npm test`: the whole suite on a fresh machine. Installs Debian's Chromium when missing (browser
 * tests), checks format and lint (Biome, warnings fail too; also on a narrowed run: it takes seconds),
 * type-checks, builds the web app, starts one embedded PostgreSQL cluster for the run, and
 * runs the tests on their two runners side by side: Vitest (unit, contract and integration tests,
 * vitest.config.ts) and Playwright's own runner (the browser tests under tests/e2e,
 * playwright.config.ts). Vitest starts with the checks (their one-core work left a core idle for
 * most of a minute) and Playwright once the web app is built; a failed check stops both. Arguments narrow the files: `npm test -- services/domain` runs only the
 * files under that path.
 *
 * Workers: TEST_WORKERS_VITEST (2) and TEST_WORKERS_BROWSER (3) files at a time on this 2-core
 * machine: most of a test's time is waiting. With two browser workers the browser tests ran on
 * alone for two minutes after Vitest with one core idle (docs/decisions/test-runners.md, "Workers").
 * The browser tests (Playwright, its workers, their products and browsers) run at nice 5
 * (TEST_BROWSER_NICE) beside Vitest: Vitest's files, waiting mostly, get the CPU when they need it
 * and end with the browser tests instead of running on alone, with a core idle, for two minutes.
 * Vitest reports to the terminal as it goes; Playwright's report is kept in a file and printed
 * when Vitest is done (then followed live), so the two never interleave. The run ends with the
 * counts of both, every skipped test with its reason, and the wall time.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { exitWithError } from '../services/app/shutdown';
import { startEmbeddedPostgres } from '../services/db/embedded';
import { freePort } from '../tests/support/ports';
import { lowerPriority, prefetchTools, removeClustersOfEndedRuns } from './support/beforeTheRun';
import { tether, tethered } from './support/tether';
import { printTimes, readPlaywright, readVitest, type FileTime } from './testReport';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const filters = process.argv.slice(2);
const CHROMIUM = '/usr/bin/chromium';
const BROWSER_DIR = 'tests/e2e/';
/** Where Vitest's projects (vitest.config.ts) look for tests: a test file elsewhere would not run. */
const VITEST_DIRS = ['contracts/', 'services/', 'projections/', 'web/src/', 'scripts/', 'tests/contract/', 'tests/integration/'];
const started = Date.now();

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

/** Biome's format and lint of the whole tree (`npm run lint`); a finding stops the run, after Biome has said what it is. */
/** A check before the tests, its output kept until it ends (the checks run side by side). */
/**
 * Runs a check to its end. `background`: at a lower CPU priority (nice 10), for a check nothing waits
 * on until the end (the type-check), so on a 2-core machine it takes the cores only when the web
 * build and the tests leave them idle.
 */
function check(
  name: string,
  command: string,
  args: string[],
  { background = false } = {},
): Promise<{ name: string; ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = tethered(spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } }));
    if (background) lowerPriority(child.pid, 10);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ name, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const FIX_HINTS: Record<string, string> = {
  'format and lint': '`npm run format` formats the tree; a lint finding is fixed at its cause (docs/decisions/tooling.md).',
  'type-check': 'The type errors are above.',
  'web build': 'The web app did not build (above).',
};

function findTests(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.data', '.test-data', '.git'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) findTests(full, out);
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(path.relative(root, full));
  }
  return out;
}

const workers = (name: string, fallback: number) => Math.max(1, Number(process.env[name] ?? fallback));

async function main() {
  const files = ['contracts', 'services', 'projections', 'web/src', 'tests', 'scripts']
    .filter((d) => fs.existsSync(d))
    .flatMap((d) => findTests(d))
    .filter((f) => !filters.length || filters.some((p) => f.startsWith(p)))
    .sort();
  if (!files.length) {
    console.error(`No test file under ${filters.join(', ')}`);
    process.exit(1);
  }
  const browserFiles = files.filter((f) => f.startsWith(BROWSER_DIR));
  const otherFiles = files.filter((f) => !f.startsWith(BROWSER_DIR));
  const strays = otherFiles.filter((f) => !VITEST_DIRS.some((d) => f.startsWith(d)));
  if (strays.length) {
    console.error(
      `Test files outside every Vitest project (add their folder to vitest.config.ts and VITEST_DIRS here):\n  ${strays.join('\n  ')}`,
    );
    process.exit(1);
  }

  if (browserFiles.length) ensureChromium();
  const stepTimes: { step: string; seconds: number }[] = [];
  const timedAsync = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    const result = await work();
    stepTimes.push({ step: name, seconds: (Date.now() - t) / 1000 });
    return result;
  };
  // The checks, the test cluster's start and the runners side by side: the checks are mostly one
  // core's work each (tsc, the web build), and Vitest does not wait for them; Playwright waits for
  // the web build it tests. A check that fails stops the runners and the run.
  removeClustersOfEndedRuns();
  const port = await freePort();
  const dataDir = `.test-data/pg-${port}`;
  const logFile = `.test-data/postgres-${port}.log`;
  const starting = timedAsync('PostgreSQL start', () => startEmbeddedPostgres({ dataDir, port, fresh: true, logFile, disposable: true }));
  const lint = check('format and lint', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
  const typeCheck = filters.length
    ? null
    : // TypeScript 7's compiler on one thread: its fewest CPU-seconds (~8, against ~12 on four
      // checkers and ~32 for TypeScript 5.9's), on a machine the tests keep busy.
      check(
        'type-check',
        process.execPath,
        [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json', '--singleThreaded'],
        { background: true },
      );
  const webBuild = browserFiles.length
    ? check('web build', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])
    : null;
  const checks = [lint, typeCheck, webBuild].filter((c) => c !== null);
  const browserNiceness = Number(process.env.TEST_BROWSER_NICE ?? 5);
  prefetchTools(files, browserNiceness);
  step(
    `Checking (${['format and lint', ...(typeCheck ? ['type-check'] : []), ...(webBuild ? ['web build'] : [])].join(', ')}), starting PostgreSQL for the tests, then the tests`,
  );
  // A cluster of its own per run (free port, own data dir), so runs side by side never collide. Its
  // server log goes to a file, kept when the run fails.
  const db = await starting;
  // The cluster is this run's alone: it stops with the run, however the run ends (scripts/support/tether.ts).
  const serverPid = db.serverPid();
  const dbTether = serverPid ? tether(serverPid, { signal: 'SIGINT', graceSeconds: 60 }) : null;
  const stopDatabase = async () => {
    await db.stop();
    dbTether?.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const vitestWorkers = workers('TEST_WORKERS_VITEST', 2);
  const browserWorkers = workers('TEST_WORKERS_BROWSER', 3);
  const env = { ...process.env, TEST_PG_ADMIN_URL: db.adminUrl, NODE_ENV: 'test' };
  const vitestSummary = path.resolve(`.test-data/vitest-summary-${port}.json`);
  const browserJson = path.resolve(`.test-data/playwright-${port}.json`);
  const browserReport = `.test-data/playwright-report-${port}.txt`;
  // Traces of failed browser tests: for a narrowed run; a whole run records none unless asked (playwright.config.ts).
  const tracing = process.env.TEST_TRACE ? process.env.TEST_TRACE !== '0' : filters.length > 0;
  fs.rmSync(vitestSummary, { force: true });
  fs.rmSync(browserJson, { force: true });

  step(
    `Running ${files.length} test files: ${otherFiles.length} on Vitest (${vitestWorkers} at a time)` +
      (browserFiles.length
        ? `, ${browserFiles.length} browser test files on Playwright (${browserWorkers} at a time, once the web is built; report below when Vitest is done)`
        : ''),
  );
  // Explicit files when narrowed (both runners would read a path as a pattern); all of each
  // runner's own otherwise.
  const runnersStarted = Date.now();
  const vitest = otherFiles.length
    ? run(
        [
          path.join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          `--maxWorkers=${vitestWorkers}`,
          '--reporter=verbose',
          '--reporter=./tests/support/vitest-summary.ts',
          ...(filters.length ? otherFiles : []),
        ],
        { ...env, VITEST_SUMMARY_FILE: vitestSummary },
        'inherit',
      )
    : null;
  const vitestEnded = (vitest?.done ?? Promise.resolve()).then(() => Date.now());
  const browser = webBuild?.then((built) =>
    built.ok
      ? run(
          [
            path.join(root, 'node_modules/@playwright/test/cli.js'),
            'test',
            `--workers=${browserWorkers}`,
            '--reporter=list,json',
            ...(filters.length ? browserFiles : []),
          ],
          { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: browserJson, FORCE_COLOR: '0', TEST_TRACE: tracing ? '1' : '0' },
          browserReport,
          otherFiles.length ? browserNiceness : 0,
        )
      : null,
  );
  // Ctrl-C, or a SIGTERM (test:repeat stopped, a CI job cancelled): the runners are asked to stop
  // and given 30 s, then the cluster is stopped and its data removed. Whatever is still running
  // then (a check, a runner's worker) is signalled by its tether as this process exits.
  // Once interrupted, the run's own path stops where it is (no summary of a run cut short).
  let interrupted = false;
  const unlessInterrupted = async <T>(work: Promise<T>): Promise<T> => {
    const value = await work;
    return interrupted ? new Promise<never>(() => {}) : value;
  };
  const interrupt = async (signal: NodeJS.Signals) => {
    interrupted = true;
    console.error(`\n${signal}: stopping the test runners and the test cluster`);
    vitest?.stop();
    const browserRun = await Promise.race([browser, sleep(1000).then(() => null)]);
    browserRun?.stop();
    await Promise.race([Promise.all([vitest?.done, browserRun?.done]), sleep(30_000)]);
    await stopDatabase().catch((error) => console.error(`The test cluster did not stop: ${error}`));
    process.exit(128 + os.constants.signals[signal]);
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const checked = await unlessInterrupted(Promise.all(checks));
  for (const c of checked) stepTimes.push({ step: c.name, seconds: c.seconds });
  const failedChecks = checked.filter((c) => !c.ok);
  if (failedChecks.length) {
    vitest?.stop();
    (await browser)?.stop();
    await Promise.all([vitest?.done, (await browser)?.done]);
    for (const c of checked) if (c.output.trim()) console.log(`--- ${c.name}\n${c.output.trimEnd()}`);
    await stopDatabase();
    for (const c of failedChecks) console.error(`\n${c.name} failed. ${FIX_HINTS[c.name]}`);
    process.exit(1);
  }
  const checkOutput = checked.filter((c) => c.output.trim());
  const vitestStatus = (await unlessInterrupted(vitest?.done ?? Promise.resolve(0))) ?? 0;
  const vitestSeconds = ((await vitestEnded) - runnersStarted) / 1000;
  for (const c of checkOutput) console.log(`--- ${c.name}\n${c.output.trimEnd()}`);
  let browserStatus = 0;
  const browserRun = await browser;
  if (browserRun) {
    step(`Browser tests (Playwright)${otherFiles.length ? ', after Vitest' : ''}`);
    browserStatus = await unlessInterrupted(follow(browserReport, browserRun.done));
  }
  const runnersSeconds = (Date.now() - runnersStarted) / 1000;

  const counts: {
    name: string;
    passed: number;
    failed: number;
    skipped: number;
    skips: { test: string; reason: string }[];
    failures: string[];
    files: FileTime[];
  }[] = [];
  if (otherFiles.length) counts.push({ name: 'unit, contract and integration (Vitest)', ...readVitest(vitestSummary, vitestStatus) });
  if (browserFiles.length) counts.push({ name: 'browser (Playwright)', ...readPlaywright(browserJson, browserStatus) });
  const status = vitestStatus || browserStatus;
  await stopDatabase();

  step('Summary');
  for (const c of counts) console.log(`${c.name}: ${c.passed} tests passed, ${c.skipped} skipped, ${c.failed} failed`);
  const skips = counts.flatMap((c) => c.skips);
  if (skips.length) {
    console.log(`\nSkipped, and why:`);
    for (const s of skips) console.log(`  - ${s.test}\n      ${s.reason}`);
  }
  printTimes(
    stepTimes,
    { vitestSeconds, runnersSeconds, browser: browserFiles.length > 0 },
    counts.flatMap((c) => c.files),
  );
  const failures = counts.flatMap((c) => c.failures);
  if (failures.length) {
    console.log(`\nFailed:`);
    for (const f of failures) console.log(`  - ${f}`);
  }
  if (status === 0) {
    fs.rmSync(logFile, { force: true });
    fs.rmSync(browserReport, { force: true });
  } else {
    console.log(`\nPostgreSQL's log of this run: ${logFile}`);
    if (browserStatus)
      console.log(
        `Browser tests: the report is in ${browserReport}; ` +
          (tracing
            ? 'traces of the failed ones under .test-data/playwright (npx playwright show-trace <trace.zip>)'
            : 'a whole run records no traces: TEST_TRACE=1 npm test (or npm test -- <file>) keeps those of the failed tests'),
      );
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\nWall time: ${Math.floor(seconds / 60)}m ${seconds % 60}s`);
  const total = (key: 'passed' | 'failed' | 'skipped') => counts.reduce((n, c) => n + c[key], 0);
  console.log(`Tests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
  process.exit(status || (total('failed') ? 1 : 0));
}

/**
 * Runs a test runner (a Node script) with its report to the terminal or a file. Asynchronously,
 * never spawnSync: this process holds the pipes of PostgreSQL's server log, and a blocked event
 * loop stops draining them; once the pipe is full every backend that logs (an error, a conflict)
 * hangs in write(2) for good (issue 8's "hanging reservation race").
 */
function run(args: string[], env: NodeJS.ProcessEnv, report: 'inherit' | string, niceness = 0): { done: Promise<number>; stop(): void } {
  const out = report === 'inherit' ? 'inherit' : fs.openSync(report, 'w');
  const child = tethered(spawn(process.execPath, args, { stdio: ['ignore', out, out], env }));
  lowerPriority(child.pid, niceness);
  const done = new Promise<number>((resolve) =>
    child.on('close', (code, signal) => {
      if (typeof out === 'number') fs.closeSync(out);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
  return { done, stop: () => child.kill('SIGTERM') };
}

/** Prints a report file so far, then what is added to it until `done` settles. */
async function follow(file: string, done: Promise<number>): Promise<number> {
  let offset = 0;
  let finished = false;
  const status = done.finally(() => (finished = true));
  const drain = () => {
    if (!fs.existsSync(file)) return;
    const size = fs.statSync(file).size;
    if (size <= offset) return;
    const fd = fs.openSync(file, 'r');
    const chunk = Buffer.alloc(size - offset);
    fs.readSync(fd, chunk, 0, chunk.length, offset);
    fs.closeSync(fd);
    offset = size;
    process.stdout.write(chunk);
  };
  while (!finished) {
    drain();
    await Promise.race([status, new Promise((r) => setTimeout(r, 500))]);
  }
  drain();
  return status;
}

main().catch(exitWithError);
