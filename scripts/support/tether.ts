/**
 * A process this one starts for a while (a Kafka node, Keycloak, a test cluster, a product in a
 * test) ends with this one, however this one ends: a clean exit, an uncaught signal, SIGKILL, a
 * test runner's worker torn down mid-file. A small shell of its own session holds the read end of
 * a pipe whose write end only this process holds; the kernel closes it when this process is gone,
 * and the shell then sends the child `signal`, and SIGKILL if it is still there after
 * `graceSeconds`. Stopping the child the ordinary way first releases the tether.
 *
 * A server several processes share (the embedded PostgreSQL of tests and benchmarks run on their
 * own) names the directory where its users register (services/db/embeddedUsers.ts: a file per
 * process, named by its pid and holding its start time): the shell then waits while any of them
 * lives, and the last one to end stops it.
 *
 * Before signalling, the shell checks the pid is still the child it was given (its start time in
 * /proc), so a pid the kernel has handed to another program meanwhile is left alone. Where there
 * is no /proc or no `sh` (not Linux), nothing is tethered.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

// $1 pid, $2 signal, $3 grace seconds, $4 a users directory or nothing. `cat` returns when the
// pipe's writer is gone.
const WATCH = `
# The pid's start time, or nothing once it has exited (a zombie included).
started() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '$1 != "Z" { print $20 }'; }
was=$(started "$1")
[ -n "$was" ] || exit 0
cat >/dev/null
while [ -n "$4" ]; do
  busy=
  for f in "$4"/*; do
    [ -f "$f" ] || continue
    now=$(started "\${f##*/}")
    [ -n "$now" ] && [ "$now" = "$(cat "$f" 2>/dev/null)" ] && busy=1
  done
  [ -n "$busy" ] || break
  [ "$(started "$1")" = "$was" ] || exit 0
  sleep 1
done
[ "$(started "$1")" = "$was" ] || exit 0
kill -s "$2" "$1" 2>/dev/null || exit 0
i=0
while [ "$(started "$1")" = "$was" ] && [ "$i" -lt "$3" ]; do sleep 1; i=$((i + 1)); done
[ "$(started "$1")" = "$was" ] && kill -s KILL "$1" 2>/dev/null
exit 0
`;

const supported = fs.existsSync('/proc/self/stat') && fs.existsSync('/bin/sh');

export interface Tether {
  /** The child was stopped the ordinary way: the watcher goes without signalling anything. */
  release(): void;
}

export interface TetherOptions {
  /** What the child is sent first (SIGTERM; PostgreSQL's fast shutdown is SIGINT). */
  signal?: NodeJS.Signals;
  /** How long it has before SIGKILL. */
  graceSeconds?: number;
  /** A directory of the processes that share the child (above): it is stopped once none lives. */
  whileUsedBy?: string;
}

/** Ties process `pid` to this process's life (see above) until released. */
export function tether(pid: number, { signal = 'SIGTERM', graceSeconds = 10, whileUsedBy = '' }: TetherOptions = {}): Tether {
  if (!supported) return { release() {} };
  const watcher = spawn('/bin/sh', ['-c', WATCH, 'tether', String(pid), signal.replace(/^SIG/, ''), String(graceSeconds), whileUsedBy], {
    stdio: ['pipe', 'ignore', 'ignore'],
    // Its own session: a Ctrl-C or a signal to this process group leaves the watcher to do its work.
    detached: true,
  });
  watcher.on('error', () => {});
  watcher.stdin!.on('error', () => {});
  // Neither the watcher nor its pipe keeps this process alive.
  watcher.unref();
  (watcher.stdin as unknown as { unref?: () => void }).unref?.();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // The watcher first, then its pipe: closed first, the pipe would tell it to signal.
      watcher.kill('SIGKILL');
      watcher.stdin!.destroy();
    },
  };
}

/** `child` (just spawned) tethered to this process (above) until it exits; returned as it came. */
export function tethered<T extends ChildProcess>(child: T, options?: TetherOptions): T {
  if (child.pid !== undefined) {
    const tie = tether(child.pid, options);
    child.once('exit', () => tie.release());
  }
  return child;
}
