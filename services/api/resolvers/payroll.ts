/**
 * Speaker payroll over GraphQL (issue 12): a speaker reads their own months, admins every
 * speaker's, close and reopen months. Months are those of PAYROLL_TIME_ZONE, from October 2022 to now.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { PAYROLL_FIRST_MONTH, PayrollMessages } from '../../../contracts/payroll';
import { findPeople } from '../../../projections/directory';
import { itemizedPayroll, payrollMonths, payrollMonthState, payrollRowsSource, type PayrollMonthRow } from '../../../projections/payroll';
import { payMonthOf, payMonthStart } from '../../domain/speaking/payroll';
import { badInput } from '../../domain/shared/errors';
import { hasRole, isAdmin, requireAdmin, requireSelfOrAdmin, requireViewer, roleRefused, type Viewer } from '../auth';
import { commandMeta, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import { adminConnection } from '../adminConnection';

const MAX_MONTHS = 13;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function checkMonth(month: string, field: string): string {
  if (!MONTH.test(month)) throw badInput(PayrollMessages.monthFormat, { [field]: PayrollMessages.monthFormat });
  if (month < PAYROLL_FIRST_MONTH || month > payMonthOf(new Date()))
    throw badInput(PayrollMessages.monthRange, { [field]: PayrollMessages.monthRange });
  return month;
}

/** The months from the one startTime falls in to the one just before endTime (exclusive), at most 13. */
function monthsOf(startTime: Date, endTime: Date): { from: string; to: string } {
  if (endTime <= startTime) throw badInput(PayrollMessages.monthRange, { endTime: PayrollMessages.monthRange });
  const from = checkMonth(payMonthOf(startTime), 'startTime');
  const to = checkMonth(payMonthOf(new Date(endTime.getTime() - 1)), 'endTime');
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  if ((ty - fy) * 12 + (tm - fm) + 1 > MAX_MONTHS)
    throw badInput(PayrollMessages.tooManyMonths, { endTime: PayrollMessages.tooManyMonths });
  return { from, to };
}

export function requireSpeakerOrAdmin(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!isAdmin(v) && !hasRole(v, 'SPEAKER')) throw roleRefused('SPEAKER', PayrollMessages.speakerRole);
  return v;
}

/** Rows as GraphQL PayrollRow, with every speaker's name found in one query. */
async function withSpeakers(ctx: ApiContext, rows: PayrollMonthRow[]) {
  const people = await findPeople(
    ctx.runtime.pool,
    rows.map((r) => r.speakerId),
  );
  return rows.map((r) => ({ id: `${r.speakerId}:${r.month}`, ...r, speaker: people.get(r.speakerId) ?? null }));
}

/** The payroll read model at the log's end, so a close takes the totals everyone sees. */
async function payrollCaughtUp(ctx: ApiContext) {
  // Through the event store port: the log may be in KurrentDB, not in this database.
  const head = await ctx.runtime.store.headCheckpoint();
  if (head) await settled(ctx, { checkpoint: head }, ['payroll']);
}

async function monthAnswer(ctx: ApiContext, month: string) {
  const state = await payrollMonthState(ctx.runtime.pool, month);
  const people = await findPeople(
    ctx.runtime.pool,
    [state.closedBy, ...state.adjustments.map((a) => a.speakerId), ...state.history.map((h) => h.by)].filter((x): x is string => !!x),
  );
  return {
    ...state,
    closedBy: state.closedBy ? (people.get(state.closedBy) ?? null) : null,
    adjustments: state.adjustments.map((a) => ({ ...a, speaker: people.get(a.speakerId) ?? null })),
    history: state.history.map((h) => ({ ...h, by: h.by ? (people.get(h.by) ?? null) : null })),
  };
}

export const payrollResolvers: Resolvers = {
  Query: {
    payroll: async (_p, { startTime, endTime, all }, ctx) => {
      const v = requireSpeakerOrAdmin(ctx.viewer);
      if (all && !isAdmin(v)) throw roleRefused('ADMIN');
      const { from, to } = monthsOf(startTime as Date, endTime as Date);
      return await withSpeakers(ctx, await payrollMonths(ctx.runtime.pool, from, to, all ? null : v.accountId));
    },
    itemizedPayroll: async (_p, { speakerId, startTime, endTime }, ctx) => {
      requireSpeakerOrAdmin(ctx.viewer);
      requireSelfOrAdmin(ctx.viewer, speakerId);
      const { from, to } = monthsOf(startTime as Date, endTime as Date);
      if (from !== to) throw badInput(PayrollMessages.sameMonth, { endTime: PayrollMessages.sameMonth });
      const lines = await itemizedPayroll(ctx.runtime.pool, speakerId, from, payMonthStart(from));
      return lines.map((l) => ({ ...l, attachmentId: l.conversationId }));
    },
    payrollRows: async (_p, { month, ...args }, ctx) => {
      const page = await adminConnection(ctx, payrollRowsSource(checkMonth(month, 'month')), args);
      const nodes = await withSpeakers(
        ctx,
        page.edges.map((e) => e.node),
      );
      return { ...page, edges: page.edges.map((e, i) => ({ ...e, node: nodes[i] })) };
    },
    payrollMonth: async (_p, { month }, ctx) => {
      requireAdmin(ctx.viewer);
      return await monthAnswer(ctx, checkMonth(month, 'month'));
    },
  },
  Mutation: {
    closePayrollMonth: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      await payrollCaughtUp(ctx);
      const { appended } = await ctx.runtime.payroll.closePayrollMonth(commandMeta(ctx), { month: input.month });
      await settled(ctx, appended, ['payroll']);
      return { payrollMonth: await monthAnswer(ctx, input.month) };
    },
    reopenPayrollMonth: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.payroll.reopenPayrollMonth(commandMeta(ctx), { month: input.month, reason: input.reason });
      await settled(ctx, appended, ['payroll']);
      return { payrollMonth: await monthAnswer(ctx, input.month) };
    },
  },
};
