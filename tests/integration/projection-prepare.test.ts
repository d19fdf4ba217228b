/**
 * ProjectionRunner.prepare() called by several processes at once (two workers and two API
 * processes starting together on one database): each has its own pool, as separate processes do.
 * On a fresh database every read model's schema and checkpoint row must come out once, with no
 * process failing; after a version bump the read model is rebuilt once and holds every event once.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type pg from 'pg';
import { allProjectors } from '../../projections';
import { createPool } from '../../services/db/pool';
import { createPostgresEventStore, migrateEventStore } from '../../services/eventstore/postgres';
import type { EventStore } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { ProjectionRunner } from '../../services/feed/runner';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { tallyProjector } from './fixtures/tally';

const PROCESSES = 4;

let db: TestDatabase;
let store: EventStore;
let pools: pg.Pool[];
beforeAll(async () => {
  db = await createTestDatabase('projection-prepare');
  pools = Array.from({ length: PROCESSES }, () => createPool(db.url, 3));
  await migrateEventStore(db.pool);
  store = createPostgresEventStore(db.pool);
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await store.close();
  await db.drop();
});

const meta = () => ({
  actorId: null,
  correlationId: crypto.randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});

/**
 * Waits until the global feed hands out `count` events. The feed holds back every event behind the
 * oldest transaction still open in the whole cluster (its xmin is cluster-wide), and other test
 * files run beside this one on the same cluster: a rebuild started before then reads fewer events
 * (the live loops would apply the rest later), which is not what this file tests.
 */
async function feedShows(count: number) {
  await eventually(async () => (await store.readAll(null, count + 1)).length >= count, `the feed to show ${count} events`, 20_000);
}

async function prepareTogether(projectors: readonly Projector[]) {
  const results = await Promise.allSettled(pools.map((pool) => new ProjectionRunner(pool, store, projectors).prepare()));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  assert.deepEqual(
    failed.map((r) => String(r.reason)),
    [],
    'every process prepares without an error',
  );
}

describe('prepare() from several processes at once', () => {
  it('creates every read model of a fresh database exactly once', async () => {
    await prepareTogether([...allProjectors, tallyProjector]);
    const names = [...allProjectors, tallyProjector].map((p) => p.name).sort();
    const { rows } = await db.pool.query('SELECT name, version FROM projection_checkpoints ORDER BY name');
    assert.deepEqual(
      rows.map((r) => r.name),
      names,
    );
    const { rows: schemas } = await db.pool.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rm\\_%' ORDER BY nspname`);
    assert.deepEqual(
      schemas.map((r) => r.nspname),
      names.map((n) => `rm_${n}`).sort(),
    );
    const { rows: tables } = await db.pool.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'rm_tally'`,
    );
    assert.equal(tables[0].n, 1);
  });

  it('rebuilds a read model whose version changed once, every event counted once', async () => {
    await store.appendToStreams([
      {
        stream: 'minutes-p',
        expected: 'no_stream',
        events: Array.from({ length: 40 }, (_, i) => ({
          type: 'MinutesChanged',
          data: {
            transactionId: `p-${i}`,
            accountId: 'p',
            minuteQuantity: 3,
            action: 'admin_adjustment',
            actionReason: null,
            balanceAfter: 0,
          },
          metadata: meta(),
        })),
      },
    ]);
    await feedShows(40);
    // Nothing has applied them yet (no loop runs here): what the read model counts below is the rebuild's.
    const { rows: before } = await db.pool.query(
      'SELECT version, events_applied::int AS applied FROM projection_checkpoints WHERE name = $1',
      ['tally'],
    );
    assert.deepEqual(before, [{ version: 1, applied: 0 }]);
    await prepareTogether([{ ...tallyProjector, version: 2 }]);
    const { rows } = await db.pool.query(
      'SELECT version, events_applied::int AS applied, failed_at FROM projection_checkpoints WHERE name = $1',
      ['tally'],
    );
    assert.deepEqual(rows, [{ version: 2, applied: 40, failed_at: null }]);
    const { rows: tallies } = await db.pool.query('SELECT account_id, events, minutes::int AS minutes FROM rm_tally.tallies');
    assert.deepEqual(tallies, [{ account_id: 'p', events: 40, minutes: 120 }]);
    const { rows: leftovers } = await db.pool.query(`SELECT name FROM projection_checkpoints WHERE name LIKE '%\\_\\_%'`);
    assert.deepEqual(leftovers, [], 'no rebuild row left behind');
  });
});
