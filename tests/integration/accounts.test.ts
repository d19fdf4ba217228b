import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Messages } from '../../contracts/errors';
import { PASSWORD_MISMATCH_MESSAGE } from '../../contracts/validation/password';
import { codeOf, createAdmin, mailSettled, signIn, signUp, startTestApp, type GraphQLResult, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';

const SIGNUP = `mutation($input: SignupInput!) { signup(input: $input) { token } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token } }`;
const ME = `{ me { id emailAddress account { id roles remainingMinutes isOnboarding(role: STUDENT) currentSignInAt currentSignInIp resetPasswordSentAt minuteTransactions { id } } } }`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'accounts');
});
afterAll(async () => {
  await app.close();
});

describe('sign-up', () => {
  it('creates an onboarding student with 0 minutes and signs them in', async () => {
    const { token } = await signUp(app, 'Ana@Example.com');
    const me = await app.gql(ME, {}, token);
    assert.equal(me.data.me.emailAddress, 'ana@example.com');
    assert.deepEqual(me.data.me.account.roles, ['ONBOARDING_STUDENT']);
    assert.equal(me.data.me.account.isOnboarding, true);
    assert.equal(me.data.me.account.remainingMinutes, 0);
    assert.deepEqual(me.data.me.account.minuteTransactions, []);
    assert.ok(me.data.me.account.currentSignInAt);
  });

  it('gives INSTRUCTOR when asked, and never SPEAKER or ADMIN', async () => {
    const { token } = await signUp(app, 'ines@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const me = await app.gql(ME, {}, token);
    assert.deepEqual(me.data.me.account.roles, ['ONBOARDING_INSTRUCTOR']);
    const speaker = await app.gql(SIGNUP, {
      input: { emailAddress: 's@example.com', password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!', selfAssignedRole: 'SPEAKER' },
    });
    assert.equal(codeOf(speaker), 'BAD_USER_INPUT'); // SPEAKER is not a SelfAssignedRole value
  });

  it("enforces the spec's password rules with its exact messages", async () => {
    const res = await app.gql(SIGNUP, { input: { emailAddress: 'weak@example.com', password: 'abc', passwordConfirmation: 'abd' } });
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    const fields = res.errors![0].extensions!.fields!;
    assert.match(fields.password, /Must be at least 8 characters/);
    assert.match(fields.password, /Must contain 1 number/);
    assert.match(fields.password, /Must contain 1 uppercase letter/);
    assert.doesNotMatch(fields.password, /lowercase/);
    assert.equal(fields.passwordConfirmation, PASSWORD_MISMATCH_MESSAGE);
    const bad = await app.gql(SIGNUP, {
      input: { emailAddress: 'not-an-address', password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' },
    });
    assert.equal(bad.errors![0].extensions!.fields!.emailAddress, 'The given value is invalid.');
  });

  it('refuses an address already taken, whatever its case', async () => {
    await signUp(app, 'dup@example.com');
    const res = await app.gql(SIGNUP, {
      input: { emailAddress: ' DUP@example.com ', password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' },
    });
    assert.equal(res.errors![0].message, Messages.emailTaken);
  });

  it('makes exactly one account from concurrent sign-ups of one address', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.gql(SIGNUP, {
          input: {
            emailAddress: i % 2 ? 'race@example.com' : 'RACE@example.com',
            password: 'Passw0rd!',
            passwordConfirmation: 'Passw0rd!',
          },
        }),
      ),
    );
    assert.equal(attempts.filter((r) => r.data?.signup?.token).length, 1);
    assert.ok(attempts.filter((r) => r.errors).every((r) => r.errors![0].message === Messages.emailTaken));
    const { rows } = await app.runtime.pool.query(
      `SELECT count(*)::int AS n FROM rm_accounts.accounts WHERE email_address = 'race@example.com'`,
    );
    assert.equal(rows[0].n, 1);
    // Read through the store: the address is stored sealed (docs/decisions/erasure.md).
    const registered = (await app.runtime.store.readAll(null, 100_000)).filter(
      (e) => e.type === 'AccountRegistered' && e.data.emailAddress === 'race@example.com',
    );
    assert.equal(registered.length, 1);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in case-insensitively and records the time and IP', async () => {
    await signUp(app, 'bea@example.com', 'Passw0rd!');
    const token = await signIn(app, 'BEA@example.com', 'Passw0rd!');
    const me = await app.gql(ME, {}, token);
    assert.equal(me.data.me.account.currentSignInIp, '127.0.0.1');
  });

  it('answers a wrong password and an unknown address the same way', async () => {
    await signUp(app, 'carl@example.com', 'Passw0rd!');
    const wrong = await app.gql(LOGIN, { input: { emailAddress: 'carl@example.com', password: 'Wrong0ne!' } });
    const unknown = await app.gql(LOGIN, { input: { emailAddress: 'nobody@example.com', password: 'Wrong0ne!' } });
    assert.equal(codeOf(wrong), 'UNAUTHORIZED');
    assert.equal(wrong.errors![0].message, Messages.invalidCredentials);
    assert.deepEqual(unknown.errors![0].message, wrong.errors![0].message);
  });

  it('makes a token unusable at once on logout, also through the cookie', async () => {
    const { token } = await signUp(app, 'dora@example.com');
    // A cookie-signed call carries the CSRF header, as the web app's do (services/api/csrf.ts).
    const viaCookie = await app.gql(`{ me { id } }`, {}, null, { cookie: `auth_token=${token}`, 'x-graphql-csrf': '1' });
    assert.ok(viaCookie.data.me.id);
    const out = await app.gql(`mutation { logout { loggedOut } }`, {}, token);
    assert.equal(out.data.logout.loggedOut, true);
    assert.equal((await app.gql(`{ me { id } }`, {}, token)).data.me, null);
    assert.equal(codeOf(await app.gql(`mutation { logout { loggedOut } }`, {}, token)), 'UNAUTHORIZED');
  });

  it('rejects a forged or garbled token as signed out', async () => {
    const { token } = await signUp(app, 'eve@example.com');
    const forged = `${token.slice(0, -4)}AAAA`;
    assert.equal((await app.gql(`{ me { id } }`, {}, forged)).data.me, null);
  });

  it('rate-limits sign-in attempts per address with a clear message', async () => {
    let last: GraphQLResult | undefined;
    for (let i = 0; i < 11; i++) last = await app.gql(LOGIN, { input: { emailAddress: 'limited@example.com', password: 'Wrong0ne!' } });
    assert.equal(codeOf(last!), 'RATE_LIMITED');
    assert.equal(last!.errors![0].message, Messages.tooManyAttempts);
  });
});

describe('password reset', () => {
  const RECOVER = `mutation($input: RecoverPasswordInput!) { recoverPassword(input: $input) { recovered } }`;
  const RESET = `mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { reset } }`;

  async function mailedToken(address: string): Promise<string> {
    const token = await eventually(async () => {
      // The newest message with a reset link (the welcome of the sign-up may arrive around it).
      const mail = (await app.runtime.outbox!.list(address)).find((m) => m.text.includes('token='));
      return mail?.text.match(/token=([\w-]+)/)?.[1];
    }, `a reset mail to ${address}`);
    return decodeURIComponent(token);
  }

  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const { token: oldSession } = await signUp(app, 'fay@example.com', 'Passw0rd!');
    assert.equal((await app.gql(RECOVER, { input: { emailAddress: 'fay@example.com' } })).data.recoverPassword.recovered, true);
    const resetToken = await mailedToken('fay@example.com');
    const mail = (await app.runtime.outbox!.list('fay@example.com')).find((m) => m.subject === 'Reset your Tertulia password')!;
    assert.ok(mail.text.includes(`${app.url}/auth/password_reset?token=`));

    const mismatch = await app.gql(RESET, { input: { resetToken, password: 'N3wPassword', passwordConfirmation: 'Other1234' } });
    assert.equal(mismatch.errors![0].extensions!.fields!.passwordConfirmation, PASSWORD_MISMATCH_MESSAGE);

    assert.equal(
      (await app.gql(RESET, { input: { resetToken, password: 'N3wPassword', passwordConfirmation: 'N3wPassword' } })).data.resetPassword
        .reset,
      true,
    );
    const again = await app.gql(RESET, { input: { resetToken, password: 'An0therOne', passwordConfirmation: 'An0therOne' } });
    assert.equal(again.errors![0].message, Messages.resetTokenInvalid);

    assert.equal((await app.gql(`{ me { id } }`, {}, oldSession)).data.me, null, 'old sessions end');
    assert.equal(codeOf(await app.gql(LOGIN, { input: { emailAddress: 'fay@example.com', password: 'Passw0rd!' } })), 'UNAUTHORIZED');
    const fresh = await signIn(app, 'fay@example.com', 'N3wPassword');
    const me = await app.gql(ME, {}, fresh);
    assert.ok(me.data.me.account.resetPasswordSentAt);
  });

  it('looks the same for an unknown address and sends nothing', async () => {
    const res = await app.gql(RECOVER, { input: { emailAddress: 'ghost@example.com' } });
    assert.deepEqual(res, { data: { recoverPassword: { recovered: true } } });
    // A mail is queued in the command's own transaction: nothing queued by now is nothing sent, ever.
    // Read through the store: the recipient's address is stored sealed (docs/decisions/erasure.md).
    const queued = (await app.runtime.store.readAll(null, 100_000)).filter(
      (e) => e.type === 'NotificationQueued' && e.data.recipient.emailAddress === 'ghost@example.com',
    );
    assert.equal(queued.length, 0);
    await mailSettled(app);
    assert.equal((await app.runtime.outbox!.list('ghost@example.com')).length, 0);
  });

  it('records the mail as events: queued then sent', async () => {
    await signUp(app, 'gus@example.com');
    await app.gql(RECOVER, { input: { emailAddress: 'gus@example.com' } });
    await mailedToken('gus@example.com');
    await eventually(async () => {
      // Read through the store: the recipient's address is stored sealed (docs/decisions/erasure.md).
      const queued = (await app.runtime.store.readAll(null, 100_000)).find(
        (e) =>
          e.type === 'NotificationQueued' && e.data.recipient.emailAddress === 'gus@example.com' && e.data.templateKey === 'password_reset',
      );
      assert.ok(queued, 'the reset mail is queued');
      assert.deepEqual(
        (await app.runtime.store.readStream(queued.streamId)).map((e) => e.type),
        ['NotificationQueued', 'NotificationSent'],
      );
      return true;
    }, 'the reset mail recorded as queued, then sent');
  });

  it('never stores the reset token or link in events', async () => {
    const { rows } = await app.runtime.pool.query(`SELECT count(*)::int AS n FROM events WHERE data::text LIKE '%token=%'`);
    assert.equal(rows[0].n, 0);
    // Nor once opened: a mail's values are stored sealed.
    assert.ok(!JSON.stringify(await app.runtime.store.readAll(null, 100_000)).includes('token='));
  });

  it('rejects an unknown token', async () => {
    const res = await app.gql(RESET, { input: { resetToken: 'made-up', password: 'N3wPassword', passwordConfirmation: 'N3wPassword' } });
    assert.equal(res.errors![0].message, Messages.resetTokenInvalid);
  });
});

describe('invited sign-up', () => {
  const INVITED = `mutation($input: SignupInvitedInput!) { signupInvited(input: $input) { token } }`;
  it('accepts an invitation once and gives its role in onboarding', async () => {
    const admin = await createAdmin(app, 'inviter@example.com');
    const { token: invitationToken } = await app.runtime.identity.issueInvitation(
      { actor: { accountId: admin.accountId, roles: ['ADMIN'] } },
      { emailAddress: 'Speaker.One@example.com', role: 'SPEAKER' },
    );
    const res = await app.gql(INVITED, { input: { invitationToken, password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' } });
    const me = await app.gql(ME, {}, res.data.signupInvited.token);
    assert.equal(me.data.me.emailAddress, 'speaker.one@example.com');
    assert.deepEqual(me.data.me.account.roles, ['ONBOARDING_SPEAKER']);
    const again = await app.gql(INVITED, { input: { invitationToken, password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' } });
    assert.equal(again.errors![0].message, Messages.invitationInvalid);
    const bogus = await app.gql(INVITED, { input: { invitationToken: 'nope', password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' } });
    assert.equal(bogus.errors![0].message, Messages.invitationInvalid);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz when the database answers and projectors keep up', async () => {
    assert.deepEqual(await (await fetch(`${app.url}/healthz`)).json(), { ok: true });
    const ready = await fetch(`${app.url}/readyz`);
    assert.equal(ready.status, 200);
    const body = await ready.json();
    assert.equal(body.ok, true);
    assert.ok(
      body.projections.some((p: { name: string }) => p.name === 'job_dispatch'),
      'the job dispatcher is watched too',
    );
  });
});
