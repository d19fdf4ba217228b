/**
 * The relay: publishes the event store's global feed to a Kafka topic, in the feed's order, for the
 * projector workers of services/relay/worker.ts (docs/decisions/kafka-feed.md, "Kafka feed (issue 13)").
 *
 * Every event goes to every partition of the topic, in global order (transactionId, position). A
 * read model belongs to one partition (`partitionOf`, a stable hash of its name), so a worker that
 * owns a partition sees the whole feed in order for its read models, whatever streams they read:
 * no read model depends on the order of two partitions. The consumer group spreads the partitions,
 * hence the read models, over the workers.
 *
 * The relay keeps its own checkpoint (relay_checkpoints, in the event store's database) and moves
 * it only after Kafka acknowledged the batch (acks from all in-sync replicas, idempotent
 * producer, one request in flight): a crash re-publishes from the checkpoint, in order, so nothing
 * is lost or reordered; what was sent twice carries the same global position and the workers drop
 * it. One relay publishes at a time (a PostgreSQL advisory lock); another waits as a standby, since
 * two interleaving relays could put a later event before an earlier one.
 */
import type pg from 'pg';
import { Kafka, logLevel, type Admin, type Producer } from 'kafkajs';
import { migrate, type Migration } from '../db/migrate';
import type { EventStore, GlobalCheckpoint, StoredEvent } from '../eventstore/port';

/** A Kafka client for `brokers`, quiet (kafkajs logs every retry; the roles log what matters). */
export function kafkaClient(brokers: string[], clientId = 'tertulia'): Kafka {
  return new Kafka({ clientId, brokers, logLevel: logLevel.NOTHING, retry: { retries: 8, initialRetryTime: 100 } });
}

export const DEFAULT_TOPIC = 'tertulia.events';
export const DEFAULT_PARTITIONS = 4;

/** The partition that carries a read model's feed: FNV-1a of its name. Stable across processes. */
export function partitionOf(readModel: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < readModel.length; i++) {
    hash ^= readModel.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

export const messageKey = (e: Pick<StoredEvent, 'transactionId' | 'position'>) => `${e.transactionId}.${e.position}`;

export function encodeEvent(e: StoredEvent): string {
  return JSON.stringify({ ...e, recordedAt: e.recordedAt.toISOString() });
}

export function decodeEvent(value: Buffer | string): StoredEvent {
  const e = JSON.parse(value.toString());
  return { ...e, recordedAt: new Date(e.recordedAt) };
}

/** Creates the topic with `partitions` partitions when absent; returns how many it has. */
export async function ensureTopic(admin: Admin, topic: string, partitions: number): Promise<number> {
  await admin.createTopics({ topics: [{ topic, numPartitions: partitions, replicationFactor: -1 }], waitForLeaders: true });
  return topicPartitions(admin, topic);
}

export async function topicPartitions(admin: Admin, topic: string): Promise<number> {
  const meta = await admin.fetchTopicMetadata({ topics: [topic] });
  return meta.topics[0].partitions.length;
}

export const relayMigrations: Migration[] = [
  {
    id: '001_relay_checkpoints',
    up: `CREATE TABLE relay_checkpoints (
      topic text PRIMARY KEY, transaction_id text, position text,
      events_published bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())`,
    down: 'DROP TABLE relay_checkpoints',
  },
];

export async function migrateRelay(pool: pg.Pool): Promise<void> {
  await migrate(pool, 'relay', relayMigrations);
}

export interface RelayOptions {
  pool: pg.Pool;
  store: EventStore;
  kafka: Kafka;
  topic?: string;
  /** Partitions of a topic the relay creates; an existing topic keeps its own. */
  partitions?: number;
  batchSize?: number;
  /** Polling interval when no wake-up comes. */
  idleWaitMs?: number;
  /** A wake-up hint on appends (LISTEN); polling covers missed ones. */
  onWake?: (listener: () => void) => () => void;
  onPublished?: (count: number, to: GlobalCheckpoint) => void;
  onError?: (error: unknown) => void;
  /** Said once the relay holds the lock and publishes (a standby waits before that). */
  onActive?: () => void;
}

export interface Relay {
  /** Resolves once the relay publishes (holds the lock and the topic exists). */
  active: Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startRelay(options: RelayOptions): Relay {
  const topic = options.topic ?? DEFAULT_TOPIC;
  const batchSize = options.batchSize ?? 500;
  const idleWaitMs = options.idleWaitMs ?? 250;
  const { pool, store, kafka } = options;
  let running = true;
  let wake: (() => void) | null = null;
  const unsubscribe = options.onWake?.(() => wake?.());
  let producer: Producer | null = null;
  let lockClient: pg.PoolClient | null = null;
  let markActive: () => void = () => {};
  const active = new Promise<void>((r) => (markActive = r));

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function readCheckpoint(): Promise<GlobalCheckpoint | null> {
    const { rows } = await pool.query('SELECT transaction_id, position FROM relay_checkpoints WHERE topic = $1', [topic]);
    return rows[0]?.transaction_id ? { transactionId: rows[0].transaction_id, position: rows[0].position } : null;
  }

  async function run() {
    await migrateRelay(pool);
    await pool.query('INSERT INTO relay_checkpoints (topic) VALUES ($1) ON CONFLICT (topic) DO NOTHING', [topic]);
    lockClient = await pool.connect();
    // Blocks while another relay publishes this topic; its death (connection closed) hands over.
    await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [`tertulia-relay:${topic}`]);
    if (!running) return;
    const admin = kafka.admin();
    await admin.connect();
    const partitions = await ensureTopic(admin, topic, options.partitions ?? DEFAULT_PARTITIONS);
    await admin.disconnect();
    producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    await producer.connect();
    markActive();
    options.onActive?.();
    let after = await readCheckpoint();
    while (running) {
      const events = await store.readAll(after, batchSize);
      if (!events.length) {
        await idle(idleWaitMs);
        continue;
      }
      const messages = [];
      for (const e of events) {
        const key = messageKey(e);
        const value = encodeEvent(e);
        for (let partition = 0; partition < partitions; partition++) messages.push({ partition, key, value });
      }
      await producer.send({ topic, acks: -1, messages });
      const last = events[events.length - 1];
      await pool.query(
        `UPDATE relay_checkpoints SET transaction_id = $2, position = $3, events_published = events_published + $4, updated_at = now()
          WHERE topic = $1`,
        [topic, last.transactionId, last.position, events.length],
      );
      after = { transactionId: last.transactionId, position: last.position };
      options.onPublished?.(events.length, after);
    }
  }

  const loop = (async () => {
    while (running) {
      try {
        await run();
        return;
      } catch (error) {
        if (!running) return;
        options.onError?.(error);
        await (producer as Producer | null)?.disconnect().catch(() => {});
        producer = null;
        (lockClient as pg.PoolClient | null)?.release(true);
        lockClient = null;
        await sleep(1000);
      }
    }
  })();

  return {
    active,
    async stop() {
      running = false;
      wake?.();
      unsubscribe?.();
      // A relay waiting for the lock is released by closing its connection.
      lockClient?.release(true);
      lockClient = null;
      await loop;
      await producer?.disconnect().catch(() => {});
    },
  };
}
