/**
 * The background lane is paced (docs/decisions.md, "The background lane is paced"): caught up and
 * woken by new events, it starts a batch no sooner than `backgroundPaceMs` after the last one
 * began, unless a command waits for one of its read models, which it then serves at once.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../services/eventstore/postgres';
import type { Projector } from '../../services/feed/projector';
import { ProjectionRunner } from '../../services/feed/runner';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { tallyProjector } from './fixtures/tally';

const background: Projector = { ...tallyProjector, name: 'tally_background', lane: 'background' };

const meta = () => ({ actorId: null, correlationId: crypto.randomUUID(), causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 });
const change = (accountId: string) => ({
  type: 'MinutesChanged',
  data: { transactionId: crypto.randomUUID(), accountId, minuteQuantity: 1, action: 'admin_adjustment', actionReason: null, balanceAfter: 0 },
  metadata: meta(),
});

let db: TestDatabase;
let store: PostgresEventStore;
let runner: ProjectionRunner | null = null;
beforeAll(async () => {
  db = await createTestDatabase('projection-pacing');
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
const tallied = async (accountId: string) =>
  (await db.pool.query('SELECT events FROM rm_tally_background.tallies WHERE account_id = $1', [accountId])).rows[0]?.events ?? 0;

async function start(backgroundPaceMs: number) {
  runner = new ProjectionRunner(db.pool, store, [background], { backgroundPaceMs, idleWaitMs: 60_000, onWake: (wake) => store.onAppended(wake) });
  await runner.prepare();
  runner.start();
  return runner;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await sleep(20);
  }
  return null;
}

describe('the background lane', () => {
  it('woken by new events, starts its next batch no sooner than the pace allows, then applies them', async () => {
    await start(2000);
    const account = `paced-${crypto.randomUUID()}`;
    await store.appendToStreams([{ stream: `minutes-${account}`, expected: 'no_stream', events: [change(account)] }]);
    assert.notEqual(await until(async () => (await tallied(account)) === 1, 10_000), null, 'the first event is applied');
    // The batch that applied it began before this moment; the next may not begin for 2 s after it.
    await store.appendToStreams([{ stream: `minutes-${account}`, expected: 1, events: [change(account)] }]);
    await sleep(500);
    assert.equal(await tallied(account), 1, 'not applied half a second later: the lane waits for its pace');
    assert.notEqual(await until(async () => (await tallied(account)) === 2, 10_000), null, 'applied once the pace allows');
  });

  it('serves a command waiting for one of its read models at once', async () => {
    const lane = await start(60_000);
    const account = `waited-${crypto.randomUUID()}`;
    const first = await store.appendToStreams([{ stream: `minutes-${account}`, expected: 'no_stream', events: [change(account)] }]);
    assert.equal(await lane.waitFor(first.checkpoint, [background.name], 10_000), true);
    // The lane is now inside its minute-long pace: only a waiter's wake-up brings it back early.
    const second = await store.appendToStreams([{ stream: `minutes-${account}`, expected: 1, events: [change(account)] }]);
    const started = performance.now();
    assert.equal(await lane.waitFor(second.checkpoint, [background.name], 5_000), true, 'waitFor is answered long before the pace ends');
    assert.ok(performance.now() - started < 5_000);
    assert.equal(await tallied(account), 2);
  });
});
