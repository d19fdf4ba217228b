/**
 * A pay rule changed and replayed (issue 12): the idle buffer goes from 15 to 10 minutes behind a
 * projector version bump. Starting the projections (what `npm start` does: prepare, then run)
 * rebuilds the payroll from the log under the new rule; the closed month keeps what it closed on
 * and its difference shows as an adjustment in the open month.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { DateTime } from 'luxon';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import { createPayrollProjector } from '../../projections/payroll';
import { ProjectionRunner } from '../../services/feed/runner';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { holdLesson } from '../support/payroll';
import { createSpeaker } from '../support/scheduling';

let app: TestApp;
beforeAll(async () => (app = await startTestApp({}, 'payroll_rule_change')));
afterAll(async () => app?.close());

const CLOSE = `mutation($month: String!) { closePayrollMonth(input: { month: $month }) { payrollMonth { totalPay } } }`;
const PAYROLL = `query($from: DateTime!, $to: DateTime!) { payroll(startTime: $from, endTime: $to) {
  month idlePayMinutes idlePayAmount adjustmentAmount totalPay closed } }`;
const ITEMIZED = `query($speakerId: ID!, $from: DateTime!, $to: DateTime!) { itemizedPayroll(speakerId: $speakerId, startTime: $from, endTime: $to) { kind minutes amount adjustsMonth } }`;

const thisMonth = DateTime.now().setZone(PAYROLL_TIME_ZONE).startOf('month');
const lastMonth = thisMonth.minus({ months: 1 });
const range = (m: DateTime) => ({ from: m.toUTC().toISO()!, to: m.plus({ months: 1 }).toUTC().toISO()! });

/** Two 15-minute lessons 12 minutes apart on the month's 2nd day: idle under the old rule, not the new. */
async function backToBack(speakerId: string, month: DateTime) {
  const first = month.plus({ days: 1, hours: 10 });
  await holdLesson(app, speakerId, first.toJSDate());
  await holdLesson(app, speakerId, first.plus({ minutes: 27 }).toJSDate());
}

it('rebuilds the payroll to a changed rule on start, reporting the closed month as an adjustment', async () => {
  const admin = await createAdmin(app);
  const speaker = await createSpeaker(app); // $15.00 an hour
  await backToBack(speaker.accountId, lastMonth);
  await backToBack(speaker.accountId, thisMonth);
  await readModelsCaughtUp(app, ['payroll']);
  // 375 + 375 + 12 idle minutes (300) each month.
  assert.equal(
    (await app.gql(CLOSE, { month: lastMonth.toFormat('yyyy-MM') }, admin.token)).data.closePayrollMonth.payrollMonth.totalPay,
    1050,
  );
  assert.deepEqual(
    (await app.gql(PAYROLL, range(thisMonth), speaker.token)).data.payroll.map((r: any) => r.totalPay),
    [1050],
  );

  // The product restarts with the new rule: its projections prepare (rebuild on a new version), then run.
  await app.runtime.runner.stop();
  const runner = new ProjectionRunner(app.runtime.pool, app.runtime.store, [
    createPayrollProjector({ version: 1000, idleGapMaxMinutes: 10 }),
  ]);
  await runner.prepare();
  const status = (await runner.status())[0];
  assert.equal(status.version, 1000);
  assert.equal(status.failure, null);

  const last = (await app.gql(PAYROLL, range(lastMonth), speaker.token)).data.payroll;
  assert.deepEqual(
    last,
    [{ month: lastMonth.toFormat('yyyy-MM'), idlePayMinutes: 12, idlePayAmount: 300, adjustmentAmount: 0, totalPay: 1050, closed: true }],
    'the closed month is as it closed',
  );
  const lastLines = (await app.gql(ITEMIZED, { speakerId: speaker.accountId, ...range(lastMonth) }, speaker.token)).data.itemizedPayroll;
  assert.deepEqual(
    lastLines.map((l: any) => l.kind),
    ['conversation', 'conversation'],
    'its lines follow the new rule',
  );
  const now = (await app.gql(PAYROLL, range(thisMonth), speaker.token)).data.payroll;
  assert.deepEqual(now, [
    { month: thisMonth.toFormat('yyyy-MM'), idlePayMinutes: 0, idlePayAmount: 0, adjustmentAmount: -300, totalPay: 450, closed: false },
  ]);
  const lines = (await app.gql(ITEMIZED, { speakerId: speaker.accountId, ...range(thisMonth) }, speaker.token)).data.itemizedPayroll;
  assert.deepEqual(lines[0], { kind: 'adjustment', minutes: 0, amount: -300, adjustsMonth: lastMonth.toFormat('yyyy-MM') });
});
