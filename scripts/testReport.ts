/**
 * What `npm test` reads from its two runners' reports and prints at the end (scripts/test.ts): each
 * runner's counts, skips with their reasons and failures, and where the time went.
 */
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { RunSummary } from '../tests/support/vitest-summary';

export interface FileTime {
  file: string;
  layer: string;
  ms: number;
  /** When a Vitest file started and ended, in ms from Vitest's start. */
  startMs?: number;
  endMs?: number;
}

/**
 * Where the time went: each step's wall time, each layer's files' time summed (files run side by
 * side, so a layer's sum exceeds its share of the wall), and the ten slowest files.
 */
export function printTimes(
  steps: { step: string; seconds: number }[],
  runners: { vitestSeconds: number; runnersSeconds: number; browser: boolean },
  files: FileTime[],
) {
  const s = (seconds: number) => `${Math.round(seconds)} s`;
  console.log('\nTime by step (wall; the checks, the PostgreSQL start and the runners side by side):');
  for (const t of steps) console.log(`  ${t.step.padEnd(30)} ${s(t.seconds).padStart(7)}`);
  console.log(`  ${'Vitest'.padEnd(30)} ${s(runners.vitestSeconds).padStart(7)}`);
  if (runners.browser)
    console.log(`  ${'browser tests, after Vitest'.padEnd(30)} ${s(runners.runnersSeconds - runners.vitestSeconds).padStart(7)}`);
  const layers = [...new Set(files.map((f) => f.layer))];
  if (!layers.length) return;
  console.log('Time by layer (its files summed, run side by side):');
  for (const layer of layers) {
    const mine = files.filter((f) => f.layer === layer);
    console.log(`  ${`${layer} (${mine.length} files)`.padEnd(30)} ${s(mine.reduce((n, f) => n + f.ms, 0) / 1000).padStart(7)}`);
  }
  console.log('Slowest ten files:');
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${s(f.ms / 1000).padStart(6)}  ${f.layer.padEnd(12)} ${f.file}`);
  // A long file started late keeps one core busy alone at the end of the run.
  const timed = files.filter((f) => f.startMs !== undefined && f.endMs !== undefined);
  if (!timed.length) return;
  const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
  console.log("Vitest's last five files to end (started → ended, from Vitest's start):");
  for (const f of [...timed].sort((a, b) => (b.endMs ?? 0) - (a.endMs ?? 0)).slice(0, 5))
    console.log(`  ${clock(f.startMs ?? 0)} → ${clock(f.endMs ?? 0)}  ${f.layer.padEnd(12)} ${f.file}`);
}

export function readVitest(file: string, status: number) {
  if (!fs.existsSync(file)) {
    console.log(`Vitest ended (exit ${status}) without its summary: counted as a failure`);
    return { passed: 0, failed: 1, skipped: 0, skips: [], failures: [`Vitest ended (exit ${status}) without its summary`], files: [] };
  }
  const s = JSON.parse(fs.readFileSync(file, 'utf8')) as RunSummary;
  fs.rmSync(file, { force: true });
  if (s.errors) console.log(`Vitest: ${s.errors} error(s) outside the tests (see above)`);
  return { passed: s.passed, failed: s.failed + s.errors, skipped: s.skipped, skips: s.skips, failures: s.failures, files: s.files };
}

interface PlaywrightSuite {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    tests: {
      status: string;
      annotations: { type: string; description?: string }[];
      results?: { duration?: number; error?: { message?: string }; attachments?: { name: string; path?: string }[] }[];
    }[];
  }[];
}

export function readPlaywright(file: string, status: number) {
  if (!fs.existsSync(file)) {
    console.log(`Playwright ended (exit ${status}) without its report: counted as a failure`);
    return { passed: 0, failed: 1, skipped: 0, skips: [], failures: [`Playwright ended (exit ${status}) without its report`], files: [] };
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors: unknown[];
    suites: PlaywrightSuite[];
  };
  fs.rmSync(file, { force: true });
  const skips: { test: string; reason: string }[] = [];
  const failures: string[] = [];
  const fileMs = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const ms = (t.results ?? []).reduce((n, r) => n + (r.duration ?? 0), 0);
        fileMs.set(`tests/e2e/${spec.file}`, (fileMs.get(`tests/e2e/${spec.file}`) ?? 0) + ms);
        const name = `${spec.file} > ${[...titles, spec.title].join(' > ')}`;
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const message = t.results?.find((r) => r.error)?.error?.message ?? '';
          // Playwright colours its messages even in the JSON report.
          const lines = stripVTControlCharacters(message)
            .split('\n')
            .filter((l) => l.trim())
            .slice(0, 4);
          const page = pageAtFailure(t.results?.flatMap((r) => r.attachments ?? []) ?? []);
          failures.push([[name, ...lines].join('\n      ').slice(0, 800), ...page].join('\n      '));
        }
        if (t.status !== 'skipped') continue;
        const reason =
          t.annotations.find((a) => a.type === 'skip' || a.type === 'fixme')?.description ??
          'skipped (no reason given, or did not run after a failure)';
        skips.push({ test: name, reason });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  const { expected, unexpected, flaky, skipped } = report.stats;
  // A flaky test (failed, then passed on a retry) counts as failed: there are no retries.
  const files = [...fileMs].map(([file, ms]) => ({ file, layer: 'browser', ms }));
  return { passed: expected, failed: unexpected + flaky + report.errors.length, skipped, skips, failures, files };
}

/**
 * The pages as they were when a browser test failed, so a CI log alone shows what they said: the
 * accessibility snapshot of every open page that tests/e2e/support/browser.ts attaches
 * (page-at-failure.md, each page under its address), else the one Playwright writes to the test's
 * error-context.md. At most 40 lines.
 */
function pageAtFailure(attachments: { name: string; path?: string }[]): string[] {
  const ours = attachments.find((a) => a.name === 'page-at-failure')?.path;
  const playwrights = attachments.find((a) => a.name === 'error-context')?.path;
  const file = [ours, playwrights].find((f) => f && fs.existsSync(f));
  if (!file) return [];
  const text = fs.readFileSync(file, 'utf8');
  const start = file === ours ? 0 : text.indexOf('# Page snapshot');
  if (start < 0) return [];
  const lines = text
    .slice(start)
    .split('\n')
    .slice(file === ours ? 0 : 1)
    .filter((l) => l.trim() && !l.startsWith('```'))
    .map((l) => l.replace(/^## /, ''));
  const shown = lines.slice(0, 40).map((l) => `  ${l}`);
  if (lines.length > shown.length) shown.push(`  … ${lines.length - shown.length} more lines in ${file}`);
  return ['The page when it failed:', ...shown];
}
