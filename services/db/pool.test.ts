/**
 * A client checked out of the pool that loses its connection between two queries (a server
 * restart, an administrator ending it) must not take the process down: its error used to be an
 * uncaught exception (the metrics test's "database unreachable" ended the whole test worker).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { eventually } from '../../tests/support/eventually';
import { createPool } from './pool';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('pool');
});
afterAll(async () => {
  await db.drop();
});

it('a checked-out client whose connection is ended fails its next query, and nothing is thrown elsewhere', async () => {
  const pool = createPool(db.url, 2);
  const client = await pool.connect();
  const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', record);
  try {
    await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    // The server's notice arrives on the idle client; its next query fails instead.
    await eventually(
      async () =>
        client.query('SELECT 1').then(
          () => false,
          () => true,
        ),
      'the ended client refuses its next query',
    );
    assert.deepEqual(uncaught, []);
  } finally {
    process.off('uncaughtException', record);
    client.release(true);
    await pool.end();
  }
});
