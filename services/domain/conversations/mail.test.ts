/**
 * What conversation mail queues, with fakes for the transaction, the mailer and the read models:
 * who gets which method, SEQUENCE from the stream's version. (Reminders come from the feed:
 * services/jobs/dispatch.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { CommandTransaction } from '../../commands/execute';
import type { StoredEvent } from '../../eventstore/port';
import { SYSTEM_ACTOR } from '../shared/decider';
import { createConversationMail, type MailRecipient } from './mail';
import type { MailedConversation } from './mail';

const HOUR = 3600_000;
const now = new Date('2027-03-10T12:00:00Z');

function harness(streamLength = 0) {
  const queued: { to: string; templateKey: string; values: Record<string, string>; locale?: string }[] = [];
  const people: Record<string, MailRecipient> = {
    student: { accountId: 'student', emailAddress: 'student@example.com', name: 'Bob', zone: 'Asia/Kolkata', locale: 'es' },
    ana: { accountId: 'ana', emailAddress: 'ana@example.com', name: 'Ana', zone: null, locale: null },
    carla: { accountId: 'carla', emailAddress: 'carla@example.com', name: null, zone: 'Europe/Madrid', locale: 'fr' },
  };
  const mail = createConversationMail({
    commands: null as never,
    store: { readStream: async () => Array.from({ length: streamLength }, () => ({}) as StoredEvent) },
    mailer: {
      queue: (_tx, m) => {
        queued.push({ to: m.recipient.emailAddress, templateKey: m.templateKey, values: m.templateValue, locale: m.locale });
        return 'n';
      },
    },
    publicUrl: 'https://tertulia.example',
    mailFrom: 'Tertulia <no-reply@tertulia.example>',
    people: async (ids) => ids.map((id) => people[id] ?? null),
  });
  const after: (() => Promise<void>)[] = [];
  const tx: CommandTransaction = {
    now,
    actor: SYSTEM_ACTOR,
    read: async () => [],
    readLast: async () => null,
    append: () => {},
    afterCommit: (w) => void after.push(w),
  };
  return { mail, tx, queued, after };
}

const conversation = (over: Partial<MailedConversation> = {}): MailedConversation => ({
  conversationId: 'c1',
  kind: 'lesson',
  reservedBy: 'student',
  reservedWith: 'ana',
  start: new Date(now.getTime() + 48 * HOUR),
  end: new Date(now.getTime() + 48 * HOUR + 30 * 60_000),
  learningLanguage: 'es',
  minutes: 30,
  ...over,
});

describe('conversation mail', () => {
  it('on a reservation, sends both a REQUEST at SEQUENCE 0 with their links and zones, and leaves nothing for after the commit', async () => {
    const h = harness();
    await h.mail.reserved(h.tx, conversation());
    assert.deepEqual(
      h.queued.map((q) => [q.to, q.templateKey, q.values.role, q.values.method, q.values.sequence]),
      [
        ['student@example.com', 'conversation_reserved', 'student', 'REQUEST', '0'],
        ['ana@example.com', 'conversation_reserved', 'speaker', 'REQUEST', '0'],
      ],
    );
    const [student, speaker] = h.queued.map((q) => q.values);
    assert.equal(student.link, 'https://tertulia.example/student/lobby?id=c1');
    assert.equal(speaker.link, 'https://tertulia.example/speaker/conversations/c1');
    assert.equal(student.otherName, 'Ana');
    assert.equal(speaker.otherName, 'Bob');
    assert.equal(student.zone, 'Asia/Kolkata');
    assert.equal(speaker.zone, 'America/New_York', 'the default zone when none is stored');
    assert.equal(student.organizerEmail, 'no-reply@tertulia.example');
    assert.deepEqual(
      h.queued.map((q) => q.locale),
      ['es', undefined],
      'each in the recipient’s language: their setting, else English',
    );
    assert.equal(h.after.length, 0, 'its jobs come from the feed');
  });

  it('on a cancellation, sends both a CANCEL with SEQUENCE = the stream version', async () => {
    const h = harness(2);
    await h.mail.canceled(h.tx, conversation(), { reason: 'student', minutesReturned: 30 });
    assert.deepEqual(
      h.queued.map((q) => [q.to, q.templateKey, q.values.method, q.values.sequence, q.values.reason]),
      [
        ['student@example.com', 'conversation_canceled', 'CANCEL', '2', 'student'],
        ['ana@example.com', 'conversation_canceled', 'CANCEL', '2', 'student'],
      ],
    );
    assert.equal(h.after.length, 0);
  });

  it('on a transfer, sends the old speaker a CANCEL, the new one a REQUEST and the student an update (a nameless speaker left for the template to word)', async () => {
    const h = harness(1);
    await h.mail.transferred(h.tx, conversation({ reservedWith: 'carla' }), 'ana');
    assert.deepEqual(
      h.queued.map((q) => [q.to, q.values.change, q.values.method, q.values.sequence, q.values.otherName]),
      [
        ['ana@example.com', 'from', 'CANCEL', '1', 'Bob'],
        ['carla@example.com', 'to', 'REQUEST', '1', 'Bob'],
        ['student@example.com', 'student', 'REQUEST', '1', ''],
      ],
    );
  });

  it('sends nothing for interviews', async () => {
    const h = harness();
    await h.mail.reserved(h.tx, conversation({ kind: 'interview' }));
    await h.mail.canceled(h.tx, conversation({ kind: 'interview' }));
    assert.equal(h.queued.length, 0);
  });
});
