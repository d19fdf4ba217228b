/**
 * Closing pay months (issue 12): an admin closes a month that is over at the totals it shows; a
 * later correction never changes it but shows as an adjustment in the next open month; a reopen is
 * explicit and recorded; a rebuild by replay gives the same read model.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, it } from 'vitest';
import { DateTime } from 'luxon';
import { PAYROLL_TIME_ZONE, PayrollMessages } from '../../contracts/payroll';
import { payrollProjector } from '../../projections/payroll';
import { ProjectionRunner } from '../../services/feed/runner';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { holdLesson } from '../support/payroll';
import { createSpeaker } from '../support/scheduling';

let app: TestApp;
beforeAll(async () => (app = await startTestApp({}, 'payroll_closing')));
afterAll(async () => app?.close());

const CLOSE = `mutation($month: String!) { closePayrollMonth(input: { month: $month }) { payrollMonth { month closed totalPay speakerCount } } }`;
const REOPEN = `mutation($month: String!, $reason: String!) { reopenPayrollMonth(input: { month: $month, reason: $reason }) { payrollMonth { closed history { kind reason totalPay } } } }`;
const MONTH = `query($month: String!) { payrollMonth(month: $month) { month closed closedBy { id } totalPay speakerCount
  adjustments { speaker { id } fromMonth toMonth amount } history { kind by { id } reason totalPay } } }`;
const ROWS = `query($month: String!, $sort: [SortInput!], $filter: [FilterInput!]) { payrollRows(month: $month, first: 25, sort: $sort, filter: $filter) {
  totalCount edges { node { speaker { id } conversationPayMinutes adjustmentAmount totalPay closed } } } }`;
const PAYROLL = `query($from: DateTime!, $to: DateTime!) { payroll(startTime: $from, endTime: $to) { month totalPay adjustmentAmount closed } }`;
const ITEMIZED = `query($speakerId: ID!, $from: DateTime!, $to: DateTime!) { itemizedPayroll(speakerId: $speakerId, startTime: $from, endTime: $to) {
  kind minutes amount attachmentId adjustsMonth } }`;

const thisMonth = DateTime.now().setZone(PAYROLL_TIME_ZONE).startOf('month');
const lastMonth = thisMonth.minus({ months: 1 });
const name = (m: DateTime) => m.toFormat('yyyy-MM');
const range = (m: DateTime) => ({ from: m.toUTC().toISO()!, to: m.plus({ months: 1 }).toUTC().toISO()! });

it('closes a month at its totals, shows later corrections as adjustments, reopens on the record, and replays to the same', async () => {
  const admin = await createAdmin(app);
  const speaker = await createSpeaker(app);
  const other = await createSpeaker(app);
  // Last month: two lessons for the speaker (15 min at $15/h = 375 each), one for the other.
  await holdLesson(app, speaker.accountId, lastMonth.plus({ days: 3, hours: 10 }).toJSDate());
  await holdLesson(app, speaker.accountId, lastMonth.plus({ days: 4, hours: 10 }).toJSDate());
  await holdLesson(app, other.accountId, lastMonth.plus({ days: 5, hours: 10 }).toJSDate());
  await readModelsCaughtUp(app, ['payroll']);

  // Only admins close, only a month that is over, only once.
  assert.equal(codeOf(await app.gql(CLOSE, { month: name(lastMonth) }, speaker.token)), 'UNAUTHORIZED');
  const current = await app.gql(CLOSE, { month: name(thisMonth) }, admin.token);
  assert.equal(current.errors?.[0].message, PayrollMessages.monthNotOver);
  const closed = await app.gql(CLOSE, { month: name(lastMonth) }, admin.token);
  assert.equal(closed.errors, undefined, JSON.stringify(closed.errors));
  assert.deepEqual(closed.data.closePayrollMonth.payrollMonth, { month: name(lastMonth), closed: true, totalPay: 1125, speakerCount: 2 });
  const twice = await app.gql(CLOSE, { month: name(lastMonth) }, admin.token);
  assert.equal(codeOf(twice), 'CONFLICT');
  assert.equal(twice.errors?.[0].message, PayrollMessages.alreadyClosed);

  // A lesson of last month recorded late: last month stays as closed; this month pays the difference.
  const late = await holdLesson(app, speaker.accountId, lastMonth.plus({ days: 6, hours: 10 }).toJSDate());
  await readModelsCaughtUp(app, ['payroll']);
  assert.deepEqual((await app.gql(PAYROLL, range(lastMonth), speaker.token)).data.payroll, [
    { month: name(lastMonth), totalPay: 750, adjustmentAmount: 0, closed: true },
  ]);
  assert.deepEqual((await app.gql(PAYROLL, range(thisMonth), speaker.token)).data.payroll, [
    { month: name(thisMonth), totalPay: 375, adjustmentAmount: 375, closed: false },
  ]);
  assert.deepEqual((await app.gql(ITEMIZED, { speakerId: speaker.accountId, ...range(thisMonth) }, speaker.token)).data.itemizedPayroll, [
    { kind: 'adjustment', minutes: 0, amount: 375, attachmentId: null, adjustsMonth: name(lastMonth) },
  ]);
  const state = (await app.gql(MONTH, { month: name(lastMonth) }, admin.token)).data.payrollMonth;
  assert.equal(state.closed, true);
  assert.equal(state.totalPay, 1125, 'the closed total is what it closed on');
  assert.deepEqual(state.adjustments, [
    { speaker: { id: speaker.accountId }, fromMonth: name(lastMonth), toMonth: name(thisMonth), amount: 375 },
  ]);
  assert.equal(codeOf(await app.gql(MONTH, { month: name(lastMonth) }, speaker.token)), 'UNAUTHORIZED');

  // The admin grid: server-side sort and filter over the month's rows.
  const grid = await app.gql(ROWS, { month: name(lastMonth), sort: [{ field: 'totalPay', direction: 'DESC' }] }, admin.token);
  assert.equal(grid.errors, undefined, JSON.stringify(grid.errors));
  assert.deepEqual(
    grid.data.payrollRows.edges.map((e: any) => [e.node.speaker.id, e.node.totalPay, e.node.closed]),
    [
      [speaker.accountId, 750, true],
      [other.accountId, 375, true],
    ],
  );
  assert.equal(
    codeOf(await app.gql(ROWS, { month: name(lastMonth), filter: [{ field: 'emailAddress', predicate: 'eq', value: 'x' }] }, admin.token)),
    'BAD_USER_INPUT',
  );
  assert.equal(codeOf(await app.gql(ROWS, { month: '2026-13' }, admin.token)), 'BAD_USER_INPUT');

  // Reopening needs a reason, is recorded, and makes the month live again (the adjustment goes).
  assert.equal(
    (await app.gql(REOPEN, { month: name(lastMonth), reason: '  ' }, admin.token)).errors?.[0].message,
    PayrollMessages.reasonRequired,
  );
  const reopened = await app.gql(REOPEN, { month: name(lastMonth), reason: 'A lesson was recorded late' }, admin.token);
  assert.deepEqual(reopened.data.reopenPayrollMonth.payrollMonth, {
    closed: false,
    history: [
      { kind: 'reopened', reason: 'A lesson was recorded late', totalPay: 1125 },
      { kind: 'closed', reason: null, totalPay: 1125 },
    ],
  });
  assert.deepEqual((await app.gql(PAYROLL, range(lastMonth), speaker.token)).data.payroll, [
    { month: name(lastMonth), totalPay: 1125, adjustmentAmount: 0, closed: false },
  ]);
  assert.deepEqual((await app.gql(PAYROLL, range(thisMonth), speaker.token)).data.payroll, []);
  assert.ok(late);

  // CSV downloads: the speaker's own month, every speaker's for an admin only.
  const csv = (query: string, token?: string) =>
    fetch(`${app.url}/api/payroll/csv?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const own = await csv(`month=${name(thisMonth)}&kind=summary`, speaker.token);
  assert.equal(own.status, 200);
  assert.match(own.headers.get('content-disposition')!, new RegExp(`filename="payroll-${name(thisMonth).replace('-', '')}\\.csv"`));
  assert.equal((await own.text()).trimEnd().split('\r\n').length, 1, 'a header and no rows once the month was reopened');
  const everyone = await csv(`month=${name(lastMonth)}&kind=itemized&all=true`, admin.token);
  assert.match(everyone.headers.get('content-disposition')!, /-itemized\.csv"/);
  const lines = (await everyone.text()).trimEnd().split('\r\n');
  assert.equal(lines.length, 1 + 4, 'a header and the four lessons of both speakers');
  assert.ok(
    lines.slice(1).every((l) => /,conversation,15,15\.00,3\.75,paid-/.test(l)),
    lines.join('\n'),
  );
  assert.equal((await csv(`month=${name(lastMonth)}&kind=summary&all=true`, speaker.token)).status, 403);
  assert.equal((await csv(`month=${name(lastMonth)}&kind=summary`)).status, 403);
  const bad = await csv('month=2026-13&kind=summary', speaker.token);
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.message, PayrollMessages.monthFormat);

  // Closed again, then rebuilt by replay: the same read model.
  assert.equal((await app.gql(CLOSE, { month: name(lastMonth) }, admin.token)).data.closePayrollMonth.payrollMonth.totalPay, 1500);
  const before = await dump();
  const errors: unknown[] = [];
  const replaying = new ProjectionRunner(app.runtime.pool, app.runtime.store, [payrollProjector], {
    onError: (_name, error) => errors.push(error),
  });
  assert.deepEqual((await replaying.verify('payroll')).differences, [], 'the replay gives the live tables');
  assert.deepEqual(errors, [], 'without falling back to batches');
  await app.runtime.runner.rebuild('payroll');
  assert.deepEqual(await dump(), before);
});

/** `npm run projections -- <args>` against the test database: exit code and output. */
async function projectionsCli(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'services/cli/projections.ts', ...args], {
      // The product's secret: the log's personal data opens with it (docs/decisions/erasure.md).
      env: { ...process.env, DATABASE_URL: app.databaseUrl, AUTH_SECRET: app.runtime.config.authSecret, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout };
  } catch (error: any) {
    return { code: error.code as number, stdout: String(error.stdout) };
  }
}

it('verifies the live payroll against a replay, names a difference, and rebuilds with progress', async () => {
  await readModelsCaughtUp(app, ['payroll']);
  const clean = await projectionsCli('verify', 'payroll');
  assert.equal(clean.code, 0, clean.stdout);
  assert.match(clean.stdout, /payroll: the live tables match a rebuild from the log\./);
  assert.match(clean.stdout, /replayed [\d,]+ events in [\d.]+ s \([\d,]+ events\/s\) into scratch tables/);

  // A live row changed behind the log's back.
  await app.runtime.pool.query('UPDATE rm_payroll.months SET total = total + 1 WHERE ctid = (SELECT ctid FROM rm_payroll.months LIMIT 1)');
  const tampered = await projectionsCli('verify', 'payroll');
  assert.equal(tampered.code, 1);
  assert.match(tampered.stdout, /payroll\.months: 1 row\(s\) only live, 1 only in the rebuild/);

  const rebuilt = await projectionsCli('rebuild', 'payroll', '--reason', 'A live row was changed behind the log');
  assert.equal(rebuilt.code, 0, rebuilt.stdout);
  assert.match(rebuilt.stdout, /payroll: rebuilt from [\d,]+ events in [\d.]+ s \([\d,]+ events\/s\) and swapped in/);
  assert.equal((await projectionsCli('verify', 'payroll')).code, 0, 'the rebuild put the log back');
});

async function dump() {
  const out: Record<string, unknown[]> = {};
  for (const table of ['lines', 'months', 'closed_months', 'closed_totals', 'adjustments', 'month_history']) {
    out[table] = (await app.runtime.pool.query(`SELECT * FROM rm_payroll.${table} ORDER BY 1, 2, 3`)).rows;
  }
  return out;
}
