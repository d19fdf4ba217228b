/**
 * What `npm test` (scripts/test.ts) does around its runs: the tools its files start fetched from its
 * first second, the data of runs killed outright removed, and the CPU priority of what can wait.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive } from '../../services/db/embeddedUsers';
import { tethered } from './tether';

/** The tools test files start, each fetched (and built) once per machine by its own module. */
const TOOLS = [
  { uses: /\bstartKafka/, module: './scripts/kafka/broker.ts', fetch: 'ensureKafkaJars' },
  { uses: /\bstartKeycloak\b/, module: './scripts/keycloak/server.ts', fetch: 'ensureKeycloak' },
];

/**
 * Fetches the tools the selected files start, from the run's first second (scripts/support/toolCache.ts
 * keeps them for the next runs): on a fresh machine, Keycloak's fetch and build took 121 s inside its
 * file's 300 s set-up, on a machine busy with the tests; it now also makes Keycloak's template
 * database (~30 CPU-s more). At the browser tests' priority (`niceness`), above the checks' 10: a file
 * that starts a tool waits for a fetch under way (the cache's lock) inside its own set-up's time. A
 * fetch that fails here is left to that file to report.
 */
export function prefetchTools(files: string[], niceness: number) {
  const needed = TOOLS.filter((tool) => files.some((file) => tool.uses.test(fs.readFileSync(file, 'utf8'))));
  if (!needed.length) return;
  const script = needed.map((tool) => `await (await import(${JSON.stringify(tool.module)})).${tool.fetch}();`).join('\n');
  const child = tethered(spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' }));
  lowerPriority(child.pid, niceness);
}

/**
 * A run killed outright (SIGKILL) has its cluster stopped by the tether but cannot remove its data
 * directory: the next run removes those (`.test-data/pg-<port>`) that no live process uses or is
 * starting, and whose server is gone.
 */
export function removeClustersOfEndedRuns() {
  if (!fs.existsSync('.test-data')) return;
  const readOr = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  for (const name of fs.readdirSync('.test-data')) {
    if (!/^pg-\d+$/.test(name)) continue;
    const dir = path.join('.test-data', name);
    if (fs.existsSync(`${dir}.lock`)) continue;
    const serverPid = Number(readOr(path.join(dir, 'postmaster.pid')).split('\n')[0]);
    if (serverPid > 0 && isAlive(serverPid)) continue;
    const users = fs.existsSync(`${dir}.users`) ? fs.readdirSync(`${dir}.users`) : [];
    if (users.some((pid) => isAlive(Number(pid), readOr(path.join(`${dir}.users`, pid))))) continue;
    for (const leftover of [dir, `${dir}.users`]) fs.rmSync(leftover, { recursive: true, force: true });
  }
}

/** Runs the process `pid` (and what it starts afterwards) at a nice value above 0: the CPU goes to others first. */
export function lowerPriority(pid: number | undefined, niceness: number) {
  if (!pid || niceness <= 0) return;
  try {
    os.setPriority(pid, niceness);
  } catch {
    // A platform that refuses it runs the process at normal priority.
  }
}
