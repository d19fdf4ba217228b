/**
 * The event store contract against the PostgreSQL adapter, on a fresh database for this file,
 * plus what only the PostgreSQL adapter promises (migrations, LISTEN wake-ups, handler errors).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import pg from 'pg';
import {
  createPostgresEventStore,
  READ_MODEL_CONNECTIONS,
  eventStoreMigrations,
  migrateEventStore,
  type PostgresEventStore,
  type SubscriptionErrorInfo,
} from '../../services/eventstore/postgres';
import { migrate } from '../../services/db/migrate';
import { WrongExpectedVersionError, type NewEvent, type StoredEvent } from '../../services/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { postgresSubject, runEventStoreContract } from './eventstore.contract';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('eventstore');
  await migrateEventStore(db.pool);
});

afterAll(async () => {
  await db?.drop();
});

runEventStoreContract('postgres', async () => postgresSubject(db.pool, createPostgresEventStore(db.pool)));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const meta = () => ({
  actorId: null,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});
const ev = (type: string, data: unknown = {}): NewEvent => ({ type, data, metadata: meta() });
const uniq = (label: string) => `pg-${label}-${Math.random().toString(36).slice(2)}`;

describe('PostgreSQL event store specifics', () => {
  let store: PostgresEventStore;
  beforeAll(() => {
    store = createPostgresEventStore(db.pool);
  });
  afterAll(() => store.close());

  it('migrations are idempotent and create the tables DESIGN.md describes', async () => {
    await migrateEventStore(db.pool);
    await migrate(db.pool, 'eventstore', eventStoreMigrations);
    const { rows } = await db.pool.query(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_name IN ('events', 'streams') ORDER BY table_name, ordinal_position`,
    );
    const columns = rows.map((r) => `${r.table_name}.${r.column_name}:${r.data_type}`);
    assert.deepEqual(columns, [
      'events.global_position:bigint',
      'events.transaction_id:xid8',
      'events.stream_id:text',
      'events.stream_version:bigint',
      'events.type:text',
      'events.data:jsonb',
      'events.metadata:jsonb',
      'events.recorded_at:timestamp with time zone',
      'streams.stream_id:text',
      'streams.version:bigint',
    ]);
  });

  it('the append checkpoint carries the real transaction id and position', async () => {
    const stream = uniq('xid');
    const result = await store.appendToStreams([{ stream, expected: 'no_stream', events: [ev('A'), ev('B')] }]);
    const { rows } = await db.pool.query(
      'SELECT transaction_id::text AS tx, global_position::text AS pos FROM events WHERE stream_id = $1 ORDER BY stream_version',
      [stream],
    );
    assert.deepEqual(result.checkpoint, { transactionId: rows[1].tx, position: rows[1].pos });
    assert.equal(rows[0].tx, rows[1].tx);
  });

  it('a late-committing transaction holds back later events in the feed, then comes first', async () => {
    const slowStream = uniq('slow');
    const fastStream = uniq('fast');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await store.appendWithClient(client, [{ stream: slowStream, expected: 'no_stream', events: [ev('Slow')] }]);
      const fast = await store.appendToStreams([{ stream: fastStream, expected: 'no_stream', events: [ev('Fast')] }]);
      const feed = await store.readAll(null, 100_000);
      assert.ok(!feed.some((e) => e.streamId === fastStream), 'the committed later event is held back');
      await client.query('COMMIT');
      const mine = await eventually(async () => {
        const both = (await store.readAll(null, 100_000)).filter((e) => e.streamId === slowStream || e.streamId === fastStream);
        return both.length === 2 && both;
      }, 'both events in the feed once the slow transaction committed');
      assert.deepEqual(
        mine.map((e) => e.type),
        ['Slow', 'Fast'],
        'ordered by transaction id: the older one first',
      );
      assert.equal(mine[1].transactionId, fast.checkpoint.transactionId);
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
    }
  });

  it('a stream read again is whole: what this store keeps, and what another process appended since', async () => {
    const stream = uniq('kept');
    const other = createPostgresEventStore(db.pool);
    try {
      await store.appendToStreams([{ stream, expected: 'no_stream', events: [ev('A'), ev('B')] }]);
      assert.deepEqual(
        (await store.readStream(stream)).map((e) => e.type),
        ['A', 'B'],
      );
      await other.appendToStreams([{ stream, expected: 2, events: [ev('C')] }]);
      assert.deepEqual(
        (await store.readStream(stream)).map((e) => [e.type, e.streamVersion]),
        [
          ['A', 1],
          ['B', 2],
          ['C', 3],
        ],
      );
      const both = await store.readStreams([stream, uniq('empty')]);
      assert.deepEqual(
        both.get(stream)!.map((e) => e.type),
        ['A', 'B', 'C'],
      );
      assert.deepEqual([...both.values()][1], []);
    } finally {
      await other.close();
    }
  });

  it('a last-event read of a stream it does not keep reads one row and keeps nothing; of one it keeps, reads only what is new', async () => {
    const stream = uniq('ledger');
    const fresh = createPostgresEventStore(db.pool);
    try {
      await store.appendToStreams([{ stream, expected: 'no_stream', events: Array.from({ length: 40 }, (_, i) => ev(`E${i}`)) }]);
      const before = fresh.cachedEvents();
      const [last] = (await fresh.readStreams([stream], { lastOnly: [stream] })).get(stream)!;
      assert.deepEqual([last.type, last.streamVersion], ['E39', 40]);
      assert.equal(fresh.cachedEvents(), before, 'a last-event read keeps nothing');
      await fresh.readStream(stream); // now kept whole
      await store.appendToStreams([{ stream, expected: 40, events: [ev('E40')] }]);
      const [next] = (await fresh.readStreams([stream], { lastOnly: [stream] })).get(stream)!;
      assert.deepEqual([next.type, next.streamVersion], ['E40', 41]);
    } finally {
      await fresh.close();
    }
  });

  it("a read model's open transaction does not hold back the feed; any other open transaction does", async () => {
    const connect = async (applicationName?: string, url = db.url) => {
      const client = new pg.Client({ connectionString: url, ...(applicationName ? { application_name: applicationName } : {}) });
      await client.connect();
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()'); // holds a transaction id, as a writing batch does
      return client;
    };
    const seen = async (stream: string) => (await store.readAll(null, 100_000)).some((e) => e.streamId === stream);
    // Autovacuum shares this database's horizon for a moment now and then.
    const shownSoon = (stream: string, what: string) => eventually(() => seen(stream), what);
    const readModel = await connect(READ_MODEL_CONNECTIONS);
    try {
      const first = uniq('past-read-model');
      await store.appendToStreams([{ stream: first, expected: 'no_stream', events: [ev('A')] }]);
      await shownSoon(first, "an event committed after a read model's batch began, in the feed while the batch is open");

      const other = await connect();
      const second = uniq('behind-other');
      try {
        await store.appendToStreams([{ stream: second, expected: 'no_stream', events: [ev('B')] }]);
        assert.ok(!(await seen(second)), 'held back while an older transaction of another connection is open');
      } finally {
        await other.query('ROLLBACK');
        await other.end();
      }
      await shownSoon(second, 'the held-back event, shown once the other transaction ended, the read model still open');
    } finally {
      await readModel.query('ROLLBACK');
      await readModel.end();
    }
  });

  it("another database's open transaction on the same server does not hold back the feed", async () => {
    const elsewhere = await createTestDatabase('eventstore-neighbour');
    const neighbour = new pg.Client({ connectionString: elsewhere.url });
    await neighbour.connect();
    try {
      await neighbour.query('BEGIN');
      await neighbour.query('SELECT pg_current_xact_id()'); // a writing transaction, older than the append
      const stream = uniq('beside-neighbour');
      await store.appendToStreams([{ stream, expected: 'no_stream', events: [ev('A')] }]);
      await eventually(
        async () => (await store.readAll(null, 100_000)).some((e) => e.streamId === stream),
        "the event in the feed while another database's transaction is open",
      );
      const stillOpen = await neighbour.query(`SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS open`);
      assert.equal(stillOpen.rows[0].open, true, "the neighbour's transaction was open throughout");
    } finally {
      await neighbour.query('ROLLBACK').catch(() => {});
      await neighbour.end();
      await elsewhere.drop();
    }
  });

  it('the feed orders transaction ids as numbers, not as text', async () => {
    // Rows written as if by transactions 9, 10 and 100 (long finished): '10' < '9' as text.
    const stream = uniq('xid-order');
    const metadata = JSON.stringify(meta());
    await db.pool.query(
      `INSERT INTO events (transaction_id, stream_id, stream_version, type, data, metadata)
       VALUES ('100', $1, 1, 'Hundred', '{}', $2), ('9', $1, 2, 'Nine', '{}', $2), ('10', $1, 3, 'Ten', '{}', $2)`,
      [stream, metadata],
    );
    const all = await store.readAll(null, 100_000);
    assert.deepEqual(
      all.filter((e) => e.streamId === stream).map((e) => e.type),
      ['Nine', 'Ten', 'Hundred'],
    );
    const paged: string[] = [];
    let after = null as StoredEvent | null;
    for (;;) {
      const page = await store.readAll(after && { transactionId: after.transactionId, position: after.position }, 1);
      if (!page.length || BigInt(page[0].transactionId) > 100n) break;
      paged.push(page[0].type);
      after = page[0];
    }
    assert.deepEqual(
      paged.filter((t) => ['Nine', 'Ten', 'Hundred'].includes(t)),
      ['Nine', 'Ten', 'Hundred'],
    );
  });

  it('a rolled-back caller transaction leaves nothing behind', async () => {
    const stream = uniq('rollback');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await store.appendWithClient(client, [{ stream, expected: 'no_stream', events: [ev('Gone')] }]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    assert.deepEqual(await store.readStream(stream), []);
    const again = await store.appendToStreams([{ stream, expected: 'no_stream', events: [ev('Here')] }]);
    assert.equal(again.versions[stream], 1);
  });

  for (const mode of ['after-commit', 'in-transaction', 'caller transaction'] as const) {
    it(`NOTIFY (${mode}) wakes a subscription of another store long before its poll interval`, async () => {
      const writer = createPostgresEventStore(db.pool, { notify: mode === 'caller transaction' ? 'after-commit' : mode });
      const reader = createPostgresEventStore(db.pool); // stands for another process
      const stream = uniq('notify');
      const received: StoredEvent[] = [];
      const sub = reader.subscribeToAll(
        null,
        async (events) => {
          received.push(...events.filter((e) => e.streamId === stream));
        },
        { pollIntervalMs: 60_000 },
      );
      try {
        await sub.ready; // caught up and LISTENing
        if (mode === 'caller transaction') {
          const client = await db.pool.connect();
          try {
            await client.query('BEGIN');
            await writer.appendWithClient(client, [{ stream, expected: 'no_stream', events: [ev('Woken')] }]);
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        } else {
          await writer.appendToStreams([{ stream, expected: 'no_stream', events: [ev('Woken')] }]);
        }
        // Well before the 60 s poll; generous because a transaction held open anywhere in the
        // cluster (another test file) holds the feed back meanwhile.
        await eventually(() => received.length === 1, 'the notified delivery', 15_000);
      } finally {
        await sub.close();
        await reader.close();
        await writer.close();
      }
    });
  }

  it('events held back by a transaction that sends no NOTIFY arrive soon after it ends, not at the next poll', async () => {
    const stream = uniq('held');
    const received: StoredEvent[] = [];
    const sub = store.subscribeToAll(
      null,
      async (events) => {
        received.push(...events.filter((e) => e.streamId === stream));
      },
      { pollIntervalMs: 60_000 },
    );
    const blocker = await db.pool.connect();
    try {
      await sub.ready;
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()'); // an older transaction, not an append
      await store.appendToStreams([{ stream, expected: 'no_stream', events: [ev('Held')] }]);
      await sleep(200); // Deliberate: the wake-up comes and goes meanwhile, and the event must stay held back
      assert.equal(received.length, 0);
      await blocker.query('ROLLBACK');
      await eventually(() => received.length === 1, 'the held-back event', 15_000);
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
      await sub.close();
    }
  });

  it('a store wakes its own subscriptions without NOTIFY', async () => {
    const own = createPostgresEventStore(db.pool, { notify: 'off', channel: 'tertulia_events_unused_test' });
    const stream = uniq('local');
    const received: StoredEvent[] = [];
    const sub = own.subscribeToAll(
      null,
      async (events) => {
        received.push(...events.filter((e) => e.streamId === stream));
      },
      { pollIntervalMs: 60_000 },
    );
    try {
      await sub.ready;
      await own.appendToStreams([{ stream, expected: 'no_stream', events: [ev('Local')] }]);
      await eventually(() => received.length === 1, 'the local wake-up', 15_000);
    } finally {
      await sub.close();
      await own.close();
    }
  });

  it('without NOTIFY the poll still delivers', async () => {
    const quiet = createPostgresEventStore(db.pool, { notify: 'off', channel: 'tertulia_events_quiet_test' });
    const stream = uniq('poll');
    const received: StoredEvent[] = [];
    const sub = quiet.subscribeToAll(
      null,
      async (events) => {
        received.push(...events.filter((e) => e.streamId === stream));
      },
      { pollIntervalMs: 50 },
    );
    try {
      await sub.ready;
      await sleep(100); // Deliberate: caught up and idle for a poll interval or two, so only a poll can find the next append
      await quiet.appendToStreams([{ stream, expected: 'no_stream', events: [ev('Polled')] }]);
      await eventually(() => received.length === 1, 'the polled delivery', 15_000);
    } finally {
      await sub.close();
      await quiet.close();
    }
  });

  it('a handler error stops the subscription without skipping, and is reported', async () => {
    const stream = uniq('failing');
    await store.appendToStreams([{ stream, expected: 'no_stream', events: [ev('One'), ev('Two'), ev('Three')] }]);
    const errors: [unknown, SubscriptionErrorInfo][] = [];
    const accepted: StoredEvent[] = [];
    let calls = 0;
    const sub = store.subscribeToAll(
      null,
      async (events) => {
        const mine = events.filter((e) => e.streamId === stream);
        if (mine.some((e) => e.type === 'Two')) {
          calls += 1;
          throw new Error('projection broke');
        }
        accepted.push(...mine);
      },
      { batchSize: 1, pollIntervalMs: 20, onError: (error, info) => errors.push([error, info]) },
    );
    await sub.done;
    assert.equal(calls, 1, 'the failing batch is not retried or skipped');
    assert.deepEqual(
      accepted.map((e) => e.type),
      ['One'],
    );
    assert.equal((sub.error as Error).message, 'projection broke');
    assert.deepEqual(
      errors.map(([e, info]) => [(e as Error).message, info]),
      [['projection broke', { source: 'handler', fatal: true }]],
    );
    // Resuming from its checkpoint redelivers the failed event first.
    const resumed: StoredEvent[] = [];
    const again = store.subscribeToAll(
      sub.checkpoint,
      async (events) => {
        resumed.push(...events.filter((e) => e.streamId === stream));
      },
      { pollIntervalMs: 20 },
    );
    await eventually(() => resumed.length >= 2, 'the redelivery');
    await again.close();
    assert.deepEqual(
      resumed.map((e) => e.type),
      ['Two', 'Three'],
    );
    await sub.close(); // closing a stopped subscription is fine
  });

  it('close() from inside the handler does not deadlock', async () => {
    const stream = uniq('self-close');
    await store.appendToStreams([{ stream, expected: 'no_stream', events: [ev('A'), ev('B')] }]);
    let calls = 0;
    const sub = store.subscribeToAll(
      null,
      async () => {
        calls += 1;
        await sub.close();
      },
      { batchSize: 1 },
    );
    await sub.done;
    assert.equal(calls, 1);
  });

  it('store.close() stops its subscriptions and releases the LISTEN connection', async () => {
    const own = createPostgresEventStore(db.pool);
    let calls = 0;
    const sub = own.subscribeToAll(
      null,
      async () => {
        calls += 1;
      },
      { pollIntervalMs: 20 },
    );
    await sub.ready;
    const listening = async () =>
      (await db.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`))
        .rows[0].n as number;
    assert.ok((await listening()) >= 1);
    await own.close();
    await sub.done;
    const callsAtClose = calls;
    await store.appendToStreams([{ stream: uniq('after-close'), expected: 'no_stream', events: [ev('X')] }]);
    await sleep(150); // Deliberate: several poll intervals, in which a closed store may deliver nothing
    assert.equal(calls, callsAtClose);
    await assert.rejects(own.appendToStreams([{ stream: uniq('closed'), expected: 'any', events: [ev('X')] }]), /closed/);
  });

  it('an empty request in a multi-stream append guards a stream version without writing to it', async () => {
    const guarded = uniq('guarded');
    const target = uniq('target');
    await store.appendToStreams([{ stream: guarded, expected: 'no_stream', events: [ev('G1')] }]);
    await assert.rejects(
      store.appendToStreams([
        { stream: guarded, expected: 2, events: [] },
        { stream: target, expected: 'any', events: [ev('T1')] },
      ]),
      (e: unknown) => e instanceof WrongExpectedVersionError && e.stream === guarded && e.actual === 1,
    );
    assert.deepEqual(await store.readStream(target), []);
    const ok = await store.appendToStreams([
      { stream: guarded, expected: 1, events: [] },
      { stream: target, expected: 'any', events: [ev('T1')] },
    ]);
    assert.deepEqual(ok.versions, { [guarded]: 1, [target]: 1 });
    assert.equal((await store.readStream(guarded)).length, 1);
  });

  it('rejects malformed appends before touching the database', async () => {
    const stream = uniq('bad');
    await assert.rejects(store.appendToStreams([]), TypeError);
    await assert.rejects(store.appendToStreams([{ stream, expected: 'any', events: [] }]), TypeError);
    await assert.rejects(
      store.appendToStreams([
        { stream, expected: 'any', events: [ev('A')] },
        { stream, expected: 'any', events: [ev('B')] },
      ]),
      /twice/,
    );
    await assert.rejects(store.appendToStreams([{ stream, expected: -1, events: [ev('A')] }]), TypeError);
    assert.deepEqual(await store.readStream(stream), []);
  });
});
