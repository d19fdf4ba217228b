/**
 * A lane's shared batch (services/feed/batch.ts, applySharedBatch): one transaction that opens and
 * closes in one round trip each, sets one search path for read models whose tables do not clash,
 * and sends the read models' change notices with its closing statement, on commit only.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createPool } from '../../services/db/pool';
import { createPostgresEventStore, migrateEventStore } from '../../services/eventstore/postgres';
import type { PostgresEventStore } from '../../services/eventstore/postgres';
import { applySharedBatch, sharedSearchPath } from '../../services/feed/batch';
import { notifyChange, type Projector } from '../../services/feed/projector';
import { ProjectionRunner } from '../../services/feed/runner';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { minutesChanged } from './fixtures/tally';

/** A read model keeping each change's account in `table`, telling subscribers under `topic`. */
const marker = (name: string, table: string, fail = { now: false }): Projector => ({
  name,
  version: 1,
  handles: ['MinutesChanged'],
  schema: `CREATE TABLE ${table} (account_id text NOT NULL, transaction_id text PRIMARY KEY)`,
  async apply(events, db) {
    if (fail.now) throw new Error(`${name} cannot apply this batch`);
    await db.query(`INSERT INTO ${table} SELECT * FROM unnest($1::text[], $2::text[])`, [
      events.map((e) => e.data.accountId as string),
      events.map((e) => e.data.transactionId as string),
    ]);
    await notifyChange(
      db,
      events.map((e) => ({ topic: name, key: e.data.accountId as string })),
    );
  },
});

const betaFails = { now: false };
const alpha = marker('alpha', 'marks');
const beta = marker('beta', 'notes', betaFails);
/** Has a table named like alpha's: the two cannot share a search path. */
const gamma = marker('gamma', 'marks');

let db: TestDatabase;
let store: PostgresEventStore;
let listener: pg.Client;
const notices: { topic: string; key: string }[] = [];

beforeAll(async () => {
  db = await createTestDatabase('shared-batch');
  await migrateEventStore(db.pool);
  store = createPostgresEventStore(db.pool);
  await new ProjectionRunner(db.pool, store, [alpha, beta, gamma]).prepare();
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (n) => notices.push(JSON.parse(n.payload!)));
  await listener.query('LISTEN tertulia_changes');
});
afterAll(async () => {
  await listener.end();
  await store.close();
  await db.drop();
});

/** A pool whose connections count the statements sent on them, and those that ask the catalog. */
function countingPool(max = 2) {
  const pool = createPool(db.url, max);
  const counted = { statements: 0, catalog: 0 };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      counted.statements += 1;
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
      if (text.includes('FROM pg_class')) counted.catalog += 1;
      return query(...args);
    };
  });
  return { pool, counted };
}

/** One shared batch of `projectors` on a pool of its own, and the statements it sent (the search path asked first, not counted). */
async function countedBatch(projectors: Projector[]) {
  const { pool, counted } = countingPool();
  try {
    const searchPath = await sharedSearchPath(pool, projectors);
    counted.statements = 0;
    const batch = await applySharedBatch(pool, store, projectors, 500, { searchPath });
    return { batch, statements: counted.statements };
  } finally {
    await pool.end();
  }
}

/** Appends `count` changes of a new account, and waits until the feed shows them (a transaction of another test's database may hold it back). */
async function appendChanges(count: number) {
  const account = `acct-${crypto.randomUUID()}`;
  await store.appendToStreams([
    { stream: `minutes-${account}`, expected: 'no_stream', events: Array.from({ length: count }, () => minutesChanged(account)) },
  ]);
  await eventually(
    async () => (await store.readAll(null, 10_000)).filter((e) => e.data.accountId === account).length === count,
    'the feed shows the changes',
    10_000,
  );
  return account;
}

const rowsIn = async (schema: string, table: string, account: string) =>
  Number((await db.pool.query(`SELECT count(*) FROM "${schema}".${table} WHERE account_id = $1`, [account])).rows[0].count);

describe('a shared batch', () => {
  it('shares one search path only among read models whose relations do not clash', async () => {
    assert.equal(await sharedSearchPath(db.pool, [alpha, beta]), '"rm_alpha", "rm_beta", public');
    assert.equal(await sharedSearchPath(db.pool, [alpha, beta, gamma]), null, 'alpha and gamma both have a table "marks"');
    assert.equal(await sharedSearchPath(db.pool, [alpha]), null, 'one read model sets its own');
  });

  it('opens and closes in one round trip each, writes each read model in its own schema, and notifies on commit', async () => {
    const account = await appendChanges(3);
    const { batch, statements } = await countedBatch([alpha, beta]);
    assert.ok(batch.read >= 3);
    assert.deepEqual(batch.moved, ['alpha', 'beta']);
    // Open; alpha's insert; beta's insert; close (notices, checkpoints, COMMIT). The feed is read on the store's pool.
    assert.equal(statements, 4);
    assert.equal(await rowsIn('rm_alpha', 'marks', account), 3);
    assert.equal(await rowsIn('rm_beta', 'notes', account), 3);
    // PostgreSQL delivers a transaction's identical notices once: one from each read model.
    await eventually(async () => notices.filter((n) => n.key === account).length === 2, 'a notice from each read model', 5_000);
    assert.deepEqual(
      notices
        .filter((n) => n.key === account)
        .map((n) => n.topic)
        .sort(),
      ['alpha', 'beta'],
    );
  });

  it('sets each read model its own search path when their tables clash', async () => {
    const account = await appendChanges(2);
    const { statements } = await countedBatch([alpha, gamma]);
    // Open; the search path and the insert of alpha, then of gamma; close.
    assert.equal(statements, 1 + 2 + 2 + 1);
    assert.equal(await rowsIn('rm_alpha', 'marks', account), 2);
    assert.equal(await rowsIn('rm_gamma', 'marks', account), 2);
  });

  it("a runner's lane asks the catalog for its search path once, also when its read models' tables clash", async () => {
    const { pool, counted } = countingPool();
    const runner = new ProjectionRunner(pool, store, [alpha, gamma], { onWake: (wake) => store.onAppended(wake) });
    runner.start();
    try {
      for (let round = 0; round < 3; round++) {
        const account = await appendChanges(1);
        await eventually(async () => (await rowsIn('rm_gamma', 'marks', account)) === 1, 'the lane applied the change', 10_000);
      }
    } finally {
      await runner.stop();
      await pool.end();
    }
    assert.equal(counted.catalog, 1);
  });

  it("with skipLocked, leaves the rows another runner's open batch holds instead of waiting for it, and applies nothing twice", async () => {
    const account = await appendChanges(2);
    const searchPath = await sharedSearchPath(db.pool, [alpha, beta]);
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // The first batch holds its rows open until released, as a runner in another process would while applying.
    const first = applySharedBatch(db.pool, store, [alpha, beta], 500, {
      searchPath,
      beforeCommit: () => {
        holding();
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    await held;
    try {
      // Waiting for the held rows would wait for ever (the first commits only once this returns): fail instead.
      const second = await Promise.race([
        applySharedBatch(db.pool, store, [alpha, beta], 500, { searchPath, skipLocked: true }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the second batch waited for the rows the first holds')), 10_000),
        ),
      ]);
      assert.deepEqual({ held: second.held, read: second.read, moved: second.moved }, { held: 0, read: 0, moved: [] });
    } finally {
      release();
    }
    // Failed once in a whole run (alpha's rows 0 of 2), not since in 14 runs of the file: these say which batch read what.
    const firstBatch = await first;
    const seen = JSON.stringify({ ...firstBatch, checkpoints: (await db.pool.query('SELECT * FROM projection_checkpoints')).rows });
    assert.deepEqual(firstBatch.moved, ['alpha', 'beta'], `the first batch held both rows: ${seen}`);
    assert.ok(firstBatch.read >= 2, seen);
    assert.equal(await rowsIn('rm_alpha', 'marks', account), 2, `applied once, by the batch that held the rows: ${seen}`);
    assert.equal(await rowsIn('rm_beta', 'notes', account), 2);
  });

  it('a failed batch sends no notice, moves nothing, and leaves no notice held on its connection', async () => {
    const account = await appendChanges(1);
    const { pool } = countingPool(1);
    try {
      const before = (
        await db.pool.query(`SELECT name, position FROM projection_checkpoints WHERE name IN ('alpha', 'beta') ORDER BY name`)
      ).rows;
      betaFails.now = true;
      await assert.rejects(
        applySharedBatch(pool, store, [alpha, beta], 500, { searchPath: await sharedSearchPath(pool, [alpha, beta]) }),
        /beta cannot apply/,
      );
      betaFails.now = false;
      assert.deepEqual(
        (await db.pool.query(`SELECT name, position FROM projection_checkpoints WHERE name IN ('alpha', 'beta') ORDER BY name`)).rows,
        before,
      );
      assert.equal(await rowsIn('rm_alpha', 'marks', account), 0, "alpha's rows went with the rollback");

      // The pool's one connection, used outside a batch: its notice goes out at once.
      const client = await pool.connect();
      try {
        await notifyChange(client, [{ topic: 'outside', key: account }]);
      } finally {
        client.release();
      }
      await eventually(
        async () => notices.some((n) => n.key === account && n.topic === 'outside'),
        'the notice sent outside a batch',
        5_000,
      );
      assert.equal(notices.filter((n) => n.key === account && n.topic !== 'outside').length, 0, 'nothing from the failed batch');
    } finally {
      await pool.end();
    }
  });
});
