/**
 * The browser boundary (issue 27), one regression test per finding on one app:
 * CORS (1), CSRF (2), subscriptions ending with their session (4), the mailbox only on loopback
 * (5), /mail/<token>'s one 404 (7), security headers (8), and the password-reset request that
 * answers the same, in the same time, for any address (10). The production start's rules (5, 6):
 * tests/integration/production-mode.test.ts.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_CLOSE } from '../../services/api/socketSessions';
import { codeOf, createAdmin, mailSettled, signUp, startTestApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';

let app: TestApp;
const ALLOWED_EXTRA = 'https://app.school.example';

beforeAll(async () => {
  // TRUST_PROXY=loopback: a test client names another address in X-Forwarded-For, as a proxy would.
  app = await startTestApp({ corsOrigins: [ALLOWED_EXTRA], trustProxy: 'loopback' }, 'browser_boundary');
});
afterAll(() => app?.close());

const post = (body: string, headers: Record<string, string>) => fetch(`${app.url}/graphql`, { method: 'POST', headers, body });

describe('CORS: PUBLIC_URL and CORS_ORIGINS only', () => {
  const preflight = (origin: string) =>
    fetch(`${app.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-graphql-csrf' },
    });

  it('answers its own origin and the listed ones with credentials; never reflects another, nor null', async () => {
    for (const origin of [app.url, ALLOWED_EXTRA]) {
      const res = await preflight(origin);
      assert.equal(res.status, 204, origin);
      assert.equal(res.headers.get('access-control-allow-origin'), origin);
      assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
      assert.match(res.headers.get('access-control-allow-headers') ?? '', /x-graphql-csrf/);
    }
    const { token } = await signUp(app, 'cors.victim@example.com');
    for (const origin of ['https://attacker.example', 'null', 'http://localhost:8080', `${app.url}.attacker.example`]) {
      const res = await preflight(origin);
      assert.equal(res.status, 403, origin);
      assert.equal(res.headers.get('access-control-allow-origin'), null, origin);
      const answer = await post(JSON.stringify({ query: '{ me { emailAddress } }' }), {
        origin,
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      });
      assert.equal(answer.headers.get('access-control-allow-origin'), null, origin);
      assert.equal(answer.headers.get('access-control-allow-credentials'), null, origin);
      assert.match(answer.headers.get('vary') ?? '', /Origin/);
    }
  });
});

describe('CSRF', () => {
  it('refuses a form post carrying the cookie; the JSON call with the header still works', async () => {
    const { token } = await signUp(app, 'csrf.victim@example.com');
    const cookie = `auth_token=${encodeURIComponent(token)}`;
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await post('query=mutation%7Blogout%7BloggedOut%7D%7D', { 'content-type': type, cookie });
      assert.equal(res.status, 415, type);
      assert.equal((await res.json()).error.code, 'UNSUPPORTED_MEDIA_TYPE');
    }
    // JSON with the cookie but without the header (a GET link, or a request another page forged).
    const bare = await post(JSON.stringify({ query: 'mutation { logout { loggedOut } }' }), { 'content-type': 'application/json', cookie });
    assert.equal(bare.status, 403);
    assert.equal((await bare.json()).error.code, 'CSRF_REFUSED');
    const viaGet = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ me { id } }')}`, { headers: { cookie } });
    assert.equal(viaGet.status, 403);
    // The session survived all of that; the web app's call (JSON, the header) works.
    const me = await post(JSON.stringify({ query: '{ me { emailAddress } }' }), {
      'content-type': 'application/json',
      cookie,
      'x-graphql-csrf': '1',
    });
    assert.equal((await me.json()).data.me.emailAddress, 'csrf.victim@example.com');
  });
});

describe('security headers', () => {
  it('every page: no framing, a CSP without inline script, referrer and permissions policies; HSTS only over TLS', async () => {
    for (const path of ['/', '/student/home', '/admin', '/auth/sign_in', '/graphql', '/healthz', '/no/such/thing']) {
      const res = await fetch(`${app.url}${path}`, { headers: { 'x-graphql-csrf': '1' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
      assert.match(csp, /frame-ancestors 'none'/, path);
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      assert.match(scripts, /'self'/, path);
      assert.doesNotMatch(scripts, /unsafe-inline|unsafe-eval/, path);
      assert.match(csp, /object-src 'none'/, path);
      assert.equal(res.headers.get('referrer-policy'), 'same-origin', path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(res.headers.get('strict-transport-security'), null, `${path}: plain http`);
      assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(|camera=\(\)/, path);
    }
    // Camera and microphone for our own origin on the web app's pages only (the room and the equipment checks).
    const api = await fetch(`${app.url}/healthz`);
    assert.match(api.headers.get('permissions-policy') ?? '', /camera=\(\), microphone=\(\)/);
    // Behind a TLS proxy (X-Forwarded-Proto from a trusted proxy): HSTS.
    const tls = await fetch(`${app.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(tls.headers.get('strict-transport-security') ?? '', /max-age=\d{7,}/);
  });
});

describe('/mail/<token>', () => {
  it('a slash, standard base64, a trailing slash or nothing: the same plain 404, never the web app', async () => {
    for (const token of ['abc/def', 'a+b/c==', 'AAAA/', '', `${'x'.repeat(60)}/${'y'.repeat(10)}`, '%2Fabc', 'abc/']) {
      const res = await fetch(`${app.url}/mail/${token}`);
      assert.equal(res.status, 404, token);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain/, token);
      assert.equal(await res.text(), 'This mail was not found.', token);
    }
  });
});

describe('/dev/mailbox', () => {
  it('answers this machine only: a client from elsewhere gets the plain 404', async () => {
    assert.equal((await fetch(`${app.url}/dev/mailbox`)).status, 200);
    for (const path of ['/dev/mailbox', '/dev/mailbox?to=admin@example.com', '/dev/mailbox/some-id']) {
      const res = await fetch(`${app.url}${path}`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(await res.text(), /Mailbox|@/, path);
    }
  });
});

describe('account enumeration', () => {
  it('a reset request answers before its work: an address with an account waits on nothing an unknown one does not', async () => {
    await signUp(app, 'known.reset@example.com');
    const RECOVER = `mutation($input: RecoverPasswordInput!) { recoverPassword(input: $input) { recovered } }`;
    // Hold every append: a request that waited for its writes would not answer until released.
    const holder = await app.runtime.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE events IN EXCLUSIVE MODE');
      const known = await app.gql(RECOVER, { input: { emailAddress: 'known.reset@example.com' } });
      const unknown = await app.gql(RECOVER, { input: { emailAddress: 'nobody.here@example.com' } });
      assert.deepEqual(known, unknown);
      assert.deepEqual(known, { data: { recoverPassword: { recovered: true } } });
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    // Once the writes go through, the known address gets its mail, the unknown one nothing.
    await eventually(
      async () => (await app.runtime.outbox!.list('known.reset@example.com')).some((m) => m.subject === 'Reset your Tertulia password'),
      'the reset mail',
    );
    await mailSettled(app);
    assert.equal((await app.runtime.outbox!.list('nobody.here@example.com')).length, 0);
    // A bad address is refused the same way whoever has it.
    assert.equal(codeOf(await app.gql(RECOVER, { input: { emailAddress: 'not an address' } })), 'BAD_USER_INPUT');
  });
});

describe('subscriptions end with their session', () => {
  /** A raw graphql-transport-ws socket with one remainingMinutesChanged subscription; resolves its close. */
  async function subscribed(token: string, accountId: string) {
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: any[] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(JSON.stringify({ type: 'connection_init', payload: { authToken: token } }));
    await eventually(async () => messages.some((m) => m.type === 'connection_ack'), 'the ack');
    ws.send(
      JSON.stringify({
        id: '1',
        type: 'subscribe',
        payload: {
          query: `subscription($id: ID!) { remainingMinutesChanged(accountId: $id) { remainingMinutes } }`,
          variables: { id: accountId },
        },
      }),
    );
    await eventually(async () => messages.some((m) => m.type === 'next'), 'the first message');
    return { ws, messages, closed };
  }

  it("sign-out closes the socket with 4403 Session ended; another session's socket stays", async () => {
    const student = await signUp(app, 'sub.logout@example.com');
    const admin = await createAdmin(app, 'sub.admin@example.com');
    const mine = await subscribed(student.token, student.accountId);
    const other = await subscribed(admin.token, student.accountId);
    const out = await app.gql(`mutation { logout { loggedOut } }`, {}, student.token);
    assert.equal(out.data.logout.loggedOut, true);
    assert.deepEqual(await mine.closed, { code: SESSION_ENDED_CLOSE.code, reason: SESSION_ENDED_CLOSE.reason });
    assert.equal(other.ws.readyState, WebSocket.OPEN);
    // The admin's subscription still delivers.
    const before = other.messages.length;
    await app.gql(
      `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`,
      { input: { accountId: student.accountId, minutes: 15, reason: 'x' } },
      admin.token,
    );
    await eventually(async () => other.messages.length > before, "the admin's next message");
    other.ws.close();
  });

  it('a password reset ends the sessions, and their sockets', async () => {
    const student = await signUp(app, 'sub.reset@example.com');
    const socket = await subscribed(student.token, student.accountId);
    const tokenOf = async () => {
      const mail = (await app.runtime.outbox!.list('sub.reset@example.com')).find((m) => m.subject === 'Reset your Tertulia password');
      return mail && decodeURIComponent(/token=([^"&\s<]+)/.exec(mail.text)![1]);
    };
    await app.gql(`mutation($input: RecoverPasswordInput!) { recoverPassword(input: $input) { recovered } }`, {
      input: { emailAddress: 'sub.reset@example.com' },
    });
    const resetToken = await eventually(tokenOf, 'the reset mail');
    const reset = await app.gql(`mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { reset } }`, {
      input: { resetToken, password: 'N3wPassword!', passwordConfirmation: 'N3wPassword!' },
    });
    assert.equal(reset.data.resetPassword.reset, true);
    assert.equal((await socket.closed).code, SESSION_ENDED_CLOSE.code);
  });
});
