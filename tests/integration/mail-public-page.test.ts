/**
 * A notification's public page (spec 3, Notification.publicToken) through HTTP: every mail sent ends
 * with 'View this mail in your browser' linking to /mail/<publicToken>; the admin reads the same
 * token on the notification; the page shows the mail's subject and message without signing in,
 * under a Content-Security-Policy that runs nothing; a reset mail's page never shows its reset link;
 * a changed token, another notification's id under a token's MAC, another secret's token or an
 * unknown mail is the same plain 404; publicToken is refused to anyone but an admin.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { newId } from '../../services/domain/shared/ids';
import { MAIL_PAGE_CSP } from '../../services/api/mailPage';
import { notificationPublicToken } from '../../services/security/mailTokens';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';

let app: TestApp;
let admin: { token: string; accountId: string };
let student: { token: string; accountId: string };
const ADDRESS = 'pupil.page@example.com';

const NOTIFICATIONS = `query($filter: [FilterInput!]) { notifications(first: 20, filter: $filter) { edges { node { id subject templateKey publicToken } } } }`;
const ONE = `query($id: ID!) { notification(notificationId: $id) { id publicToken } }`;

type Node = { id: string; subject: string; templateKey: string; publicToken: string };
async function notificationOf(templateKey: string): Promise<Node> {
  return eventually(async () => {
    const res = await app.gql(
      NOTIFICATIONS,
      { filter: [{ field: 'recipient_id', predicate: 'eq', value: student.accountId }] },
      admin.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    return (res.data.notifications.edges as { node: Node }[]).map((e) => e.node).find((n) => n.templateKey === templateKey);
  }, `the ${templateKey} notification`);
}

const sentMail = (notificationId: string) =>
  eventually(async () => (await app.runtime.outbox!.byNotification([notificationId]))[0], 'the mail as sent');

const open = (token: string) => fetch(`${app.url}/mail/${token}`);

async function notFound(token: string, what: string) {
  const res = await open(token);
  assert.equal(res.status, 404, what);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/, what);
  assert.equal(await res.text(), 'This mail was not found.', what);
}

beforeAll(async () => {
  app = await startTestApp({}, 'mail_public_page');
  admin = await createAdmin(app);
  student = await signUp(app, ADDRESS);
});
afterAll(() => app?.close());

describe('a mail in the browser', () => {
  it('every mail links to its public page; the admin sees the same token', async () => {
    const welcome = await notificationOf('welcome');
    assert.equal(welcome.publicToken, notificationPublicToken(app.runtime.config.authSecret, welcome.id));
    const one = await app.gql(ONE, { id: welcome.id }, admin.token);
    assert.equal(one.data.notification.publicToken, welcome.publicToken);
    const url = `${app.url}/mail/${welcome.publicToken}`;
    const mail = await sentMail(welcome.id);
    assert.ok(mail.text.endsWith(`View this mail in your browser: ${url}`), mail.text);
    assert.ok(mail.html.includes(`<a href="${url}">View this mail in your browser</a>`), mail.html);
    assert.ok(!mail.text.includes(app.runtime.config.authSecret) && !mail.html.includes(app.runtime.config.authSecret));
  });

  it('the page shows the subject and the message, signed out, and runs nothing', async () => {
    const welcome = await notificationOf('welcome');
    const res = await open(welcome.publicToken);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('content-security-policy'), MAIL_PAGE_CSP);
    assert.match(MAIL_PAGE_CSP, /default-src 'none'/);
    assert.doesNotMatch(MAIL_PAGE_CSP, /script-src/);
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.match(res.headers.get('x-robots-tag') ?? '', /noindex/);
    const html = await res.text();
    assert.ok(html.includes('<title>Welcome to Tertulia · Tertulia</title>'));
    assert.ok(html.includes('<h1>Welcome to Tertulia</h1>'));
    // The message as sent, less the link to this very page.
    const mail = await sentMail(welcome.id);
    const message = mail.html.slice(0, mail.html.lastIndexOf('\n<p style="margin-top:24px'));
    assert.ok(message.length > 50 && html.includes(message), 'the message body');
    assert.ok(html.includes(`href="${app.url}/student/home"`));
    assert.ok(!html.includes('<script'), 'no script');
    assert.ok(!html.includes('View this mail in your browser'));
  });

  it("a reset mail's page never shows the reset link", async () => {
    const res = await app.gql(
      `mutation($input: RecoverPasswordInput!) { recoverPassword(input: $input) { recovered } }`,
      { input: { emailAddress: ADDRESS } },
      null,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const reset = await notificationOf('password_reset');
    const sent = await sentMail(reset.id);
    const resetToken = sent.text.match(/token=([\w-]+)/)![1];
    const page = await (await open(reset.publicToken)).text();
    assert.ok(page.includes('<h1>Reset your Tertulia password</h1>'));
    assert.ok(page.includes('[redacted]'));
    assert.ok(!page.includes(resetToken), 'the reset token is never on the page');
  });

  it('a changed token, a swapped id, another secret or an unknown mail is the same 404', async () => {
    const welcome = await notificationOf('welcome');
    const reset = await notificationOf('password_reset');
    const token = welcome.publicToken;
    for (const i of [0, 10, 31, 43, 50, token.length - 2]) {
      await notFound(token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1), `character ${i} changed`);
    }
    const mac = Buffer.from(token, 'base64url').subarray(0, 32);
    await notFound(
      Buffer.concat([mac, Buffer.from(reset.id, 'utf8')]).toString('base64url'),
      "another notification's id under this token's MAC",
    );
    await notFound(notificationPublicToken('not-the-server-secret', welcome.id), "another secret's token");
    await notFound(notificationPublicToken(app.runtime.config.authSecret, newId()), 'a good token of a mail that is not there');
    for (const junk of ['x', 'A'.repeat(3000), `${token}%00`, encodeURIComponent(`${token}'"<>`)]) await notFound(junk, junk.slice(0, 12));
    // The other mail's own token still opens it.
    assert.equal((await open(reset.publicToken)).status, 200);
  });

  it('publicToken is for admins only, as the rest of a notification', async () => {
    const welcome = await notificationOf('welcome');
    for (const token of [student.token, null]) {
      const res = await app.gql(ONE, { id: welcome.id }, token);
      assert.equal(codeOf(res), 'UNAUTHORIZED');
      assert.equal(res.data?.notification ?? null, null);
    }
  });
});
