/**
 * A Vitest reporter for `npm test` (scripts/test.ts): at the end of the run it writes the counts
 * every skipped test with its reason, every failed one with the start of its error, and each file's
 * time (for the run's time by layer and slowest files) to the JSON
 * file named in VITEST_SUMMARY_FILE, for the run's closing summary (the part of a long CI log that
 * is sure to be kept). It prints nothing itself.
 */
import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface RunSummary {
  passed: number;
  failed: number;
  skipped: number;
  /** Errors outside any test (an unhandled rejection, a file that did not load). */
  errors: number;
  skips: { test: string; reason: string }[];
  failures: string[];
  /**
   * Each file's time: importing it and running its tests and hooks, with its project (layer); and
   * when it started and ended, in ms from the run's start (the run's tail: what ran last).
   */
  files: { file: string; layer: string; ms: number; startMs?: number; endMs?: number }[];
}

export default class SummaryReporter implements Reporter {
  private readonly runStarted = Date.now();
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, Date.now() - this.runStarted);
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module.moduleId, Date.now() - this.runStarted);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const out = process.env.VITEST_SUMMARY_FILE;
    if (!out) return;
    const summary: RunSummary = { passed: 0, failed: 0, skipped: 0, errors: unhandledErrors.length, skips: [], failures: [], files: [] };
    for (const module of modules) {
      const where = module.relativeModuleId;
      const d = module.diagnostic();
      summary.files.push({
        file: where,
        layer: module.project.name,
        ms: Math.round(d.collectDuration + d.duration),
        startMs: this.started.get(module.moduleId),
        endMs: this.ended.get(module.moduleId),
      });
      if (module.errors().length) {
        summary.errors += module.errors().length;
        summary.failures.push(`${where}: ${module.errors()[0].message}`);
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        const name = `${where} > ${test.fullName}`;
        if (result.state === 'passed') summary.passed++;
        else if (result.state === 'failed') {
          summary.failed++;
          const error = result.errors?.[0];
          summary.failures.push(error ? `${name}\n      ${firstLines(error.message ?? String(error))}` : name);
        } else if (result.state === 'skipped') {
          summary.skipped++;
          summary.skips.push({
            test: name,
            reason:
              result.note || (/\[skipped: (.*?)\](?: >|$)/.exec(test.fullName)?.[1] ?? `skipped (${test.options.mode}), no reason given`),
          });
        } else {
          // Still pending at the end: the run was cut short.
          summary.failed++;
          summary.failures.push(`${name} (did not finish)`);
        }
      }
    }
    fs.writeFileSync(out, JSON.stringify(summary, null, 2));
  }
}

/** The first lines of an error message, enough to tell one failure from another. */
function firstLines(message: string): string {
  return message
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 4)
    .join('\n      ')
    .slice(0, 600);
}
