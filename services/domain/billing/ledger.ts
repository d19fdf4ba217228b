/**
 * The minutes ledger of one account (stream minutes-<accountId>): every credit and debit is an event
 * with quantity, action and reason; the balance never goes below zero.
 */
import { ErrorCode, Messages } from '../../../contracts/errors';
import type { DecisionContext, DomainEvent } from '../shared/decider';
import { DomainError, badInput } from '../shared/errors';
import { BillingMessages } from './messages';

export type MinutesChanged = DomainEvent<
  'MinutesChanged',
  {
    transactionId: string;
    accountId: string;
    /** Positive for a credit, negative for a debit. */
    minuteQuantity: number;
    /** What caused it: admin_adjustment, enrollment, conversation, refund, make_up, code_redemption … */
    action: string;
    actionReason: string | null;
    balanceAfter: number;
  }
>;
export type LedgerEvent = MinutesChanged;

/** The most minutes an account holds: far more than anyone uses, far less than any column holds. */
export const MAX_BALANCE = 1_000_000;

export const ledgerStream = (accountId: string) => `minutes-${accountId}`;

export interface LedgerState {
  balance: number;
}
export const initialLedger = (): LedgerState => ({ balance: 0 });

/**
 * The state is the last event's balance: commands read only that event (readLedger). Every ledger
 * event type must carry the balance after it.
 */
export function evolveLedger(state: LedgerState, event: LedgerEvent): LedgerState {
  return event.type === 'MinutesChanged' ? { balance: event.data.balanceAfter } : state;
}

export function decideChangeMinutes(
  state: LedgerState,
  cmd: { transactionId: string; accountId: string; minutes: number; action: string; reason: string | null },
  _ctx: DecisionContext,
): LedgerEvent[] {
  if (!Number.isInteger(cmd.minutes)) throw badInput(BillingMessages.minutesWhole, { minutes: BillingMessages.minutesWhole });
  if (cmd.minutes === 0) throw badInput(Messages.zeroMinutes, { minutes: Messages.zeroMinutes });
  const balanceAfter = state.balance + cmd.minutes;
  if (balanceAfter < 0) throw new DomainError(ErrorCode.INSUFFICIENT_MINUTES, Messages.insufficientMinutes);
  if (balanceAfter > MAX_BALANCE) throw badInput(Messages.balanceTooLarge, { minutes: Messages.balanceTooLarge });
  return [
    {
      type: 'MinutesChanged',
      data: {
        transactionId: cmd.transactionId,
        accountId: cmd.accountId,
        minuteQuantity: cmd.minutes,
        action: cmd.action,
        actionReason: cmd.reason,
        balanceAfter,
      },
    },
  ];
}
