/**
 * Who uses an embedded PostgreSQL data directory: the last live user is the one to stop it; a user
 * killed outright, or a pid now held by another program, does not count; the start lock lets one
 * process at a time decide, and a dead holder's lock is taken over.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { otherUsers, registerUser, withStartLock } from './embeddedUsers';

let dataDir: string;
beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-users-')), 'pg');
});
afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

/** A process of another program, alive until killed. */
function otherProcess() {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const startTime = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
const enrol = (pid: number, start: string) => {
  fs.mkdirSync(`${dataDir}.users`, { recursive: true });
  fs.writeFileSync(path.join(`${dataDir}.users`, String(pid)), start);
};

describe('users of an embedded data directory', () => {
  it('the last live user is told it is last; another live user keeps the server', async () => {
    const other = otherProcess();
    try {
      enrol(other.pid, startTime(other.pid));
      const me = registerUser(dataDir, () => {});
      assert.deepEqual(otherUsers(dataDir, me), [{ pid: other.pid }]);
      assert.equal(me.release(), false, 'another process still uses it');
    } finally {
      await other.stop();
    }
    const me = registerUser(dataDir, () => {});
    assert.deepEqual(otherUsers(dataDir, me), [], 'a user killed outright no longer counts');
    assert.equal(me.release(), true);
    assert.equal(me.release(), false, 'leaving twice is leaving once');
  });

  it('a pid the kernel has given to another program since does not count', async () => {
    const other = otherProcess();
    try {
      enrol(other.pid, '1'); // the pid, but not the process that registered it
      const me = registerUser(dataDir, () => {});
      assert.deepEqual(otherUsers(dataDir, me), []);
      assert.equal(me.release(), true);
    } finally {
      await other.stop();
    }
  });

  it('one process at a time holds the start lock; a dead holder is taken over', async () => {
    const order: string[] = [];
    const work = (name: string) =>
      withStartLock(dataDir, async () => {
        order.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 200)); // Deliberate: holds the lock long enough that the other must wait
        order.push(`${name} out`);
      });
    await Promise.all([work('a'), work('b')]);
    assert.deepEqual(order, ['a in', 'a out', 'b in', 'b out']);

    const dead = otherProcess();
    const start = startTime(dead.pid);
    await dead.stop();
    fs.mkdirSync(`${dataDir}.lock`);
    fs.writeFileSync(path.join(`${dataDir}.lock`, 'holder'), `${dead.pid} ${start}`);
    assert.equal(await withStartLock(dataDir, async () => 'taken over', 5_000), 'taken over');
    assert.equal(fs.existsSync(`${dataDir}.lock`), false, 'released after the work');
  });
});
