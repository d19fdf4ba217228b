/**
 * pg-boss's connection (services/jobs/index.ts, preparingConnection): a statement with parameters
 * is prepared once per connection and reused; one without parameters, which may hold several
 * commands (pg-boss's migrations), goes as it is.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import PgBoss from 'pg-boss';
import pg from 'pg';
import pino from 'pino';
import { preparingConnection } from '../../services/jobs';
import { leavingUnrecordedEndsToExpire } from '../../services/jobs/unrecordedEnds';
import { createTestDatabase, testAdminUrl, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';

let db: TestDatabase;
let connection: ReturnType<typeof preparingConnection>;

beforeAll(async () => {
  db = await createTestDatabase('jobs_connection');
  // One connection, so the session's prepared statements are the ones every call sees.
  connection = preparingConnection(db.url, 1);
});
afterAll(async () => {
  await connection?.close();
  await db?.drop();
});

const prepared = async () =>
  (await connection.db.executeSql(`SELECT name, statement FROM pg_prepared_statements ORDER BY name`)).rows as {
    name: string;
    statement: string;
  }[];

describe("pg-boss's connection", () => {
  it('prepares a statement with parameters once and reuses it', async () => {
    const text = 'SELECT $1::int + $2::int AS sum';
    const first = await connection.db.executeSql(text, [1, 2]);
    const second = await connection.db.executeSql(text, [3, 4]);
    assert.equal(first.rows[0].sum, 3);
    assert.equal(second.rows[0].sum, 7);
    const statements = (await prepared()).filter((p) => p.statement === text);
    assert.equal(statements.length, 1);
    assert.match(statements[0].name, /^pgboss_[0-9a-f]{24}$/);
  });

  it('sends a text without parameters as it is, several commands included', async () => {
    const before = (await prepared()).length;
    const result = await connection.db.executeSql('CREATE TABLE t (v int); INSERT INTO t VALUES (1); SELECT v FROM t');
    assert.ok(Array.isArray(result));
    assert.equal((await prepared()).length, before);
  });

  it('answers nothing once closed, as pg-boss expects of a connection it no longer uses', async () => {
    const closing = preparingConnection(db.url, 1);
    await closing.close();
    assert.equal(await closing.db.executeSql('SELECT $1::int AS one', [1]), undefined);
  });

  it("lets pg-boss record a job's failure after the connection closed, without throwing", async () => {
    // A job that ends while the process stops: pg-boss calls fail() without awaiting it, so a throw
    // there is an unhandled rejection (it was, with an empty result in place of none).
    const closing = preparingConnection(db.url, 1);
    const boss = new PgBoss({ db: closing.db });
    await closing.close();
    assert.deepEqual(await boss.fail('send-mail', 'a-job-id', new Error('stopped')), { jobs: ['a-job-id'], requested: 1, affected: 0 });
  });

  it('leaves a batch whose end the database did not take to expire, with no unhandled rejection', async () => {
    // pg-boss 10 records a batch's end without awaiting it: this rejection stopped the process.
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const own = await createTestDatabase('jobs_unreachable');
    const database = new URL(own.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: await testAdminUrl() });
    await admin.connect();
    const jobs = preparingConnection(own.url, 2);
    const boss = new PgBoss({ db: leavingUnrecordedEndsToExpire(jobs.db, log), supervise: false, schedule: false });
    boss.on('error', () => {}); // its polls fail while the database is away: said by the product's own listener
    try {
      await boss.start();
      await boss.createQueue('unreachable');
      const id = await boss.send('unreachable', {});
      let ran = 0;
      await boss.work('unreachable', { pollingIntervalSeconds: 0.5 }, async () => {
        ran += 1;
        await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
      });
      await eventually(() => unhandled.length > 0 || warnings.some((line) => line.includes("a batch's end was not recorded")), 'the end');
      assert.deepEqual(unhandled, []);
      assert.equal(ran, 1);
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
      const state = new pg.Client({ connectionString: own.url });
      await state.connect();
      const job = await state.query('SELECT state FROM pgboss.job WHERE id = $1', [id]);
      await state.end();
      assert.equal(job.rows[0].state, 'active', 'left to expire and run again');
    } finally {
      process.off('unhandledRejection', record);
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
      await admin.end();
      await boss.stop({ graceful: false, wait: true });
      await jobs.close();
      await own.drop();
    }
  });
});
