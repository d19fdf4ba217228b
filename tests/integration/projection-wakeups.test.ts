/**
 * Which appends wake a lane (services/feed/runner.ts, wakeAll): an append of this process wakes
 * only the lanes whose read models handle one of its event types; the others read those events
 * with their next batch. A command waiting for such a read model is still answered at once.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'vitest';
import { compareCheckpoints, type GlobalCheckpoint } from '../../services/eventstore/port';
import type pg from 'pg';
import { createPool } from '../../services/db/pool';
import { createPostgresEventStore } from '../../services/eventstore/postgres';
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

  it('the lane still reads such an event within about a second, not at its idle poll', async () => {
    await start();
    const other = await unhandled();
    const started = performance.now();
    await eventually(() => reached(other.checkpoint), 'the lane to move past an event it does not handle', 10_000);
    const took = performance.now() - started;
    // Deliberate bound: the lane's poll is 60 s; /readyz counts a read model behind and not moving for 2 s as stuck.
    assert.ok(took < 5_000, `moved past it after ${Math.round(took)} ms`);
  });

  it('a command waiting for the read model past such an event is answered at once', async () => {
    const lane = await start();
    const other = await unhandled();
    const started = performance.now();
    assert.equal(await lane.waitFor(other.checkpoint, ['tally'], 5_000), true);
    assert.ok(performance.now() - started < 5_000);
  });
});

describe('another runner holding the checkpoints', () => {
  it('that lets go without applying (it died mid-batch): the lane reads the events soon, not at its poll', async () => {
    await start();
    // Another process's runner: holds the read model's checkpoint row, as a batch does.
    const elsewhere = await feed.db.pool.connect();
    try {
      await elsewhere.query('BEGIN');
      await elsewhere.query(`SELECT 1 FROM projection_checkpoints WHERE name = 'tally' FOR UPDATE`);
      const account = `elsewhere-${crypto.randomUUID()}`;
      const appended = await feed.store.appendToStreams([
        { stream: `minutes-${account}`, expected: 'no_stream', events: [minutesChanged(account)] },
      ]);
      // Deliberate: the lane, woken, must find the row held (and skip it) before the holder goes away.
      await sleep(300);
      assert.equal(await reached(appended.checkpoint), false, 'held elsewhere, not applied here');
      await elsewhere.query('ROLLBACK');
      const started = performance.now();
      await eventually(() => reached(appended.checkpoint), 'the lane to apply what the other runner left', 10_000);
      assert.ok(performance.now() - started < 5_000, 'soon, not at the 60 s poll');
    } finally {
      elsewhere.release();
    }
  });
});

describe('the LISTEN connection', () => {
  const listeners = async () =>
    (
      await feed.db.pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      )
    ).rows.map((r) => r.pid);

  it("is made again when it breaks, and another process's append then wakes the lane, long before its poll", async () => {
    await start();
    // Another process's store: its appends reach this one's runner only by NOTIFY.
    const other = createPostgresEventStore(feed.db.pool);
    try {
      const cut = await listeners();
      assert.ok(cut.length > 0, 'the runner listens');
      await feed.db.pool.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [cut]);
      await eventually(async () => !(await listeners()).some((pid) => cut.includes(pid)), 'the cut connection to end', 10_000);
      const account = `relisten-${crypto.randomUUID()}`;
      const appended = await other.appendToStreams([
        { stream: `minutes-${account}`, expected: 'no_stream', events: [minutesChanged(account)] },
      ]);
      // Whether the notice came before the connection was back or after, the lane reads it within
      // seconds; without a new connection it would sleep through its 60 s poll.
      await eventually(() => reached(appended.checkpoint), 'the lane, woken again, to read the append', 10_000);
      assert.ok((await listeners()).length > 0, 'listening again');
    } finally {
      await other.close();
    }
  });

  it('made while the last one is still letting go, keeps its notices when that one is given back', async () => {
    // A pool whose UNLISTEN waits for the test: the store's listener lets go of a connection, and
    // a new subscriber makes the next one, before the first is given back (a slow UNLISTEN).
    let unlistened: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      unlistened = resolve;
    });
    let lettingGo: pg.PoolClient | null = null;
    let givenBack = false;
    const pool = createPool(feed.db.url, 4);
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (text: string) => Promise<pg.QueryResult>;
      (client as unknown as { query: typeof query }).query = async (text) => {
        if (!text.startsWith('UNLISTEN')) return query(text);
        lettingGo = client as pg.PoolClient;
        await gate;
        return query(text);
      };
    });
    pool.on('release', (_error, client) => {
      if (client === lettingGo) givenBack = true;
    });
    const store = createPostgresEventStore(pool);
    try {
      let listening = false;
      const first = store.onAppended(() => {
        listening = true;
      });
      await eventually(() => listening, 'the first connection to listen (and wake its subscriber)', 10_000);
      first();
      await eventually(() => lettingGo !== null, 'the first connection to be letting go', 10_000);
      let woken = 0;
      store.onAppended(() => (woken += 1));
      await eventually(() => woken > 0, 'the new connection to listen (and wake its subscriber)', 10_000);
      unlistened();
      await eventually(() => givenBack, 'the first connection back in the pool', 10_000);
      const before = woken;
      const account = `relisten-${crypto.randomUUID()}`;
      await feed.store.appendToStreams([{ stream: `minutes-${account}`, expected: 'no_stream', events: [minutesChanged(account)] }]);
      await eventually(() => woken > before, "another store's append to wake the subscriber by NOTIFY", 10_000);
    } finally {
      unlistened();
      await store.close();
      await pool.end();
    }
  });
});
