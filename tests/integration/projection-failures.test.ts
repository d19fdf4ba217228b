/**
 * The projector failure policy (docs/decisions/back-office.md, "Projections"): an event one read model cannot
 * apply stops that read model only, right before the event, visibly; the others go on; commands
 * stop waiting for it; a fixed version (rebuild) or `resume` clears it.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore } from '../../services/eventstore/postgres';
import type { EventStore, GlobalCheckpoint } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { ProjectionRunner, isTransientError, type ProjectionFailure } from '../../services/feed/runner';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { tallyProjector } from './fixtures/tally';

/** Keeps each change's quantity in a 16-bit column: a quantity beyond it cannot be applied. */
const narrow = (version: number, column: 'smallint' | 'int'): Projector => ({
  name: 'narrow',
  version,
  handles: ['MinutesChanged'],
  schema: `CREATE TABLE changes (id text PRIMARY KEY, quantity ${column} NOT NULL)`,
  async apply(events, db) {
    for (const e of events)
      await db.query('INSERT INTO changes (id, quantity) VALUES ($1, $2)', [e.data.transactionId, e.data.minuteQuantity]);
  },
});

const meta = () => ({
  actorId: null,
  correlationId: crypto.randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});
const change = (accountId: string, i: number, minuteQuantity: number) => ({
  type: 'MinutesChanged',
  data: { transactionId: `${accountId}-t${i}`, accountId, minuteQuantity, action: 'admin_adjustment', actionReason: null, balanceAfter: 0 },
  metadata: meta(),
});

let db: TestDatabase;
let store: EventStore;
let last: GlobalCheckpoint;
beforeAll(async () => {
  db = await createTestDatabase('projection-failures');
  await migrateEventStore(db.pool);
  store = createPostgresEventStore(db.pool);
  // 30 changes, the 13th of them too large for a smallint; then 30 more.
  await store.appendToStreams([
    { stream: 'minutes-a', expected: 'no_stream', events: Array.from({ length: 30 }, (_, i) => change('a', i, i === 12 ? 2_000_000 : 10)) },
  ]);
  const appended = await store.appendToStreams([
    { stream: 'minutes-b', expected: 'no_stream', events: Array.from({ length: 30 }, (_, i) => change('b', i, 5)) },
  ]);
  last = appended.checkpoint;
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('a read model that cannot apply an event', () => {
  let runner: ProjectionRunner;
  const failures: { name: string; failure: ProjectionFailure }[] = [];

  it('stops right before the event, records it, and the other read models go on', async () => {
    runner = new ProjectionRunner(db.pool, store, [narrow(1, 'smallint'), tallyProjector], {
      batchSize: 50,
      idleWaitMs: 50,
      onFailed: (name, failure) => failures.push({ name, failure }),
    });
    await runner.prepare();
    runner.start();
    const status = await eventually(async () => {
      const s = await runner.status();
      return s.find((x) => x.name === 'narrow')?.failure && !s.find((x) => x.name === 'tally')?.behind ? s : null;
    }, 'narrow stopped and tally caught up');

    const narrowStatus = status.find((x) => x.name === 'narrow')!;
    assert.equal(narrowStatus.failure!.eventType, 'MinutesChanged');
    assert.equal(narrowStatus.failure!.streamId, 'minutes-a');
    assert.equal(narrowStatus.failure!.streamVersion, 13);
    assert.match(narrowStatus.failure!.error, /out of range/);
    assert.deepEqual(
      failures.map((f) => f.name),
      ['narrow'],
    );
    // Everything before the bad event is applied; nothing after it.
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM rm_narrow.changes');
    assert.equal(rows[0].n, 12);
    // The other read model applied the whole log, the bad event included.
    const { rows: tallies } = await db.pool.query('SELECT account_id, events FROM rm_tally.tallies ORDER BY account_id');
    assert.deepEqual(tallies, [
      { account_id: 'a', events: 30 },
      { account_id: 'b', events: 30 },
    ]);
  });

  it('is not waited for by commands, so they answer at once', async () => {
    const started = Date.now();
    assert.equal(await runner.waitFor(last, ['narrow', 'tally'], 5000), true);
    assert.ok(Date.now() - started < 2000, 'waitFor returned without waiting for the stopped read model');
  });

  it('stays stopped after a restart, and resume tries the event again', async () => {
    await runner.stop();
    runner = new ProjectionRunner(db.pool, store, [narrow(1, 'smallint'), tallyProjector], { batchSize: 50, idleWaitMs: 50 });
    await runner.prepare();
    runner.start();
    await new Promise((r) => setTimeout(r, 300)); // Deliberate: several rounds of the restarted runner, which must leave narrow alone
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM rm_narrow.changes');
    assert.equal(rows[0].n, 12, 'a restarted runner leaves the stopped read model alone');

    assert.equal(await runner.resume('narrow'), true);
    const again = await eventually(
      async () => (await runner.status()).find((x) => x.name === 'narrow' && x.failure),
      'narrow stopped again',
    );
    assert.equal(again.failure!.streamVersion, 13, 'the same event fails again after resume');
    await runner.stop();
  });

  it('is cleared by a fixed version, which rebuilds it from the whole log', async () => {
    runner = new ProjectionRunner(db.pool, store, [narrow(2, 'int'), tallyProjector], { batchSize: 50, idleWaitMs: 50 });
    await runner.prepare();
    const status = (await runner.status()).find((x) => x.name === 'narrow')!;
    assert.equal(status.failure, null);
    assert.equal(status.behind, false);
    assert.equal(status.version, 2);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n, max(quantity) AS top FROM rm_narrow.changes');
    assert.deepEqual(rows[0], { n: 60, top: 2_000_000 });
  });

  it('a new version that cannot apply the log keeps the old tables and stops the read model at start', async () => {
    const broken = narrow(3, 'smallint');
    runner = new ProjectionRunner(db.pool, store, [broken, tallyProjector], { batchSize: 50, idleWaitMs: 50 });
    await runner.prepare(); // does not throw: the product starts
    const status = (await runner.status()).find((x) => x.name === 'narrow')!;
    assert.match(status.failure!.error, /^rebuild to version 3: /);
    assert.equal(status.failure!.streamVersion, 13);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM rm_narrow.changes');
    assert.equal(rows[0].n, 60, 'the old tables still serve');
  });
});

describe('transient errors', () => {
  it('are told apart from events that cannot be applied', () => {
    assert.equal(
      isTransientError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
      true,
    );
    assert.equal(isTransientError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })), true);
    assert.equal(isTransientError(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isTransientError(Object.assign(new Error('could not serialize access'), { code: '40001' })), true);
    assert.equal(isTransientError(Object.assign(new Error('smallint out of range'), { code: '22003' })), false);
    assert.equal(isTransientError(new TypeError("Cannot read properties of undefined (reading 'accountId')")), false);
  });
});
