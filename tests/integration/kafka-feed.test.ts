/**
 * The Kafka feed on a real broker (docs/decisions/kafka-feed.md, "Kafka feed (issue 13)"): the product runs on
 * one database with its direct feed; the relay publishes that database's feed to Kafka and projector
 * workers (child processes) build every read model in a second database from Kafka alone. After
 * each disturbance — workers killed mid-batch, a rebalance, the relay killed mid-publish — both
 * databases must hold identical read models, and every partition must carry the whole feed in
 * global order (duplicates allowed after a crash), which is how a read model over several streams
 * keeps its order.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { createPool } from '../../services/db/pool';
import { compareCheckpoints, type GlobalCheckpoint } from '../../services/eventstore/port';
import { liveSchema } from '../../services/feed/projector';
import { connectKafka } from '../../services/integrations/kafka';
import { DEFAULT_TOPIC, partitionOf } from '../../services/relay/index';
import { seedDemo } from '../../scripts/seed';
import { createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { createTestDatabase, dumpSchema, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { killRoles, readTopic, startKafkaBroker, startRole, type KafkaBroker, type Role } from '../support/kafka';

let broker: KafkaBroker;
let app: TestApp;
let readModels: TestDatabase;
let rmPool: ReturnType<typeof createPool>;
let relay: Role;
const workers: Role[] = [];
let admin: { token: string };

const relayEnv = () => ({
  KAFKA_BROKERS: broker.brokers.join(','),
  DATABASE_URL: app.databaseUrl,
  RELAY_BATCH_SIZE: '10',
  KAFKA_PARTITIONS: '4',
});
const workerEnv = () => ({
  KAFKA_BROKERS: broker.brokers.join(','),
  DATABASE_URL: readModels.url,
  EVENTSTORE_DATABASE_URL: app.databaseUrl,
  PROJECTION_BATCH_SIZE: '10',
  PROJECTION_TEST_HOLD_MS: '150',
  KAFKA_SESSION_TIMEOUT_MS: '6000',
});
const startWorker = () => {
  const w = startRole('worker', workerEnv());
  workers.push(w);
  return w;
};

beforeAll(async () => {
  [broker, app] = await Promise.all([startKafkaBroker(), startTestApp({}, 'kafka_direct')]);
  readModels = await createTestDatabase('kafka_rm');
  rmPool = createPool(readModels.url, 3);
  relay = startRole('relay', relayEnv());
  await relay.waitFor('relay publishing');
  startWorker();
  startWorker();
  await Promise.all(workers.map((w) => w.waitFor('assigned partitions')));
  admin = await createAdmin(app);
});

afterAll(async () => {
  killRoles();
  await rmPool?.end();
  await readModels?.drop();
  await app?.close();
  await broker?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const names = () => app.runtime.runner.projectors.map((p) => p.name);

async function lastEvent(): Promise<GlobalCheckpoint | null> {
  const { rows } = await app.runtime.pool.query(
    'SELECT transaction_id::text AS t, global_position::text AS p FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  return rows[0] ? { transactionId: rows[0].t, position: rows[0].p } : null;
}

async function kafkaReached(to: GlobalCheckpoint, timeoutMs: number) {
  await eventually(
    async () => {
      const { rows } = await rmPool.query('SELECT name, transaction_id, position FROM projection_checkpoints WHERE name = ANY($1)', [
        names(),
      ]);
      const behind = names().filter((n) => {
        const r = rows.find((x) => x.name === n);
        return !r?.transaction_id || compareCheckpoints({ transactionId: r.transaction_id, position: r.position }, to) < 0;
      });
      assert.deepEqual(behind, [], 'read models behind');
      return true;
    },
    `every read model to reach ${to.transactionId}/${to.position} through Kafka`,
    timeoutMs,
  );
}

/** Both sides at the log's end (the app's jobs may still append: then again), then every read model compared. */
async function assertSameReadModels(context: string) {
  for (let attempt = 0; ; attempt++) {
    const end = (await lastEvent())!;
    assert.ok(await app.runtime.runner.waitFor(end, names(), 30_000), 'the direct feed caught up');
    await kafkaReached(end, 60_000);
    const direct: Record<string, unknown> = {};
    const viaKafka: Record<string, unknown> = {};
    for (const p of app.runtime.runner.projectors) {
      direct[p.name] = await dumpSchema(app.runtime.pool, liveSchema(p));
      viaKafka[p.name] = await dumpSchema(rmPool, liveSchema(p));
    }
    if (compareCheckpoints((await lastEvent())!, end) !== 0 && attempt < 5) continue;
    for (const n of names()) assert.deepEqual(viaKafka[n], direct[n], `${context}: ${n} through Kafka equals the direct feed`);
    return;
  }
}

/** Product flows that touch many read models, each run with fresh names. */
let round = 0;
async function flows(count: number) {
  for (let i = 0; i < count; i++) {
    const n = ++round;
    const student = await signUp(app, `kafka-${n}@example.com`);
    await app.gql(
      `mutation($i: ChangeMinutesInput!) { changeMinutes(input: $i) { changed } }`,
      { i: { accountId: student.accountId, minutes: 10 + n, reason: `kafka ${n}` } },
      admin.token,
    );
    if (n % 2)
      await app.gql(
        `mutation($i: ChangeRolesInput!) { changeRoles(input: $i) { changed } }`,
        { i: { accountId: student.accountId, add: ['INSTRUCTOR'] } },
        admin.token,
      );
  }
}

it('projects the product flows through Kafka with two workers into read models identical to the direct feed', async () => {
  await seedDemo(app.runtime);
  await flows(4);
  await assertSameReadModels('after the demo seed and sign-ups');
});

it('a worker killed with SIGKILL mid-batch three times changes nothing', async () => {
  const traffic = flows(5);
  for (let kill = 0; kill < 3; kill++) {
    // The two slots in turn; each victim has joined the group and is consuming.
    const slot = kill % 2;
    const victim = workers[slot];
    await victim.waitFor('assigned partitions');
    // Deliberate: mid-batch, at a random moment (every batch holds its transaction open 150 ms).
    await sleep(300 + Math.floor(Math.random() * 300));
    await victim.kill('SIGKILL');
    workers[slot] = startRole('worker', workerEnv());
  }
  await traffic;
  await assertSameReadModels('after three SIGKILLs');
});

it('a rebalance (a third worker joins, one leaves) changes nothing', async () => {
  const traffic = flows(6);
  await Promise.all(workers.map((w) => w.waitFor('assigned partitions')));
  const third = startWorker();
  await third.waitFor('assigned partitions');
  const leaving = workers.shift()!;
  await leaving.kill('SIGTERM');
  await traffic;
  await assertSameReadModels('after a rebalance');
});

it('the relay killed mid-publish loses nothing, and every partition carries the feed in order', async () => {
  await relay.kill('SIGKILL');
  await flows(6); // a backlog the relay publishes 10 events at a time
  relay = startRole('relay', { ...relayEnv(), LOG_LEVEL: 'debug' });
  await relay.waitFor('"msg":"published"');
  await relay.kill('SIGKILL'); // with most of the backlog still to send
  relay = startRole('relay', relayEnv());
  await relay.waitFor('relay publishing');
  await assertSameReadModels('after the relay was killed');

  // Every event of the log on every partition, first appearances in global order.
  const { rows } = await app.runtime.pool.query(
    'SELECT transaction_id::text AS t, global_position::text AS p FROM events ORDER BY transaction_id, global_position',
  );
  const log = rows.map((r) => `${r.t}.${r.p}`);
  const seen = new Map<number, string[]>();
  let duplicates = 0;
  for (const [partition, entries] of await readTopic(connectKafka(broker.brokers, 'kafka-feed-test'), DEFAULT_TOPIC)) {
    let last: GlobalCheckpoint | null = null;
    const keys: string[] = [];
    for (const { event: e, previous } of entries) {
      const at = { transactionId: e.transactionId, position: e.position };
      if (last && compareCheckpoints(at, last) <= 0) {
        duplicates++;
        continue;
      }
      // Whichever relay published it first, a message names the event before it in the feed.
      assert.deepEqual(previous, last, `partition ${partition}: the predecessor of ${e.transactionId}.${e.position}`);
      last = at;
      keys.push(`${e.transactionId}.${e.position}`);
    }
    seen.set(partition, keys);
  }
  for (const p of [0, 1, 2, 3]) assert.deepEqual(seen.get(p), log, `partition ${p} holds the whole feed in order`);
  // Each read model's partition, stable and spread: no partition left without read models.
  assert.equal(new Set(names().map((n) => partitionOf(n, 4))).size, 4);
  console.log(`  ${log.length} events on each of 4 partitions; ${duplicates} duplicate message(s) dropped after the relay's crashes`);
});
