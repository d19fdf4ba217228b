/**
 * The minutes read model's replay (a rebuild into empty tables): each batch's ledger lines go in by
 * COPY into a table without its keys, made once at the end; the balances are kept in memory (one
 * per account) and written once. What `apply` leaves, exactly: a line whose id came before is
 * left out (its ON CONFLICT DO NOTHING), and an account's balance is its last line's. Memory: the
 * ids seen, about 60 bytes a line, and a balance per account. tests/integration/replays.test.ts
 * compares it with the batches.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import { copyRows, dropIndexes } from '../../services/feed/bulk';
import type { Replay } from '../../services/feed/projector';

const LINE_COLUMNS = 'minute_transactions (id, account_id, minute_quantity, action, action_reason, actor_id, created_at, balance_after)';

export function minutesReplay(): Replay {
  const seen = new Set<string>();
  const balances = new Map<string, { balance: number; at: string }>();
  let remakeKeys: ((db: pg.PoolClient) => Promise<void>) | null = null;
  return {
    async add(events: StoredEvent[], db: pg.PoolClient) {
      remakeKeys ??= await dropIndexes(db, 'minute_transactions');
      const lines: unknown[][] = [];
      for (const e of events) {
        const d = e.data as Record<string, any>;
        const at = e.metadata.occurredAt;
        balances.set(d.accountId, { balance: d.balanceAfter, at });
        if (seen.has(d.transactionId)) continue;
        seen.add(d.transactionId);
        lines.push([d.transactionId, d.accountId, d.minuteQuantity, d.action, d.actionReason, e.metadata.actorId, at, d.balanceAfter]);
      }
      await copyRows(db, LINE_COLUMNS, lines);
    },
    async finish(db: pg.PoolClient) {
      await remakeKeys?.(db);
      await copyRows(
        db,
        'balances (account_id, remaining_minutes, updated_at)',
        (function* () {
          for (const [accountId, { balance, at }] of balances) yield [accountId, balance, at];
        })(),
      );
    },
  };
}
