/**
 * The event store's reads keep to their indexes whatever PostgreSQL's statistics say. A young log
 * (a few streams when ANALYZE last ran, thousands of events since) once turned a command's stream
 * read into a sequential scan of the whole log, 4-8 ms a command under load; checking for held-back
 * events scanned the log from its start. Both plans are asked of PostgreSQL here, generic (as a
 * prepared statement is run once it has been run a few times) and custom.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migrateEventStore, PENDING_SQL, READ_STREAMS_AFTER_SQL } from '../../services/eventstore/postgres';
import { createTestDatabase, type TestDatabase } from '../support/database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('eventstore_plans');
  await migrateEventStore(db.pool);
  await db.pool.query('ALTER TABLE events SET (autovacuum_enabled = false)');
  // Statistics of a young log: 200 events in 4 streams.
  await db.pool.query(`INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT 'young-' || (i % 4), i / 4 + 1, 'Seeded', '{}', '{}' FROM generate_series(0, 199) i`);
  await db.pool.query('ANALYZE events');
  // Then the log grows a hundredfold before the next ANALYZE: 20,000 events in 4,000 streams.
  await db.pool.query(`INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT 'stream-' || (i / 5), i % 5 + 1, 'Grown', '{"filler": "a payload of a realistic width"}', '{}'
    FROM generate_series(0, 19999) i`);
});
afterAll(async () => {
  await db?.drop();
});

async function planOf(sql: string, values: string[], mode: 'force_generic_plan' | 'force_custom_plan'): Promise<string> {
  const client = await db.pool.connect();
  try {
    await client.query(`SET plan_cache_mode = ${mode}`);
    await client.query(`PREPARE probe AS ${sql}`);
    const { rows } = await client.query(`EXPLAIN (COSTS OFF) EXECUTE probe(${values.map((v) => client.escapeLiteral(v)).join(', ')})`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('DEALLOCATE ALL; RESET plan_cache_mode');
    client.release();
  }
}

describe('the event store under statistics of a young log', () => {
  for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
    it(`reads a command's streams through the stream index (${mode})`, async () => {
      const streams = Array.from({ length: 24 }, (_, i) => `stream-${i * 151}`);
      const plan = await planOf(READ_STREAMS_AFTER_SQL, [`{${streams.join(',')}}`, `{${streams.map((_, i) => i % 4).join(',')}}`], mode);
      assert.doesNotMatch(plan, /Seq Scan on events/, plan);
      assert.match(plan, /events_stream_id_stream_version_key/, plan);
    });

    it(`finds events after a checkpoint through the feed's index (${mode})`, async () => {
      const { rows } = await db.pool.query(`SELECT transaction_id::text AS t, global_position::text AS p FROM events
        ORDER BY transaction_id DESC, global_position DESC OFFSET 3 LIMIT 1`);
      const plan = await planOf(PENDING_SQL, [rows[0].t, rows[0].p], mode);
      assert.doesNotMatch(plan, /Seq Scan on events/, plan);
      assert.match(plan, /events_pkey/, plan);
    });
  }
});
