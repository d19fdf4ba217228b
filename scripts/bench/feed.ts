/**
 * `npm run bench -- feed`: the projector feed end to end, through the direct feed and through
 * Kafka (a real single KRaft broker, scripts/kafka/broker.ts), in one run.
 *
 *   latency     one MinutesChanged at a time appended to the event store (the write a command
 *               makes), then the time until (a) the minutes read model committed it (its change
 *               notice, sent at commit, heard on LISTEN) and (b) a GraphQL subscriber of
 *               remainingMinutesChanged received the new balance over WebSocket. Direct: one API
 *               process running the projectors. Kafka: an API process without projectors, the relay
 *               and two projector workers, all on one database, as the scale-out run mode deploys.
 *   throughput  a backlog of BENCH_FEED_EVENTS MinutesChanged (over 1,000 accounts) projected into
 *               every read model by one, then two workers from Kafka. The workers are started and
 *               assigned first, the relay publishes the whole backlog while the bench holds the
 *               read models' checkpoint rows locked (so nothing is applied yet), and the clock runs
 *               from the release until every read model's checkpoint is at the backlog's end. CPU
 *               seconds of the workers, the relay, the broker and the rest of the machine
 *               (PostgreSQL, and whatever else runs) are taken over that window.
 *
 *   broker kill (BENCH_FEED_BROKERS=3: the same run on a three-broker KRaft cluster, the topics
 *               replicated 3 times with min.insync.replicas 2): after the Kafka latency, one broker
 *               is SIGKILLed, one event appended, and the time from the kill until the minutes read
 *               model applied it is taken; the broker is started again before the throughput runs.
 *
 * BENCH_FEED_SAMPLES (200) latency samples per mode; BENCH_FEED_EVENTS (20000) backlog;
 * BENCH_FEED_BROKERS (1) brokers in the Kafka cluster. (Node 20
 * refuses --cpu-prof in NODE_OPTIONS, so a worker profile needs the worker started by hand.)
 */
import fs from 'node:fs';
import os from 'node:os';
import crypto from 'node:crypto';
import pg from 'pg';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { allProjectors } from '../../projections';
import { createPool } from '../../services/db/pool';
import { createPostgresEventStore, migrateEventStore } from '../../services/eventstore/postgres';
import { compareCheckpoints, type GlobalCheckpoint, type NewEvent } from '../../services/eventstore/port';
import { startApiProcess, killApiProcesses, type ApiProcess } from '../../tests/support/apiProcesses';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { replicationFor } from '../../services/integrations/kafka';
import { killRoles, startKafkaCluster, startRole, type Role } from '../../tests/support/kafka';
import type { KafkaNode } from '../../scripts/kafka/broker';
import { Table } from './lib';

const SAMPLES = Number(process.env.BENCH_FEED_SAMPLES ?? 200);
const BACKLOG = Number(process.env.BENCH_FEED_EVENTS ?? 20_000);
const BROKERS = Number(process.env.BENCH_FEED_BROKERS ?? 1);
const ACCOUNTS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

const meta = () => ({
  actorId: null,
  correlationId: crypto.randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});
const minutesChanged = (accountId: string, id: string, balanceAfter: number): NewEvent => ({
  type: 'MinutesChanged',
  data: { transactionId: id, accountId, minuteQuantity: 1, action: 'admin_adjustment', actionReason: null, balanceAfter },
  metadata: meta(),
});

async function signUpOn(api: ApiProcess, email: string) {
  const res = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tertulia-build': 'bench' },
    body: JSON.stringify({
      query: `mutation($input: SignupInput!) { signup(input: $input) { token } }`,
      variables: { input: { emailAddress: email, password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' } },
    }),
  });
  const body = (await res.json()) as any;
  if (body.errors) throw new Error(body.errors[0].message);
  const token = body.data.signup.token as string;
  // The account's read model may trail the sign-up's answer by a moment on the Kafka path.
  for (let i = 0; ; i++) {
    const me = await api.gql('{ me { id } }', {}, token);
    if (me.data?.me?.id) return { token, accountId: me.data.me.id as string };
    if (i > 100) throw new Error(`signed up but 'me' answers ${JSON.stringify(me)}`);
    await sleep(100);
  }
}

interface Latencies {
  append: number[];
  readModel: number[];
  subscriber: number[];
}

/** Appends one balance change at a time to `accountId` and times its arrival at the read model and the subscriber. */
async function measureLatency(db: TestDatabase, api: ApiProcess, label: string): Promise<Latencies> {
  const { token, accountId } = await signUpOn(api, `feed-${label}-${crypto.randomBytes(3).toString('hex')}@example.com`);
  const store = createPostgresEventStore(db.pool);
  const listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  let noticeWaiter: ((at: number) => void) | null = null;
  listener.on('notification', (n) => {
    if (!n.payload) return;
    const { topic, key } = JSON.parse(n.payload);
    if (topic === 'remainingMinutesChanged' && key === accountId) noticeWaiter?.(performance.now());
  });
  await listener.query('LISTEN tertulia_changes');
  let valueWaiter: { balance: number; resolve: (at: number) => void } | null = null;
  const client = createClient({
    url: `${api.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authToken: token },
    retryAttempts: 0,
  });
  client.subscribe(
    { query: 'subscription($id: ID!) { remainingMinutesChanged(accountId: $id) { remainingMinutes } }', variables: { id: accountId } },
    {
      next: (value) => {
        const balance = (value.data as any)?.remainingMinutesChanged?.remainingMinutes;
        if (valueWaiter && balance === valueWaiter.balance) valueWaiter.resolve(performance.now());
      },
      error: (e) => console.error('subscription error', e),
      complete: () => {},
    },
  );
  await sleep(1000); // the subscription is registered on the server
  const out: Latencies = { append: [], readModel: [], subscriber: [] };
  const warmup = 20;
  for (let i = 0; i < SAMPLES + warmup; i++) {
    const balance = 100_000 + i;
    const notice = new Promise<number>((resolve) => (noticeWaiter = resolve));
    const value = new Promise<number>((resolve) => (valueWaiter = { balance, resolve }));
    const timeout = sleep(10_000).then(() => NaN);
    const t0 = performance.now();
    await store.appendToStreams([
      { stream: `minutes-${accountId}`, expected: 'any', events: [minutesChanged(accountId, `${label}-${i}`, balance)] },
    ]);
    const t1 = performance.now();
    const [atNotice, atValue] = await Promise.all([Promise.race([notice, timeout]), Promise.race([value, timeout])]);
    noticeWaiter = null;
    valueWaiter = null;
    if (i >= warmup) {
      out.append.push(t1 - t0);
      out.readModel.push(atNotice - t0);
      out.subscriber.push(atValue - t0);
    }
    await sleep(20 + Math.random() * 30); // appends spread in time, as commands arrive
  }
  await client.dispose();
  await listener.end();
  return out;
}

/**
 * Kills `node` (SIGKILL), appends one event and times the kill until the minutes read model applied
 * it (its partition's leader moved, the relay and the worker found the new one); starts it again.
 */
async function brokerKillToProjected(db: TestDatabase, node: KafkaNode): Promise<number> {
  const store = createPostgresEventStore(db.pool);
  const t0 = performance.now();
  await node.kill('SIGKILL');
  const { checkpoint } = await store.appendToStreams([
    { stream: 'minutes-bench-kill', expected: 'any', events: [minutesChanged('bench-kill', 'kill-0', 1)] },
  ]);
  await waitUntil(
    async () => {
      const { rows } = await db.pool.query("SELECT transaction_id, position FROM projection_checkpoints WHERE name = 'minutes'");
      return (
        !!rows[0]?.transaction_id &&
        compareCheckpoints({ transactionId: rows[0].transaction_id, position: rows[0].position }, checkpoint) >= 0
      );
    },
    120_000,
    'the event appended after the broker kill to be projected',
  );
  const elapsed = performance.now() - t0;
  await store.close();
  await node.restart();
  return elapsed;
}

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ, 100 on Linux)
  } catch {
    return 0;
  }
}

/** The whole machine's busy CPU seconds, from /proc/stat. */
function machineBusySeconds(): number {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = cpu;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** This process's descendants (pid → command line). */
function descendants(root: number): Map<number, string> {
  const parent = new Map<number, number>();
  const cmd = new Map<number, string>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      cmd.set(Number(d), fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      /* gone */
    }
  }
  const out = new Map<number, string>();
  const walk = (p: number) => {
    for (const [child, pp] of parent) {
      if (pp !== p || out.has(child)) continue;
      out.set(child, cmd.get(child) ?? '');
      walk(child);
    }
  };
  walk(root);
  return out;
}

async function lastCheckpoint(pool: pg.Pool): Promise<GlobalCheckpoint> {
  const { rows } = await pool.query(
    'SELECT transaction_id::text AS t, global_position::text AS p FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  return { transactionId: rows[0].t, position: rows[0].p };
}

async function allAt(pool: pg.Pool, to: GlobalCheckpoint): Promise<boolean> {
  const { rows } = await pool.query('SELECT transaction_id, position, failed_at FROM projection_checkpoints WHERE name = ANY($1)', [
    allProjectors.map((p) => p.name),
  ]);
  if (rows.some((r) => r.failed_at)) throw new Error('a read model failed during the bench');
  return (
    rows.length === allProjectors.length &&
    rows.every((r) => r.transaction_id && compareCheckpoints({ transactionId: r.transaction_id, position: r.position }, to) >= 0)
  );
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface Throughput {
  workers: number;
  seconds: number;
  rate: number;
  cpu: { workers: number; relay: number; broker: number; rest: number; wall: number };
  profile?: string;
}

async function main() {
  const started = Date.now();
  console.log(
    `Feed benchmark: ${SAMPLES} latency samples per mode, a backlog of ${BACKLOG.toLocaleString('en-US')} events for throughput; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}\n`,
  );
  const broker = await startKafkaCluster({ size: BROKERS });
  const brokers = broker.brokers.join(',');
  const kafkaLabel = `kafka (${BROKERS} broker${BROKERS > 1 ? 's' : ''}, RF ${replicationFor(BROKERS).replicationFactor})`;
  const databases: TestDatabase[] = [];
  const fresh = async (label: string) => {
    const db = await createTestDatabase(label);
    databases.push(db);
    return db;
  };
  const roles: Role[] = [];
  const role = (name: 'relay' | 'worker', env: Record<string, string>) => {
    const r = startRole(name, { LOG_LEVEL: 'info', ...env });
    roles.push(r);
    return r;
  };
  try {
    // Direct feed: the API process runs the projectors.
    const direct = await fresh('bench_feed_direct');
    const directApi = await startApiProcess(direct.url, { NODE_ENV: 'test' });
    const directLat = await measureLatency(direct, directApi, 'direct');
    directApi.child.kill('SIGTERM');

    // Kafka: API without projectors, the relay, two workers, one database.
    const viaKafka = await fresh('bench_feed_kafka');
    await migrateEventStore(viaKafka.pool);
    const kafkaApi = await startApiProcess(viaKafka.url, { NODE_ENV: 'test', RUN_PROJECTIONS: 'off' });
    const kenv = {
      KAFKA_BROKERS: brokers,
      DATABASE_URL: viaKafka.url,
      KAFKA_TOPIC: 'bench.latency',
      KAFKA_GROUP: 'bench-latency',
      KAFKA_PARTITIONS: '4',
    };
    const relay = role('relay', kenv);
    await relay.waitFor('relay publishing');
    const lw = [role('worker', kenv), role('worker', kenv)];
    await Promise.all(lw.map((w) => w.waitFor('assigned partitions')));
    await sleep(3000); // the group settles (both members assigned)
    const kafkaLat = await measureLatency(viaKafka, kafkaApi, 'kafka');
    const killToProjected = BROKERS >= 3 ? await brokerKillToProjected(viaKafka, broker.nodes[0]) : null;
    for (const r of [relay, ...lw]) await r.kill('SIGTERM');
    kafkaApi.child.kill('SIGTERM');

    // Throughput: one event store, a read-model database per worker count.
    const log = await fresh('bench_feed_log');
    await migrateEventStore(log.pool);
    const store = createPostgresEventStore(log.pool);
    await store.appendToStreams([{ stream: 'minutes-warm', expected: 'any', events: [minutesChanged('warm', 'warm-0', 1)] }]);
    const topic = 'bench.throughput';
    const trelay = role('relay', { KAFKA_BROKERS: brokers, DATABASE_URL: log.url, KAFKA_TOPIC: topic, KAFKA_PARTITIONS: '4' });
    await trelay.waitFor('relay publishing');
    const runs: { count: number; db: TestDatabase; workers: Role[]; pool: pg.Pool }[] = [];
    for (const count of [1, 2]) {
      const db = await fresh(`bench_feed_rm${count}`);
      const env = {
        KAFKA_BROKERS: brokers,
        DATABASE_URL: db.url,
        EVENTSTORE_DATABASE_URL: log.url,
        KAFKA_TOPIC: topic,
        KAFKA_GROUP: `bench-throughput-${count}`,
        // The workers wait on the held checkpoint rows while the relay publishes: no rebalance meanwhile.
        KAFKA_SESSION_TIMEOUT_MS: '60000',
      };
      const workers = Array.from({ length: count }, () => role('worker', env));
      await Promise.all(workers.map((w) => w.waitFor('assigned partitions', 120_000)));
      const pool = createPool(db.url, 2);
      const warm = await lastCheckpoint(log.pool);
      await waitUntil(() => allAt(pool, warm), 120_000, `the ${count}-worker read models to catch up with the warm-up`);
      runs.push({ count, db, workers, pool });
    }
    await sleep(3000); // every group settled

    // Hold the checkpoint table of both runs, so the backlog is published before anything is applied.
    const gates = new Map<number, pg.PoolClient>();
    for (const run of runs) {
      const gate = await run.pool.connect();
      await gate.query('BEGIN');
      // A table lock, not row locks: row locks would give this transaction an xid, and the event
      // store holds back every event after the oldest running xid of the cluster (the relay would wait).
      await gate.query('LOCK TABLE projection_checkpoints IN EXCLUSIVE MODE');
      gates.set(run.count, gate);
    }
    for (let i = 0; i < BACKLOG; i += 200) {
      await store.appendToStreams(
        Array.from({ length: 4 }, (_, s) => ({
          stream: `minutes-bench-${(i / 200) * 4 + s}`,
          expected: 'any' as const,
          events: Array.from({ length: Math.max(0, Math.min(50, BACKLOG - i - s * 50)) }, (_, k) => {
            const n = i + s * 50 + k;
            return minutesChanged(`bench-${n % ACCOUNTS}`, `b-${n}`, n);
          }),
        })).filter((r) => r.events.length),
      );
    }
    const end = await lastCheckpoint(log.pool);
    await waitUntil(
      async () => {
        const { rows } = await log.pool.query('SELECT transaction_id, position FROM relay_checkpoints WHERE topic = $1', [topic]);
        return (
          !!rows[0]?.transaction_id && compareCheckpoints({ transactionId: rows[0].transaction_id, position: rows[0].position }, end) >= 0
        );
      },
      300_000,
      'the relay to publish the backlog',
    );
    await sleep(1000);

    const results: Throughput[] = [];
    for (const run of runs) {
      const gate = gates.get(run.count)!;
      const pids = descendants(process.pid);
      const workerPids = run.workers.map((w) => w.child.pid!);
      const relayPid = trelay.child.pid!;
      const brokerPids = [...pids].filter(([, c]) => /java/.test(c) && /kafka/i.test(c)).map(([p]) => p);
      const mine = [process.pid, ...pids.keys()];
      const before = {
        workers: workerPids.map(cpuSeconds),
        relay: cpuSeconds(relayPid),
        broker: brokerPids.map(cpuSeconds),
        mine: mine.map(cpuSeconds),
        machine: machineBusySeconds(),
      };
      const t0 = performance.now();
      await gate.query('COMMIT');
      gate.release();
      await waitUntil(() => allAt(run.pool, end), 600_000, `${run.count} worker(s) to apply the backlog`);
      const seconds = (performance.now() - t0) / 1000;
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const after = {
        workers: workerPids.map(cpuSeconds),
        relay: cpuSeconds(relayPid),
        broker: brokerPids.map(cpuSeconds),
        mine: mine.map(cpuSeconds),
        machine: machineBusySeconds(),
      };
      const mineDelta = sum(after.mine) - sum(before.mine);
      results.push({
        workers: run.count,
        seconds,
        rate: BACKLOG / seconds,
        cpu: {
          workers: sum(after.workers) - sum(before.workers),
          relay: after.relay - before.relay,
          broker: sum(after.broker) - sum(before.broker),
          rest: after.machine - before.machine - mineDelta,
          wall: seconds,
        },
      });
      for (const w of run.workers) await w.kill('SIGTERM');
    }

    const table = new Table(['measurement', 'samples', 'p50 ms', 'p99 ms', 'target']);
    table.add(
      'direct: append (commit)',
      directLat.append.length,
      ms(percentile(directLat.append, 0.5)),
      ms(percentile(directLat.append, 0.99)),
    );
    table.add(
      'direct: append → read model',
      directLat.readModel.length,
      ms(percentile(directLat.readModel, 0.5)),
      ms(percentile(directLat.readModel, 0.99)),
      'p99 < 100',
    );
    table.add(
      'direct: append → subscriber',
      directLat.subscriber.length,
      ms(percentile(directLat.subscriber, 0.5)),
      ms(percentile(directLat.subscriber, 0.99)),
      'p99 < 100',
    );
    table.add(
      `${kafkaLabel}: append (commit)`,
      kafkaLat.append.length,
      ms(percentile(kafkaLat.append, 0.5)),
      ms(percentile(kafkaLat.append, 0.99)),
    );
    table.add(
      `${kafkaLabel}: append → read model`,
      kafkaLat.readModel.length,
      ms(percentile(kafkaLat.readModel, 0.5)),
      ms(percentile(kafkaLat.readModel, 0.99)),
      'p99 < 250',
    );
    table.add(
      `${kafkaLabel}: append → subscriber`,
      kafkaLat.subscriber.length,
      ms(percentile(kafkaLat.subscriber, 0.5)),
      ms(percentile(kafkaLat.subscriber, 0.99)),
      'p99 < 250',
    );
    if (killToProjected !== null) table.add(`${kafkaLabel}: broker SIGKILL → next event projected`, 1, ms(killToProjected), '-');
    table.print();
    const lost = [...directLat.subscriber, ...kafkaLat.subscriber, ...directLat.readModel, ...kafkaLat.readModel].filter(
      (x) => !Number.isFinite(x),
    ).length;
    if (lost) console.log(`\n${lost} sample(s) never arrived within 10 s (counted as '-' above the percentiles).`);

    console.log('');
    const tput = new Table([
      'throughput through Kafka',
      'events',
      'seconds',
      'events/s',
      'vs 1 worker',
      'CPU s: workers',
      'relay',
      'broker',
      'rest (PostgreSQL…)',
      'machine busy',
    ]);
    for (const r of results) {
      const busy = (r.cpu.workers + r.cpu.relay + r.cpu.broker + r.cpu.rest) / r.cpu.wall / os.cpus().length;
      tput.add(
        `${r.workers} worker${r.workers > 1 ? 's' : ''}, ${allProjectors.length} read models, ${BROKERS} broker${BROKERS > 1 ? 's' : ''}`,
        BACKLOG.toLocaleString('en-US'),
        r.seconds.toFixed(2),
        Math.round(r.rate).toLocaleString('en-US'),
        `${(r.rate / results[0].rate).toFixed(2)}x`,
        r.cpu.workers.toFixed(1),
        r.cpu.relay.toFixed(1),
        r.cpu.broker.toFixed(1),
        r.cpu.rest.toFixed(1),
        `${Math.round(busy * 100)}%`,
      );
    }
    tput.print();
    console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    killRoles();
    killApiProcesses();
    for (const db of databases) await db.drop().catch(() => {});
    await broker.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
