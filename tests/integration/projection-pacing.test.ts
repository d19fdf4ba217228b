/**
 * The background lane is paced under load (docs/decisions/back-office.md, "The background lane is paced"):
 * once its batches begun within the last `backgroundPaceMs` held BACKGROUND_PACE_MIN_EVENTS or more,
 * caught up and woken by new events, it starts the next no sooner than `backgroundPaceMs` after the
 * last one began, unless a command waits for one of its read models, which it then serves at once.
 * Light traffic (fewer events than that) is not paced.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'vitest';
import type { Projector } from '../../services/feed/projector';
import { BACKGROUND_PACE_MIN_EVENTS, ProjectionRunner } from '../../services/feed/runner';
import { eventually } from '../support/eventually';
import { useFeedDatabase } from './fixtures/feedDatabase';
import { minutesChanged, tallyProjector } from './fixtures/tally';

const background: Projector = { ...tallyProjector, name: 'tally_background', lane: 'background' };
const change = minutesChanged;
const changes = (accountId: string, n: number) => Array.from({ length: n }, () => change(accountId));

const feed = useFeedDatabase('projection-pacing');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tallied = async (accountId: string) =>
  (await feed.db.pool.query('SELECT events FROM rm_tally_background.tallies WHERE account_id = $1', [accountId])).rows[0]?.events ?? 0;
const talliedReaches = (accountId: string, n: number, what: string) =>
  eventually(async () => (await tallied(accountId)) === n, what, 10_000);

async function start(backgroundPaceMs: number) {
  const { db, store } = feed;
  const runner = new ProjectionRunner(db.pool, store, [background], {
    backgroundPaceMs,
    idleWaitMs: 60_000,
    onWake: (wake) => store.onAppended(wake),
  });
  feed.runner = runner;
  await runner.prepare();
  runner.start();
  return runner;
}

describe('the background lane', () => {
  it('after a batch of many events, starts its next no sooner than the pace allows, then applies it', async () => {
    await start(2000);
    const account = `paced-${crypto.randomUUID()}`;
    const many = BACKGROUND_PACE_MIN_EVENTS;
    await feed.store.appendToStreams([{ stream: `minutes-${account}`, expected: 'no_stream', events: changes(account, many) }]);
    await talliedReaches(account, many, 'the first events are applied');
    // The batch that applied them began before this moment; the next may not begin for 2 s after it.
    await feed.store.appendToStreams([{ stream: `minutes-${account}`, expected: many, events: [change(account)] }]);
    await sleep(500); // Deliberate: for this half second the lane must not apply it
    assert.equal(await tallied(account), many, 'not applied half a second later: the lane waits for its pace');
    await talliedReaches(account, many + 1, 'applied once the pace allows');
  });

  it('after a batch of a few events (light traffic), applies the next at once', async () => {
    await start(60_000);
    const account = `light-${crypto.randomUUID()}`;
    await feed.store.appendToStreams([{ stream: `minutes-${account}`, expected: 'no_stream', events: [change(account)] }]);
    await talliedReaches(account, 1, 'the first event is applied');
    await feed.store.appendToStreams([{ stream: `minutes-${account}`, expected: 1, events: [change(account)] }]);
    await talliedReaches(account, 2, 'the next is applied well before the minute-long pace');
  });

  it('paces a steady stream of a few events a batch once those of the last pace add up to many', async () => {
    await start(10_000);
    const account = `steady-${crypto.randomUUID()}`;
    // One event a batch: each is applied before the next is appended. Light traffic so far...
    for (let n = 1; n < BACKGROUND_PACE_MIN_EVENTS; n++) {
      await feed.store.appendToStreams([
        { stream: `minutes-${account}`, expected: n === 1 ? 'no_stream' : n - 1, events: [change(account)] },
      ]);
      await talliedReaches(account, n, `event ${n} applied at once`);
    }
    // ...until the batches begun within the pace hold BACKGROUND_PACE_MIN_EVENTS events together.
    const many = BACKGROUND_PACE_MIN_EVENTS;
    await feed.store.appendToStreams([{ stream: `minutes-${account}`, expected: many - 1, events: [change(account)] }]);
    await talliedReaches(account, many, 'the last of them applied');
    await feed.store.appendToStreams([{ stream: `minutes-${account}`, expected: many, events: [change(account)] }]);
    await sleep(500); // Deliberate: for this half second the lane must not apply it
    assert.equal(await tallied(account), many, 'the next waits for the pace');
  });

  it('serves a command waiting for one of its read models at once', async () => {
    const lane = await start(60_000);
    const account = `waited-${crypto.randomUUID()}`;
    const many = BACKGROUND_PACE_MIN_EVENTS;
    const first = await feed.store.appendToStreams([
      { stream: `minutes-${account}`, expected: 'no_stream', events: changes(account, many) },
    ]);
    assert.equal(await lane.waitFor(first.checkpoint, [background.name], 10_000), true);
    // After a batch that large the lane is inside its minute-long pace: only a waiter's wake-up brings it back early.
    const second = await feed.store.appendToStreams([{ stream: `minutes-${account}`, expected: many, events: [change(account)] }]);
    const started = performance.now();
    assert.equal(await lane.waitFor(second.checkpoint, [background.name], 5_000), true, 'waitFor is answered long before the pace ends');
    assert.ok(performance.now() - started < 5_000);
    assert.equal(await tallied(account), many + 1);
  });
});
