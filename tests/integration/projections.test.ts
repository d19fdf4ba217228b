/**
 * The projection runner's promises: a projector killed mid-batch (SIGKILL) resumes without
 * applying anything twice or skipping anything, and a rebuild from the log yields identical tables.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { allProjectors } from '../../projections';
import { createPool, type Pool } from '../../services/db/pool';
import { createPostgresEventStore, migrateEventStore, READ_MODEL_CONNECTIONS } from '../../services/eventstore/postgres';
import { READ_MODEL_POOL } from '../../services/feed/batch';
import type { EventStore } from '../../services/eventstore/port';
import { ProjectionRunner } from '../../services/feed/runner';
import { liveSchema } from '../../services/feed/projector';
import { createTestDatabase, dumpSchema, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { tallyProjector } from './fixtures/tally';
import { tethered } from '../../scripts/support/tether';

const ACCOUNTS = 150;
const EVENTS_PER_ACCOUNT = 40;
const projectors = [...allProjectors, tallyProjector];

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase('projections');
  await migrateEventStore(db.pool);
  store = createPostgresEventStore(db.pool);
  await seedLog(store);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/** Accounts with sign-ins, role changes and a ledger each: every projector has work. */
async function seedLog(store: EventStore) {
  const meta = () => ({
    actorId: null,
    correlationId: crypto.randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  });
  for (let a = 0; a < ACCOUNTS; a++) {
    const accountId = `acc-${a}`;
    let balance = 0;
    const ledger = Array.from({ length: EVENTS_PER_ACCOUNT }, (_, i) => {
      const minuteQuantity = i % 3 === 2 ? -Math.min(balance, 5) || 1 : 15;
      balance += minuteQuantity;
      return {
        type: 'MinutesChanged',
        data: {
          transactionId: `${accountId}-t${i}`,
          accountId,
          minuteQuantity,
          action: 'admin_adjustment',
          actionReason: `r${i}`,
          balanceAfter: balance,
        },
        metadata: meta(),
      };
    });
    await store.appendToStreams([
      {
        stream: `account-${accountId}`,
        expected: 'no_stream',
        events: [
          {
            type: 'AccountRegistered',
            data: { accountId, emailAddress: `${accountId}@example.com`, passwordHash: 'x', roles: ['STUDENT'], via: 'seed' },
            metadata: meta(),
          },
          { type: 'SignedIn', data: { sessionId: `${accountId}-s1`, ip: '10.0.0.1', expiresAt: '2030-01-01T00:00:00Z' }, metadata: meta() },
          {
            type: 'RolesChanged',
            data: { roles: ['STUDENT', 'ONBOARDING_INSTRUCTOR'], added: ['ONBOARDING_INSTRUCTOR'], removed: [] },
            metadata: meta(),
          },
        ],
      },
      { stream: `minutes-${accountId}`, expected: 'no_stream', events: ledger },
      {
        // One mail each, for the notification and history read models.
        stream: `notification-n-${accountId}`,
        expected: 'no_stream',
        events: [
          {
            type: 'NotificationQueued',
            data: {
              notificationId: `n-${accountId}`,
              recipient: { accountId, emailAddress: `${accountId}@example.com` },
              fromAddress: 'Tertulia <no-reply@tertulia.local>',
              subject: 'Reset your Tertulia password',
              templateKey: 'password_reset',
              templateValue: { emailAddress: `${accountId}@example.com`, validForMinutes: '60' },
              transportType: 'outbox',
            },
            metadata: meta(),
          },
          { type: 'NotificationSent', data: { messageId: `m-${accountId}`, transportType: 'outbox' }, metadata: meta() },
        ],
      },
    ]);
  }
}

function startWorker(): Promise<ChildProcess> {
  const child = tethered(
    spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/projector-worker.ts')], {
      env: { ...process.env, DATABASE_URL: db.url, PROJECTION_BATCH_SIZE: '100' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

describe('projection runner', () => {
  it('survives SIGKILL mid-batch several times and ends equal to a recomputation from the log', async () => {
    const runner = new ProjectionRunner(db.pool, store, projectors, { batchSize: 100 });
    await runner.prepare();
    const kills: number[] = [];
    for (let round = 0; round < 5; round++) {
      const child = await startWorker();
      const before = await appliedSoFar();
      // Killed once it has applied something (a loaded machine may take seconds to start), then at
      // a random point of its next batches: mid-batch, as a crash would.
      await eventually(async () => (await appliedSoFar()) > before, 'the worker to apply a batch', 60_000);
      // Deliberate: a random delay so the kill lands at different points of a batch.
      await new Promise((r) => setTimeout(r, Math.random() * 300));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      kills.push((await appliedSoFar()) - before);
    }
    assert.ok(
      kills.some((n) => n > 0),
      'the worker made progress between kills',
    );
    await runner.catchUp();

    // Independent recomputation straight from the log.
    const expected = new Map<string, { events: number; minutes: number }>();
    for (let after = null as any; ; ) {
      const batch = await store.readAll(after, 1000);
      if (!batch.length) break;
      for (const e of batch.filter((x) => x.type === 'MinutesChanged')) {
        const t = expected.get(e.data.accountId) ?? { events: 0, minutes: 0 };
        expected.set(e.data.accountId, { events: t.events + 1, minutes: t.minutes + e.data.minuteQuantity });
      }
      after = { transactionId: batch.at(-1)!.transactionId, position: batch.at(-1)!.position };
    }
    const { rows: tallies } = await db.pool.query('SELECT account_id, events, minutes::int FROM rm_tally.tallies');
    assert.equal(tallies.length, ACCOUNTS);
    for (const t of tallies) assert.deepEqual({ events: t.events, minutes: t.minutes }, expected.get(t.account_id), t.account_id);

    const { rows: balances } = await db.pool.query('SELECT account_id, remaining_minutes::int FROM rm_minutes.balances');
    for (const b of balances) assert.equal(b.remaining_minutes, expected.get(b.account_id)!.minutes);
    const { rows: count } = await db.pool.query('SELECT count(*)::int AS n FROM rm_minutes.minute_transactions');
    assert.equal(count[0].n, ACCOUNTS * EVENTS_PER_ACCOUNT);
  });

  it('rebuilds every read model into identical tables', async () => {
    const runner = new ProjectionRunner(db.pool, store, projectors, { batchSize: 500 });
    await runner.catchUp();
    for (const p of projectors) {
      const before = await dumpSchema(db.pool, liveSchema(p));
      if (['accounts', 'minutes', 'tally'].includes(p.name)) {
        assert.ok(
          Object.values(before).some((rows) => rows.length > 0),
          `${p.name} has rows`,
        );
      }
      const result = await runner.rebuild(p.name);
      assert.ok(result.events >= ACCOUNTS * (EVENTS_PER_ACCOUNT + 3));
      assert.deepEqual(await dumpSchema(db.pool, liveSchema(p)), before, `${p.name} is identical after a rebuild`);
    }
    const status = await runner.status();
    assert.ok(status.every((s) => !s.behind));
  });

  it("commits read models without waiting for the WAL flush, on named connections; the product's other connections wait", async () => {
    const readModels = createPool(db.url, 1, READ_MODEL_POOL);
    const others = createPool(db.url, 1);
    try {
      const setting = async (pool: Pool) =>
        (await pool.query(`SELECT current_setting('synchronous_commit') AS commit, current_setting('application_name') AS name`)).rows[0];
      assert.deepEqual(await setting(readModels), { commit: 'off', name: READ_MODEL_CONNECTIONS });
      assert.deepEqual(await setting(others), { commit: 'on', name: '' });
    } finally {
      await readModels.end();
      await others.end();
    }
  });
});

async function appliedSoFar(): Promise<number> {
  const { rows } = await db.pool.query(`SELECT coalesce(sum(events_applied), 0)::int AS n FROM projection_checkpoints`);
  return rows[0].n;
}
