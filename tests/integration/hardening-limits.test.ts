/**
 * Hardening (issue 7): input limits at the API boundary, extreme values that must not stop a read
 * model, the client address behind proxies and the sign-in limits a class can live with, and one
 * JSON error shape outside GraphQL.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { GRAPHQL_BODY_LIMIT_BYTES } from '../../services/api/yoga';
import { parseTrustProxy } from '../../services/app/config';
import { Messages } from '../../contracts/errors';
import { startTestApp, codeOf, createAdmin, signIn, signUp, type GraphQLResult, type TestApp } from '../support/app';
import { createCourse, createInstructor } from '../support/enrollment';
import { eventually } from '../support/eventually';

const CHANGE_MINUTES = `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed account { remainingMinutes } } }`;
const CREATE_SET = `mutation($input: CreateRedemptionSetInput!) { createRedemptionSet(input: $input) { created } }`;
const CREATE_COURSE = `mutation($input: CreateCourseInput!) { createCourse(input: $input) { created } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token } }`;
const SIGNUP = `mutation($input: SignupInput!) { signup(input: $input) { token } }`;

let app: TestApp;
let admin: { token: string; accountId: string };
let student: { token: string; accountId: string };
let instructor: { token: string; accountId: string };
beforeAll(async () => {
  app = await startTestApp({}, 'hardening_limits');
  admin = await createAdmin(app);
  student = await signUp(app, 'student@example.com');
  instructor = await createInstructor(app);
});
afterAll(async () => {
  await app.close();
});

/** Every read model at the end of the log, none stopped. */
async function assertReadModelsCaughtUp() {
  await eventually(async () => {
    const status = await app.runtime.runner.status();
    assert.deepEqual(
      status.filter((s) => s.failure).map((s) => s.name),
      [],
      'no read model stopped',
    );
    return !status.some((s) => s.behind);
  }, 'every read model at the end of the log');
}

describe('numbers every read model can hold', () => {
  it('refuses a minutes change outside its range, naming the field', async () => {
    const res = await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: 2147483647 } }, admin.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    assert.equal(res.errors![0].extensions!.fields!.minutes, 'The minutes must be between -100,000 and 100,000.');
  });

  it('never lets a balance grow past what an account may hold, and the read models keep up', async () => {
    let last: GraphQLResult | undefined;
    for (let i = 0; i < 11; i++)
      last = await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: 100_000 } }, admin.token);
    assert.equal(codeOf(last!), 'BAD_USER_INPUT');
    assert.match(last!.errors![0].message, /at most 1,000,000 minutes/);
    const me = await app.gql(`{ me { account { remainingMinutes } } }`, {}, student.token);
    assert.equal(me.data.me.account.remainingMinutes, 1_000_000);
    await assertReadModelsCaughtUp();
    // A later change for another account is answered from fresh data at once.
    const other = await signUp(app, 'other@example.com');
    const started = Date.now();
    const res = await app.gql(CHANGE_MINUTES, { input: { accountId: other.accountId, minutes: 30 } }, admin.token);
    assert.equal(res.data.changeMinutes.account.remainingMinutes, 30);
    assert.ok(Date.now() - started < 4000);
  });

  it('refuses a redemption set whose codes would be worth more than a code may give', async () => {
    const huge = await app.gql(CREATE_SET, { input: { name: 'Huge', fillLimit: 1, quantity: 2147483647 } }, admin.token);
    assert.equal(codeOf(huge), 'BAD_USER_INPUT');
    assert.ok(huge.errors![0].extensions!.fields!.quantity);
    const tooMany = await app.gql(CREATE_SET, { input: { name: 'Many', fillLimit: 1, quantity: 101 } }, admin.token);
    assert.equal(tooMany.errors![0].extensions!.fields!.quantity, 'The quantity can be at most 100.');
    await assertReadModelsCaughtUp();
  });
});

describe('strings', () => {
  const NUL = 'a\u0000b';
  const cases: [string, string, Record<string, unknown>, () => string | null, string][] = [
    [
      'signup email',
      SIGNUP,
      { input: { emailAddress: `x${NUL}@example.com`, password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' } },
      () => null,
      'emailAddress',
    ],
    [
      'course name',
      CREATE_COURSE,
      {
        input: {
          name: NUL,
          language: 'es',
          proficiency: 'beginner',
          completionRequirement: 2,
          startDate: '2030-01-01',
          endDate: '2030-02-01',
        },
      },
      () => instructor.token,
      'name',
    ],
    [
      'course school',
      CREATE_COURSE,
      {
        input: {
          name: 'A',
          school: NUL,
          language: 'es',
          proficiency: 'beginner',
          completionRequirement: 2,
          startDate: '2030-01-01',
          endDate: '2030-02-01',
        },
      },
      () => instructor.token,
      'school',
    ],
    ['redemption set name', CREATE_SET, { input: { name: NUL, fillLimit: 1 } }, () => admin.token, 'name'],
    ['minutes reason', CHANGE_MINUTES, { input: { accountId: 'x', minutes: 5, reason: NUL } }, () => admin.token, 'reason'],
  ];
  for (const [label, query, variables, token, field] of cases) {
    it(`refuses NUL in the ${label}, naming the field`, async () => {
      const res = await app.gql(query, variables, token());
      assert.equal(codeOf(res), 'BAD_USER_INPUT', JSON.stringify(res.errors));
      assert.match(res.errors![0].extensions!.fields![field], /cannot contain the NUL character/);
    });
  }

  it('refuses NUL in filter values and quick search', async () => {
    const list = await app.gql(
      `{ students(filter: [{ field: "emailAddress", predicate: "eq", value: "a\\u0000b" }]) { totalCount } }`,
      {},
      admin.token,
    );
    assert.equal(codeOf(list), 'BAD_USER_INPUT');
    assert.ok(list.errors![0].extensions!.fields!.value);
    const search = await app.gql(
      `query($q: String!) { quickSearch(searchQuery: $q, pii: true) { students { id } } }`,
      { q: 'ab\u0000' },
      admin.token,
    );
    assert.equal(codeOf(search), 'BAD_USER_INPUT');
  });

  it('refuses broken Unicode (a lone surrogate)', async () => {
    const res = await app.gql(
      CHANGE_MINUTES,
      { input: { accountId: student.accountId, minutes: 5, reason: 'ok \uD800 then' } },
      admin.token,
    );
    assert.equal(res.errors![0].extensions!.fields!.reason, 'The reason is not valid Unicode text.');
  });

  it('refuses overlong strings instead of storing them', async () => {
    const long = 'x'.repeat(100_000);
    const school = await app.gql(
      CREATE_COURSE,
      {
        input: {
          name: 'A',
          school: long,
          language: 'es',
          proficiency: 'beginner',
          completionRequirement: 2,
          startDate: '2030-01-01',
          endDate: '2030-02-01',
        },
      },
      instructor.token,
    );
    assert.equal(school.errors![0].extensions!.fields!.school, 'The school can have at most 200 characters.');
    const set = await app.gql(CREATE_SET, { input: { name: long, fillLimit: 1 } }, admin.token);
    assert.equal(codeOf(set), 'BAD_USER_INPUT');
    const reason = await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: 5, reason: long } }, admin.token);
    assert.equal(reason.errors![0].extensions!.fields!.reason, 'The reason can have at most 500 characters.');
    const { rows } = await app.runtime.pool.query(`SELECT count(*)::int AS n FROM events WHERE length(data::text) > 10000`);
    assert.equal(rows[0].n, 0, 'nothing overlong reached the log');
    await assertReadModelsCaughtUp();
  });

  it('checks arguments of nested fields and lists too', async () => {
    const course = await createCourse(app, instructor.token);
    const res = await app.gql(
      `query($id: ID!) { course(courseId: $id) { prices(extraConversations: 2000000) { totalPrice } } }`,
      { id: course.id },
      instructor.token,
    );
    assert.equal(codeOf(res), 'BAD_USER_INPUT', JSON.stringify(res));
    const page = await app.gql(
      `query($id: ID!) { user(userId: $id) { notifications(first: 201) { totalCount } } }`,
      { id: student.accountId },
      admin.token,
    );
    assert.equal(page.errors![0].extensions!.fields!.first, 'The first must be between 0 and 200.');
    const filters = Array.from({ length: 21 }, () => ({ field: 'emailAddress', predicate: 'eq', value: 'a' }));
    const many = await app.gql(`query($f: [FilterInput!]) { students(filter: $f) { totalCount } }`, { f: filters }, admin.token);
    assert.equal(many.errors![0].extensions!.fields!.filter, 'The filter can have at most 20 items.');
  });
});

describe('the client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    await signUp(app, 'xff@example.com');
    const login = await app.gql(LOGIN, { input: { emailAddress: 'xff@example.com', password: 'Passw0rd!' } }, null, {
      'x-forwarded-for': '203.0.113.7',
    });
    const me = await app.gql(`{ me { account { currentSignInIp } } }`, {}, login.data.login.token);
    assert.equal(me.data.me.account.currentSignInIp, '127.0.0.1');
  });

  it('takes the address a trusted proxy vouches for', async () => {
    const proxied = await startTestApp({ trustProxy: 1 }, 'hardening_proxy');
    try {
      await signUp(proxied, 'behind@example.com');
      const login = await proxied.gql(LOGIN, { input: { emailAddress: 'behind@example.com', password: 'Passw0rd!' } }, null, {
        'x-forwarded-for': '198.51.100.9',
      });
      const me = await proxied.gql(`{ me { account { currentSignInIp } } }`, {}, login.data.login.token);
      assert.equal(me.data.me.account.currentSignInIp, '198.51.100.9');
    } finally {
      await proxied.close();
    }
  });

  it('reads TRUST_PROXY as off, a hop count or a list, and refuses "true"', () => {
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy('off'), false);
    assert.equal(parseTrustProxy('2'), 2);
    assert.equal(parseTrustProxy('10.0.0.0/8, loopback'), '10.0.0.0/8, loopback');
    assert.throws(() => parseTrustProxy('true'));
  });
});

describe('a class signing in from one school address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimits: true }, 'hardening_class');
  });
  afterAll(() => limited?.close());

  it('lets 40 students with a few typos each all in, while one password stays hard to guess', async () => {
    const students = Array.from({ length: 40 }, (_, i) => `pupil${i}@school.example`);
    for (const email of students)
      await limited.runtime.identity.register(
        { actor: { accountId: null, roles: ['SYSTEM'] } },
        { emailAddress: email, password: 'Cl4ssroom!', roles: ['STUDENT'] },
      );
    let signedIn = 0;
    for (const email of students) {
      for (const typo of ['Cl4ssroon!', 'cl4ssroom!', 'Classroom!']) {
        const wrong = await limited.gql(LOGIN, { input: { emailAddress: email, password: typo } });
        assert.equal(codeOf(wrong), 'UNAUTHORIZED', `${email}: a typo is a wrong password, not a limit`);
      }
      await signIn(limited, email, 'Cl4ssroom!');
      signedIn += 1;
    }
    assert.equal(signedIn, 40);

    // Guessing one account's password from the same address: ten failures, then refused even
    // with the right password until the window has passed.
    const target = 'teacher@school.example';
    await limited.runtime.identity.register(
      { actor: { accountId: null, roles: ['SYSTEM'] } },
      { emailAddress: target, password: 'T3acher!!', roles: ['INSTRUCTOR'] },
    );
    for (let i = 0; i < 10; i++)
      assert.equal(codeOf(await limited.gql(LOGIN, { input: { emailAddress: target, password: `Guess${i}xx!` } })), 'UNAUTHORIZED');
    const refused = await limited.gql(LOGIN, { input: { emailAddress: target, password: 'T3acher!!' } });
    assert.equal(codeOf(refused), 'RATE_LIMITED');
  });

  it('limits starting a school sign-in per client address and per email domain, with a clear message', async () => {
    const START = `mutation($input: StartSchoolSignInInput!) { startSchoolSignIn(input: $input) { authorizationUrl } }`;
    const start = (emailAddress: string) => limited.gql(START, { input: { emailAddress, browserBinding: 'b'.repeat(43) } });
    // Under the limits: the address's own answer (no school covers this domain).
    assert.equal(codeOf(await start('pupil@busy.example')), 'BAD_USER_INPUT');
    const { rows } = await limited.runtime.pool.query("SELECT key FROM rate_limits WHERE key LIKE 'school_sign_in:%' ORDER BY key");
    assert.deepEqual(
      rows.map((r) => r.key.replace(/ip:.*/, 'ip:…')),
      ['school_sign_in:domain:busy.example', 'school_sign_in:ip:…'],
    );
    // The window's allowance spent (not thousands of requests here): the next start is refused, saying what to do.
    const fill = (key: string, hits: number) => limited.runtime.pool.query('UPDATE rate_limits SET hits = $2 WHERE key = $1', [key, hits]);
    await fill('school_sign_in:domain:busy.example', 3000);
    const byDomain = await start('another@busy.example');
    assert.equal(codeOf(byDomain), 'RATE_LIMITED');
    assert.equal(byDomain.errors![0].message, Messages.tooManyAttempts);
    assert.equal(codeOf(await start('pupil@quiet.example')), 'BAD_USER_INPUT', 'another domain still starts');
    await fill(rows[1].key, 300);
    const byIp = await start('pupil@quiet.example');
    assert.equal(codeOf(byIp), 'RATE_LIMITED');
    assert.equal(byIp.errors![0].message, Messages.tooManyAttempts);
  });
});

describe('errors outside GraphQL', () => {
  const isJsonError = async (res: Response, status: number) => {
    assert.equal(res.status, status);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const body = await res.json();
    assert.equal(typeof body.error.code, 'string');
    assert.equal(typeof body.error.message, 'string');
    assert.doesNotMatch(JSON.stringify(body), /at .*\.(ts|js):\d+|<html|<!doctype/i);
    return body;
  };

  it('answers a body too large and a malformed body as JSON without a stack trace', async () => {
    const big = await fetch(`${app.url}/payments/local/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(10_000) }),
    });
    assert.equal((await isJsonError(big, 413)).error.code, 'PAYLOAD_TOO_LARGE');
    const bad = await fetch(`${app.url}/payments/local/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"number": ',
    });
    assert.equal((await isJsonError(bad, 400)).error.code, 'BAD_REQUEST');
  });

  it('refuses a GraphQL body over the limit with a JSON 413, declared or streamed, and still answers one under it', async () => {
    const post = (body: BodyInit, streamed: boolean) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        ...(streamed ? { duplex: 'half' } : {}),
      } as RequestInit);
    // Sent in pieces without a length (chunked), as a stream-uploading client would.
    const inPieces = (text: string) => {
      const bytes = Buffer.from(text);
      return new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 1 << 20) controller.enqueue(bytes.subarray(i, i + (1 << 20)));
          controller.close();
        },
      });
    };
    const tooBig = JSON.stringify({ query: `{ __typename }`, variables: { pad: 'x'.repeat(GRAPHQL_BODY_LIMIT_BYTES) } });
    assert.equal((await isJsonError(await post(tooBig, false), 413)).error.code, 'PAYLOAD_TOO_LARGE');
    assert.equal((await isJsonError(await post(inPieces(tooBig), true), 413)).error.code, 'PAYLOAD_TOO_LARGE');
    const small = JSON.stringify({ query: `{ __typename }` });
    for (const res of [await post(small, false), await post(inPieces(small), true)]) {
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { data: { __typename: 'Query' } });
    }
    const malformed = await post('{"query": ', false);
    assert.equal(malformed.status, 400);
    assert.equal((await malformed.json()).errors[0].extensions.code, 'BAD_REQUEST');
  });

  it("refuses NUL in the local gateway's card form as a card error", async () => {
    const res = await fetch(`${app.url}/payments/local/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Ana\u0000' }),
    });
    assert.equal(res.status, 402);
    const body = await res.json();
    assert.equal(body.error.code, 'invalid_name');
  });

  it('answers unknown routes with a JSON 404', async () => {
    await isJsonError(await fetch(`${app.url}/payments/nothing-here`, { method: 'POST' }), 404);
  });
});

describe('a stopped read model', () => {
  it('shows in /readyz and does not hold up commands that wait for it', async () => {
    const failure = {
      failedAt: new Date().toISOString(),
      position: '1',
      transactionId: '1',
      eventType: 'MinutesChanged',
      streamId: 'minutes-x',
      streamVersion: 1,
      error: 'value out of range',
    };
    await app.runtime.pool.query(`UPDATE projection_checkpoints SET failed_at = now(), failure = $1 WHERE name = 'directory'`, [failure]);
    try {
      const ready = await fetch(`${app.url}/readyz`);
      assert.equal(ready.status, 503);
      const body = await ready.json();
      assert.deepEqual(
        body.failed.map((f: { name: string }) => f.name),
        ['directory'],
      );
      assert.equal(body.failed[0].eventType, 'MinutesChanged');

      const started = Date.now();
      const res = await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: -5 } }, admin.token);
      assert.equal(res.data.changeMinutes.changed, true);
      assert.ok(Date.now() - started < 4000, 'answered without waiting out the bound for the stopped read model');
    } finally {
      await app.runtime.runner.resume('directory');
    }
    await assertReadModelsCaughtUp();
    assert.equal((await fetch(`${app.url}/readyz`)).status, 200);
  });
});
