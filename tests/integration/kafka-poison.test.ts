/**
 * A poison event on the Kafka feed, on a real broker: the projector failure policy of the direct
 * feed (docs/decisions/back-office.md, "Projections") holds for the Kafka worker. An event one read model
 * cannot apply stops that read model only, right before the event, recorded in its checkpoint row;
 * the other read model of the same partition, and the worker's offsets, go on. Once the cause is
 * fixed and the read model resumed, it takes the events the partition carried meanwhile from the
 * event store (its partition's offset has moved past them) and ends with every event once.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../services/eventstore/postgres';
import type { GlobalCheckpoint } from '../../services/eventstore/port';
import type { ProjectionFailure } from '../../services/feed/batch';
import type { Projector } from '../../services/feed/projector';
import { ProjectionRunner } from '../../services/feed/runner';
import { connectKafka } from '../../services/integrations/kafka';
import { startRelay, type Relay } from '../../services/relay/index';
import { startKafkaProjectors, type KafkaProjectors } from '../../services/relay/worker';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { startKafkaBroker, type KafkaBroker } from '../support/kafka';
import { tallyProjector } from './fixtures/tally';

/** Records each change; refuses one whose id is listed in public.poison (a cause outside the log). */
const picky: Projector = {
  name: 'picky',
  version: 1,
  handles: ['MinutesChanged'],
  schema: 'CREATE TABLE changes (id text PRIMARY KEY)',
  async apply(events, db) {
    for (const e of events) {
      const { rows } = await db.query('SELECT 1 FROM public.poison WHERE id = $1', [e.data.transactionId]);
      if (rows.length) throw new Error(`refusing ${e.data.transactionId}`);
      await db.query('INSERT INTO changes (id) VALUES ($1)', [e.data.transactionId]);
    }
  },
};

const meta = () => ({
  actorId: null,
  correlationId: crypto.randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});
const changes = (accountId: string, from: number, count: number) =>
  Array.from({ length: count }, (_, k) => ({
    type: 'MinutesChanged',
    data: {
      transactionId: `${accountId}-t${from + k}`,
      accountId,
      minuteQuantity: 1,
      action: 'admin_adjustment',
      actionReason: null,
      balanceAfter: 0,
    },
    metadata: meta(),
  }));

let broker: KafkaBroker;
let db: TestDatabase;
let store: PostgresEventStore;
let relay: Relay;
let worker: KafkaProjectors;
const failures: { name: string; failure: ProjectionFailure }[] = [];
const errors: unknown[] = [];

beforeAll(async () => {
  [broker, db] = await Promise.all([startKafkaBroker(), createTestDatabase('kafka_poison')]);
  await migrateEventStore(db.pool);
  await db.pool.query('CREATE TABLE public.poison (id text PRIMARY KEY)');
  await db.pool.query(`INSERT INTO public.poison VALUES ('a-t12')`);
  store = createPostgresEventStore(db.pool);
  // One event before the workers start, so the read models take their first checkpoint from the
  // store (as any new read model does) and everything after comes from Kafka.
  await store.appendToStreams([{ stream: 'minutes-a', expected: 'no_stream', events: changes('a', 0, 1) }]);
  const kafka = connectKafka(broker.brokers, 'kafka-poison-test');
  relay = startRelay({ pool: db.pool, store, kafka, topic: 'poison.events', partitions: 1, batchSize: 50 });
  await relay.active;
  worker = await startKafkaProjectors({
    pool: db.pool,
    store,
    kafka,
    projectors: [picky, tallyProjector],
    topic: 'poison.events',
    groupId: 'poison-test',
    batchSize: 50,
    sessionTimeoutMs: 6000,
    onFailed: (name, failure) => failures.push({ name, failure }),
    onError: (error) => errors.push(error),
  });
});

afterAll(async () => {
  await worker?.stop();
  await relay?.stop();
  await store?.close();
  await db?.drop();
  await broker?.stop();
});

async function checkpoint(name: string): Promise<{ at: GlobalCheckpoint | null; failure: ProjectionFailure | null; applied: number }> {
  const { rows } = await db.pool.query(
    'SELECT transaction_id, position, failure, events_applied FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  const r = rows[0];
  return {
    at: r.transaction_id ? { transactionId: r.transaction_id, position: r.position } : null,
    failure: r.failure,
    applied: Number(r.events_applied),
  };
}

const tally = async () => (await db.pool.query(`SELECT account_id, events FROM rm_tally.tallies ORDER BY account_id`)).rows;
const pickyIds = async () => (await db.pool.query('SELECT id FROM rm_picky.changes')).rows.map((r) => r.id as string);

it('stops only the read model that cannot apply an event, right before it; the partition goes on', async () => {
  // The 13th change of stream a (a-t12) is refused by picky; tally (same partition) takes it.
  await store.appendToStreams([{ stream: 'minutes-a', expected: 1, events: changes('a', 1, 29) }]);
  await store.appendToStreams([{ stream: 'minutes-b', expected: 'no_stream', events: changes('b', 0, 30) }]);
  await eventually(
    async () => {
      assert.deepEqual(await tally(), [
        { account_id: 'a', events: 30 },
        { account_id: 'b', events: 30 },
      ]);
      return true;
    },
    'tally to take both streams whole',
    60_000,
  );
  await eventually(
    () => {
      assert.equal(failures.length, 1, 'failures reported');
      return true;
    },
    'picky to fail once',
    30_000,
  );

  assert.equal(failures[0].name, 'picky');
  const [bad] = (await store.readStream('minutes-a')).filter((e) => e.data.transactionId === 'a-t12');
  const cp = await checkpoint('picky');
  assert.ok(cp.failure, 'the failure is recorded in the checkpoint row');
  assert.equal(cp.failure.eventType, 'MinutesChanged');
  assert.equal(cp.failure.streamId, 'minutes-a');
  assert.equal(cp.failure.streamVersion, 13);
  assert.equal(cp.failure.position, bad.position);
  assert.match(cp.failure.error, /refusing a-t12/);
  // Right before the event: everything up to a-t11 applied, nothing after.
  const [before] = (await store.readStream('minutes-a')).filter((e) => e.data.transactionId === 'a-t11');
  assert.deepEqual(cp.at, { transactionId: before.transactionId, position: before.position });
  assert.deepEqual((await pickyIds()).sort(), Array.from({ length: 12 }, (_, i) => `a-t${i}`).sort());

  // The worker keeps consuming: more events reach tally, picky stays where it stopped.
  await store.appendToStreams([{ stream: 'minutes-c', expected: 'no_stream', events: changes('c', 0, 5) }]);
  await eventually(
    async () => {
      assert.deepEqual(
        (await tally()).find((r) => r.account_id === 'c'),
        { account_id: 'c', events: 5 },
      );
      return true;
    },
    'tally to take stream c, picky stopped',
    30_000,
  );
  assert.deepEqual((await checkpoint('picky')).at, cp.at);
  assert.equal(failures.length, 1, 'stopped once, not retried for ever');
});

it('resumed after the cause is fixed, it takes what the partition carried meanwhile from the store', async () => {
  await db.pool.query('DELETE FROM public.poison');
  assert.equal(await new ProjectionRunner(db.pool, store, [picky, tallyProjector]).resume('picky'), true);
  // The next batch on the partition (one new event) finds picky behind its previous end.
  await store.appendToStreams([{ stream: 'minutes-c', expected: 5, events: changes('c', 5, 1) }]);
  const expected = [
    ...Array.from({ length: 30 }, (_, i) => `a-t${i}`),
    ...Array.from({ length: 30 }, (_, i) => `b-t${i}`),
    ...Array.from({ length: 6 }, (_, i) => `c-t${i}`),
  ].sort();
  await eventually(
    async () => {
      assert.deepEqual((await pickyIds()).sort(), expected);
      return true;
    },
    'picky to apply every event once resumed',
    30_000,
  );
  const cp = await checkpoint('picky');
  assert.equal(cp.failure, null);
  assert.equal(cp.applied, expected.length, 'every event applied once');
  // Picky may catch up from the store before the worker's batch with the new event reaches tally.
  await eventually(
    async () => {
      assert.deepEqual(await tally(), [
        { account_id: 'a', events: 30 },
        { account_id: 'b', events: 30 },
        { account_id: 'c', events: 6 },
      ]);
      return true;
    },
    "tally to take the partition's new event",
    30_000,
  );
});
