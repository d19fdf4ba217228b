/**
 * The Kafka worker's continuity (issue 30), without a broker: a fake Kafka port hands the worker
 * the batches a test writes, encoded as the relay encodes them, to a read model in PostgreSQL. A
 * partition that skipped events (three sends lost after a broker's death, in the cluster test) must
 * not make the read model skip them: the next message names its predecessor in the feed, which is
 * not the read model's checkpoint, so the read model catches up from the event store first. A
 * continuous partition costs no read of the store.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../services/eventstore/postgres';
import { checkpointOf, type EventStore, type GlobalCheckpoint, type StoredEvent } from '../../services/eventstore/port';
import type { ConsumedBatch, ConsumedMessage, KafkaPort } from '../../services/integrations/kafka';
import { encodeEvent } from '../../services/relay/index';
import { startKafkaProjectors, type KafkaProjectors } from '../../services/relay/worker';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { minutesChanged, tallyProjector } from './fixtures/tally';

let db: TestDatabase;
let store: PostgresEventStore;
let worker: KafkaProjectors;
let eachBatch: (batch: ConsumedBatch) => Promise<void>;
/** Reads of the event store by the worker (its catch-ups and gap questions). */
let storeReads = 0;
const errors: unknown[] = [];

/** A rebalance that gives the worker its partition again. */
let reassign: () => void;

/** One partition; its consumer delivers what `deliver` is given. */
const fakeKafka = {
  brokers: [],
  topicPartitions: async () => 1,
  consumer: (options) => ({
    async start(_topic, handler) {
      eachBatch = handler;
      reassign = () => options.onAssigned?.([0]);
      reassign();
    },
    async stop() {},
  }),
} as Partial<KafkaPort> as KafkaPort;

let offset = 0;
/** Hands the worker one batch of partition 0, encoded as the relay encodes it. */
async function deliver(messages: { event: StoredEvent; previous: GlobalCheckpoint | null }[]) {
  const consumed: ConsumedMessage[] = messages.map(({ event, previous }) => {
    return { offset: String(offset++), key: null, value: Buffer.from(encodeEvent(event, previous)) };
  });
  await eachBatch({
    partition: 0,
    messages: consumed,
    isRunning: () => true,
    isStale: () => false,
    heartbeat: async () => {},
    commit: async () => {},
  });
}
/**
 * The feed's messages for `events`, each stamped with the event before it in the log, as the relay
 * stamps them. The log is read until it shows them all again: the feed's horizon can step back for a
 * moment after `append` saw them (a transaction of another test file's database that ends while
 * the horizon is computed counts as still running: the slower side, never a wrong one).
 */
async function feed(events: StoredEvent[]) {
  const log = await eventually(async () => {
    const read = await store.readAll(null, 10_000);
    return events.every((event) => read.some((e) => e.position === event.position)) && read;
  }, 'the feed to show the events again');
  return events.map((event) => {
    const i = log.findIndex((e) => e.position === event.position);
    return { event, previous: i === 0 ? null : checkpointOf(log[i - 1]) };
  });
}

const tallied = async (account: string) =>
  Number((await db.pool.query('SELECT events FROM rm_tally.tallies WHERE account_id = $1', [account])).rows[0]?.events ?? 0);
const applied = async () =>
  Number((await db.pool.query(`SELECT events_applied FROM projection_checkpoints WHERE name = 'tally'`)).rows[0].events_applied);

/**
 * Appends `count` events and returns the stream's events once the feed shows them: the feed's
 * horizon is the whole cluster's, and another test file's open transaction (in its own database)
 * holds it back for a moment.
 */
async function append(account: string, count: number): Promise<StoredEvent[]> {
  await store.appendToStreams([
    { stream: `minutes-${account}`, expected: 'any', events: Array.from({ length: count }, () => minutesChanged(account)) },
  ]);
  return eventually(async () => {
    const events = (await store.readAll(null, 10_000)).filter((e) => e.streamId === `minutes-${account}`);
    return events.length === count && events;
  }, `the feed to show the ${count} events of minutes-${account}`);
}

beforeAll(async () => {
  db = await createTestDatabase('kafka_continuity');
  await migrateEventStore(db.pool);
  store = createPostgresEventStore(db.pool);
  const counted: EventStore = {
    ...store,
    readAll: (after, limit) => {
      storeReads++;
      return store.readAll(after, limit);
    },
  };
  worker = await startKafkaProjectors({
    pool: db.pool,
    store: counted,
    kafka: fakeKafka,
    projectors: [tallyProjector],
    topic: 'continuity.events',
    groupId: 'continuity-test',
    batchSize: 50,
    onError: (error) => errors.push(error),
  });
});

afterAll(async () => {
  await worker?.stop();
  await store?.close();
  await db?.drop();
});

it('catches a read model up from the store when the partition skipped events its checkpoint had not reached', async () => {
  const log = await append('gap', 6);
  await deliver(await feed(log.slice(0, 2)));
  assert.equal(await tallied('gap'), 2);
  // Events 3 and 4 never reached the partition (kafkajs resolved their send unwritten).
  await deliver(await feed(log.slice(4)));
  assert.equal(await tallied('gap'), 6, 'every event of the log, the two the partition lacked included');
  assert.equal(await applied(), 6, 'none applied twice');
  assert.deepEqual(errors, []);
});

it('reads nothing from the store after a rebalance while each message follows the read model checkpoint, duplicates included', async () => {
  const log = await append('steady', 4);
  const before = await applied();
  const reads = storeReads;
  reassign();
  const messages = await feed(log);
  await deliver(messages.slice(0, 3));
  await deliver(messages.slice(1));
  assert.equal(await tallied('steady'), 4);
  assert.equal(await applied(), before + 4);
  assert.equal(storeReads, reads, 'no read of the event store');
  assert.deepEqual(errors, []);
});
