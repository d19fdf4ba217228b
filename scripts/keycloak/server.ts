/**
 * A real Keycloak (OpenID Connect identity provider) for tests, without Docker.
 *
 * On first use Keycloak's server distribution (org.keycloak:keycloak-quarkus-dist, a zip) is fetched
 * from Maven Central, checked against its published SHA-1 and unpacked into a cache outside the
 * repository (~/.cache/tertulia/keycloak-<version>/, or $TERTULIA_CACHE_DIR), under a lock file so
 * two processes never fetch at once, and built once there (`kc.sh build`: the dev-file database,
 * unused features off), so that each start is `kc.sh start --optimized` (`start-dev` builds again on
 * every start, and writes into the shared folder while it does). Java 21+ (Keycloak 26 refuses
 * older): $KEYCLOAK_JAVA_HOME, else a JDK found under /usr/lib/jvm.
 *
 * Once per machine (and again when the realm file changes) a first start makes a **template
 * database**: Keycloak's schema, the master realm with an admin of a random password, and the realm of
 * scripts/keycloak/realm-school.json created through the admin API (`--import-realm` reads only
 * <home>/data/import, a folder every start would share). Each start then runs on a copy of it, kept
 * with its transaction log in a temporary folder: about a third of a fresh start's CPU (creating the
 * schema, the master realm and the school realm was two thirds), which decides how long a start takes
 * on a machine busy with the rest of the suite. A start listens on a free port of 127.0.0.1 (plain
 * HTTP), with a local cache (no cluster: `--cache` is a start option) and answers once the school
 * realm's discovery document does. `addSamlClient()` then registers a SAML service provider (the
 * product, once its port is known) in the realm. `stop()` sends SIGTERM, then SIGKILL.
 *
 * `npx tsx scripts/keycloak/server.ts` starts one and prints its issuer until Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { tethered } from '../support/tether';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/support/ports';
import { toolCacheDir, withLock } from '../support/toolCache';
import { type AdminCredentials, createRealm, createSamlClient, logoutUser, type SamlServiceProviderRegistration } from './admin';
import { REALM, REALM_FILE } from './realm';

export const KEYCLOAK_VERSION = process.env.KEYCLOAK_VERSION ?? '26.7.3';

const MAVEN = 'https://repo1.maven.org/maven2/org/keycloak/keycloak-quarkus-dist';

/** Build-time options, fixed into the cached distribution by `kc.sh build`. */
const BUILD_OPTIONS = ['--db=dev-file', '--features-disabled=admin-fine-grained-authz,device-flow,ciba,kerberos,impersonation'];
// Small heap and quick JIT: a test IdP on a busy two-core machine.
const JAVA_OPTS = '-Xms64m -Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.net.preferIPv4Stack=true -Djava.awt.headless=true';

const say = (message: string) => process.stderr.write(`[keycloak] ${message}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cacheDir = () => toolCacheDir(`keycloak-${KEYCLOAK_VERSION}`);

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status} (is Maven Central reachable?)`);
  return Buffer.from(await response.arrayBuffer());
}

/** A distribution ready to start (`home`, holding bin/kc.sh) and the template database its starts copy. */
export interface KeycloakInstallation {
  home: string;
  template: { database: string; admin: AdminCredentials };
}

/**
 * The distribution, fetched from Maven Central and built when absent, and the template database of
 * this realm file, made when absent; under the cache's lock, so one process does each once.
 */
export async function ensureKeycloak(): Promise<KeycloakInstallation> {
  const dir = cacheDir();
  const home = join(dir, `keycloak-${KEYCLOAK_VERSION}`);
  const templateDir = join(dir, `template-${templateKey()}`);
  const installation = (): KeycloakInstallation => ({
    home,
    template: {
      database: join(templateDir, 'h2'),
      admin: JSON.parse(readFileSync(join(templateDir, 'admin.json'), 'utf8')) as AdminCredentials,
    },
  });
  const ready = () => existsSync(join(dir, 'complete')) && existsSync(join(templateDir, 'complete'));
  if (ready()) return installation();
  mkdirSync(dir, { recursive: true });
  const waiting = () => say(`waiting for another process preparing Keycloak (${dir})`);
  return withLock(join(dir, '.lock'), waiting, async () => {
    if (!existsSync(join(dir, 'complete'))) await fetchAndBuild(dir, home);
    if (!existsSync(join(templateDir, 'complete'))) await makeTemplate(home, templateDir);
    return installation();
  });
}

/** What a template database depends on: the version, its build and the realm file. */
function templateKey(): string {
  return createHash('sha256')
    .update(`${KEYCLOAK_VERSION}\n${BUILD_OPTIONS.join(' ')}\n`)
    .update(readFileSync(REALM_FILE))
    .digest('hex')
    .slice(0, 16);
}

async function fetchAndBuild(dir: string, home: string): Promise<void> {
  say(`fetching Keycloak ${KEYCLOAK_VERSION} from Maven Central into ${dir} (once; about 180 MB)`);
  const started = Date.now();
  const file = `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.zip`;
  const [zip, sha1] = await Promise.all([
    download(`${MAVEN}/${KEYCLOAK_VERSION}/${file}`),
    download(`${MAVEN}/${KEYCLOAK_VERSION}/${file}.sha1`),
  ]);
  const expected = sha1.toString('utf8').trim().split(/\s+/)[0];
  const actual = createHash('sha1').update(zip).digest('hex');
  if (actual !== expected) throw new Error(`${file}: SHA-1 ${actual} is not the published ${expected}`);
  const zipPath = join(dir, file);
  writeFileSync(zipPath, zip);
  const staging = join(dir, 'unpacked.partial');
  rmSync(staging, { recursive: true, force: true });
  const unzip = spawnSync('unzip', ['-q', zipPath, '-d', staging], { encoding: 'utf8' });
  if (unzip.error || unzip.status !== 0)
    throw new Error(`Could not unpack ${file} (is \`unzip\` installed?): ${unzip.error?.message ?? unzip.stderr}`);
  rmSync(home, { recursive: true, force: true });
  renameSync(join(staging, `keycloak-${KEYCLOAK_VERSION}`), home);
  rmSync(staging, { recursive: true, force: true });
  rmSync(zipPath, { force: true });
  const build = spawnSync(join(home, 'bin', 'kc.sh'), ['build', ...BUILD_OPTIONS], {
    encoding: 'utf8',
    env: { ...process.env, JAVA_HOME: keycloakJavaHome(), JAVA_OPTS },
  });
  if (build.error || build.status !== 0)
    throw new Error(`kc.sh build failed: ${build.error?.message ?? ''}\n${build.stdout}${build.stderr}`);
  writeFileSync(join(dir, 'complete'), `${new Date().toISOString()}\n`);
  say(`fetched and built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Starts Keycloak once on an empty database with a bootstrap admin of a random password, creates the
 * school realm, stops it (SIGTERM: H2 closes its file) and keeps the database as the template.
 * Templates of other realm files stay (half a megabyte each): another checkout may be copying one.
 */
async function makeTemplate(home: string, templateDir: string): Promise<void> {
  say('making the template database (once per realm file)');
  const began = Date.now();
  const admin: AdminCredentials = { username: 'admin', password: randomBytes(18).toString('base64url') };
  const server = await launch(home, undefined, {
    KC_BOOTSTRAP_ADMIN_USERNAME: admin.username,
    KC_BOOTSTRAP_ADMIN_PASSWORD: admin.password,
  });
  try {
    await server.answers('master', 300_000);
    await createRealm(server.url, admin);
    await server.stop({ keepFolder: true });
    const staging = `${templateDir}.partial`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    renameSync(join(server.folder, 'h2'), join(staging, 'h2'));
    writeFileSync(join(staging, 'admin.json'), JSON.stringify(admin), { mode: 0o600 });
    writeFileSync(join(staging, 'complete'), `${new Date().toISOString()}\n`);
    renameSync(staging, templateDir);
  } finally {
    await server.stop();
  }
  say(`template database made in ${((Date.now() - began) / 1000).toFixed(0)} s`);
}

/** A JDK of version 21 or later (Keycloak 26 needs it): $KEYCLOAK_JAVA_HOME, $JAVA_HOME, or one under /usr/lib/jvm. */
export function keycloakJavaHome(): string {
  const candidates = [process.env.KEYCLOAK_JAVA_HOME, process.env.JAVA_HOME];
  try {
    for (const name of readdirSync('/usr/lib/jvm').sort().reverse()) candidates.push(join('/usr/lib/jvm', name));
  } catch {
    /* no system JDKs */
  }
  for (const home of candidates) {
    if (!home || !existsSync(join(home, 'bin', 'java'))) continue;
    const version = spawnSync(join(home, 'bin', 'java'), ['-version'], { encoding: 'utf8' });
    const major = Number(/version "(\d+)/.exec(version.stderr ?? '')?.[1]);
    if (major >= 21) return home;
  }
  throw new Error('Keycloak 26 needs Java 21 or later: none found (set KEYCLOAK_JAVA_HOME to a JDK 21+)');
}

export interface KeycloakServer {
  /** The realm's issuer, e.g. http://127.0.0.1:41234/realms/school */
  issuer: string;
  /** The server's origin. */
  url: string;
  /** The realm's SAML IdP metadata. */
  samlMetadataUrl: string;
  /** Registers a SAML service provider (its entity id, ACS, single logout service and signing certificate) in the realm. */
  addSamlClient(sp: SamlServiceProviderRegistration): Promise<void>;
  /** Ends every session of a realm user, as an admin does (Keycloak then logs its clients out over the back channel). */
  logoutUser(username: string): Promise<void>;
  stop(): Promise<void>;
}

/** A Keycloak process on a folder of its own. */
interface LaunchedKeycloak {
  url: string;
  /** The folder of its database, transaction log and temporary files. */
  folder: string;
  /** Resolves once `realm`'s discovery document answers; throws if Keycloak exits first or `timeoutMs` passes. */
  answers(realm: string, timeoutMs: number): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; the folder is removed unless `keepFolder`. */
  stop(options?: { keepFolder?: boolean }): Promise<void>;
}

/**
 * Starts `kc.sh start --optimized` on free ports of 127.0.0.1, its H2 database a copy of `database`
 * (or a new one), with `env` added (the bootstrap admin of a new database).
 */
async function launch(home: string, database: string | undefined, env: Record<string, string> = {}): Promise<LaunchedKeycloak> {
  const folder = mkdtempSync(join(tmpdir(), 'tertulia-keycloak-'));
  if (database) cpSync(database, join(folder, 'h2'), { recursive: true });
  const port = await freePort();
  const managementPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(folder, 'keycloak.log');
  const out = openSync(logFile, 'a');
  const child: ChildProcess = tethered(
    spawn(
      join(home, 'bin', 'kc.sh'),
      [
        'start',
        '--optimized',
        '--http-enabled=true',
        '--http-host=127.0.0.1',
        `--http-port=${port}`,
        `--http-management-port=${managementPort}`,
        '--hostname-strict=false',
        // One node: no JGroups cluster looking for members (a start option since Keycloak 26).
        '--cache=local',
        `--db-url=jdbc:h2:file:${join(folder, 'h2', 'keycloak')};NON_KEYWORDS=VALUE`,
        '--log-level=warn',
      ],
      {
        cwd: folder,
        stdio: ['ignore', out, out],
        env: {
          ...process.env,
          JAVA_HOME: keycloakJavaHome(),
          JAVA_OPTS: `${JAVA_OPTS} -Djava.io.tmpdir=${folder} -Dquarkus.transaction-manager.object-store.directory=${join(folder, 'transaction-logs')}`,
          ...env,
        },
      },
    ),
  );
  closeSync(out);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  const tail = () => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    } catch {
      return '';
    }
  };
  return {
    url,
    folder,
    async answers(realm, timeoutMs) {
      const started = Date.now();
      for (;;) {
        if (exited !== undefined) throw new Error(`Keycloak exited with ${exited} while starting:\n${tail()}`);
        if (Date.now() - started > timeoutMs) throw new Error(`Keycloak did not answer within ${timeoutMs / 1000} s:\n${tail()}`);
        try {
          const response = await fetch(`${url}/realms/${realm}/.well-known/openid-configuration`);
          if (response.ok) return;
        } catch {
          /* not listening yet */
        }
        await sleep(500);
      }
    },
    async stop({ keepFolder = false } = {}) {
      if (exited === undefined) {
        const gone = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(timer);
      }
      if (!keepFolder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Starts Keycloak on a copy of the template database (the school realm in it); resolves once the realm's discovery answers. */
export async function startKeycloak(options: { timeoutMs?: number } = {}): Promise<KeycloakServer> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const { home, template } = await ensureKeycloak();
  const started = Date.now();
  const server = await launch(home, template.database);
  try {
    await server.answers(REALM, timeoutMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const { url } = server;
  const issuer = `${url}/realms/${REALM}`;
  say(`Keycloak ${KEYCLOAK_VERSION} ready at ${issuer} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    issuer,
    url,
    samlMetadataUrl: `${issuer}/protocol/saml/descriptor`,
    addSamlClient: (sp) => createSamlClient(url, template.admin, sp),
    logoutUser: (username) => logoutUser(url, template.admin, username),
    stop: () => server.stop(),
  };
}

if (process.argv[1] && /scripts[\\/]keycloak[\\/]server\.ts$/.test(process.argv[1])) {
  const server = await startKeycloak();
  console.log(`KEYCLOAK_ISSUER=${server.issuer}`);
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
