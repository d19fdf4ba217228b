/**
 * Speaker payroll through the API (issue 12): a held conversation is paid to its speaker, itemized,
 * and only the speaker and admins see it.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { DateTime } from 'luxon';
import { PAYROLL_TIME_ZONE, PayrollMessages } from '../../contracts/payroll';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { reserveOpenableNow } from '../support/live';
import { createSpeaker, createStudent } from '../support/scheduling';

let app: TestApp;
beforeAll(async () => (app = await startTestApp({ conversationSecondsPerMinute: 2 }, 'payroll')));
afterAll(async () => app?.close());

const OPEN = `mutation($id: ID!) { moderateConversation(input: { conversationId: $id, open: true }) { opened } }`;
const SYNC = `mutation($id: ID!) { syncParticipant(input: { conversationId: $id }) { status } }`;
const PAYROLL = `query($from: DateTime!, $to: DateTime!, $all: Boolean) { payroll(startTime: $from, endTime: $to, all: $all) {
  id month speaker { id } conversationPayMinutes conversationPayRate conversationPayAmount idlePayMinutes idlePayRate idlePayAmount totalPay } }`;
const ITEMIZED = `query($speakerId: ID!, $from: DateTime!, $to: DateTime!) { itemizedPayroll(speakerId: $speakerId, startTime: $from, endTime: $to) {
  time kind minutes rate amount attachmentId } }`;

const thisMonth = DateTime.now().setZone(PAYROLL_TIME_ZONE).startOf('month');
const month = (m: DateTime) => ({ from: m.toUTC().toISO()!, to: m.plus({ months: 1 }).toUTC().toISO()! });

it('pays a held conversation to its speaker, itemized, seen by the speaker and admins only', async () => {
  const admin = await createAdmin(app);
  const speaker = await createSpeaker(app);
  const otherSpeaker = await createSpeaker(app);
  const student = await createStudent(app, 60);
  const { conversationId: id, start } = await reserveOpenableNow(app, speaker, student);
  assert.equal((await app.gql(OPEN, { id }, speaker.token)).data.moderateConversation.opened, true);
  await app.gql(SYNC, { id }, student.token);
  assert.equal((await app.gql(SYNC, { id }, speaker.token)).data.syncParticipant.status, 'started');
  await readModelsCaughtUp(app, ['payroll']);

  // The month the conversation began in, in New York.
  const heldIn = month(DateTime.fromJSDate(start).setZone(PAYROLL_TIME_ZONE).startOf('month'));
  const mine = await app.gql(PAYROLL, heldIn, speaker.token);
  assert.equal(mine.errors, undefined, JSON.stringify(mine.errors));
  assert.deepEqual(mine.data.payroll, [
    {
      id: `${speaker.accountId}:${DateTime.fromJSDate(start).setZone(PAYROLL_TIME_ZONE).toFormat('yyyy-MM')}`,
      month: DateTime.fromJSDate(start).setZone(PAYROLL_TIME_ZONE).toFormat('yyyy-MM'),
      speaker: { id: speaker.accountId },
      conversationPayMinutes: 15,
      conversationPayRate: 1500,
      conversationPayAmount: 375,
      idlePayMinutes: 0,
      idlePayRate: 0,
      idlePayAmount: 0,
      totalPay: 375,
    },
  ]);
  const lines = await app.gql(ITEMIZED, { speakerId: speaker.accountId, ...heldIn }, speaker.token);
  assert.deepEqual(lines.data.itemizedPayroll, [
    { time: start.toISOString(), kind: 'conversation', minutes: 15, rate: 1500, amount: 375, attachmentId: id },
  ]);

  // Admins see every speaker's row and anyone's lines; nobody else does.
  const all = await app.gql(PAYROLL, { ...heldIn, all: true }, admin.token);
  assert.ok(all.data.payroll.some((r: any) => r.speaker.id === speaker.accountId && r.totalPay === 375));
  assert.equal((await app.gql(ITEMIZED, { speakerId: speaker.accountId, ...heldIn }, admin.token)).data.itemizedPayroll.length, 1);
  assert.deepEqual((await app.gql(PAYROLL, heldIn, otherSpeaker.token)).data.payroll, [], 'another speaker has nothing paid');
  assert.equal(codeOf(await app.gql(ITEMIZED, { speakerId: speaker.accountId, ...heldIn }, otherSpeaker.token)), 'UNAUTHORIZED');
  assert.equal(codeOf(await app.gql(PAYROLL, { ...heldIn, all: true }, speaker.token)), 'UNAUTHORIZED');
  assert.equal(codeOf(await app.gql(PAYROLL, heldIn, student.token)), 'UNAUTHORIZED');
  assert.equal(codeOf(await app.gql(PAYROLL, heldIn)), 'UNAUTHORIZED');
});

it('refuses a month before October 2022, after this month, more than 13 months, or itemized lines across two months', async () => {
  const speaker = await createSpeaker(app);
  const messageOf = (res: any) => res.errors?.[0]?.message;
  assert.equal(
    messageOf(await app.gql(PAYROLL, month(DateTime.fromISO('2022-09-01', { zone: PAYROLL_TIME_ZONE })), speaker.token)),
    PayrollMessages.monthRange,
  );
  assert.equal(messageOf(await app.gql(PAYROLL, month(thisMonth.plus({ months: 1 })), speaker.token)), PayrollMessages.monthRange);
  assert.equal(
    messageOf(
      await app.gql(
        PAYROLL,
        { from: thisMonth.minus({ months: 13 }).toUTC().toISO(), to: thisMonth.plus({ months: 1 }).toUTC().toISO() },
        speaker.token,
      ),
    ),
    PayrollMessages.tooManyMonths,
  );
  const twoMonths = { from: thisMonth.minus({ months: 1 }).toUTC().toISO(), to: thisMonth.plus({ months: 1 }).toUTC().toISO() };
  assert.deepEqual((await app.gql(PAYROLL, twoMonths, speaker.token)).data.payroll, [], 'a range of months answers a row per month paid');
  assert.equal(
    messageOf(await app.gql(ITEMIZED, { speakerId: speaker.accountId, ...twoMonths }, speaker.token)),
    PayrollMessages.sameMonth,
  );
  assert.deepEqual(
    (await app.gql(PAYROLL, month(DateTime.fromISO('2022-10-01', { zone: PAYROLL_TIME_ZONE })), speaker.token)).data.payroll,
    [],
  );
});
