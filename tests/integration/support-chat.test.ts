/**
 * Live support behind Help (issue 9): a visitor writes, admins see it in the inbox and answer; only
 * the visitor and admins read a thread; an answer to a visitor who is away is mailed once.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { codeOf, createAdmin, mailSettled, startTestApp, type TestApp } from '../support/app';
import { killApiProcesses, startApiProcess, subscribe } from '../support/apiProcesses';
import { createStudent } from '../support/scheduling';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await startTestApp({}, 'support_chat');
  admin = await createAdmin(app);
});
afterAll(async () => {
  killApiProcesses();
  await app?.close();
});

const POST = `mutation($body: String!) { postSupportMessage(input: { body: $body }) { message { index body fromStaff } } }`;
const ANSWER = `mutation($visitorId: ID!, $body: String!) { answerSupportThread(input: { visitorId: $visitorId, body: $body }) { message { index body fromStaff } mailed } }`;
const MINE = `{ visitor: me { id emailAddress displayName givenName surname } supportThread { id unanswered messages { index body fromStaff } } }`;
const INBOX = `{ supportInbox { id visitor { id } messageCount lastBody unanswered } }`;
const THREAD = `query($id: ID!) { supportThreadOf(visitorId: $id) { id messages { body fromStaff } } }`;

/** Makes the visitor's Help box look closed for longer than the presence window. */
const goAway = (visitorId: string) =>
  app.runtime.pool.query(`UPDATE live.presence SET last_seen_at = now() - interval '1 hour' WHERE conversation_id = $1`, [
    `support:${visitorId}`,
  ]);

it("carries a visitor's message to the inbox and the answer back, mailing it only when the visitor is away", async () => {
  const student = await createStudent(app);

  const empty = await app.gql(MINE, {}, student.token);
  assert.equal(empty.errors, undefined, JSON.stringify(empty.errors));
  assert.deepEqual(empty.data.supportThread, { id: student.accountId, unanswered: false, messages: [] });
  assert.equal(empty.data.visitor.emailAddress, student.emailAddress);

  const posted = await app.gql(POST, { body: '  My camera stays black <b>help</b> ' }, student.token);
  assert.deepEqual(posted.data.postSupportMessage.message, { index: 0, body: 'My camera stays black <b>help</b>', fromStaff: false });
  const inbox = (await app.gql(INBOX, {}, admin.token)).data.supportInbox;
  assert.deepEqual(
    inbox.find((t: any) => t.id === student.accountId),
    {
      id: student.accountId,
      visitor: { id: student.accountId },
      messageCount: 1,
      lastBody: 'My camera stays black <b>help</b>',
      unanswered: true,
    },
  );

  // The visitor is here (their box asked a moment ago): answered on the page only.
  const here = await app.gql(ANSWER, { visitorId: student.accountId, body: 'Try the equipment check under Settings.' }, admin.token);
  assert.deepEqual(here.data.answerSupportThread, {
    message: { index: 1, body: 'Try the equipment check under Settings.', fromStaff: true },
    mailed: false,
  });
  await mailSettled(app);
  assert.equal((await app.runtime.outbox!.list(student.emailAddress)).filter((m: any) => /support/.test(m.subject)).length, 0);

  // Away: the answer is mailed as well, once.
  await goAway(student.accountId);
  const away = await app.gql(ANSWER, { visitorId: student.accountId, body: 'Did it work?' }, admin.token);
  assert.equal(away.data.answerSupportThread.mailed, true);
  await mailSettled(app);
  const mails = (await app.runtime.outbox!.list(student.emailAddress)).filter((m: any) => m.subject === 'Tertulia support answered you');
  assert.equal(mails.length, 1);
  assert.match(mails[0].text, /Did it work\?/);

  const mine = (await app.gql(MINE, {}, student.token)).data.supportThread;
  assert.deepEqual(
    mine.messages.map((m: any) => [m.index, m.fromStaff]),
    [
      [0, false],
      [1, true],
      [2, true],
    ],
  );
  assert.equal(mine.unanswered, false);
  assert.equal((await app.gql(INBOX, {}, admin.token)).data.supportInbox.find((t: any) => t.id === student.accountId).unanswered, false);
});

it('lets only the visitor and admins read a thread, only admins answer, and refuses bad messages', async () => {
  const student = await createStudent(app);
  const other = await createStudent(app);
  await app.gql(POST, { body: 'Hello' }, student.token);
  assert.equal(codeOf(await app.gql(THREAD, { id: student.accountId }, other.token)), 'UNAUTHORIZED');
  assert.equal(codeOf(await app.gql(INBOX, {}, other.token)), 'UNAUTHORIZED');
  assert.equal(codeOf(await app.gql(ANSWER, { visitorId: student.accountId, body: 'Hi' }, other.token)), 'UNAUTHORIZED');
  assert.equal(codeOf(await app.gql(MINE, {})), 'UNAUTHORIZED');
  assert.deepEqual((await app.gql(THREAD, { id: student.accountId }, admin.token)).data.supportThreadOf.messages, [
    { body: 'Hello', fromStaff: false },
  ]);
  // Other's own thread is theirs alone, and empty.
  assert.deepEqual((await app.gql(MINE, {}, other.token)).data.supportThread.messages, []);

  const overlong = await app.gql(POST, { body: 'x'.repeat(1001) }, student.token);
  assert.equal(codeOf(overlong), 'BAD_USER_INPUT');
  assert.equal(overlong.errors![0].message, 'The body can have at most 1,000 characters.');
  assert.equal(codeOf(await app.gql(POST, { body: 'a\u0000b' }, student.token)), 'BAD_USER_INPUT');
  assert.equal(codeOf(await app.gql(POST, { body: '   ' }, student.token)), 'BAD_USER_INPUT');
  assert.equal(
    codeOf(await app.gql(ANSWER, { visitorId: other.accountId, body: 'Hi' }, admin.token)),
    'BAD_USER_INPUT',
    'nobody to answer',
  );
});

it("limits a visitor to the conversation chat's pace (30 messages a minute)", async () => {
  const student = await createStudent(app);
  for (let i = 0; i < 30; i++) assert.equal((await app.gql(POST, { body: `Message ${i}` }, student.token)).errors, undefined);
  assert.equal(codeOf(await app.gql(POST, { body: 'One too many' }, student.token)), 'RATE_LIMITED');
  // Another visitor is not slowed down by it.
  assert.equal((await app.gql(POST, { body: 'Hello' }, (await createStudent(app)).token)).errors, undefined);
});

it('delivers new messages live to the visitor and to admins, and to nobody else', async () => {
  const student = await createStudent(app);
  const other = await createStudent(app);
  await app.gql(POST, { body: 'Is anyone there?' }, student.token);
  const SUB = `subscription($v: ID) { supportMessage(visitorId: $v) { index body fromStaff } }`;
  const own = subscribe(app.url, student.token, SUB, {});
  const staff = subscribe(app.url, admin.token, SUB, { v: student.accountId });
  const snoop = subscribe(app.url, other.token, SUB, { v: student.accountId });
  const signedOut = subscribe(app.url, null, SUB, {});
  await Promise.all([own, staff, snoop, signedOut].map((s) => s.ready()));

  assert.equal(errorCode(await snoop.next()), 'UNAUTHORIZED');
  assert.equal(errorCode(await signedOut.next()), 'UNAUTHORIZED');
  await app.gql(ANSWER, { visitorId: student.accountId, body: 'Yes, how can we help?' }, admin.token);
  assert.deepEqual((await own.next()).supportMessage, { index: 1, body: 'Yes, how can we help?', fromStaff: true });
  assert.deepEqual((await staff.next()).supportMessage, { index: 1, body: 'Yes, how can we help?', fromStaff: true });
  await app.gql(POST, { body: 'My microphone' }, student.token);
  assert.deepEqual((await staff.next()).supportMessage, { index: 2, body: 'My microphone', fromStaff: false });
  for (const s of [own, staff, snoop, signedOut]) await s.dispose();
});

it('delivers an answer given on one API process to the visitor connected to another', async () => {
  const other = (await startApiProcess(app.runtime.databaseUrl)).url;
  const student = await createStudent(app);
  await app.gql(POST, { body: 'Anyone on the other server?' }, student.token);
  const own = subscribe(other, student.token, `subscription { supportMessage { index body fromStaff } }`, {});
  await own.ready(); // the other process listens for it
  await app.gql(ANSWER, { visitorId: student.accountId, body: 'Yes, from this one.' }, admin.token);
  assert.deepEqual((await own.next()).supportMessage, { index: 1, body: 'Yes, from this one.', fromStaff: true });
  await own.dispose();
});

const errorCode = (value: any) =>
  Array.isArray(value) ? value[0]?.extensions?.code : (value?.error?.[0]?.extensions?.code ?? value?.error?.message);
