/**
 * Conversation mail through the GraphQL API and the local outbox: reserving, canceling and
 * transferring mail both sides an iCalendar file (REQUEST / CANCEL, one UID per conversation,
 * SEQUENCE growing), times in each recipient's zone; reminders are durable pg-boss jobs at their
 * time, dropped when the conversation was canceled, sent to the current speaker after a transfer.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import PgBoss from 'pg-boss';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { QUEUES, reminderJobId } from '../../services/jobs';
import type { MailboxMessage } from '../../services/integrations/mail/outbox';
import { mailSettled, startTestApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { parseIcs } from '../support/ics';
import { CANCEL, RESERVE, addAvailability, createSpeaker, createStudent, dayAt, plusMinutes } from '../support/scheduling';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ rateLimits: false }, 'conversation_mail');
});
afterAll(async () => {
  await app.close();
});

const TRANSFER = `mutation($input: TransferReservationInput!) { transferReservation(input: $input) { transferred } }`;
const HOUR = 3600_000;

async function named(person: { accountId: string }, displayName: string, tzIdentifier: string, locale?: 'es') {
  const { appended } = await app.runtime.people.changeUser(
    { actor: SYSTEM_ACTOR },
    { accountId: person.accountId, change: { displayName, tzIdentifier, ...(locale ? { locale } : {}) } },
  );
  await app.runtime.runner.waitFor(appended?.checkpoint, ['directory', 'profiles']);
}

/** The messages to `address` once there are `count` of them, oldest first. */
async function mailsTo(address: string, count: number): Promise<MailboxMessage[]> {
  const list = await eventually(async () => {
    const messages = await app.runtime.outbox!.list(address);
    return messages.length >= count && messages;
  }, `${count} mails to ${address}`);
  return [...list].reverse();
}

const calendarOf = (m: MailboxMessage) => {
  assert.equal(m.attachments.length, 1, `one calendar file in '${m.subject}'`);
  return { type: m.attachments[0].contentType, ics: parseIcs(m.attachments[0].content) };
};

async function reserve(student: { token: string }, speakerId: string, start: Date, duration = 30) {
  const res = await app.gql(RESERVE, { input: { speakerId, reservedStart: start.toISOString(), language: 'es', duration } }, student.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.createReservation.conversation.id as string;
}

async function reminderJobs(conversationId: string) {
  const { rows } = await app.runtime.pool.query(
    `SELECT id, state, start_after, data FROM pgboss.job WHERE name = $1 AND data->>'conversationId' = $2 ORDER BY start_after`,
    [QUEUES.conversationReminder, conversationId],
  );
  return rows as { id: string; state: string; start_after: Date; data: { conversationId: string; offsetMinutes: number } }[];
}

describe('conversation mail', () => {
  it('mails the student and the speaker a REQUEST on reserving, and a CANCEL with the same UID on canceling', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    await named(speaker, 'Ana', 'Europe/Madrid');
    await named(student, 'Bob', 'Asia/Kolkata');
    const start = dayAt(3, 14);
    await addAvailability(app, speaker, start, plusMinutes(start, 60));
    const id = await reserve(student, speaker.accountId, start);

    const [toStudent] = await mailsTo(student.emailAddress, 1);
    const [toSpeaker] = await mailsTo(speaker.emailAddress, 1);
    assert.equal(toStudent.subject, 'Reserved: Spanish conversation with Ana');
    assert.equal(toSpeaker.subject, 'New conversation: Spanish conversation with Bob');
    // 14:00 UTC in each recipient's zone, h:mma.
    assert.match(toStudent.text, / at 7:30PM–8:00PM \(Asia\/Kolkata\)/);
    assert.match(toStudent.text, new RegExp(`/student/lobby\\?id=${id}`));
    assert.match(toSpeaker.text, new RegExp(`/speaker/conversations/${id}`));

    const reserved = calendarOf(toStudent);
    assert.equal(reserved.type, 'text/calendar; charset=utf-8; method=REQUEST');
    assert.equal(reserved.ics.get('METHOD'), 'REQUEST');
    assert.equal(reserved.ics.get('UID'), `conversation-${id}@tertulia`);
    assert.equal(reserved.ics.get('SEQUENCE'), '0');
    assert.equal(reserved.ics.get('DTSTART'), `${start.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
    assert.equal(reserved.ics.get('SUMMARY'), 'Spanish conversation with Ana');
    assert.equal(calendarOf(toSpeaker).ics.get('SUMMARY'), 'Spanish conversation with Bob');
    assert.equal(calendarOf(toSpeaker).ics.get('UID'), reserved.ics.get('UID'));

    // The dev mailbox shows the file and serves it.
    const page = await (await fetch(`${app.url}/dev/mailbox/${toStudent.id}`)).text();
    assert.match(page, /invite\.ics/);
    const file = await fetch(`${app.url}/dev/mailbox/${toStudent.id}/attachments/0`);
    assert.equal(file.headers.get('content-type'), 'text/calendar; charset=utf-8; method=REQUEST');
    assert.match(file.headers.get('content-disposition')!, /attachment; filename="invite.ics"/);
    assert.equal(await file.text(), toStudent.attachments[0].content);
    assert.equal((await fetch(`${app.url}/dev/mailbox/${toStudent.id}/attachments/7`)).status, 404);

    const canceled = await app.gql(CANCEL, { input: { conversationId: id } }, student.token);
    assert.equal(canceled.errors, undefined, JSON.stringify(canceled.errors));
    const [, cancelStudent] = await mailsTo(student.emailAddress, 2);
    const [, cancelSpeaker] = await mailsTo(speaker.emailAddress, 2);
    assert.equal(cancelStudent.subject, 'Canceled: Spanish conversation with Ana');
    assert.match(cancelStudent.text, /Your 30 minutes were returned/);
    for (const m of [cancelStudent, cancelSpeaker]) {
      const { type, ics } = calendarOf(m);
      assert.equal(type, 'text/calendar; charset=utf-8; method=CANCEL');
      assert.equal(ics.get('METHOD'), 'CANCEL');
      assert.equal(ics.get('STATUS'), 'CANCELLED');
      assert.equal(ics.get('UID'), reserved.ics.get('UID'));
      assert.ok(Number(ics.get('SEQUENCE')) > 0);
    }
  });

  it('writes to each in their own language: Spanish for a student whose setting is Spanish, English for the speaker', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    await named(speaker, 'Ana', 'Europe/Madrid');
    await named(student, 'Beto', 'America/Mexico_City', 'es');
    const start = dayAt(5, 16);
    await addAvailability(app, speaker, start, plusMinutes(start, 60));
    await reserve(student, speaker.accountId, start);

    const [toStudent] = await mailsTo(student.emailAddress, 1);
    const [toSpeaker] = await mailsTo(speaker.emailAddress, 1);
    assert.equal(toStudent.subject, 'Reservada: Conversación en español con Ana');
    assert.match(toStudent.text, /^Hola, Beto:/);
    // 16:00 UTC in Mexico City, on the 24-hour clock.
    assert.match(
      toStudent.text,
      /Tu conversación de 30 minutos en español con Ana está reservada para el \p{L}+, \d+ de \p{L}+ de \d{4}, de 10:00 a 10:30 \(America\/Mexico_City\)\./u,
    );
    assert.match(toStudent.text, /Abrir la sala de espera: /);
    assert.equal(calendarOf(toStudent).ics.get('SUMMARY'), 'Conversación en español con Ana');
    assert.equal(toSpeaker.subject, 'New conversation: Spanish conversation with Beto');
    assert.equal(calendarOf(toSpeaker).ics.get('SUMMARY'), 'Spanish conversation with Beto');
  });

  it('on a transfer, the old speaker gets a CANCEL, the new one a REQUEST and the student an update', async () => {
    const first = await createSpeaker(app);
    const second = await createSpeaker(app);
    const student = await createStudent(app, 60);
    await named(first, 'Ana', 'America/Mexico_City');
    await named(second, 'Carla', 'Europe/Madrid');
    const start = dayAt(4, 15);
    for (const s of [first, second]) await addAvailability(app, s, start, plusMinutes(start, 60));
    const id = await reserve(student, first.accountId, start);
    await mailsTo(first.emailAddress, 1);
    await mailsTo(student.emailAddress, 1);

    const moved = await app.gql(TRANSFER, { input: { conversationId: id, transfereeId: second.accountId } }, first.token);
    assert.equal(moved.errors, undefined, JSON.stringify(moved.errors));
    const [, toFirst] = await mailsTo(first.emailAddress, 2);
    const [toSecond] = await mailsTo(second.emailAddress, 1);
    const [, toStudent] = await mailsTo(student.emailAddress, 2);
    const uid = `conversation-${id}@tertulia`;

    assert.equal(calendarOf(toFirst).ics.get('METHOD'), 'CANCEL');
    assert.equal(calendarOf(toFirst).ics.get('UID'), uid);
    assert.equal(calendarOf(toSecond).ics.get('METHOD'), 'REQUEST');
    assert.equal(calendarOf(toSecond).ics.get('UID'), uid);
    assert.match(toSecond.text, /was transferred to you/);
    assert.match(toSecond.text, /\(Europe\/Madrid\)/);
    const update = calendarOf(toStudent).ics;
    assert.equal(update.get('METHOD'), 'REQUEST');
    assert.equal(update.get('UID'), uid);
    assert.equal(update.get('SEQUENCE'), '1', 'higher than the reservation, so calendars replace it');
    assert.equal(update.get('SUMMARY'), 'Spanish conversation with Carla');
    assert.equal(toStudent.subject, 'Your conversation is now with Carla');
  });
});

describe('reminders', () => {
  it('are pg-boss jobs at 24 hours and 1 hour before, in PostgreSQL; canceled with the conversation, and dropped if they run anyway', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const start = dayAt(3, 10);
    await addAvailability(app, speaker, start, plusMinutes(start, 60));
    const id = await reserve(student, speaker.accountId, start, 15);

    const jobs = await eventually(async () => {
      const rows = await reminderJobs(id);
      return rows.length === 2 && rows;
    }, 'the reminder jobs');
    assert.deepEqual(
      jobs.map((j) => [j.data.offsetMinutes, j.start_after.toISOString(), j.state]),
      [
        [1440, new Date(start.getTime() - 24 * HOUR).toISOString(), 'created'],
        [60, new Date(start.getTime() - HOUR).toISOString(), 'created'],
      ],
    );
    assert.equal(jobs[0].id, reminderJobId({ conversationId: id, offsetMinutes: 1440 }));

    // Restart safety: the jobs are rows in PostgreSQL, which another pg-boss (a restarted process)
    // finds with their start time.
    const restarted = new PgBoss({ connectionString: app.runtime.databaseUrl, supervise: false, schedule: false, migrate: false });
    await restarted.start();
    try {
      const job = await restarted.getJobById(QUEUES.conversationReminder, reminderJobId({ conversationId: id, offsetMinutes: 60 }));
      assert.equal(job?.state, 'created');
      assert.equal(new Date(job!.startAfter).toISOString(), new Date(start.getTime() - HOUR).toISOString());
    } finally {
      await restarted.stop({ graceful: false, wait: true });
    }

    const canceled = await app.gql(CANCEL, { input: { conversationId: id } }, student.token);
    assert.equal(canceled.errors, undefined, JSON.stringify(canceled.errors));
    await mailsTo(student.emailAddress, 2);
    await mailsTo(speaker.emailAddress, 2);
    const after = await eventually(async () => {
      const rows = await reminderJobs(id);
      return rows.every((j) => j.state === 'cancelled') && rows;
    }, 'the reminder jobs canceled');
    assert.equal(after.length, 2);

    // Had a job run anyway (canceled after it was fetched), it sends nothing.
    assert.equal(await app.runtime.conversationMail.remind({ conversationId: id, offsetMinutes: 60 }), 'dropped');
    await mailSettled(app);
    assert.equal((await app.runtime.outbox!.list(student.emailAddress)).length, 2);
    assert.equal((await app.runtime.outbox!.list(speaker.emailAddress)).length, 2);
  });

  it('remind the student and the current speaker once, in their zones, after a transfer', async () => {
    const first = await createSpeaker(app);
    const second = await createSpeaker(app);
    const student = await createStudent(app, 60);
    await named(second, 'Carla', 'Europe/Madrid');
    await named(student, 'Bob', 'America/Los_Angeles');
    const start = dayAt(5, 16);
    for (const s of [first, second]) await addAvailability(app, s, start, plusMinutes(start, 60));
    const id = await reserve(student, first.accountId, start, 15);
    const moved = await app.gql(TRANSFER, { input: { conversationId: id, transfereeId: second.accountId } }, first.token);
    assert.equal(moved.errors, undefined, JSON.stringify(moved.errors));
    await mailsTo(first.emailAddress, 2);

    assert.equal(await app.runtime.conversationMail.remind({ conversationId: id, offsetMinutes: 60 }), 'queued');
    assert.equal(
      await app.runtime.conversationMail.remind({ conversationId: id, offsetMinutes: 60 }),
      'duplicate',
      'a job run twice reminds once',
    );
    const [, , reminder] = await mailsTo(student.emailAddress, 3);
    const [, toSecond] = await mailsTo(second.emailAddress, 2);
    assert.equal(reminder.subject, 'Reminder: Spanish conversation with Carla in 1 hour');
    assert.match(reminder.text, / at 9:00AM–9:15AM \(America\/Los_Angeles\)|at 8:00AM–8:15AM \(America\/Los_Angeles\)/);
    assert.equal(reminder.attachments.length, 0);
    assert.match(toSecond.subject, /^Reminder: Spanish conversation with Bob in 1 hour$/);
    await mailSettled(app);
    assert.equal((await app.runtime.outbox!.list(first.emailAddress)).length, 2, 'the previous speaker is not reminded');
    assert.equal((await app.runtime.outbox!.list(student.emailAddress)).length, 3);
  });
});
