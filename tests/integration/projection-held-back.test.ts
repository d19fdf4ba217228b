/**
 * Events held back from the feed (services/feed/runner.ts): the feed returns no event while an
 * older transaction could still commit before it, and that transaction's end may wake nobody (a
 * write that is no append, or one in another database of the same server: the horizon is the
 * server's). A runner woken by the append, finding the event held back, looks again soon instead
 * of sleeping until its idle poll.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../services/eventstore/postgres';
import { ProjectionRunner } from '../../services/feed/runner';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { tallyProjector } from './fixtures/tally';

let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('projection-held-back');
  await migrateEventStore(db.pool);
  store = createPostgresEventStore(db.pool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tallied = async (accountId: string) =>
  (await db.pool.query('SELECT events FROM rm_tally.tallies WHERE account_id = $1', [accountId])).rows[0]?.events ?? 0;

describe('a runner woken while its event is held back', () => {
  it('applies the event soon after the older transaction ends, though that end wakes nobody', async () => {
    const runner = new ProjectionRunner(db.pool, store, [tallyProjector], { idleWaitMs: 60_000, onWake: (wake) => store.onAppended(wake) });
    await runner.prepare();
    runner.start();
    const older = await db.pool.connect();
    try {
      // An older transaction with an id of its own, as any write takes; it appends nothing.
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const account = `held-${crypto.randomUUID()}`;
      await store.appendToStreams([
        {
          stream: `minutes-${account}`,
          expected: 'no_stream',
          events: [
            {
              type: 'MinutesChanged',
              data: { transactionId: crypto.randomUUID(), accountId: account, minuteQuantity: 1, action: 'admin_adjustment', actionReason: null, balanceAfter: 0 },
              metadata: { actorId: null, correlationId: crypto.randomUUID(), causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
            },
          ],
        },
      ]);
      await sleep(300);
      assert.equal(await tallied(account), 0, 'held back while the older transaction runs');
      await older.query('COMMIT');
      let applied = false;
      for (const started = performance.now(); !applied && performance.now() - started < 10_000; await sleep(20)) applied = (await tallied(account)) === 1;
      assert.ok(applied, 'applied within seconds, not at the minute-long idle poll');
    } finally {
      older.release();
      await runner.stop();
    }
  });
});
