/**
 * Only ADMIN may call the back-office operations, and every resolver checks: each admin query and
 * mutation, called as a student, as an instructor and signed out, answers UNAUTHORIZED and writes
 * nothing.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp, eventCountWithoutMail } from '../support/app';
import { eventually } from '../support/eventually';

let app: TestApp;
let admin: { token: string; accountId: string };
let student: { token: string; accountId: string };
let instructor: { token: string; accountId: string };
let other: { token: string; accountId: string };
let notificationId: string;

beforeAll(async () => {
  app = await startTestApp({}, 'admin_authz');
  admin = await createAdmin(app);
  student = await signUp(app, 'stu@example.com');
  instructor = await signUp(app, 'ins@example.com', 'Passw0rd!', 'INSTRUCTOR');
  other = await signUp(app, 'other@example.com');
  const reset = await app.gql(
    `mutation($input: SendPasswordResetInput!) { sendPasswordReset(input: $input) { sent } }`,
    { input: { userId: other.accountId } },
    admin.token,
  );
  assert.equal(reset.data.sendPasswordReset.sent, true);
  // Wait for the mail job to record the sending, so that nothing else writes during the tests.
  notificationId = await eventually(
    async () => {
      const list = await app.gql(`{ notifications(first: 1) { edges { node { id latestEventType } } } }`, {}, admin.token);
      const node = list.data.notifications.edges[0]?.node;
      return node?.latestEventType === 'NotificationSent' && (node.id as string);
    },
    'the reset mail to be sent',
    20_000,
  );
});
afterAll(async () => {
  await app.close();
});

const operations = (target: string): { name: string; query: string; variables: Record<string, unknown> }[] => [
  { name: 'students', query: `{ students { totalCount } }`, variables: {} },
  { name: 'instructors', query: `{ instructors { totalCount } }`, variables: {} },
  { name: 'speakers', query: `{ speakers { totalCount } }`, variables: {} },
  { name: 'notifications', query: `{ notifications { totalCount } }`, variables: {} },
  {
    name: 'notification',
    query: `query($id: ID!) { notification(notificationId: $id) { id subject } }`,
    variables: { id: notificationId },
  },
  { name: 'user', query: `query($id: ID!) { user(userId: $id) { id emailAddress } }`, variables: { id: target } },
  {
    name: 'user.notifications',
    query: `query($id: ID!) { user(userId: $id) { id notifications { totalCount } } }`,
    variables: { id: target },
  },
  { name: 'userHistory', query: `query($id: ID!) { userHistory(userId: $id) { totalCount } }`, variables: { id: target } },
  { name: 'quickSearch', query: `{ quickSearch(searchQuery: "other", pii: true) { students { id } } }`, variables: {} },
  { name: 'adminDashboard', query: `{ adminDashboard { rangeStart reservedConversations { id } } }`, variables: {} },
  { name: 'identityProviderTable', query: `{ identityProviderTable { totalCount } }`, variables: {} },
  {
    name: 'identityProvider',
    query: `query($id: ID!) { identityProvider(identityProviderId: $id) { id } }`,
    variables: { id: target },
  },
  {
    name: 'changeRoles',
    query: `mutation($input: ChangeRolesInput!) { changeRoles(input: $input) { changed } }`,
    variables: { input: { accountId: target, add: ['SPEAKER'] } },
  },
  {
    name: 'changeMinutes',
    query: `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`,
    variables: { input: { accountId: target, minutes: 500, reason: 'free' } },
  },
  {
    name: 'changeUserEmailAddress',
    query: `mutation($input: ChangeUserEmailAddressInput!) { changeUserEmailAddress(input: $input) { changed } }`,
    variables: { input: { userId: target, emailAddress: 'stolen@example.com' } },
  },
  {
    name: 'sendPasswordReset',
    query: `mutation($input: SendPasswordResetInput!) { sendPasswordReset(input: $input) { sent } }`,
    variables: { input: { userId: target } },
  },
];

const eventCount = () => eventCountWithoutMail(app);

describe('back-office authorization', () => {
  for (const who of ['student', 'instructor', 'nobody'] as const) {
    it(`refuses every admin query and mutation to ${who === 'nobody' ? 'a signed-out caller' : `a ${who}`}, changing nothing`, async () => {
      const caller = who === 'student' ? student : who === 'instructor' ? instructor : null;
      const before = await eventCount();
      // On another person's account, and (for the mutations) on their own.
      const targets = caller ? [other.accountId, caller.accountId] : [other.accountId];
      for (const target of targets) {
        for (const op of operations(target)) {
          if (op.name === 'user' && target === caller?.accountId) continue; // reading oneself is allowed
          // An instructor may change their own address (issue 11; tests/integration/settings-authorization.test.ts).
          if (op.name === 'changeUserEmailAddress' && who === 'instructor' && target === caller?.accountId) continue;
          const res = await app.gql(op.query, op.variables, caller?.token ?? null);
          assert.equal(
            codeOf(res),
            'UNAUTHORIZED',
            `${op.name} as ${who} on ${target === other.accountId ? 'another' : 'self'}: ${JSON.stringify(res)}`,
          );
          assert.ok(!res.data || Object.values(res.data).every((v) => v === null), `${op.name} leaked data`);
        }
      }
      assert.equal(await eventCount(), before, 'no event was written');
      const after = await app.gql(
        `query($id: ID!) { user(userId: $id) { emailAddress account { roles remainingMinutes } } }`,
        { id: other.accountId },
        admin.token,
      );
      assert.deepEqual(after.data.user, {
        emailAddress: 'other@example.com',
        account: { roles: ['ONBOARDING_STUDENT'], remainingMinutes: 0 },
      });
    });
  }

  it('saves an identity provider for an admin only, and only once its issuer answers discovery (issue 33)', async () => {
    const save = `mutation($input: SaveIdentityProviderInput!) { saveIdentityProvider(input: $input) { changed } }`;
    const input = {
      displayName: 'Nowhere University',
      // Nothing listens on port 9 of this machine (discard): discovery fails at once.
      issuer: 'http://127.0.0.1:9/realms/school',
      clientId: 'tertulia',
      clientSecret: 'a-secret',
      scopes: 'openid email',
      domains: ['nowhere.example'],
      passwordSignInAllowed: true,
    };
    const before = await eventCount();
    for (const caller of [student, instructor, null]) {
      assert.equal(codeOf(await app.gql(save, { input }, caller?.token ?? null)), 'UNAUTHORIZED');
    }
    const res = await app.gql(save, { input }, admin.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    assert.match(String(res.errors?.[0]?.extensions?.fields?.issuer), /could not read this issuer's OpenID configuration/);
    assert.equal(await eventCount(), before, 'no event was written');
  });

  it('lets an admin do all of it', async () => {
    for (const op of operations(other.accountId)) {
      const res = await app.gql(op.query, op.variables, admin.token);
      assert.equal(res.errors, undefined, `${op.name}: ${JSON.stringify(res.errors)}`);
    }
  });
});
