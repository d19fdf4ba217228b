import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Messages } from '../../contracts/errors';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp } from '../support/app';

const CHANGE_ROLES = `mutation($input: ChangeRolesInput!) { changeRoles(input: $input) { changed account { roles } } }`;
const CHANGE_MINUTES = `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed account { remainingMinutes minuteTransactions { minuteQuantity action actionReason } } } }`;

let app: TestApp;
let admin: { token: string; accountId: string };
beforeAll(async () => {
  app = await startTestApp({}, 'roles_minutes');
  admin = await createAdmin(app);
});
afterAll(async () => {
  await app.close();
});

describe('changeRoles (admin)', () => {
  it('adds a role in onboarding, removes both forms, and leaves ADMIN alone', async () => {
    const student = await signUp(app, 'rolf@example.com');
    let res = await app.gql(CHANGE_ROLES, { input: { accountId: student.accountId, add: ['INSTRUCTOR'] } }, admin.token);
    assert.deepEqual(res.data.changeRoles.account.roles, ['ONBOARDING_STUDENT', 'ONBOARDING_INSTRUCTOR']);
    res = await app.gql(CHANGE_ROLES, { input: { accountId: student.accountId, remove: ['STUDENT'] } }, admin.token);
    assert.deepEqual(res.data.changeRoles.account.roles, ['ONBOARDING_INSTRUCTOR']);
    res = await app.gql(CHANGE_ROLES, { input: { accountId: student.accountId, add: ['ADMIN'] } }, admin.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    const me = await app.gql(`{ me { account { roles } } }`, {}, student.token);
    assert.deepEqual(me.data.me.account.roles, ['ONBOARDING_INSTRUCTOR'], 'the change shows on the next request');
  });

  it('is refused to students and instructors, changing nothing', async () => {
    const student = await signUp(app, 'sam@example.com');
    const instructor = await signUp(app, 'ivy@example.com', 'Passw0rd!', 'INSTRUCTOR');
    for (const caller of [student, instructor]) {
      const res = await app.gql(CHANGE_ROLES, { input: { accountId: caller.accountId, add: ['SPEAKER'] } }, caller.token);
      assert.equal(codeOf(res), 'UNAUTHORIZED');
      const minutes = await app.gql(CHANGE_MINUTES, { input: { accountId: caller.accountId, minutes: 100 } }, caller.token);
      assert.equal(codeOf(minutes), 'UNAUTHORIZED');
    }
    const { rows } = await app.runtime.pool.query(
      `SELECT count(*)::int AS n FROM events WHERE stream_id IN ($1, $2, $3, $4) AND type IN ('RolesChanged', 'MinutesChanged')`,
      [
        `account-${student.accountId}`,
        `account-${instructor.accountId}`,
        `minutes-${student.accountId}`,
        `minutes-${instructor.accountId}`,
      ],
    );
    assert.equal(rows[0].n, 0);
  });
});

describe('switchRole', () => {
  it('switches to a role the account holds and refuses others', async () => {
    const user = await signUp(app, 'multi@example.com');
    await app.gql(CHANGE_ROLES, { input: { accountId: user.accountId, add: ['INSTRUCTOR'] } }, admin.token);
    const ok = await app.gql(`mutation { switchRole(input: { role: ONBOARDING_INSTRUCTOR }) { switched role } }`, {}, user.token);
    assert.deepEqual(ok.data.switchRole, { switched: true, role: 'ONBOARDING_INSTRUCTOR' });
    const me = await app.gql(`{ me { account { activeRole } } }`, {}, user.token);
    assert.equal(me.data.me.account.activeRole, 'ONBOARDING_INSTRUCTOR');
    const bad = await app.gql(`mutation { switchRole(input: { role: ADMIN }) { switched } }`, {}, user.token);
    assert.equal(bad.errors![0].message, Messages.unknownRole);
  });
});

describe('changeMinutes (admin) and the ledger', () => {
  it('credits and debits with a reason, newest transaction first', async () => {
    const student = await signUp(app, 'mina@example.com');
    await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: 30, reason: 'Goodwill' } }, admin.token);
    const res = await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: -10, reason: 'Correction' } }, admin.token);
    assert.equal(res.data.changeMinutes.account.remainingMinutes, 20);
    assert.deepEqual(res.data.changeMinutes.account.minuteTransactions, [
      { minuteQuantity: -10, action: 'admin_adjustment', actionReason: 'Correction' },
      { minuteQuantity: 30, action: 'admin_adjustment', actionReason: 'Goodwill' },
    ]);
  });

  it("refuses zero with the spec's message and never goes below zero", async () => {
    const student = await signUp(app, 'zed@example.com');
    const zero = await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: 0 } }, admin.token);
    assert.equal(zero.errors![0].message, 'Nothing changes with zero minutes. Please provide a different value.');
    const below = await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: -1 } }, admin.token);
    assert.equal(codeOf(below), 'INSUFFICIENT_MINUTES');
  });

  it('keeps the balance at or above zero under concurrent debits', async () => {
    const student = await signUp(app, 'conc@example.com');
    await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: 50 } }, admin.token);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: -10 } }, admin.token)),
    );
    assert.equal(results.filter((r) => !r.errors).length, 5);
    assert.ok(results.filter((r) => r.errors).every((r) => ['INSUFFICIENT_MINUTES', 'CONFLICT'].includes(codeOf(r)!)));
    const me = await app.gql(`{ me { account { remainingMinutes } } }`, {}, student.token);
    assert.equal(me.data.me.account.remainingMinutes, 0);
  });

  it('lets only the account itself or an admin read its minutes', async () => {
    const a = await signUp(app, 'reader-a@example.com');
    const b = await signUp(app, 'reader-b@example.com');
    const sub = await subscribeFor(app, b.token, a.accountId, 1)[0].catch((e: Error) => e);
    assert.ok(sub instanceof Error && /This needs the admin role\./.test(sub.message), String(sub)); // a role refusal (issue 7, item 13)
  });
});

describe('remainingMinutesChanged subscription', () => {
  it('fires when an admin changes the balance from another session', async () => {
    const student = await signUp(app, 'live@example.com');
    const messages = subscribeFor(app, student.token, student.accountId, 2);
    // The first message is the balance as it stands, sent once the server listens; then each change.
    assert.deepEqual(await messages[0], { accountId: student.accountId, remainingMinutes: 0 });
    await app.gql(CHANGE_MINUTES, { input: { accountId: student.accountId, minutes: 45, reason: 'Live' } }, admin.token);
    assert.deepEqual(await messages[1], { accountId: student.accountId, remainingMinutes: 45 });
  });

  it('refuses a WebSocket from a foreign origin', async () => {
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      headers: { origin: 'https://evil.example' },
    });
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('refused'));
      ws.on('unexpected-response', () => resolve('refused'));
    });
    ws.terminate();
    assert.equal(outcome, 'refused');
  });
});

describe('hardening', () => {
  it('rejects too many aliases and oversized documents', async () => {
    const huge = `{ me { ${'id '.repeat(4000)} } }`;
    assert.ok((await app.gql(huge)).errors?.length);
    const aliases = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: me { id }`).join(' ')} }`;
    assert.ok((await app.gql(aliases)).errors?.length);
  });

  it('accepts the build-id header on every request', async () => {
    const res = await app.gql(`{ me { id } }`, {}, null, { 'x-tertulia-build': 'some-build' });
    assert.deepEqual(res, { data: { me: null } });
  });
});

/** The first `count` messages of remainingMinutesChanged, each a promise; an error rejects those not yet come. */
function subscribeFor(app: TestApp, token: string, accountId: string, count: number): Promise<unknown>[] {
  const client = createClient({
    url: `${app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authToken: token },
    lazy: true,
    retryAttempts: 0,
  });
  const waiters = Array.from({ length: count }, () => {
    const w = {} as { promise: Promise<unknown>; resolve: (v: unknown) => void; reject: (e: Error) => void };
    w.promise = new Promise((resolve, reject) => Object.assign(w, { resolve, reject }));
    return w;
  });
  let received = 0;
  const fail = (error: Error) => {
    void client.dispose();
    for (const w of waiters.slice(received)) w.reject(error);
  };
  const dispose = client.subscribe(
    {
      query: `subscription($id: ID!) { remainingMinutesChanged(accountId: $id) { accountId remainingMinutes } }`,
      variables: { id: accountId },
    },
    {
      next: (value) => {
        if (value.errors) return fail(new Error(value.errors[0].message));
        waiters[received++]?.resolve(value.data?.remainingMinutesChanged);
        if (received === count) {
          dispose();
          void client.dispose();
        }
      },
      error: (error) =>
        fail(Array.isArray(error) ? new Error(error[0].message) : error instanceof Error ? error : new Error(String(error))),
      complete: () => {},
    },
  );
  return waiters.map((w) => w.promise);
}
