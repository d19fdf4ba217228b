/** Closing and reopening a pay month, given/when/then (issue 12). */
import { describe, it } from 'vitest';
import { PayrollMessages } from '../../../contracts/payroll';
import { deciderSpec } from '../shared/spec';
import {
  decideClosePayrollMonth,
  decideReopenPayrollMonth,
  evolvePayrollMonth,
  initialPayrollMonth,
  type ClosedPayrollRow,
  type PayrollMonthEvent,
} from './payrollClosing';

const spec = deciderSpec(evolvePayrollMonth, initialPayrollMonth);
const NOW = new Date('2026-11-10T12:00:00Z');
const row = (speakerId: string, totalPay: number): ClosedPayrollRow => ({
  speakerId,
  month: '2026-10',
  conversationPayMinutes: 60,
  conversationPayRate: 1500,
  conversationPayAmount: totalPay,
  idlePayMinutes: 0,
  idlePayRate: 0,
  idlePayAmount: 0,
  adjustmentAmount: 0,
  totalPay,
});
const closed: PayrollMonthEvent = {
  type: 'PayrollMonthClosed',
  data: { month: '2026-10', closedBy: 'admin', totalPay: 3000, rows: [row('a', 1500), row('b', 1500)] },
};

describe('closing a pay month', () => {
  it('closes a month that is over on its rows, in speaker order, with the total', () => {
    spec
      .given([])
      .when((s) => decideClosePayrollMonth(s, { month: '2026-10', now: NOW, closedBy: 'admin', rows: [row('b', 1500), row('a', 1500)] }))
      .then([closed]);
  });
  it('refuses the current month, a month before October 2022 and a malformed month', () => {
    spec
      .given([])
      .when((s) => decideClosePayrollMonth(s, { month: '2026-11', now: NOW, closedBy: 'admin', rows: [] }))
      .thenThrows('BAD_USER_INPUT', PayrollMessages.monthNotOver);
    spec
      .given([])
      .when((s) => decideClosePayrollMonth(s, { month: '2022-09', now: NOW, closedBy: 'admin', rows: [] }))
      .thenThrows('BAD_USER_INPUT', PayrollMessages.monthRange);
    spec
      .given([])
      .when((s) => decideClosePayrollMonth(s, { month: '2026-13', now: NOW, closedBy: 'admin', rows: [] }))
      .thenThrows('BAD_USER_INPUT', PayrollMessages.monthFormat);
  });
  it('closes a month in New York time: on the 1st at 02:00 UTC the month before is not over yet', () => {
    spec
      .given([])
      .when((s) => decideClosePayrollMonth(s, { month: '2026-10', now: new Date('2026-11-01T02:00:00Z'), closedBy: 'admin', rows: [] }))
      .thenThrows('BAD_USER_INPUT', PayrollMessages.monthNotOver);
  });
  it('refuses a second close (a double click) as a conflict', () => {
    spec
      .given([closed])
      .when((s) => decideClosePayrollMonth(s, { month: '2026-10', now: NOW, closedBy: 'admin', rows: [] }))
      .thenThrows('CONFLICT', PayrollMessages.alreadyClosed);
  });
  it('reopens a closed month with a trimmed reason, and closes it again after', () => {
    const reopened: PayrollMonthEvent = {
      type: 'PayrollMonthReopened',
      data: { month: '2026-10', reopenedBy: 'admin', reason: 'A marking was wrong' },
    };
    spec
      .given([closed])
      .when((s) => decideReopenPayrollMonth(s, { month: '2026-10', reason: '  A marking was wrong ', reopenedBy: 'admin' }))
      .then([reopened]);
    spec
      .given([closed, reopened])
      .when((s) => decideClosePayrollMonth(s, { month: '2026-10', now: NOW, closedBy: 'admin', rows: [row('a', 1500), row('b', 1500)] }))
      .then([closed]);
  });
  it('refuses to reopen an open month, or without a reason', () => {
    spec
      .given([])
      .when((s) => decideReopenPayrollMonth(s, { month: '2026-10', reason: 'x', reopenedBy: 'admin' }))
      .thenThrows('CONFLICT', PayrollMessages.notClosed);
    spec
      .given([closed])
      .when((s) => decideReopenPayrollMonth(s, { month: '2026-10', reason: '   ', reopenedBy: 'admin' }))
      .thenThrows('BAD_USER_INPUT', PayrollMessages.reasonRequired);
  });
});
