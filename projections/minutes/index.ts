/**
 * Minutes read model: each account's balance and its transactions. Hot (every enrollment,
 * reservation and refund), so it applies batches set-based, and it notifies
 * remainingMinutesChanged for each account a batch touched, at commit.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import { notifyChange, type Projector } from '../../services/feed/projector';
import { minutesReplay } from './replay';

export const minutesProjector: Projector = {
  name: 'minutes',
  version: 2,
  handles: ['MinutesChanged'],
  schema: `
    CREATE TABLE balances (account_id text PRIMARY KEY, remaining_minutes bigint NOT NULL, updated_at timestamptz NOT NULL);
    CREATE TABLE minute_transactions (
      id text PRIMARY KEY, account_id text NOT NULL, minute_quantity int NOT NULL, action text NOT NULL,
      action_reason text, actor_id text, created_at timestamptz NOT NULL, balance_after bigint NOT NULL
    );
    CREATE INDEX minute_transactions_account ON minute_transactions (account_id, created_at DESC);`,
  replay: minutesReplay,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const rows = events.map((e) => ({ ...e.data, actorId: e.metadata.actorId, at: e.metadata.occurredAt }));
    // The ledger stream carries the balance after each change; the last one per account wins.
    const latest = new Map<string, { balance: number; at: string }>();
    for (const r of rows) latest.set(r.accountId, { balance: r.balanceAfter, at: r.at });
    // One statement for both tables (a round trip fewer for the lane that commands wait for).
    // Named (prepared once per connection): the lane that commands wait for runs it every batch.
    await db.query({
      name: 'minutes_apply_v1',
      text: `WITH changes AS (
         INSERT INTO minute_transactions (id, account_id, minute_quantity, action, action_reason, actor_id, created_at, balance_after)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::bigint[])
         ON CONFLICT (id) DO NOTHING)
       INSERT INTO balances (account_id, remaining_minutes, updated_at)
       SELECT * FROM unnest($9::text[], $10::bigint[], $11::timestamptz[])
       ON CONFLICT (account_id) DO UPDATE SET remaining_minutes = EXCLUDED.remaining_minutes, updated_at = EXCLUDED.updated_at`,
      values: [
        rows.map((r) => r.transactionId),
        rows.map((r) => r.accountId),
        rows.map((r) => r.minuteQuantity),
        rows.map((r) => r.action),
        rows.map((r) => r.actionReason),
        rows.map((r) => r.actorId),
        rows.map((r) => r.at),
        rows.map((r) => r.balanceAfter),
        [...latest.keys()],
        [...latest.values()].map((v) => v.balance),
        [...latest.values()].map((v) => v.at),
      ],
    });
    await notifyChange(
      db,
      [...latest.keys()].map((key) => ({ topic: 'remainingMinutesChanged', key })),
    );
  },
};

export async function remainingMinutes(pool: pg.Pool, accountId: string): Promise<number> {
  const { rows } = await pool.query('SELECT remaining_minutes FROM rm_minutes.balances WHERE account_id = $1', [accountId]);
  return Number(rows[0]?.remaining_minutes ?? 0);
}

export async function minuteTransactions(pool: pg.Pool, accountId: string) {
  const { rows } = await pool.query(
    `SELECT id, minute_quantity, action, action_reason, created_at FROM rm_minutes.minute_transactions
      WHERE account_id = $1 ORDER BY created_at DESC, id DESC`,
    [accountId],
  );
  return rows.map((r) => ({
    id: r.id,
    minuteQuantity: r.minute_quantity,
    action: r.action,
    actionReason: r.action_reason,
    createdAt: r.created_at,
  }));
}
