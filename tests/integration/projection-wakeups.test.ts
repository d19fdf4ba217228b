/**
 * Which appends wake a lane (services/feed/runner.ts, wakeAll): an append of this process wakes
 * only the lanes whose read models handle one of its event types; the others read those events
 * with their next batch. A command waiting for such a read model is still answered at once.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'vitest';
import { compareCheckpoints, type GlobalCheckpoint } from '../../services/eventstore/port';
import { ProjectionRunner } from '../../services/feed/runner';
import { eventually } from '../support/eventually';
import { useFeedDatabase, watchedStore } from './fixtures/feedDatabase';
import { eventMetadata, minutesChanged, tallyProjector } from './fixtures/tally';

const feed = useFeedDatabase('projection-wakeups');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An event no read model of the test handles. */
const unhandled = () =>
  feed.store.appendToStreams([
    {
      stream: `other-${crypto.randomUUID()}`,
      expected: 'no_stream',
      events: [{ type: 'SomethingElseHappened', data: {}, metadata: eventMetadata() }],
    },
  ]);
const reached = async (checkpoint: GlobalCheckpoint) => {
  const { rows } = await feed.db.pool.query(`SELECT transaction_id, position FROM projection_checkpoints WHERE name = 'tally'`);
  return (
    Boolean(rows[0]?.transaction_id) &&
    compareCheckpoints({ transactionId: rows[0].transaction_id, position: rows[0].position }, checkpoint) >= 0
  );
};

async function start() {
  const { db } = feed;
  const { store, seen } = watchedStore(feed.store);
  const runner = new ProjectionRunner(db.pool, store, [tallyProjector], { idleWaitMs: 60_000, onWake: (wake) => store.onAppended(wake) });
  feed.runner = runner;
  await runner.prepare();
  runner.start();
  // The first round, at start, finds the feed as it is; then the lane sleeps for its idle wait.
  await eventually(() => seen.roundsEnded > 0, 'the first round to end and the lane to sleep', 10_000);
  return runner;
}

describe('wake-ups by event type', () => {
  it('an append no read model of a lane handles does not wake it; the next one that does brings both in', async () => {
    await start();
    const other = await unhandled();
    await sleep(500); // Deliberate: the lane must sleep through this half second, the event notwithstanding
    assert.equal(await reached(other.checkpoint), false, 'the lane slept through an event none of its read models handles');
    const account = `wake-${crypto.randomUUID()}`;
    const handled = await feed.store.appendToStreams([
      { stream: `minutes-${account}`, expected: 'no_stream', events: [minutesChanged(account)] },
    ]);
    await eventually(() => reached(handled.checkpoint), 'woken by an event it handles, the lane read both', 10_000);
    assert.equal((await feed.db.pool.query('SELECT events FROM rm_tally.tallies WHERE account_id = $1', [account])).rows[0]?.events, 1);
  });

  it('a command waiting for the read model past such an event is answered at once', async () => {
    const lane = await start();
    const other = await unhandled();
    const started = performance.now();
    assert.equal(await lane.waitFor(other.checkpoint, ['tally'], 5_000), true);
    assert.ok(performance.now() - started < 5_000);
  });
});
