/**
 * `npm run test:repeat -- <n> [paths…]`: the whole suite (or the files under `paths`) n times in a
 * row on this machine, then a table of every test that failed in any run, with the runs it failed
 * in, and each run's wall time. A flaky test is a bug with a cause: this finds them; it never
 * retries anything to make a run pass. Exit 1 when any run failed. Stopped (Ctrl-C, SIGTERM), it
 * stops the run under way the same way, which stops its runners and servers, and prints the table
 * of the runs that ended.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { tethered } from './support/tether';

const [countArg, ...paths] = process.argv.slice(2);
const runs = Number(countArg);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  console.error('usage: npm run test:repeat -- <runs, 1 to 50> [paths…]');
  process.exit(2);
}

interface Run {
  seconds: number;
  passed: number;
  failed: string[];
}

/** One `npm test` run, its output shown as it comes; its counts and failures read from its summary. */
function runOnce(): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = tethered(
      spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'test.ts'), ...paths], {
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    current = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code) => {
      // The summary lists each failed test as '  - <name>' (its error's lines indented further).
      const failedBlock = output.split('\nFailed:\n')[1]?.split('\n\n')[0] ?? '';
      const failed = failedBlock
        .split('\n')
        .filter((l) => l.startsWith('  - '))
        .map((l) => l.slice(4));
      const passed = Number(/^Tests: (\d+) passed/m.exec(output)?.[1] ?? 0);
      if (code && !failed.length) failed.push(`the run itself (exit ${code}, no test named)`);
      resolve({ seconds: Math.round((Date.now() - started) / 1000), passed, failed });
    });
  });
}

let current: ChildProcess | null = null;
let stoppedBy: NodeJS.Signals | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stoppedBy = signal;
    current?.kill(signal);
  });

const results: Run[] = [];
for (let i = 1; i <= runs && !stoppedBy; i++) {
  console.log(`\n##### test:repeat: run ${i} of ${runs}`);
  const run = await runOnce();
  // A run cut short by the signal is not one of the table's runs.
  if (!stoppedBy) results.push(run);
}

console.log(`\n##### test:repeat: ${results.length} run(s)${stoppedBy ? `, stopped by ${stoppedBy}` : ''}\n`);
console.log('| run | wall | passed | failed |');
console.log('|---|---|---|---|');
for (const [i, r] of results.entries())
  console.log(`| ${i + 1} | ${Math.floor(r.seconds / 60)}m ${r.seconds % 60}s | ${r.passed} | ${r.failed.length} |`);
const failing = new Map<string, number[]>();
for (const [i, r] of results.entries()) for (const name of r.failed) failing.set(name, [...(failing.get(name) ?? []), i + 1]);
if (!failing.size) {
  console.log(results.length ? `\nNo test failed in any of the ${results.length} runs.` : '\nNo run ended.');
  process.exit(stoppedBy ? 1 : 0);
}
console.log('\n| test | failed in runs |');
console.log('|---|---|');
for (const [name, inRuns] of failing) console.log(`| ${name.replace(/\|/g, '\\|')} | ${inRuns.join(', ')} |`);
process.exit(1);
