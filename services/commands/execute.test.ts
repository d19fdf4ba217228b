import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore } from '../eventstore/postgres';
import type { EventStore } from '../eventstore/port';
import { SYSTEM_ACTOR } from '../domain/shared/decider';
import { DomainError } from '../domain/shared/errors';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { CommandExecutor } from './execute';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase('commands');
  await migrateEventStore(db.pool);
  store = createPostgresEventStore(db.pool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('command executor', () => {
  it('retries on a version conflict so concurrent commands all decide on fresh state', async () => {
    const commands = new CommandExecutor(store);
    const counter = 'counter-1';
    await Promise.all(
      Array.from({ length: 4 }, () =>
        commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
          const seen = (await tx.read(counter)).length;
          tx.append(counter, [{ type: 'Counted', data: { seen } }]);
        }),
      ),
    );
    const events = await store.readStream(counter);
    assert.deepEqual(
      events.map((e) => e.data.seen),
      [0, 1, 2, 3],
    );
  });

  it('gives up after a bounded number of attempts with a CONFLICT error', async () => {
    const commands = new CommandExecutor(store);
    let attempts = 0;
    await assert.rejects(
      commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
        attempts += 1;
        await tx.read('always-moving');
        // Someone else always gets there first.
        await store.appendToStreams([
          {
            stream: 'always-moving',
            expected: 'any',
            events: [
              {
                type: 'Moved',
                data: {},
                metadata: { actorId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
              },
            ],
          },
        ]);
        tx.append('always-moving', [{ type: 'Tried', data: {} }]);
      }),
      (error: unknown) => error instanceof DomainError && error.code === 'CONFLICT',
    );
    assert.equal(attempts, 5);
  });

  it('stamps metadata: actor, correlation, time, schema version', async () => {
    const commands = new CommandExecutor(store);
    const now = new Date('2026-11-21T10:00:00Z');
    await commands.execute(
      { actor: { accountId: 'acc-9', roles: ['ADMIN'] }, correlationId: 'corr-1', causationId: 'cause-1', now: () => now },
      async (tx) => {
        tx.append('meta-1', [{ type: 'Stamped', data: {} }], 'no_stream');
      },
    );
    const [event] = await store.readStream('meta-1');
    assert.deepEqual(event.metadata, {
      actorId: 'acc-9',
      correlationId: 'corr-1',
      causationId: 'cause-1',
      occurredAt: now.toISOString(),
      schemaVersion: 1,
    });
  });

  it('runs after-commit work only when the append commits', async () => {
    const commands = new CommandExecutor(store);
    const done: string[] = [];
    await commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
      tx.append('once-1', [{ type: 'Made', data: {} }], 'no_stream');
      tx.afterCommit(async () => void done.push('first'));
    });
    await assert.rejects(
      commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
        tx.append('once-1', [{ type: 'Made', data: {} }], 'no_stream');
        tx.afterCommit(async () => void done.push('second'));
      }),
    );
    assert.deepEqual(done, ['first']);
  });

  it('readLast gives the last event and guards the append like read: concurrent debits of one balance all decide on fresh state', async () => {
    const commands = new CommandExecutor(store);
    const ledger = 'ledger-readlast';
    await commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
      assert.equal(await tx.readLast(ledger), null);
      tx.append(ledger, [{ type: 'Balance', data: { after: 3 } }]);
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
          const [last, other] = await Promise.all([tx.readLast(ledger), tx.read('readlast-other')]);
          assert.equal(other.length, 0);
          const after = (last!.data as { after: number }).after - 1;
          if (after < 0) throw new DomainError('INSUFFICIENT_MINUTES', 'none left');
          tx.append(ledger, [{ type: 'Balance', data: { after } }]);
        }),
      ),
    );
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 3);
    assert.deepEqual(
      (await store.readStream(ledger)).map((e) => e.data.after),
      [3, 2, 1, 0],
    );
  });
});
