/**
 * pg-boss's connection (services/jobs/index.ts, preparingConnection): a statement with parameters
 * is prepared once per connection and reused; one without parameters, which may hold several
 * commands (pg-boss's migrations), goes as it is.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import PgBoss from 'pg-boss';
import { preparingConnection } from '../../services/jobs';
import { createTestDatabase, type TestDatabase } from '../support/database';

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
});
