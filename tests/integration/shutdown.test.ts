import { spawn } from 'node:child_process';
/**
 * Stopping: a shutdown that cannot finish (a database that does not answer) ends at its deadline,
 * a second signal ends it at once, and a clean one exits 0.
 */
import assert from 'node:assert/strict';

import path from 'node:path';
import { describe, it } from 'vitest';
import { eventually } from '../support/eventually';
import { tethered } from '../../scripts/support/tether';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/shutdown-process.ts');

async function run(env: Record<string, string>, signals: NodeJS.Signals[]) {
  const child = tethered(
    spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  child.stdout.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve) => child.stdout.on('data', () => output.includes('ready') && resolve()));
  for (const signal of signals) {
    const heard = output.split(signal).length;
    child.kill(signal);
    // The next signal once this one is heard (the process says so) or the process ended.
    await eventually(() => output.split(signal).length > heard || child.exitCode !== null, `${signal} to be heard`);
  }
  const code = await exited;
  return { code, output };
}

describe('shutdown', () => {
  it('ends at its deadline with status 1 when closing never finishes', async () => {
    const { code, output } = await run({ CLOSE_MS: 'never', DEADLINE_MS: '500' }, ['SIGTERM']);
    assert.equal(code, 1);
    assert.match(output, /did not finish within 500 ms/);
  });

  it('ends at once on a second signal', async () => {
    const { code, output } = await run({ CLOSE_MS: 'never', DEADLINE_MS: '600000' }, ['SIGINT', 'SIGINT']);
    assert.equal(code, 1);
    assert.match(output, /SIGINT again: exiting now/);
  });

  it('exits 0 once closing has finished', async () => {
    const { code, output } = await run({ CLOSE_MS: '50', DEADLINE_MS: '600000' }, ['SIGTERM']);
    assert.equal(code, 0);
    assert.match(output, /SIGTERM: shutting down/);
  });
});
