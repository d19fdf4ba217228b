/**
 * What the job dispatcher asks of pg-boss for a batch of events (a fake pg-boss records it): a
 * sending job per mail without secrets, a lesson's reminders still ahead when it was reserved, the
 * reminders of a canceled conversation canceled, all through the batch's own connection.
 */
import assert from 'node:assert/strict';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { describe, it } from 'vitest';
import type { StoredEvent } from '../eventstore/port';
import { jobDispatcher, remindersOf } from './dispatch';
import { mailJobId, QUEUES, reminderJobId, type JobRow } from './queues';

const HOUR = 3600_000;
const reservedAt = '2027-03-10T12:00:00.000Z';

let position = 0;
const event = (type: string, data: Record<string, unknown>, occurredAt = reservedAt): StoredEvent =>
  ({
    type,
    data,
    metadata: { occurredAt },
    streamId: 's',
    streamVersion: 0,
    position: String(++position),
    transactionId: '1',
  }) as unknown as StoredEvent;

const reserved = (conversationId: string, startsIn: number, kind = 'lesson') =>
  event('ConversationReserved', {
    conversationId,
    kind,
    reservedStart: new Date(Date.parse(reservedAt) + startsIn).toISOString(),
    reservedEnd: new Date(Date.parse(reservedAt) + startsIn + 30 * 60_000).toISOString(),
  });

function fakeBoss() {
  const calls: { insert: JobRow[][]; cancel: { name: string; ids: string[] }[]; statements: string[] } = {
    insert: [],
    cancel: [],
    statements: [],
  };
  type Options = { db: { executeSql(text: string, values?: unknown[]): Promise<unknown> } };
  const boss = {
    async insert(rows: JobRow[], options: Options) {
      calls.insert.push(rows);
      await options.db.executeSql('INSERT jobs', [JSON.stringify(rows)]);
    },
    async cancel(name: string, ids: string[], options: Options) {
      calls.cancel.push({ name, ids });
      await options.db.executeSql('CANCEL jobs', [name, ids]);
    },
  } as unknown as PgBoss;
  const db = { query: async (statement: { text: string }) => void calls.statements.push(statement.text) } as unknown as pg.PoolClient;
  return { dispatcher: jobDispatcher(boss), db, calls };
}

describe('the job dispatcher', () => {
  it('asks for a score post per marking, one job each however often the feed delivers it, at the marking’s time', async () => {
    const { dispatcher, db, calls } = fakeBoss();
    const marked = (streamVersion: number, markedAs: string, at: string) => ({
      ...event('ConversationMarked', { conversationId: 'c1', markedAs }, at),
      streamId: 'conversation-c1',
      streamVersion,
    });
    await dispatcher.apply([marked(5, 'completed', '2027-03-10T13:00:00.000Z'), marked(6, 'missed', '2027-03-10T14:00:00.000Z')], db);
    await dispatcher.apply([marked(5, 'completed', '2027-03-10T13:00:00.000Z')], db);
    const [first, second] = calls.insert[0];
    assert.deepEqual(first.data, { conversationId: 'c1', markedAs: 'completed', markedAt: '2027-03-10T13:00:00.000Z' });
    assert.deepEqual(second.data, { conversationId: 'c1', markedAs: 'missed', markedAt: '2027-03-10T14:00:00.000Z' });
    assert.equal(first.name, QUEUES.ltiScore);
    assert.notEqual(first.id, second.id);
    assert.equal(calls.insert[1][0].id, first.id, 'the same marking, the same job id (inserted once)');
  });
  it('asks for a sending job per mail without secrets, and leaves a mail with sealed secrets to its command', async () => {
    const { dispatcher, db, calls } = fakeBoss();
    await dispatcher.apply(
      [
        event('NotificationQueued', { notificationId: 'n1' }),
        event('NotificationQueued', { notificationId: 'n2', secretsSealed: true }),
        event('NotificationQueued', { notificationId: 'n3' }),
      ],
      db,
    );
    assert.deepEqual(calls.insert, [
      [
        { id: mailJobId('n1'), name: QUEUES.sendMail, data: { notificationId: 'n1', sealedSecrets: null } },
        { id: mailJobId('n3'), name: QUEUES.sendMail, data: { notificationId: 'n3', sealedSecrets: null } },
      ],
    ]);
    assert.deepEqual(calls.statements, ['INSERT jobs'], "on the batch's connection");
    assert.notEqual(mailJobId('n1'), mailJobId('n3'));
  });

  it("schedules a lesson's reminders still ahead when it was reserved, and cancels a canceled conversation's", async () => {
    const { dispatcher, db, calls } = fakeBoss();
    await dispatcher.apply(
      [
        reserved('c1', 48 * HOUR),
        reserved('c2', 3 * HOUR),
        reserved('c3', 48 * HOUR, 'interview'),
        event('ConversationCanceled', { conversationId: 'c1', reason: 'student' }),
      ],
      db,
    );
    assert.deepEqual(
      calls.insert[0].map((r) => [
        r.name,
        (r.data as { conversationId: string }).conversationId,
        (r.data as { offsetMinutes: number }).offsetMinutes,
        (r.startAfter as Date).toISOString(),
        r.id,
      ]),
      [
        [QUEUES.conversationReminder, 'c1', 1440, '2027-03-11T12:00:00.000Z', reminderJobId({ conversationId: 'c1', offsetMinutes: 1440 })],
        [QUEUES.conversationReminder, 'c1', 60, '2027-03-12T11:00:00.000Z', reminderJobId({ conversationId: 'c1', offsetMinutes: 60 })],
        [QUEUES.conversationReminder, 'c2', 60, '2027-03-10T14:00:00.000Z', reminderJobId({ conversationId: 'c2', offsetMinutes: 60 })],
      ],
    );
    // Inserted before canceled: a reservation and its cancellation in one batch end canceled.
    assert.deepEqual(calls.cancel, [
      {
        name: QUEUES.conversationReminder,
        ids: [reminderJobId({ conversationId: 'c1', offsetMinutes: 1440 }), reminderJobId({ conversationId: 'c1', offsetMinutes: 60 })],
      },
    ]);
    assert.deepEqual(calls.statements, ['INSERT jobs', 'CANCEL jobs']);
  });

  it('asks nothing of pg-boss for a batch with nothing to do', async () => {
    const { dispatcher, db, calls } = fakeBoss();
    await dispatcher.apply([reserved('c4', 30 * 60_000), reserved('c5', 48 * HOUR, 'interview')], db);
    assert.deepEqual(calls, { insert: [], cancel: [], statements: [] });
  });

  it('reminds only of lessons, and only at times still ahead', () => {
    const data = (startsIn: number, kind = 'lesson') => reserved('c', startsIn, kind).data;
    const at = new Date(reservedAt);
    assert.deepEqual(
      remindersOf(data(25 * HOUR), at).map((r) => r.offsetMinutes),
      [1440, 60],
    );
    assert.deepEqual(
      remindersOf(data(24 * HOUR), at).map((r) => r.offsetMinutes),
      [60],
      'the 24-hour reminder would be now',
    );
    assert.deepEqual(remindersOf(data(HOUR), at), []);
    assert.deepEqual(remindersOf(data(48 * HOUR, 'interview'), at), []);
  });
});
