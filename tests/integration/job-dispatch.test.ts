/**
 * Jobs from the feed (services/jobs/dispatch.ts): a reservation's mail and reminders become jobs in
 * the transaction that moves the dispatcher's checkpoint, not after its command commits. A process
 * that committed a reservation and died before any job was enqueued loses nothing: the next process
 * that works jobs dispatches them. A dispatcher starts at the feed's head and is never replayed.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadConfig } from '../../services/app/config';
import { createRuntime, type Runtime } from '../../services/app/runtime';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { ProjectionRunner } from '../../services/feed/runner';
import { QUEUES, reminderJobId } from '../../services/jobs';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';

const DAY = 24 * 3600_000;
let db: TestDatabase;
const config = () =>
  loadConfig(
    { ...process.env, NODE_ENV: 'test', AUTH_SECRET: 'test-secret-not-for-production-0123456789' },
    { port: 0, publicUrl: 'http://127.0.0.1:1', logLevel: 'silent', seedDemo: false, dataDir: '.test-data/app', rateLimits: false },
  );

beforeAll(async () => {
  db = await createTestDatabase('job_dispatch');
});
afterAll(async () => {
  await db?.drop();
});

async function person(runtime: Runtime, role: 'SPEAKER' | 'STUDENT') {
  const emailAddress = `${role.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { accountId } = await runtime.identity.register(
    { actor: SYSTEM_ACTOR },
    { emailAddress, password: 'Dispatch-Test-1', roles: [role] },
  );
  return { accountId, emailAddress };
}

/** Signs up a student: a welcome mail is queued in the same append. */
async function signUp(runtime: Runtime) {
  const emailAddress = `student-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await runtime.identity.signup(
    { actor: SYSTEM_ACTOR },
    { emailAddress, password: 'Dispatch-Test-1', passwordConfirmation: 'Dispatch-Test-1', selfAssignedRole: 'STUDENT', ip: null },
  );
  return { emailAddress };
}

const jobsOf = async (runtime: Runtime, queue: string, ids: string[]) =>
  Number(
    (await runtime.pool.query('SELECT count(*) FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[])', [queue, ids])).rows[0].count,
  );

describe('jobs from the feed', () => {
  it('a reservation committed by a process that died before enqueueing gets its mail and reminders from the next one', async () => {
    // The first process keeps the read models but works no jobs: as if it died right after each commit.
    const first = await createRuntime(config(), { databaseUrl: db.url, runJobs: false });
    let conversationId: string;
    let student: { accountId: string; emailAddress: string };
    try {
      const speaker = await person(first, 'SPEAKER');
      student = await person(first, 'STUDENT');
      const promoted = await first.speaking.seedPromotedSpeaker(
        { actor: SYSTEM_ACTOR },
        { speakerId: speaker.accountId, emailAddress: speaker.emailAddress, languages: ['es'], payRate: 1500 },
      );
      const credited = await first.billing.changeMinutes(
        { actor: SYSTEM_ACTOR },
        { accountId: student.accountId, minutes: 60, reason: 'test' },
      );
      const start = new Date(Math.floor(Date.now() / DAY) * DAY + 3 * DAY + 14 * 3600_000);
      await first.scheduling.addAvailability(
        { actor: SYSTEM_ACTOR },
        {
          speakerId: speaker.accountId,
          interval: { start, end: new Date(start.getTime() + 3600_000) },
          zoneName: 'UTC',
          repeatsWeekly: false,
        },
      );
      // The read models the reservation reads (a speaker who can speak; the parties' addresses).
      assert.ok(await first.runner.waitFor(promoted.appended?.checkpoint, ['speakers', 'accounts', 'directory'], 15_000));
      assert.ok(await first.runner.waitFor(credited.appended?.checkpoint, ['minutes', 'directory'], 15_000));
      const reserved = await first.scheduling.createReservation(
        { actor: { accountId: student.accountId, roles: ['STUDENT'] } },
        {
          studentId: student.accountId,
          speakerId: speaker.accountId,
          courseId: null,
          lessonId: null,
          language: 'es',
          start,
          duration: 30,
        },
      );
      conversationId = reserved.result.conversationId;
      const reminders = [1440, 60].map((offsetMinutes) => reminderJobId({ conversationId, offsetMinutes }));
      assert.equal(await jobsOf(first, QUEUES.conversationReminder, reminders), 0, 'nothing enqueued by the command');
    } finally {
      await first.close();
    }

    const next = await createRuntime(config(), { databaseUrl: db.url });
    try {
      const reminders = [1440, 60].map((offsetMinutes) => reminderJobId({ conversationId: conversationId!, offsetMinutes }));
      await eventually(async () => (await jobsOf(next, QUEUES.conversationReminder, reminders)) === 2, 'both reminder jobs', 15_000);
      const mail = await eventually(
        async () => {
          const messages = await next.outbox!.list(student!.emailAddress);
          return messages.find((m) => m.subject.startsWith('Reserved:'));
        },
        "the student's reservation mail",
        15_000,
      );
      assert.match(mail.text, new RegExp(`/student/lobby\\?id=${conversationId!}`));
    } finally {
      await next.close();
    }
  });

  it('starts at the head of the feed, and refuses to be rebuilt from the log', async () => {
    const fresh = await createTestDatabase('job_dispatch_head');
    try {
      // A notification older than any dispatcher: a new dispatcher leaves it (it would send old mail).
      const early = await createRuntime(config(), { databaseUrl: fresh.url, runJobs: false });
      await early.pool.query(`DELETE FROM projection_checkpoints WHERE name = 'job_dispatch'`);
      await early.pool.query('DROP SCHEMA IF EXISTS rm_job_dispatch CASCADE');
      const old = await signUp(early);
      await early.close();

      const runtime = await createRuntime(config(), { databaseUrl: fresh.url });
      try {
        const later = await signUp(runtime);
        await eventually(
          async () => (await runtime.outbox!.list(later.emailAddress)).length > 0,
          'the mail of an account made after the dispatcher',
          15_000,
        );
        // The dispatcher takes the feed in order: having queued the later mail, it has passed the old
        // one, and a job for it would be there by now (sent or not).
        // The old mail's id, read through the store (its recipient's address is stored sealed).
        const oldMails = (await runtime.store.readAll(null, 100_000))
          .filter((e) => e.type === 'NotificationQueued' && e.data.recipient.emailAddress === old.emailAddress)
          .map((e) => e.data.notificationId as string);
        assert.equal(oldMails.length, 1);
        const { rows } = await runtime.pool.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'notificationId' = ANY($2::text[])`,
          [QUEUES.sendMail, oldMails],
        );
        assert.equal(rows[0].n, 0);
        assert.equal((await runtime.outbox!.list(old.emailAddress)).length, 0, 'the mail queued before the dispatcher existed is not sent');
        const replaying = new ProjectionRunner(runtime.pool, runtime.store, [runtime.jobs.dispatcher]);
        await assert.rejects(replaying.rebuild('job_dispatch'), /never replayed/);
      } finally {
        await runtime.close();
      }
    } finally {
      await fresh.drop();
    }
  });
});
