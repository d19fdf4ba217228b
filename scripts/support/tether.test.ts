import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import { isAlive, registerUser, usersDir } from '../../services/db/embeddedUsers';
import { eventually } from '../../tests/support/eventually';
import type { TetherOptions } from './tether';

const TETHER = path.join(import.meta.dirname, 'tether.ts');
/** A child that ignores SIGTERM, as a busy server may. */
const STUBBORN = `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('ready')`;

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
});

/**
 * A process that starts `child` tethered and prints the child's pid once the child is up; with
 * `release`, it then releases the tether. The test kills this process outright (SIGKILL: no exit
 * handler of its own runs).
 */
async function parentOf(
  child: string[],
  { release = false, ...options }: { release?: boolean } & TetherOptions = {},
): Promise<{ parent: ChildProcess; childPid: number }> {
  const script = `
    import { spawn } from 'node:child_process';
    import { tether } from ${JSON.stringify(TETHER)};
    const child = spawn(${JSON.stringify(child[0])}, ${JSON.stringify(child.slice(1))}, { stdio: ['ignore', 'pipe', 'inherit'] });
    const tie = tether(child.pid, ${JSON.stringify(options)});
    child.stdout.once('data', () => {
      if (${release}) tie.release();
      console.log(child.pid);
    });
    setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(parent.pid!);
  const childPid = await new Promise<number>((resolve, reject) => {
    parent.stdout!.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    parent.once('exit', (code) => reject(new Error(`the parent exited (${code})`)));
  });
  started.push(childPid);
  return { parent, childPid };
}

const waitForExit = (pid: number, what: string, timeout = 15_000) => eventually(() => !isAlive(pid), what, timeout);

describe('a tethered child', () => {
  it('is stopped when the process that started it is killed outright', async () => {
    const { parent, childPid } = await parentOf(['sh', '-c', 'echo ready; exec sleep 300']);
    assert.ok(isAlive(childPid));
    parent.kill('SIGKILL');
    await waitForExit(childPid, 'the child to be stopped');
  });

  it('that ignores SIGTERM is killed once the grace has passed', async () => {
    const { parent, childPid } = await parentOf([process.execPath, '-e', STUBBORN], { graceSeconds: 1 });
    parent.kill('SIGKILL');
    await waitForExit(childPid, 'the child to be killed after its grace');
  });

  it('is left alone once released', async () => {
    const { parent, childPid } = await parentOf(['sh', '-c', 'echo ready; exec sleep 300'], { release: true });
    parent.kill('SIGKILL');
    await waitForExit(parent.pid!, 'the parent to be gone');
    // Deliberate: proves that nothing happens (a watcher still holding the tether signals within
    // milliseconds of its parent's end).
    await sleep(1500);
    assert.ok(isAlive(childPid), 'the released child still runs');
  });

  it('shared, is stopped once no process that uses it lives', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tether-')), 'pg');
    const me = registerUser(dataDir, () => {});
    const { parent, childPid } = await parentOf(['sh', '-c', 'echo ready; exec sleep 300'], { whileUsedBy: usersDir(dataDir) });
    parent.kill('SIGKILL');
    await waitForExit(parent.pid!, 'the parent to be gone');
    // Deliberate: proves that nothing happens while this process still uses the child.
    await sleep(1500);
    assert.ok(isAlive(childPid), 'the child runs on while a user lives');
    me.release();
    await waitForExit(childPid, 'the child to be stopped once its last user is gone');
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
});
