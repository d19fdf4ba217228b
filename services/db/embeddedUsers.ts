/**
 * Which processes use an embedded PostgreSQL data directory now: a file per process in
 * `<dataDir>.users/`, named by its pid and holding its start time (so a pid the kernel hands to
 * another program later is not taken for ours). A process killed outright leaves its file behind;
 * it counts as gone. A lock directory, `<dataDir>.lock`, makes "start it or use it" and "leave,
 * and stop it if last" one step each across processes.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface UserEntry {
  pid: number;
  /** Removes this process's entry; true when no other live process uses the server. */
  release(): boolean;
}

/** A process's start time as the kernel counts it (Linux), or '' where there is no /proc. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null; // exited, not yet reaped
    return fields[19] ?? '';
  } catch {
    if (fs.existsSync('/proc/self/stat')) return null;
    try {
      process.kill(pid, 0);
      return '';
    } catch {
      return null;
    }
  }
}

/** Whether process `pid` is alive, and (when `startTime` is given) the same process as then. */
export function isAlive(pid: number, startTime?: string): boolean {
  const now = startTimeOf(pid);
  return now !== null && (startTime === undefined || now === startTime);
}

/** The directory where the processes using `dataDir`'s server register. */
export const usersDir = (dataDir: string) => `${dataDir}.users`;

function liveUsers(dataDir: string): { pid: number; file: string }[] {
  const dir = usersDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const out: { pid: number; file: string }[] = [];
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const pid = Number(name);
    const startTime = readIfThere(file);
    if (Number.isInteger(pid) && isAlive(pid, startTime)) out.push({ pid, file });
    else fs.rmSync(file, { force: true });
  }
  return out;
}

/** The live processes other than `me` that use the server. */
export function otherUsers(dataDir: string, me: UserEntry): { pid: number }[] {
  return liveUsers(dataDir)
    .filter((u) => u.pid !== me.pid)
    .map(({ pid }) => ({ pid }));
}

/**
 * Registers this process as a user of the server. Should it exit without leaving (an uncaught
 * error, `process.exit`), `onExitLast` runs as it exits when no one else uses the server.
 */
export function registerUser(dataDir: string, onExitLast: () => void): UserEntry {
  fs.mkdirSync(usersDir(dataDir), { recursive: true });
  const file = path.join(usersDir(dataDir), String(process.pid));
  fs.writeFileSync(file, startTimeOf(process.pid) ?? '');
  let released = false;
  const release = () => {
    if (released) return false;
    released = true;
    process.off('exit', onExit);
    fs.rmSync(file, { force: true });
    return liveUsers(dataDir).length === 0;
  };
  const onExit = () => {
    if (release()) onExitLast();
  };
  process.on('exit', onExit);
  return { pid: process.pid, release };
}

function readIfThere(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Runs `work` holding the data directory's lock (a directory: creating one is atomic). */
export async function withStartLock<T>(dataDir: string, work: () => Promise<T>, timeoutMs = 180_000): Promise<T> {
  const lock = `${dataDir}.lock`;
  const holderFile = path.join(lock, 'holder');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(holderFile, `${process.pid} ${startTimeOf(process.pid) ?? ''}`);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid, startTime] = readIfThere(holderFile).split(' ');
      const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since === undefined) continue; // released meanwhile
      // A holder that died, or a lock whose holder never wrote its name, is stale.
      const stale = pid ? !isAlive(Number(pid), startTime) : Date.now() - since > 10_000;
      if (stale) {
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`Waited ${timeoutMs / 1000} s for process ${pid} to finish starting or stopping PostgreSQL on ${dataDir}.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
