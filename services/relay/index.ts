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
 * It reads the log through the event store's port (the catch-up subscription): PostgreSQL's events
 * table, or KurrentDB's $all (docs/decisions/kafka-cluster.md). It keeps its own checkpoint
 * (relay_checkpoints, in PostgreSQL: the event store's database, or DATABASE_URL beside KurrentDB)
 * and moves it only after Kafka acknowledged the batch (acks from all in-sync replicas, idempotent
 * producer, one request in flight: services/integrations/kafka): a crash re-publishes from the
 * checkpoint, in order, so nothing is lost or reordered; what was sent twice carries the same global position and the workers drop
 * it. One relay publishes at a time (a PostgreSQL advisory lock); another waits as a standby, since
 * two interleaving relays could put a later event before an earlier one.
 */
import type pg from 'pg';
import { migrate, type Migration } from '../db/migrate';
import { checkpointOf, type EventStore, type GlobalCheckpoint, type StoredEvent, type Subscription } from '../eventstore/port';
import type { FeedMessage, FeedProducer, KafkaPort, TopicSettings } from '../integrations/kafka';

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

/**
 * A message of the feed: an event and the checkpoint of the event before it in the feed (null
 * before the log's first), so that a consumer knows it missed nothing (docs/decisions/kafka-feed.md,
 * "Exact continuity"). `previous` is undefined in a message of a relay older than the stamp.
 */
export interface FeedEntry {
  event: StoredEvent;
  previous: GlobalCheckpoint | null | undefined;
}

export function encodeEvent(e: StoredEvent, previous: GlobalCheckpoint | null): string {
  return JSON.stringify({ ...e, recordedAt: e.recordedAt.toISOString(), previous });
}

export function decodeEntry(value: Buffer | string): FeedEntry {
  const { previous, ...e } = JSON.parse(value.toString());
  return { event: { ...e, recordedAt: new Date(e.recordedAt) }, previous };
}

export const decodeEvent = (value: Buffer | string): StoredEvent => decodeEntry(value).event;

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
  kafka: KafkaPort;
  topic?: string;
  /** Partitions of a topic the relay creates; an existing topic keeps its own. */
  partitions?: number;
  batchSize?: number;
  /** Polling interval of the subscription when no wake-up comes (the store wakes it on appends). */
  idleWaitMs?: number;
  onPublished?: (count: number, to: GlobalCheckpoint) => void;
  onError?: (error: unknown) => void;
  /** Said once the relay holds the lock and publishes (a standby waits before that). */
  onActive?: (topic: TopicSettings) => void;
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
  let subscription: Subscription | null = null;
  let producer: FeedProducer | null = null;
  let lockClient: pg.PoolClient | null = null;
  let markActive: () => void = () => {};
  const active = new Promise<void>((r) => (markActive = r));

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
    const settings = await kafka.ensureTopic(topic, options.partitions ?? DEFAULT_PARTITIONS);
    const { partitions } = settings;
    producer = await kafka.producer();
    markActive();
    options.onActive?.(settings);
    // The port's catch-up subscription to the global feed, from the relay's checkpoint: on
    // PostgreSQL the events table in (transactionId, position) order, on KurrentDB $all from the
    // checkpoint's commit/prepare position (system events left out). A batch is published, then
    // the checkpoint moves; a failure ends the subscription and this run starts over from it.
    if (!running) return;
    // Each message names the event before it: the first of a batch the checkpoint it was read after.
    let previous = await readCheckpoint();
    subscription = store.subscribeToAll(
      previous,
      async (events) => {
        const messages: FeedMessage[] = [];
        for (const e of events) {
          const key = messageKey(e);
          const value = encodeEvent(e, previous);
          previous = checkpointOf(e);
          for (let partition = 0; partition < partitions; partition++) messages.push({ partition, key, value });
        }
        await producer!.send(topic, messages);
        const last = events[events.length - 1];
        await pool.query(
          `UPDATE relay_checkpoints SET transaction_id = $2, position = $3, events_published = events_published + $4, updated_at = now()
            WHERE topic = $1`,
          [topic, last.transactionId, last.position, events.length],
        );
        options.onPublished?.(events.length, { transactionId: last.transactionId, position: last.position });
      },
      { batchSize, pollIntervalMs: idleWaitMs },
    );
    await subscription.done;
    if (subscription.error && running) throw subscription.error;
  }

  const loop = (async () => {
    while (running) {
      try {
        await run();
        return;
      } catch (error) {
        if (!running) return;
        options.onError?.(error);
        await (producer as FeedProducer | null)?.disconnect().catch(() => {});
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
      await subscription?.close();
      // A relay waiting for the lock is released by closing its connection.
      lockClient?.release(true);
      lockClient = null;
      await loop;
      await producer?.disconnect().catch(() => {});
    },
  };
}
