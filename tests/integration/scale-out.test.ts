/**
 * The scale-out run mode on one PostgreSQL (issue 13): two API processes (`npm run serve -- --role
 * api`, no projectors) and two projector workers (`--role worker`). A command through one API is
 * read from the other; a subscription opened on one receives a change made through the other; a
 * worker killed with SIGKILL leaves the other carrying on.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadConfig } from '../../services/app/config';
import { createRuntime, type Runtime } from '../../services/app/runtime';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { subscribe } from '../support/apiProcesses';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/ports';
import { tethered } from '../../scripts/support/tether';

const START = path.resolve(import.meta.dirname, '../../scripts/start.ts');
const SECRET = 'test-secret-not-for-production-0123456789';
const children: ChildProcess[] = [];

/** Starts `scripts/start.ts --role <role>` on the database; resolves once it says it is running. */
async function startRole(db: TestDatabase, role: 'api' | 'worker') {
  const port = await freePort();
  const child = tethered(
    spawn(process.execPath, ['--import', 'tsx', START, '--role', role], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: db.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        AUTH_SECRET: SECRET,
        SEED_DEMO: 'off',
        LOG_LEVEL: 'silent',
        RATE_LIMITS: 'off',
        DATA_DIR: '.test-data/scale-out',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => /Tertulia (API|projector worker) running/.test(String(chunk)) && resolve());
    child.on('exit', (code) => reject(new Error(`${role} exited early (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    async gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tertulia-build': 'test', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as any;
    },
  };
}

describe('several API processes and projector workers on one database', () => {
  let db: TestDatabase;
  let system: Runtime;
  let api1: Awaited<ReturnType<typeof startRole>>;
  let api2: Awaited<ReturnType<typeof startRole>>;
  let worker1: Awaited<ReturnType<typeof startRole>>;

  beforeAll(async () => {
    db = await createTestDatabase('scaleout');
    api1 = await startRole(db, 'api'); // migrates first
    [api2, worker1] = await Promise.all([startRole(db, 'api'), startRole(db, 'worker'), startRole(db, 'worker')]);
    // Commands of the test's own (an admin made as the seed makes one), with no projectors or jobs here.
    system = await createRuntime(
      loadConfig(
        { ...process.env, NODE_ENV: 'test', AUTH_SECRET: SECRET },
        { logLevel: 'silent', seedDemo: false, dataDir: '.test-data/scale-out' },
      ),
      {
        databaseUrl: db.url,
        runProjections: false,
        runJobs: false,
      },
    );
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await system?.close();
    await db?.drop();
  });

  const login = async (api: typeof api1, emailAddress: string, password: string) =>
    (await api.gql(`mutation($input: LoginInput!) { login(input: $input) { token } }`, { input: { emailAddress, password } })).data.login
      .token as string;
  const balance = async (api: typeof api1, token: string) =>
    (await api.gql(`{ me { account { remainingMinutes } } }`, {}, token)).data.me.account.remainingMinutes as number;
  const credit = (api: typeof api1, token: string, accountId: string, minutes: number) =>
    api.gql(
      `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`,
      { input: { accountId, minutes, reason: 'scale-out test' } },
      token,
    );

  it('a command through one API is read from the other, a subscription on one hears a change made through the other, and a killed worker leaves the other carrying on', async () => {
    const email = `scale-${Date.now()}@example.com`;
    const signup = await api1.gql(`mutation($input: SignupInput!) { signup(input: $input) { token } }`, {
      input: { emailAddress: email, password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' },
    });
    assert.equal(signup.errors, undefined, JSON.stringify(signup.errors));
    const studentToken = signup.data.signup.token as string;
    const me = await api2.gql(`{ me { id emailAddress } }`, {}, studentToken);
    assert.equal(me.data.me.emailAddress, email, 'the account made through API 1 is read from API 2');
    const studentId = me.data.me.id as string;

    await system.identity.register(
      { actor: SYSTEM_ACTOR },
      { emailAddress: `admin-${email}`, password: 'Adm1nPassword', roles: ['ADMIN'] },
    );
    const adminToken = await login(api2, `admin-${email}`, 'Adm1nPassword');

    const changes = subscribe(
      api1.url,
      studentToken,
      `subscription($id: ID!) { remainingMinutesChanged(accountId: $id) { remainingMinutes } }`,
      { id: studentId },
    );
    try {
      await changes.ready();
      assert.deepEqual(await changes.next(15_000), { remainingMinutesChanged: { remainingMinutes: 0 } }, 'the balance as it stands, first');
      const credited = await credit(api2, adminToken, studentId, 30);
      assert.equal(credited.errors, undefined, JSON.stringify(credited.errors));
      assert.deepEqual(await changes.next(15_000), { remainingMinutesChanged: { remainingMinutes: 30 } });
      assert.equal(await balance(api1, studentToken), 30);

      worker1.child.kill('SIGKILL');
      for (let i = 1; i <= 3; i++) {
        const again = await credit(api1, adminToken, studentId, 5);
        assert.equal(again.errors, undefined, JSON.stringify(again.errors));
      }
      assert.equal(await balance(api2, studentToken), 45, 'the other worker keeps the read models');
    } finally {
      changes.dispose();
    }
  });
});
