/**
 * Projector workers fed by Kafka (docs/decisions/kafka-feed.md, "Kafka feed (issue 13)"): a consumer group on
 * the relay's topic. A worker owns some partitions; a partition carries the whole feed in order,
 * and the read models `partitionOf` maps to it are applied from it with the direct runner's code
 * (`applySharedBatch`): one PostgreSQL transaction locks their checkpoint rows, applies the events
 * after each checkpoint and moves the checkpoints. The Kafka offset is committed after that
 * transaction, as a hint of where to fetch from: the checkpoint in PostgreSQL is the truth, so a
 * batch seen again (a worker killed before committing its offset, a rebalance, the relay's
 * duplicates) is dropped event by event, and a killed worker never loses or doubles an effect.
 */
import type pg from 'pg';
import { inTransaction } from '../db/pool';
import { checkpointOf, compareCheckpoints, type EventStore, type GlobalCheckpoint, type StoredEvent } from '../eventstore/port';
import type { Projector } from '../feed/projector';
import {
  applyBatch,
  applySharedBatch,
  isolateFailure,
  isTransientError,
  recordFailure,
  sharedSearchPath,
  type FeedSource,
  type ProjectionFailure,
  type SharedBatchResult,
} from '../feed/batch';
import { liveSchema } from '../feed/projector';
import { ProjectionRunner } from '../feed/runner';
import type { KafkaPort } from '../integrations/kafka';
import { DEFAULT_TOPIC, decodeEntry, partitionOf, type FeedEntry } from './index';

export interface KafkaProjectorsOptions {
  /** The read models' database (their schemas and projection_checkpoints). */
  pool: pg.Pool;
  /** The event store: read models never applied yet catch up from it before Kafka takes over. */
  store: EventStore;
  kafka: KafkaPort;
  projectors: readonly Projector[];
  topic?: string;
  groupId?: string;
  batchSize?: number;
  /** How long the group waits for a silent worker before handing its partitions on (10 s). */
  sessionTimeoutMs?: number;
  /** Test only: keep each batch's transaction open this long before committing (kills land mid-batch). */
  holdMs?: number;
  onApplied?: (partition: number, events: number, to: GlobalCheckpoint) => void;
  onError?: (error: unknown) => void;
  /** A read model stopped at an event it cannot apply (the direct runner's policy: it alone stops). */
  onFailed?: (projector: string, failure: ProjectionFailure) => void;
  /** Partitions assigned to this worker after each rebalance. */
  onAssigned?: (partitions: number[]) => void;
}

export interface KafkaProjectors {
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startKafkaProjectors(options: KafkaProjectorsOptions): Promise<KafkaProjectors> {
  const topic = options.topic ?? DEFAULT_TOPIC;
  const batchSize = options.batchSize ?? 500;
  const { pool, store, kafka, projectors } = options;

  const runner = new ProjectionRunner(pool, store, projectors);
  // Workers starting together prepare one at a time (prepare takes an advisory lock).
  await runner.prepare();
  // A read model never applied (new in this release, or a fresh database) catches up from the
  // event store itself: its partition's committed offset says nothing about it. Two workers doing
  // this at once take turns batch by batch (the checkpoint rows are locked).
  const { rows } = await pool.query(
    'SELECT name FROM projection_checkpoints WHERE name = ANY($1) AND transaction_id IS NULL AND failed_at IS NULL',
    [projectors.map((p) => p.name)],
  );
  if (rows.length) await runner.catchUp(rows.map((r) => r.name));

  let partitions = 0;
  for (let tries = 0; ; tries++) {
    try {
      partitions = await kafka.topicPartitions(topic);
      break;
    } catch (error) {
      // The relay creates the topic: wait for it.
      if (tries > 600) throw error;
      await sleep(500);
    }
  }
  const byPartition = new Map<number, Projector[]>();
  /** Each partition's read models' shared search path (sharedSearchPath), asked once. */
  const searchPaths = new Map<number, string | null>();
  for (const p of projectors) {
    const n = partitionOf(p.name, partitions);
    byPartition.set(n, [...(byPartition.get(n) ?? []), p]);
  }

  /**
   * An event a read model cannot apply stops that read model only, as on the direct feed
   * (docs/decisions/back-office.md, "Projections"): each read model of the partition takes the batch on its
   * own, the bad event is narrowed down (tried ATTEMPTS_PER_EVENT times) and recorded as the read
   * model's failure in its checkpoint row; the partition's other read models, and the offsets, go on.
   */
  async function soloRound(p: Projector, source: FeedSource) {
    try {
      await inTransaction(pool, (db) => applyBatch(db, source, p, p.name, liveSchema(p), batchSize));
    } catch (error) {
      if (isTransientError(error)) throw error;
      const failure = await isolateFailure(pool, source, p, p.name, liveSchema(p), batchSize);
      if (failure) {
        await recordFailure(pool, p.name, failure);
        options.onFailed?.(p.name, failure);
      }
    }
  }

  /** The last event of the previous batch of each partition this worker applied (messages without a predecessor only). */
  const lastSeen = new Map<number, GlobalCheckpoint>();
  /**
   * The read models that must catch up from the event store before they take this batch. A read
   * model takes its next event from Kafka only when that event's predecessor in the feed (stamped
   * by the relay) is its checkpoint; otherwise the partition skipped events it lacks (a send Kafka
   * lost, a fetch that skipped offsets, a worker's first batch, a resumed read model, a changed
   * partition count) and it catches up from the store first (the batch then drops what it has).
   * Messages of an older relay carry no predecessor: a read model whose checkpoint is before the
   * batch and not at the end of this worker's previous batch of the partition asks the store.
   * Asked inside the batch's transaction with the checkpoint rows locked, so a read model resumed
   * meanwhile waits for the batch to end instead of joining it after the question was answered
   * (it then took the batch's events over the gap: a read model with events missing for good).
   */
  async function laggingIn(
    partition: number,
    checkpoints: ReadonlyMap<string, GlobalCheckpoint | null>,
    entries: readonly FeedEntry[],
  ): Promise<string[]> {
    const firstAt = checkpointOf(entries[0].event);
    const seen = lastSeen.get(partition);
    const lagging: string[] = [];
    for (const [name, at] of checkpoints) {
      const next = entries.find((m) => compareCheckpoints(checkpointOf(m.event), at) > 0);
      if (!next) continue;
      if (next.previous !== undefined) {
        if (compareCheckpoints(next.previous, at) !== 0) lagging.push(name);
        continue;
      }
      if (at && (compareCheckpoints(at, firstAt) >= 0 || (seen && compareCheckpoints(at, seen) >= 0))) continue;
      const [stored] = await store.readAll(at, 1);
      if (stored && compareCheckpoints(checkpointOf(stored), firstAt) < 0) lagging.push(name);
    }
    return lagging;
  }

  const consumer = kafka.consumer({
    groupId: options.groupId ?? 'tertulia-projectors',
    sessionTimeoutMs: options.sessionTimeoutMs,
    onAssigned(assigned) {
      lastSeen.clear(); // a partition may come back after others moved it on
      options.onAssigned?.(assigned);
    },
  });
  await consumer.start(topic, async (batch) => {
    const { heartbeat, isRunning, isStale } = batch;
    const mine = byPartition.get(batch.partition) ?? [];
    const entries = batch.messages.filter((m) => m.value).map((m) => decodeEntry(m.value!));
    const events = entries.map((m) => m.event);
    // The feed as the runner reads it: events after a checkpoint, in order, duplicates dropped.
    const source = {
      async readAll(after: GlobalCheckpoint | null, limit: number): Promise<StoredEvent[]> {
        const out: StoredEvent[] = [];
        let last = after;
        for (const e of events) {
          if (out.length >= limit) break;
          const at = { transactionId: e.transactionId, position: e.position };
          if (last && compareCheckpoints(at, last) <= 0) continue;
          out.push(e);
          last = at;
        }
        return out;
      },
    };
    if (mine.length && events.length) {
      for (;;) {
        if (!isRunning() || isStale()) return;
        let result: SharedBatchResult;
        try {
          if (!searchPaths.has(batch.partition)) searchPaths.set(batch.partition, await sharedSearchPath(pool, mine));
          result = await applySharedBatch(pool, source, mine, batchSize, {
            searchPath: searchPaths.get(batch.partition) ?? null,
            lagging: (checkpoints) => laggingIn(batch.partition, checkpoints, entries),
            beforeCommit: async (read) => void (options.holdMs && read && (await sleep(options.holdMs))),
          });
        } catch (error) {
          options.onError?.(error);
          // Fetched again from the last committed offset; the checkpoints drop what was applied.
          if (isTransientError(error)) throw error;
          // One read model could not apply the batch: this batch, each goes on its own.
          for (const p of mine) if (isRunning() && !isStale()) await soloRound(p, source);
          continue;
        }
        if (result.lagging.length) {
          await runner.catchUp(result.lagging);
          continue;
        }
        if (!result.read || !result.to) break;
        options.onApplied?.(batch.partition, result.read, result.to);
        await heartbeat();
      }
      const last = events[events.length - 1];
      lastSeen.set(batch.partition, { transactionId: last.transactionId, position: last.position });
    }
    try {
      // After the read models' transaction only: the checkpoints committed first.
      await batch.commit();
    } catch (error) {
      // Only a hint (a rebalance took the partition): the next owner starts a little earlier.
      options.onError?.(error);
    }
    await heartbeat();
  });

  return {
    async stop() {
      await consumer.stop();
    },
  };
}
