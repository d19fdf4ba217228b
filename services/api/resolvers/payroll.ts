/**
 * Speaker payroll over GraphQL (issue 12): a speaker reads their own month, admins every speaker's.
 * The month is the one startTime falls in (months in PAYROLL_TIME_ZONE), from October 2022 to now.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { PAYROLL_FIRST_MONTH, PayrollMessages } from '../../../contracts/payroll';
import { findPeople } from '../../../projections/directory';
import { itemizedPayroll, payrollMonth } from '../../../projections/payroll';
import { payMonthOf, type PayrollSummary } from '../../domain/speaking/payroll';
import { badInput } from '../../domain/shared/errors';
import { hasRole, isAdmin, requireSelfOrAdmin, requireViewer, roleRefused, type Viewer } from '../auth';

/** The month asked for, refused outside October 2022 .. this month or across two months. */
function monthOf(startTime: Date, endTime: Date): string {
  const month = payMonthOf(startTime);
  // endTime is the month's end: exclusive, so the instant before it is in the month.
  if (payMonthOf(new Date(endTime.getTime() - 1)) !== month || endTime <= startTime) throw badInput(PayrollMessages.sameMonth, { endTime: PayrollMessages.sameMonth });
  if (month < PAYROLL_FIRST_MONTH || month > payMonthOf(new Date())) throw badInput(PayrollMessages.monthRange, { startTime: PayrollMessages.monthRange });
  return month;
}

function requireSpeakerOrAdmin(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!isAdmin(v) && !hasRole(v, 'SPEAKER')) throw roleRefused('SPEAKER', PayrollMessages.speakerRole);
  return v;
}

const row = (s: PayrollSummary) => ({ id: `${s.speakerId}:${s.month}`, ...s });

export const payrollResolvers: Resolvers = {
  Query: {
    payroll: async (_p, { startTime, endTime, all }, ctx) => {
      const v = requireSpeakerOrAdmin(ctx.viewer);
      if (all && !isAdmin(v)) throw roleRefused('ADMIN');
      const month = monthOf(startTime as Date, endTime as Date);
      const summaries = await payrollMonth(ctx.runtime.pool, month, all ? null : v.accountId);
      // Every speaker's name in one query, not one per row.
      const people = await findPeople(ctx.runtime.pool, summaries.map((s) => s.speakerId));
      return summaries.map((s) => ({ ...row(s), speaker: people.get(s.speakerId) ?? null })) as any;
    },
    itemizedPayroll: async (_p, { speakerId, startTime, endTime }, ctx) => {
      requireSpeakerOrAdmin(ctx.viewer);
      requireSelfOrAdmin(ctx.viewer, speakerId);
      const month = monthOf(startTime as Date, endTime as Date);
      return (await itemizedPayroll(ctx.runtime.pool, speakerId, month)).map((l) => ({ ...l, attachmentId: l.conversationId })) as any;
    },
  },
};
