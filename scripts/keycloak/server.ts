/**
 * A real Keycloak (OpenID Connect identity provider) for tests, without Docker.
 *
 * On first use Keycloak's server distribution (org.keycloak:keycloak-quarkus-dist, a zip) is fetched
 * from Maven Central, checked against its published SHA-1 and unpacked into a cache outside the
 * repository (~/.cache/tertulia/keycloak-<version>/, or $TERTULIA_CACHE_DIR), under a lock file so
 * two processes never fetch at once, and built once there (`kc.sh build`: the dev-file database, a
 * local cache, unused features off), so that each start is `kc.sh start --optimized` (about 20 s
 * here; `start-dev` builds again on every start, and writes into the shared folder while it does).
 * Java 21+ (Keycloak 26 refuses older): $KEYCLOAK_JAVA_HOME, else a JDK found under /usr/lib/jvm.
 * Each start keeps its H2 database and transaction log in a temporary folder, listens on a free port
 * of 127.0.0.1 (plain HTTP), creates the realm of scripts/keycloak/realm-school.json through the admin
 * API (`--import-realm` reads only <home>/data/import, a folder every start would share) and answers
 * once the realm's discovery document does. `addSamlClient()` then registers a SAML service
 * provider (the product, once its port is known) in the realm. `stop()` sends SIGTERM, then SIGKILL.
 *
 * `npx tsx scripts/keycloak/server.ts` starts one and prints its issuer until Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { tethered } from '../support/tether';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
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

export const KEYCLOAK_VERSION = process.env.KEYCLOAK_VERSION ?? '26.7.3';
export const REALM = 'school';
/** The realm file's client for Tertulia and the accounts it holds (tests sign in as them). */
export const KEYCLOAK_CLIENT = { clientId: 'tertulia', clientSecret: 'tertulia-test-client-secret' } as const;
export const KEYCLOAK_USERS = {
  student: { username: 'student', emailAddress: 'student@uni.example', password: 'Student-Keycloak-1' },
  instructor: { username: 'instructor', emailAddress: 'instructor@uni.example', password: 'Instructor-Keycloak-1' },
  linked: { username: 'linked', emailAddress: 'linked@uni.example', password: 'Linked-Keycloak-1' },
  unverified: { username: 'unverified', emailAddress: 'unverified@uni.example', password: 'Unverified-Keycloak-1' },
} as const;
/** The realm's people of the SAML school (another domain: each domain has one provider). */
export const KEYCLOAK_SAML_USERS = {
  student: { username: 'samlstudent', emailAddress: 'samlstudent@college.example', password: 'SamlStudent-Keycloak-1' },
  instructor: { username: 'samlinstructor', emailAddress: 'samlinstructor@college.example', password: 'SamlInstructor-Keycloak-1' },
} as const;
/** The name of the SAML client's IdP-initiated sign-in (…/protocol/saml/clients/<name>): an unsolicited response. */
export const SAML_IDP_INITIATED_NAME = 'tertulia';
/** The claim the realm puts in the instructor's ID token (a user attribute mapped to a claim). */
export const INSTRUCTOR_CLAIM = { name: 'tertulia_role', value: 'instructor' } as const;

const REALM_FILE = join(import.meta.dirname, 'realm-school.json');
const MAVEN = 'https://repo1.maven.org/maven2/org/keycloak/keycloak-quarkus-dist';

/** Build-time options, fixed into the cached distribution by `kc.sh build`. */
const BUILD_OPTIONS = [
  '--db=dev-file',
  '--cache=local',
  '--features-disabled=admin-fine-grained-authz,device-flow,ciba,kerberos,impersonation',
];
// Small heap and quick JIT: a test IdP on a busy two-core machine.
const JAVA_OPTS = '-Xms64m -Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.net.preferIPv4Stack=true -Djava.awt.headless=true';
const ADMIN = { username: 'admin', password: randomBytes(12).toString('base64url') };

const say = (message: string) => process.stderr.write(`[keycloak] ${message}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cacheDir = () => toolCacheDir(`keycloak-${KEYCLOAK_VERSION}`);

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status} (is Maven Central reachable?)`);
  return Buffer.from(await response.arrayBuffer());
}

/** The folder of the unpacked distribution (holding bin/kc.sh), fetched from Maven Central when absent. */
export async function ensureKeycloak(): Promise<string> {
  const dir = cacheDir();
  const home = join(dir, `keycloak-${KEYCLOAK_VERSION}`);
  const done = join(dir, 'complete');
  if (existsSync(done)) return home;
  mkdirSync(dir, { recursive: true });
  const waiting = () => say(`waiting for another process fetching Keycloak (${dir})`);
  return withLock(join(dir, '.lock'), waiting, async () => {
    if (existsSync(done)) return home;
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
    writeFileSync(done, `${new Date().toISOString()}\n`);
    say(`fetched and unpacked in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return home;
  });
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

export interface SamlServiceProviderRegistration {
  entityId: string;
  acsUrl: string;
  /** Where Keycloak sends LogoutRequests (back channel, POST) and its LogoutResponses. */
  sloUrl: string;
  /** The SP's signing certificate (base64 DER): Keycloak requires its AuthnRequests and LogoutRequests signed by it. */
  signingCertificate: string;
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

/** Starts Keycloak in dev mode with the school realm; resolves once the realm's discovery answers. */
export async function startKeycloak(options: { timeoutMs?: number } = {}): Promise<KeycloakServer> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const home = await ensureKeycloak();
  const javaHome = keycloakJavaHome();
  const dir = mkdtempSync(join(tmpdir(), 'tertulia-keycloak-'));
  const port = await freePort();
  const managementPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const issuer = `${url}/realms/${REALM}`;
  const logFile = join(dir, 'keycloak.log');
  const out = openSync(logFile, 'a');
  const started = Date.now();
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
        `--db-url=jdbc:h2:file:${join(dir, 'h2', 'keycloak')};NON_KEYWORDS=VALUE`,
        '--log-level=warn',
      ],
      {
        cwd: dir,
        stdio: ['ignore', out, out],
        env: {
          ...process.env,
          JAVA_HOME: javaHome,
          JAVA_OPTS: `${JAVA_OPTS} -Djava.io.tmpdir=${dir} -Dquarkus.transaction-manager.object-store.directory=${join(dir, 'transaction-logs')}`,
          KC_BOOTSTRAP_ADMIN_USERNAME: ADMIN.username,
          KC_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
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
  const stop = async () => {
    if (exited === undefined) {
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`Keycloak exited with ${exited} while starting:\n${tail()}`);
      if (Date.now() - started > timeoutMs) throw new Error(`Keycloak did not answer within ${timeoutMs / 1000} s:\n${tail()}`);
      try {
        const response = await fetch(`${url}/realms/master/.well-known/openid-configuration`);
        if (response.ok) break;
      } catch {
        /* not listening yet */
      }
      await sleep(500);
    }
    await createRealm(url);
  } catch (error) {
    await stop();
    throw error;
  }
  say(`Keycloak ${KEYCLOAK_VERSION} ready at ${issuer} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    issuer,
    url,
    samlMetadataUrl: `${issuer}/protocol/saml/descriptor`,
    addSamlClient: (sp) => createSamlClient(url, sp),
    logoutUser: (username) => logoutUser(url, username),
    stop,
  };
}

async function adminToken(url: string): Promise<string> {
  const token = await fetch(`${url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: 'admin-cli', grant_type: 'password', ...ADMIN }),
  });
  if (!token.ok) throw new Error(`Keycloak's admin token: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}

/**
 * A SAML client for a service provider: it signs its assertions and its responses (RSA-SHA256),
 * requires the SP's requests signed with its certificate, gives the address as an email NameID and
 * as the `email` attribute, and the user attribute `tertulia_role` as an attribute of the same name.
 * Single logout goes to the SP's service: LogoutResponses by POST (forced), and an IdP-initiated
 * logout over the back channel (frontchannelLogout off: a server's POST, no browser needed). It also
 * answers an IdP-initiated sign-in (SAML_IDP_INITIATED_NAME), which posts a response no request asked for.
 */
async function createSamlClient(url: string, sp: SamlServiceProviderRegistration): Promise<void> {
  const attribute = (name: string, mapper: string, userAttribute: string) => ({
    name,
    protocol: 'saml',
    protocolMapper: mapper,
    config: { 'user.attribute': userAttribute, 'attribute.name': name, 'attribute.nameformat': 'Basic', 'friendly.name': name },
  });
  const created = await fetch(`${url}/admin/realms/${REALM}/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(url)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: sp.entityId,
      protocol: 'saml',
      enabled: true,
      redirectUris: [sp.acsUrl],
      frontchannelLogout: false,
      attributes: {
        'saml.assertion.signature': 'true',
        'saml.server.signature': 'true',
        'saml.signature.algorithm': 'RSA_SHA256',
        'saml.client.signature': 'true',
        'saml.signing.certificate': sp.signingCertificate,
        'saml.encrypt': 'false',
        'saml.authnstatement': 'true',
        'saml.force.post.binding': 'true',
        saml_force_name_id_format: 'true',
        saml_name_id_format: 'email',
        saml_assertion_consumer_url_post: sp.acsUrl,
        saml_single_logout_service_url_post: sp.sloUrl,
        saml_single_logout_service_url_redirect: sp.sloUrl,
        saml_idp_initiated_sso_url_name: SAML_IDP_INITIATED_NAME,
      },
      protocolMappers: [
        attribute('email', 'saml-user-property-mapper', 'email'),
        attribute(INSTRUCTOR_CLAIM.name, 'saml-user-attribute-mapper', INSTRUCTOR_CLAIM.name),
      ],
    }),
  });
  if (created.status !== 201) throw new Error(`Keycloak refused the SAML client: ${created.status} ${await created.text()}`);
}

async function logoutUser(url: string, username: string): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(url)}` };
  const found = await fetch(`${url}/admin/realms/${REALM}/users?exact=true&username=${encodeURIComponent(username)}`, { headers });
  const [user] = (await found.json()) as { id: string }[];
  if (!user) throw new Error(`Keycloak has no user ${username}`);
  const loggedOut = await fetch(`${url}/admin/realms/${REALM}/users/${user.id}/logout`, { method: 'POST', headers });
  if (loggedOut.status !== 204) throw new Error(`Keycloak did not log ${username} out: ${loggedOut.status} ${await loggedOut.text()}`);
}

/** Creates the school realm from the repository's file through the admin API (the bootstrap admin's token). */
async function createRealm(url: string): Promise<void> {
  const access_token = await adminToken(url);
  const created = await fetch(`${url}/admin/realms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: readFileSync(REALM_FILE),
  });
  if (created.status !== 201) throw new Error(`Keycloak refused the realm: ${created.status} ${await created.text()}`);
  const discovery = await fetch(`${url}/realms/${REALM}/.well-known/openid-configuration`);
  if (!discovery.ok) throw new Error(`The ${REALM} realm's discovery answered ${discovery.status}`);
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
