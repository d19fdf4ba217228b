/**
 * The relay's contract (services/relay/index.ts), whatever event store it reads through the port:
 * every event after its checkpoint on every partition, in the store's order, once; the checkpoint
 * (in PostgreSQL, relay_checkpoints) at the last event published; a restart resumes strictly after
 * it. Run by relay.test.ts against PostgreSQL always and KurrentDB when KURRENTDB_URL is set.
 */
import assert from 'node:assert/strict';
import type pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { EventStore, GlobalCheckpoint, NewEvent, StoredEvent } from '../../services/eventstore/port';
import type { KafkaPort } from '../../services/integrations/kafka';
import { messageKey, migrateRelay, startRelay, type Relay } from '../../services/relay/index';
import { eventually } from '../support/eventually';
import { readTopic } from '../support/kafka';

export interface RelaySubject {
  store: EventStore;
  /** The relay's checkpoint store. */
  pool: pg.Pool;
  kafka: KafkaPort;
  cleanup(): Promise<void>;
}

const event = (type: string, n: number): NewEvent => ({
  type,
  data: { n },
  metadata: { actorId: null, correlationId: `relay-${n}`, causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

const key = (e: Pick<StoredEvent, 'transactionId' | 'position'>) => messageKey(e);

export function runRelayContract(name: string, subject: () => Promise<RelaySubject>) {
  describe(`relay contract: ${name}`, () => {
    let s: RelaySubject;
    let relay: Relay | null = null;
    const topic = `relay-contract-${name}-${Date.now()}`;
    const suffix = Math.random().toString(36).slice(2, 8);
    let start: GlobalCheckpoint | null;

    beforeAll(async () => {
      s = await subject();
      // A store shared with other runs (KurrentDB) holds older events: the relay starts at its end.
      start = await s.store.headCheckpoint();
      await migrateRelay(s.pool);
      await s.pool.query('INSERT INTO relay_checkpoints (topic, transaction_id, position) VALUES ($1, $2, $3)', [
        topic,
        start?.transactionId ?? null,
        start?.position ?? null,
      ]);
    });

    afterAll(async () => {
      await relay?.stop();
      await s?.cleanup();
    });

    const run = () => startRelay({ pool: s.pool, store: s.store, kafka: s.kafka, topic, partitions: 2, batchSize: 3, idleWaitMs: 100 });
    const append = async (stream: string, from: number, count: number) =>
      (
        await s.store.appendToStreams([
          {
            stream: `${stream}-${suffix}`,
            expected: 'any',
            events: Array.from({ length: count }, (_, i) => event('RelayContractTested', from + i)),
          },
        ])
      ).checkpoint;
    const published = async () => {
      const { rows } = await s.pool.query('SELECT transaction_id, position, events_published FROM relay_checkpoints WHERE topic = $1', [
        topic,
      ]);
      return {
        at: rows[0].transaction_id ? `${rows[0].transaction_id}.${rows[0].position}` : null,
        count: Number(rows[0].events_published),
      };
    };
    const untilPublished = (to: GlobalCheckpoint) =>
      eventually(async () => (await published()).at === key(to), `the relay's checkpoint at ${key(to)}`, 30_000);
    /** The store's events after the relay's starting point, as the port reads them. */
    const logAfterStart = async () => (await s.store.readAll(start, 1000)).filter((e) => e.streamId.endsWith(`-${suffix}`));

    it('publishes every event after its checkpoint to every partition, in the store order, and moves its checkpoint to the last', async () => {
      relay = run();
      await relay.active;
      await append('relay-a', 1, 4);
      await append('relay-b', 1, 2);
      const last = await append('relay-a', 5, 3);
      await untilPublished(last);
      const log = await logAfterStart();
      assert.equal(log.length, 9);
      const topicNow = await readTopic(s.kafka, topic);
      assert.deepEqual([...topicNow.keys()].sort(), [0, 1]);
      for (const [partition, entries] of topicNow) {
        const events = entries.map((m) => m.event);
        assert.deepEqual(events.map(key), log.map(key), `partition ${partition} carries the feed in order, once`);
        assert.deepEqual(events, log, `partition ${partition} carries the stored events as the port reads them`);
      }
      assert.equal((await published()).count, 9);
    });

    it('a restarted relay resumes strictly after its checkpoint: events appended while it was stopped, none twice', async () => {
      await relay!.stop();
      relay = null;
      await append('relay-b', 3, 2);
      const last = await append('relay-c', 1, 1);
      relay = run();
      await untilPublished(last);
      const log = await logAfterStart();
      assert.equal(log.length, 12);
      for (const [partition, entries] of await readTopic(s.kafka, topic)) {
        assert.deepEqual(
          entries.map((m) => key(m.event)),
          log.map(key),
          `partition ${partition} after the restart`,
        );
        // The first message after the restart names the relay's checkpoint it resumed from.
        assert.deepEqual(
          entries.map((m) => m.previous && key(m.previous)),
          [start, ...log.slice(0, -1)].map((e) => e && key(e)),
          `partition ${partition}: each message names the event before it`,
        );
      }
      assert.equal((await published()).count, 12);
    });
  });
}
