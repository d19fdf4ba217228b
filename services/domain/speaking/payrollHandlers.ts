/** Closing and reopening pay months (issue 12); the rules are in payrollClosing.ts. */
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { fold } from '../shared/decider';
import {
  decideClosePayrollMonth,
  decideReopenPayrollMonth,
  evolvePayrollMonth,
  initialPayrollMonth,
  payrollMonthStream,
  type ClosedPayrollRow,
  type PayrollMonthEvent,
} from './payrollClosing';

export interface PayrollDeps {
  commands: CommandExecutor;
  /** Every speaker's row of the month as the payroll read model has it now (caught up by the caller). */
  currentRows: (month: string) => Promise<ClosedPayrollRow[]>;
}

async function loadMonth(tx: CommandTransaction, month: string) {
  return fold(evolvePayrollMonth, initialPayrollMonth(), (await tx.read(payrollMonthStream(month))) as PayrollMonthEvent[]);
}

export function payrollHandlers(deps: PayrollDeps) {
  return {
    /** Closes a month on the rows it shows now; the month's stream version refuses a second close. */
    async closePayrollMonth(meta: CommandMeta, input: { month: string }) {
      return deps.commands.execute(meta, async (tx) => {
        const state = await loadMonth(tx, input.month);
        const rows = state.closed ? [] : await deps.currentRows(input.month);
        tx.append(
          payrollMonthStream(input.month),
          decideClosePayrollMonth(state, { month: input.month, now: tx.now, closedBy: tx.actor.accountId, rows }),
        );
        return true;
      });
    },
    async reopenPayrollMonth(meta: CommandMeta, input: { month: string; reason: string }) {
      return deps.commands.execute(meta, async (tx) => {
        const state = await loadMonth(tx, input.month);
        tx.append(
          payrollMonthStream(input.month),
          decideReopenPayrollMonth(state, { month: input.month, reason: input.reason, reopenedBy: tx.actor.accountId }),
        );
        return true;
      });
    },
  };
}

export type PayrollHandlers = ReturnType<typeof payrollHandlers>;
