/**
 * Closing a pay month (issue 12). Stream payroll-month-YYYY-MM. A close carries the totals it closed
 * on, so the month's numbers are those of the event, never recomputed: a later correction (a
 * marking changed, a rule fixed and replayed) shows as an adjustment in the next open month
 * (projections/payroll). Reopening is explicit, with a reason, and recorded.
 */
import { PAYROLL_FIRST_MONTH, PayrollMessages } from '../../../contracts/payroll';
import type { DomainEvent } from '../shared/decider';
import { badInput, conflict } from '../shared/errors';
import { payMonthOf, type PayrollSummary } from './payroll';

/** A speaker's month as it was closed: the summary and the corrections paid in it. */
export interface ClosedPayrollRow extends PayrollSummary {
  adjustmentAmount: number;
}

export type PayrollMonthClosed = DomainEvent<
  'PayrollMonthClosed',
  {
    month: string;
    closedBy: string | null;
    totalPay: number;
    rows: ClosedPayrollRow[];
  }
>;
export type PayrollMonthReopened = DomainEvent<
  'PayrollMonthReopened',
  {
    month: string;
    reopenedBy: string | null;
    reason: string;
  }
>;
export type PayrollMonthEvent = PayrollMonthClosed | PayrollMonthReopened;

export const PAYROLL_MONTH_EVENT_TYPES = ['PayrollMonthClosed', 'PayrollMonthReopened'] as const;
export const payrollMonthStream = (month: string) => `payroll-month-${month}`;

export interface PayrollMonthState {
  closed: boolean;
}
export const initialPayrollMonth = (): PayrollMonthState => ({ closed: false });

export function evolvePayrollMonth(state: PayrollMonthState, event: PayrollMonthEvent): PayrollMonthState {
  if (event.type === 'PayrollMonthClosed') return { closed: true };
  if (event.type === 'PayrollMonthReopened') return { closed: false };
  return state;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const REOPEN_REASON_MAX = 500;

/** 'YYYY-MM' from October 2022 up to the month before `now`'s: only a finished month can be closed. */
export function closableMonthError(month: string, now: Date): string | null {
  if (!MONTH.test(month)) return PayrollMessages.monthFormat;
  if (month < PAYROLL_FIRST_MONTH) return PayrollMessages.monthRange;
  if (month >= payMonthOf(now)) return PayrollMessages.monthNotOver;
  return null;
}

export function decideClosePayrollMonth(
  state: PayrollMonthState,
  cmd: { month: string; now: Date; closedBy: string | null; rows: ClosedPayrollRow[] },
): PayrollMonthEvent[] {
  const problem = closableMonthError(cmd.month, cmd.now);
  if (problem) throw badInput(problem, { month: problem });
  if (state.closed) throw conflict(PayrollMessages.alreadyClosed);
  const rows = [...cmd.rows].sort((a, b) => (a.speakerId < b.speakerId ? -1 : a.speakerId > b.speakerId ? 1 : 0));
  const totalPay = rows.reduce((sum, r) => sum + r.totalPay, 0);
  return [{ type: 'PayrollMonthClosed', data: { month: cmd.month, closedBy: cmd.closedBy, totalPay, rows } }];
}

export function decideReopenPayrollMonth(
  state: PayrollMonthState,
  cmd: { month: string; reason: string; reopenedBy: string | null },
): PayrollMonthEvent[] {
  const reason = cmd.reason.trim();
  if (!reason) throw badInput(PayrollMessages.reasonRequired, { reason: PayrollMessages.reasonRequired });
  if (reason.length > REOPEN_REASON_MAX) throw badInput(PayrollMessages.reasonTooLong, { reason: PayrollMessages.reasonTooLong });
  if (!state.closed) throw conflict(PayrollMessages.notClosed);
  return [{ type: 'PayrollMonthReopened', data: { month: cmd.month, reopenedBy: cmd.reopenedBy, reason } }];
}
