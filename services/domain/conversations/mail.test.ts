/**
 * What conversation mail queues and schedules, with fakes for the transaction, the mailer, the
 * read models and the job queue: who gets which method, SEQUENCE from the stream's version, which
 * reminders are scheduled, and that nothing fails the command when the job queue does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { CommandTransaction } from '../../commands/execute';
import type { StoredEvent } from '../../eventstore/port';
import { SYSTEM_ACTOR } from '../shared/decider';
import { createConversationMail, REMINDER_OFFSETS_MINUTES, type MailRecipient, type ReminderJob, type ScheduledReminder } from './mail';
import type { MailedConversation } from './mail';

const HOUR = 3600_000;
const now = new Date('2027-03-10T12:00:00Z');

function harness(streamLength = 0, failJobs = false) {
  const queued: { to: string; templateKey: string; values: Record<string, string> }[] = [];
  const scheduled: ScheduledReminder[] = [];
  const canceled: ReminderJob[] = [];
  const errors: string[] = [];
  const people: Record<string, MailRecipient> = {
    student: { accountId: 'student', emailAddress: 'student@example.com', name: 'Bob', zone: 'Asia/Kolkata' },
    ana: { accountId: 'ana', emailAddress: 'ana@example.com', name: 'Ana', zone: null },
    carla: { accountId: 'carla', emailAddress: 'carla@example.com', name: null, zone: 'Europe/Madrid' },
  };
  const mail = createConversationMail({
    commands: null as never,
    store: { readStream: async () => Array.from({ length: streamLength }, () => ({}) as StoredEvent) },
    mailer: {
      queue: (_tx, m) => {
        queued.push({ to: m.recipient.emailAddress, templateKey: m.templateKey, values: m.templateValue });
        return 'n';
      },
    },
    publicUrl: 'https://tertulia.example',
    mailFrom: 'Tertulia <no-reply@tertulia.example>',
    people: async (ids) => ids.map((id) => people[id] ?? null),
    reminders: {
      schedule: async (r) => {
        if (failJobs) throw new Error('job queue down');
        scheduled.push(...r);
      },
      cancel: async (r) => void canceled.push(...r),
    },
    onError: (_e, context) => void errors.push(context),
  });
  const after: (() => Promise<void>)[] = [];
  const tx: CommandTransaction = { now, actor: SYSTEM_ACTOR, read: async () => [], append: () => {}, afterCommit: (w) => void after.push(w) };
  const commit = async () => {
    for (const w of after) await w();
  };
  return { mail, tx, queued, scheduled, canceled, errors, commit };
}

const conversation = (over: Partial<MailedConversation> = {}): MailedConversation => ({
  conversationId: 'c1', kind: 'lesson', reservedBy: 'student', reservedWith: 'ana',
  start: new Date(now.getTime() + 48 * HOUR), end: new Date(now.getTime() + 48 * HOUR + 30 * 60_000),
  learningLanguage: 'es', minutes: 30, ...over,
});

describe('conversation mail', () => {
  it('on a reservation, sends both a REQUEST at SEQUENCE 0 with their links and zones, and schedules both reminders', async () => {
    const h = harness();
    await h.mail.reserved(h.tx, conversation());
    assert.deepEqual(h.queued.map((q) => [q.to, q.templateKey, q.values.role, q.values.method, q.values.sequence]), [
      ['student@example.com', 'conversation_reserved', 'student', 'REQUEST', '0'],
      ['ana@example.com', 'conversation_reserved', 'speaker', 'REQUEST', '0'],
    ]);
    const [student, speaker] = h.queued.map((q) => q.values);
    assert.equal(student.link, 'https://tertulia.example/student/lobby?id=c1');
    assert.equal(speaker.link, 'https://tertulia.example/speaker/conversations/c1');
    assert.equal(student.otherName, 'Ana');
    assert.equal(speaker.otherName, 'Bob');
    assert.equal(student.zone, 'Asia/Kolkata');
    assert.equal(speaker.zone, 'America/New_York', 'the default zone when none is stored');
    assert.equal(student.organizerEmail, 'no-reply@tertulia.example');
    assert.equal(h.scheduled.length, 0, 'reminders wait for the commit');
    await h.commit();
    assert.deepEqual(h.scheduled.map((r) => [r.offsetMinutes, r.runAt.toISOString()]), [
      [1440, '2027-03-11T12:00:00.000Z'],
      [60, '2027-03-12T11:00:00.000Z'],
    ]);
    assert.deepEqual([...REMINDER_OFFSETS_MINUTES], [1440, 60]);
  });

  it('schedules only the reminders still in the future, and a failing job queue does not fail the command', async () => {
    const h = harness();
    await h.mail.reserved(h.tx, conversation({ start: new Date(now.getTime() + 3 * HOUR), end: new Date(now.getTime() + 3.5 * HOUR) }));
    await h.commit();
    assert.deepEqual(h.scheduled.map((r) => r.offsetMinutes), [60]);

    const failing = harness(0, true);
    await failing.mail.reserved(failing.tx, conversation());
    await failing.commit();
    assert.deepEqual(failing.errors, ['scheduling conversation reminders failed']);
  });

  it('on a cancellation, sends both a CANCEL with SEQUENCE = the stream version, and cancels the reminders', async () => {
    const h = harness(2);
    await h.mail.canceled(h.tx, conversation(), { reason: 'student', minutesReturned: 30 });
    assert.deepEqual(h.queued.map((q) => [q.to, q.templateKey, q.values.method, q.values.sequence, q.values.reason]), [
      ['student@example.com', 'conversation_canceled', 'CANCEL', '2', 'student'],
      ['ana@example.com', 'conversation_canceled', 'CANCEL', '2', 'student'],
    ]);
    await h.commit();
    assert.deepEqual(h.canceled, [{ conversationId: 'c1', offsetMinutes: 1440 }, { conversationId: 'c1', offsetMinutes: 60 }]);
  });

  it('on a transfer, sends the old speaker a CANCEL, the new one a REQUEST and the student an update', async () => {
    const h = harness(1);
    await h.mail.transferred(h.tx, conversation({ reservedWith: 'carla' }), 'ana');
    assert.deepEqual(h.queued.map((q) => [q.to, q.values.change, q.values.method, q.values.sequence, q.values.otherName]), [
      ['ana@example.com', 'from', 'CANCEL', '1', 'Bob'],
      ['carla@example.com', 'to', 'REQUEST', '1', 'Bob'],
      ['student@example.com', 'student', 'REQUEST', '1', 'a Tertulia speaker'],
    ]);
    await h.commit();
    assert.equal(h.scheduled.length + h.canceled.length, 0, 'reminders read the speaker when they run');
  });

  it('sends nothing for interviews', async () => {
    const h = harness();
    await h.mail.reserved(h.tx, conversation({ kind: 'interview' }));
    await h.mail.canceled(h.tx, conversation({ kind: 'interview' }));
    await h.commit();
    assert.equal(h.queued.length + h.scheduled.length + h.canceled.length, 0);
  });
});
