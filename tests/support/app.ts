/**
 * The whole product on a fresh database, for integration tests: the same runtime and server as
 * `npm start`, on a random port, with a small GraphQL client.
 */
import assert from 'node:assert/strict';
import { loadConfig, type Config } from '../../services/app/config';
import { createRuntime, type Runtime } from '../../services/app/runtime';
import { createServer } from '../../services/api/server';
import { createTestDatabase, migratedTemplate, type TestDatabase } from './database';
import { eventually } from './eventually';
import { freePort } from './ports';
import { readOwnWrites } from './readAfter';

export interface GraphQLResult<T = any> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string; fields?: Record<string, string> } }[];
}

export interface TestApp {
  url: string;
  /** The test database's connection string (for a CLI run against it). */
  databaseUrl: string;
  runtime: Runtime;
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<GraphQLResult<T>>;
  close(): Promise<void>;
}

/** `prepare` fills the fresh database before the product first starts on it (an old installation's dump). */
export async function startTestApp(
  overrides: Partial<Config> = {},
  label = 'app',
  prepare?: (db: TestDatabase) => Promise<void>,
): Promise<TestApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', AUTH_SECRET: 'test-secret-not-for-production-0123456789' },
    { port, publicUrl: url, logLevel: 'silent', seedDemo: false, dataDir: '.test-data/app', ...overrides },
  );
  // A test that prepares its database first (an old schema, say) gets an empty one; the others a
  // copy of a database a product has started on, with an installation id of its own.
  const db = prepare ? await createTestDatabase(label) : await createTestDatabase(label, await migratedTemplate(startedOnce));
  if (prepare) await prepare(db);
  else await db.pool.query('UPDATE installation SET id = gen_random_uuid(), created_at = now()');
  const runtime = await createRuntime(config, { databaseUrl: db.url });
  const server = createServer(runtime);
  await server.listen(port, '127.0.0.1');
  return {
    url,
    databaseUrl: db.url,
    runtime,
    async gql(query, variables = {}, token = null, headers = {}) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-tertulia-build': 'test',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      const result = (await res.json()) as GraphQLResult;
      await readOwnWrites(`${url}/graphql`, res);
      return result;
    },
    async close() {
      await server.close();
      await runtime.close();
      await db.drop();
    },
  };
}

/** Starts a product on an empty database and stops it: what the template of every test product is. */
async function startedOnce(databaseUrl: string) {
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', AUTH_SECRET: 'test-secret-not-for-production-0123456789' },
    { logLevel: 'silent', seedDemo: false, dataDir: '.test-data/app' },
  );
  const runtime = await createRuntime(config, { databaseUrl });
  await runtime.close();
}

/** Signs up a student and returns the token and account id. */
export async function signUp(app: TestApp, emailAddress: string, password = 'Passw0rd!', role?: string) {
  const res = await app.gql(`mutation($input: SignupInput!) { signup(input: $input) { token } }`, {
    input: { emailAddress, password, passwordConfirmation: password, ...(role ? { selfAssignedRole: role } : {}) },
  });
  if (res.errors) throw new Error(res.errors[0].message);
  const token = res.data.signup.token as string;
  const me = await app.gql(`{ me { id } }`, {}, token);
  return { token, accountId: me.data.me.id as string };
}

export async function signIn(app: TestApp, emailAddress: string, password: string) {
  const res = await app.gql(`mutation($input: LoginInput!) { login(input: $input) { token } }`, { input: { emailAddress, password } });
  if (res.errors) throw new Error(res.errors[0].message);
  return res.data.login.token as string;
}

/** An admin account made through the same handlers the seed uses. */
export async function createAdmin(app: TestApp, emailAddress = 'admin@example.com', password = 'Adm1nPassword') {
  await app.runtime.identity.register({ actor: { accountId: null, roles: ['SYSTEM'] } }, { emailAddress, password, roles: ['ADMIN'] });
  const token = await signIn(app, emailAddress, password);
  const me = await app.gql(`{ me { id } }`, {}, token);
  return { token, accountId: me.data.me.id as string };
}

/**
 * Events written so far, less the mail's own streams (`notification-*`), which jobs write whenever a
 * mail queued earlier goes out or a reminder comes due: for "a refusal writes nothing" checks, which
 * must not depend on when an earlier test's mail is sent.
 */
export async function eventCountWithoutMail(app: TestApp): Promise<number> {
  const { rows } = await app.runtime.pool.query(`SELECT count(*)::int AS n FROM events WHERE stream_id NOT LIKE 'notification-%'`);
  return rows[0].n;
}

/**
 * Waits until every mail queued so far has been sent or has failed for good, so that a test can
 * count what reached a mailbox, and what did not, without waiting a fixed time.
 */
export async function mailSettled(app: TestApp): Promise<void> {
  const unsettled = async () =>
    (
      await app.runtime.pool.query(
        `SELECT count(*)::int AS n FROM events q WHERE q.type = 'NotificationQueued' AND NOT EXISTS (
           SELECT 1 FROM events e WHERE e.stream_id = q.stream_id
             AND (e.type = 'NotificationSent' OR (e.type = 'NotificationFailed' AND NOT (e.data->>'willRetry')::boolean)))`,
      )
    ).rows[0].n as number;
  await eventually(async () => {
    assert.equal(await unsettled(), 0, 'mails queued and not yet sent');
    return true;
  }, 'every queued mail to be sent');
}

export const codeOf = (res: GraphQLResult) => res.errors?.[0]?.extensions?.code;

/**
 * Ends a signed-up account's onboarding through the API with a complete profile, as its dialog
 * would (the dialog opens over the student home and the instructor area while an account is
 * onboarding), for browser tests about something else.
 */
export async function completeOnboarding(app: TestApp, token: string, role: 'STUDENT' | 'INSTRUCTOR' = 'STUDENT') {
  const profile =
    role === 'STUDENT'
      ? {
          givenName: 'Test',
          surname: 'Student',
          displayName: 'Test S.',
          currentCity: 'Lima',
          currentState: 'Lima',
          currentCountry: 'Peru',
          bioHobbiesAre: 'Reading and football.',
          bioDreamCareer: 'A doctor in the Andes.',
          bioGoalsAre: 'Speak with confidence.',
        }
      : { givenName: 'Test', surname: 'Instructor', displayName: 'Test I.', school: 'Test School' };
  for (const [query, input] of [
    [`mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }`, profile],
    [`mutation($input: OnboardAccountInput!) { onboardAccount(input: $input) { onboarded } }`, { role }],
  ] as const) {
    const res = await app.gql(query, { input }, token);
    if (res.errors) throw new Error(res.errors[0].message);
  }
}

/** signUp, then the onboarding done (completeOnboarding). */
export async function signUpOnboarded(app: TestApp, emailAddress: string, password = 'Passw0rd!', role?: 'STUDENT' | 'INSTRUCTOR') {
  const account = await signUp(app, emailAddress, password, role);
  await completeOnboarding(app, account.token, role ?? 'STUDENT');
  return account;
}
