/**
 * Events held back from the feed (services/feed/runner.ts): the feed returns no event while an
 * older transaction could still commit before it, and that transaction's end may wake nobody (a
 * write that is no append, or one in another database of the same server: the horizon is the
 * server's). A runner woken by the append, finding the event held back, looks again soon instead
 * of sleeping until its idle poll.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'vitest';
import { ProjectionRunner } from '../../services/feed/runner';
import { eventually } from '../support/eventually';
import { useFeedDatabase, watchedStore } from './fixtures/feedDatabase';
import { minutesChanged, tallyProjector } from './fixtures/tally';

const feed = useFeedDatabase('projection-held-back');
const tallied = async (accountId: string) =>
  (await feed.db.pool.query('SELECT events FROM rm_tally.tallies WHERE account_id = $1', [accountId])).rows[0]?.events ?? 0;

describe('a runner woken while its event is held back', () => {
  it('applies the event soon after the older transaction ends, though that end wakes nobody', async () => {
    const { db } = feed;
    const { store, seen } = watchedStore(feed.store);
    feed.runner = new ProjectionRunner(db.pool, store, [tallyProjector], { idleWaitMs: 60_000, onWake: (wake) => store.onAppended(wake) });
    await feed.runner.prepare();
    feed.runner.start();
    const older = await db.pool.connect();
    try {
      // An older transaction with an id of its own, as any write takes; it appends nothing.
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const account = `held-${crypto.randomUUID()}`;
      await store.appendToStreams([{ stream: `minutes-${account}`, expected: 'no_stream', events: [minutesChanged(account)] }]);
      await eventually(() => seen.heldBackSeen > 0, 'the runner, woken by the append, to find its event held back', 10_000);
      assert.equal(await tallied(account), 0, 'held back while the older transaction runs');
      await older.query('COMMIT');
      // Within seconds, not at the minute-long idle poll.
      await eventually(async () => (await tallied(account)) === 1, 'the event applied after the older transaction ended', 10_000);
    } finally {
      older.release();
    }
  });
});
