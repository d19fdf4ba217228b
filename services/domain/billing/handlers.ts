import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { streams as identityStreams } from '../identity/events';
import { notFound } from '../shared/errors';
import { newId } from '../shared/ids';
import { decideChangeMinutes, evolveLedger, initialLedger, ledgerStream, type LedgerEvent, type LedgerState } from './ledger';
import { BillingMessages } from './messages';

export function billingHandlers(deps: { commands: CommandExecutor }) {
  return {
    /** Admin adjustment of an account's minutes (positive credits, negative debits). */
    async changeMinutes(meta: CommandMeta, input: { accountId: string; minutes: number; reason: string | null; action?: string }) {
      return deps.commands.execute(meta, async (tx) => {
        const account = await tx.read(identityStreams.account(input.accountId));
        if (!account.length) throw notFound(BillingMessages.accountNotFound);
        const ledger = await readLedger(tx, input.accountId);
        const events = decideChangeMinutes(
          ledger,
          {
            transactionId: newId(),
            accountId: input.accountId,
            minutes: input.minutes,
            action: input.action ?? 'admin_adjustment',
            reason: input.reason?.trim() || null,
          },
          { now: tx.now, actor: tx.actor },
        );
        tx.append(ledgerStream(input.accountId), events);
        return events[0].data.balanceAfter;
      });
    },
  };
}
export type BillingHandlers = ReturnType<typeof billingHandlers>;

/**
 * An account's minutes: every ledger entry carries the balance after it, so the last one alone is
 * the state, and reading it costs the same however long the ledger grows (an append expects it).
 */
export async function readLedger(tx: Pick<CommandTransaction, 'readLast'>, accountId: string): Promise<LedgerState> {
  const last = (await tx.readLast(ledgerStream(accountId))) as LedgerEvent | null;
  return last ? evolveLedger(initialLedger(), last) : initialLedger();
}

/**
 * Credits minutes to an account inside another command's transaction (a refund with a marking,
 * fair time with a stop, make-up minutes with their payment): read the ledger, decide, append.
 */
export async function creditLedger(
  tx: CommandTransaction,
  input: { accountId: string; minutes: number; action: string; reason: string | null; transactionId?: string },
) {
  const ledger = await readLedger(tx, input.accountId);
  const events = decideChangeMinutes(
    ledger,
    {
      transactionId: input.transactionId ?? newId(),
      accountId: input.accountId,
      minutes: input.minutes,
      action: input.action,
      reason: input.reason,
    },
    { now: tx.now, actor: tx.actor },
  );
  tx.append(ledgerStream(input.accountId), events);
  return events[0].data;
}
