/**
 * `npm run relay` — publishes the event store's feed to Kafka (services/relay/index.ts).
 * `npm run projections -- run --source kafka` (or FEED_SOURCE=kafka) — a projector worker fed by
 * Kafka (services/relay/worker.ts); it calls `runKafkaWorker` below.
 *
 * Settings: KAFKA_BROKERS (host:port,…; required), KAFKA_TOPIC (tertulia.events), KAFKA_PARTITIONS
 * (4, when the relay creates the topic), KAFKA_GROUP (tertulia-projectors), KAFKA_SESSION_TIMEOUT_MS
 * (10000: how soon a dead worker's partitions move; the broker's minimum is 6000), DATABASE_URL (the read
 * models' and the relay's database; the embedded one when unset), EVENTSTORE_DATABASE_URL (the
 * event store's database when it is another one), KURRENTDB_URL (the log in KurrentDB: the relay
 * follows $all, its checkpoint in DATABASE_URL), RELAY_BATCH_SIZE / PROJECTION_BATCH_SIZE.
 */
import pino from 'pino';
import { allProjectors } from '../../projections';
import { loadConfig } from '../app/config';
import { resolveDatabase } from '../app/database';
import { exitOnSignals, exitWithError } from '../app/shutdown';
import { createPool, type PoolOptions } from '../db/pool';
import { READ_MODEL_POOL } from '../feed/batch';
import type { EventStore } from '../eventstore/port';
import { createPostgresEventStore, migrateEventStore } from '../eventstore/postgres';
import { preparePersonalData, withPersonalData } from '../eventstore/personal';
import { connectKafka } from '../integrations/kafka';
import { DEFAULT_PARTITIONS, DEFAULT_TOPIC, startRelay } from './index';
import { startKafkaProjectors } from './worker';
import { kurrentEventStore } from '../eventstore/kurrentdb/load';

function brokers(): string[] {
  const list = (process.env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (!list.length) {
    console.error(
      'Set KAFKA_BROKERS to the Kafka brokers (host:port, comma-separated). `npx tsx scripts/kafka/broker.ts` starts a local one.',
    );
    process.exit(2);
  }
  return list;
}

const positiveInt = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) {
    console.error(`${name} must be a whole number from 1 to 100000 (got '${value}')`);
    process.exit(2);
  }
  return n;
};

/**
 * The databases and the event store. The log is where the product keeps it (KURRENTDB_URL, as
 * services/app/runtime.ts); the relay's checkpoint and the read models stay in PostgreSQL: the
 * event store's database on PostgreSQL (EVENTSTORE_DATABASE_URL or DATABASE_URL), DATABASE_URL's
 * beside KurrentDB. `poolOptions`: READ_MODEL_POOL for a projector worker, whose transactions only
 * write read models.
 */
async function connect(poolOptions?: PoolOptions) {
  const config = loadConfig();
  const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const db = await resolveDatabase(config, log);
  const pool = createPool(db.url, 5, poolOptions);
  const storeUrl = process.env.EVENTSTORE_DATABASE_URL;
  const storePool = storeUrl && !config.kurrentdbUrl ? createPool(storeUrl, 3) : pool;
  let store: EventStore;
  if (config.kurrentdbUrl) {
    store = await kurrentEventStore(config.kurrentdbUrl);
  } else {
    await migrateEventStore(storePool);
    store = createPostgresEventStore(storePool);
  }
  // The feed carries plaintext to Kafka, as to read models: an erased person's fields go out as placeholders.
  store = withPersonalData(store, await preparePersonalData(storePool, config.authSecret));
  const close = async () => {
    await store.close();
    if (storePool !== pool) await storePool.end();
    await pool.end();
    await db.embedded?.stop();
  };
  return { log, pool, storePool, store, close, eventStore: config.kurrentdbUrl ? 'kurrentdb' : 'postgres' };
}

export async function runRelay() {
  const kafka = connectKafka(brokers(), 'tertulia-relay');
  const { log, storePool, store, close, eventStore } = await connect();
  const topic = process.env.KAFKA_TOPIC ?? DEFAULT_TOPIC;
  const relay = startRelay({
    pool: storePool,
    store,
    kafka,
    topic,
    partitions: positiveInt(process.env.KAFKA_PARTITIONS, DEFAULT_PARTITIONS, 'KAFKA_PARTITIONS'),
    batchSize: positiveInt(process.env.RELAY_BATCH_SIZE, 500, 'RELAY_BATCH_SIZE'),
    onActive: (settings) => log.info({ topic, eventStore, ...settings }, 'relay publishing the event store feed to Kafka'),
    onPublished: (count, to) => log.debug({ count, to }, 'published'),
    onError: (error) => log.warn({ err: error }, 'relay failed; starting over from its checkpoint'),
  });
  log.info({ topic }, 'relay started (waits as a standby while another relay publishes)');
  exitOnSignals(
    async () => {
      await relay.stop();
      await close();
    },
    { log: (message) => log.info(message) },
  );
}

export async function runKafkaWorker() {
  const kafka = connectKafka(brokers(), `tertulia-projector-${process.pid}`);
  const { log, pool, store, close } = await connect(READ_MODEL_POOL);
  const holdMs = process.env.PROJECTION_TEST_HOLD_MS ? positiveInt(process.env.PROJECTION_TEST_HOLD_MS, 0, 'PROJECTION_TEST_HOLD_MS') : 0;
  const worker = await startKafkaProjectors({
    pool,
    store,
    kafka,
    projectors: allProjectors,
    topic: process.env.KAFKA_TOPIC ?? DEFAULT_TOPIC,
    groupId: process.env.KAFKA_GROUP ?? 'tertulia-projectors',
    batchSize: positiveInt(process.env.PROJECTION_BATCH_SIZE, 500, 'PROJECTION_BATCH_SIZE'),
    holdMs,
    sessionTimeoutMs: positiveInt(process.env.KAFKA_SESSION_TIMEOUT_MS, 10_000, 'KAFKA_SESSION_TIMEOUT_MS'),
    onAssigned: (partitions) => log.info({ partitions }, 'projector worker assigned partitions'),
    onApplied: (partition, events, to) => log.debug({ partition, events, to }, 'applied'),
    onError: (error) => log.warn({ err: error }, 'projector batch failed; fetching it again'),
    onFailed: (projection, failure) => log.error({ projection, failure }, 'read model stopped at an event it cannot apply'),
  });
  log.info('projector worker consuming the Kafka feed');
  exitOnSignals(
    async () => {
      await worker.stop();
      await close();
    },
    { log: (message) => log.info(message) },
  );
}

if (process.argv[1] && /services[\\/]relay[\\/]main\.ts$/.test(process.argv[1])) {
  const command = process.argv[2] ?? 'relay';
  if (command === 'relay') runRelay().catch(exitWithError);
  else if (command === 'worker') runKafkaWorker().catch(exitWithError);
  else {
    console.error('usage: tsx services/relay/main.ts relay | worker');
    process.exit(2);
  }
}
