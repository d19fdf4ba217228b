/**
 * The relay's contract (relay.contract.ts) on a real Kafka broker (scripts/kafka/broker.ts):
 * against the PostgreSQL event store always, and against KurrentDB when KURRENTDB_URL points at a
 * KurrentDB 25.1+ node (its checkpoint then in a PostgreSQL database of its own, as in production).
 * Without it the KurrentDB run is reported as skipped, with the reason.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createKurrentEventStore } from '../../services/eventstore/kurrentdb';
import { createPostgresEventStore, migrateEventStore } from '../../services/eventstore/postgres';
import { connectKafka } from '../../services/integrations/kafka';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/ports';
import { killRoles, startKafkaBroker, startRole, type KafkaBroker } from '../support/kafka';
import { skipFor } from '../support/skip';
import { runRelayContract } from './relay.contract';

let broker: KafkaBroker;
const databases: TestDatabase[] = [];

beforeAll(async () => {
  broker = await startKafkaBroker();
});

afterAll(async () => {
  killRoles();
  await Promise.all(databases.map((db) => db.drop()));
  await broker?.stop();
});

async function database(label: string) {
  const db = await createTestDatabase(label);
  databases.push(db);
  return db;
}

runRelayContract('postgres', async () => {
  const db = await database('relay_pg');
  await migrateEventStore(db.pool);
  const store = createPostgresEventStore(db.pool);
  return { store, pool: db.pool, kafka: connectKafka(broker.brokers, 'relay-contract-pg'), cleanup: () => store.close() };
});

const url = process.env.KURRENTDB_URL;
if (url) {
  runRelayContract('kurrentdb', async () => {
    const db = await database('relay_kurrent');
    const store = createKurrentEventStore(url, { pollIntervalMs: 100 });
    return { store, pool: db.pool, kafka: connectKafka(broker.brokers, 'relay-contract-kurrent'), cleanup: () => store.close() };
  });
} else {
  const reason = 'KURRENTDB_URL is not set: the relay contract did not run against KurrentDB (set it to a KurrentDB 25.1+ node to run it)';
  console.log(`\n  SKIPPED: ${reason}\n`);
  describe('relay contract: kurrentdb', () => {
    skipFor(reason).it('publishes the KurrentDB $all feed to Kafka as it does the PostgreSQL one', () => {});
  });
}

it('`npm run relay` with KURRENTDB_URL reads KurrentDB, never the PostgreSQL log', async () => {
  const db = await database('relay_main_kurrent');
  // No KurrentDB answers there: the relay still takes its lock and topic, then retries the feed.
  const relay = startRole('relay', {
    KAFKA_BROKERS: broker.brokers.join(','),
    DATABASE_URL: db.url,
    KURRENTDB_URL: `kurrentdb://127.0.0.1:${await freePort()}?tls=false`,
    KAFKA_TOPIC: 'relay-main-kurrent',
  });
  await relay.waitFor('relay publishing');
  const line = relay
    .output()
    .split('\n')
    .find((l) => l.includes('relay publishing'))!;
  assert.equal(JSON.parse(line).eventStore, 'kurrentdb');
  await relay.kill('SIGTERM');
  const { rows } = await db.pool.query(
    "SELECT to_regclass('public.events') AS events, to_regclass('public.relay_checkpoints') AS checkpoints",
  );
  assert.equal(rows[0].events, null, 'no PostgreSQL event log was created');
  assert.equal(rows[0].checkpoints, 'relay_checkpoints', "the relay's checkpoint lives in DATABASE_URL");
});
