/**
 * Which appends wake a lane (services/feed/runner.ts, wakeAll): an append of this process wakes
 * only the lanes whose read models handle one of its event types; the others read those events
 * with their next batch. A command waiting for such a read model is still answered at once.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../services/eventstore/postgres';
import { compareCheckpoints, type GlobalCheckpoint } from '../../services/eventstore/port';
import { ProjectionRunner } from '../../services/feed/runner';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { tallyProjector } from './fixtures/tally';

let db: TestDatabase;
let store: PostgresEventStore;
let runner: ProjectionRunner | null = null;
beforeAll(async () => {
  db = await createTestDatabase('projection-wakeups');
  await migrateEventStore(db.pool);
  store = createPostgresEventStore(db.pool);
});
afterEach(async () => {
  await runner?.stop();
  runner = null;
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const meta = () => ({ actorId: null, correlationId: crypto.randomUUID(), causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 });
/** An event no read model of the test handles. */
const unhandled = () => store.appendToStreams([{ stream: `other-${crypto.randomUUID()}`, expected: 'no_stream', events: [{ type: 'SomethingElseHappened', data: {}, metadata: meta() }] }]);
const minutes = (accountId: string) =>
  store.appendToStreams([
    {
      stream: `minutes-${accountId}`,
      expected: 'any',
      events: [{ type: 'MinutesChanged', data: { transactionId: crypto.randomUUID(), accountId, minuteQuantity: 1, action: 'admin_adjustment', actionReason: null, balanceAfter: 0 }, metadata: meta() }],
    },
  ]);
const tallyCheckpoint = async (): Promise<GlobalCheckpoint | null> => {
  const { rows } = await db.pool.query(`SELECT transaction_id, position FROM projection_checkpoints WHERE name = 'tally'`);
  return rows[0]?.transaction_id ? { transactionId: rows[0].transaction_id, position: rows[0].position } : null;
};
const reached = async (checkpoint: GlobalCheckpoint) => {
  const at = await tallyCheckpoint();
  return at !== null && compareCheckpoints(at, checkpoint) >= 0;
};

async function start() {
  runner = new ProjectionRunner(db.pool, store, [tallyProjector], { idleWaitMs: 60_000, onWake: (wake) => store.onAppended(wake) });
  await runner.prepare();
  runner.start();
  // The first round, at start, finds the feed as it is; let it settle into its idle wait.
  await sleep(200);
  return runner;
}

describe('wake-ups by event type', () => {
  it('an append no read model of a lane handles does not wake it; the next one that does brings both in', async () => {
    await start();
    const other = await unhandled();
    await sleep(500);
    assert.equal(await reached(other.checkpoint), false, 'the lane slept through an event none of its read models handles');
    const account = `wake-${crypto.randomUUID()}`;
    const handled = await minutes(account);
    let caughtUp = false;
    for (const started = performance.now(); !caughtUp && performance.now() - started < 10_000; await sleep(20)) caughtUp = await reached(handled.checkpoint);
    assert.ok(caughtUp, 'woken by an event it handles, it read both');
    assert.equal((await db.pool.query('SELECT events FROM rm_tally.tallies WHERE account_id = $1', [account])).rows[0]?.events, 1);
  });

  it('a command waiting for the read model past such an event is answered at once', async () => {
    const lane = await start();
    const other = await unhandled();
    const started = performance.now();
    assert.equal(await lane.waitFor(other.checkpoint, ['tally'], 5_000), true);
    assert.ok(performance.now() - started < 5_000);
  });
});
