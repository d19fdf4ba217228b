/**
 * Payroll CSV downloads (issue 12; names from the spec's constants): GET /api/payroll/csv?month=
 * YYYY-MM&kind=summary|itemized[&all=true]. A speaker gets their own month, an admin every
 * speaker's with all=true. Amounts and rates in dollars with two decimals (rates per hour); times
 * in the payroll's time zone with their offset.
 */
import express from 'express';
import { DateTime } from 'luxon';
import { csvRows } from '../../contracts/csv';
import { PAYROLL_TIME_ZONE, payrollCsvName } from '../../contracts/payroll';
import { findPeople, type PersonRow } from '../../projections/directory';
import { itemizedPayroll, payrollMonths, type ItemizedLine, type PayrollMonthRow } from '../../projections/payroll';
import { payMonthStart } from '../domain/speaking/payroll';
import type { Runtime } from '../app/runtime';
import { isAdmin, roleRefused } from './auth';
import { tokenFromHeaders, viewerFromToken } from './context';
import { knowCaller, sendDomainError } from './httpErrors';
import { checkMonth, requireSpeakerOrAdmin } from './resolvers/payroll';

export const PAYROLL_CSV_PATH = '/api/payroll/csv';

const dollars = (cents: number) => (cents / 100).toFixed(2);

type Names = Map<string, Pick<PersonRow, 'givenName' | 'surname'>>;

export function summaryCsv(rows: PayrollMonthRow[], names: Names): string {
  return csvRows(
    [
      [
        'Month',
        'Speaker ID',
        'Given name',
        'Surname',
        'Conversation minutes',
        'Conversation rate ($/h)',
        'Conversation pay ($)',
        'Idle minutes',
        'Idle rate ($/h)',
        'Idle pay ($)',
        'Adjustments ($)',
        'Total pay ($)',
        'Closed',
      ],
      ...rows.map((r) => [
        r.month,
        r.speakerId,
        names.get(r.speakerId)?.givenName ?? '',
        names.get(r.speakerId)?.surname ?? '',
        r.conversationPayMinutes,
        dollars(r.conversationPayRate),
        dollars(r.conversationPayAmount),
        r.idlePayMinutes,
        dollars(r.idlePayRate),
        dollars(r.idlePayAmount),
        dollars(r.adjustmentAmount),
        dollars(r.totalPay),
        r.closed ? 'yes' : 'no',
      ]),
    ],
    [2, 3],
  );
}

export function itemizedCsv(lines: ItemizedLine[], names: Names): string {
  return csvRows(
    [
      [
        'Speaker ID',
        'Given name',
        'Surname',
        `Time (${PAYROLL_TIME_ZONE})`,
        'Kind',
        'Minutes',
        'Rate ($/h)',
        'Amount ($)',
        'Conversation ID',
        'Corrects month',
      ],
      ...lines.map((l) => [
        l.speakerId,
        names.get(l.speakerId)?.givenName ?? '',
        names.get(l.speakerId)?.surname ?? '',
        DateTime.fromJSDate(l.time, { zone: PAYROLL_TIME_ZONE }).toISO({ suppressMilliseconds: true }),
        l.kind,
        l.minutes,
        dollars(l.rate),
        dollars(l.amount),
        l.conversationId,
        l.adjustsMonth,
      ]),
    ],
    [1, 2],
  );
}

export function payrollCsvRouter(runtime: Runtime): express.Router {
  const router = express.Router();
  router.get('/', async (req, res, next) => {
    try {
      const caller = await viewerFromToken(runtime, tokenFromHeaders({ get: (n) => req.get(n) ?? null }));
      knowCaller(res, runtime, caller);
      const viewer = requireSpeakerOrAdmin(caller);
      const all = req.query.all === 'true';
      if (all && !isAdmin(viewer)) throw roleRefused('ADMIN');
      const month = checkMonth(typeof req.query.month === 'string' ? req.query.month : '', 'month');
      const itemized = req.query.kind === 'itemized';
      const speakerId = all ? null : viewer.accountId;
      const body = itemized
        ? await (async () => {
            const lines = await itemizedPayroll(runtime.pool, speakerId, month, payMonthStart(month));
            return itemizedCsv(
              lines,
              await findPeople(
                runtime.pool,
                lines.map((l) => l.speakerId),
              ),
            );
          })()
        : await (async () => {
            const rows = await payrollMonths(runtime.pool, month, month, speakerId);
            return summaryCsv(
              rows,
              await findPeople(
                runtime.pool,
                rows.map((r) => r.speakerId),
              ),
            );
          })();
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${payrollCsvName(month, itemized)}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.send(body);
    } catch (error) {
      sendDomainError(res, error, next);
    }
  });
  return router;
}
