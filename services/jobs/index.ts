/**
 * Timed and background work in PostgreSQL through pg-boss: mail sending and conversation reminders
 * now; auto-stop at a conversation's end and archive processing later.
 */
import crypto from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ReminderJob, ReminderOutcome, ScheduledReminder } from '../domain/conversations/mail';
import type { MailJob, Mailer } from '../domain/notifications/mailer';

export const QUEUES = { sendMail: 'send-mail', conversationReminder: 'conversation-reminder' } as const;
const MAIL_ATTEMPTS = 4;

/**
 * A reminder's job id, derived from the conversation and the offset (a name-based UUID): scheduling
 * twice inserts once, and a cancellation finds the jobs without storing their ids.
 */
export function reminderJobId(job: ReminderJob): string {
  const hash = crypto.createHash('sha256').update(`conversation-reminder:${job.conversationId}:${job.offsetMinutes}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5 layout
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface Jobs {
  enqueueMail(job: MailJob): Promise<void>;
  /** Durable reminder jobs that start at their time (`startAfter`); scheduling one twice is a no-op. */
  scheduleReminders(reminders: ScheduledReminder[]): Promise<void>;
  /** Cancels reminder jobs not yet done (tidiness: the job itself checks the conversation). */
  cancelReminders(reminders: ReminderJob[]): Promise<void>;
  startWorkers(mailer: Mailer, reminders?: { remind(job: ReminderJob): Promise<ReminderOutcome> }): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobs(connectionString: string, log: Logger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString, max: 4, archiveCompletedAfterSeconds: 60 });
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));
  await boss.start();
  await boss.createQueue(QUEUES.sendMail, {
    name: QUEUES.sendMail,
    retryLimit: MAIL_ATTEMPTS - 1,
    retryDelay: 5,
    retryBackoff: true,
    // A job carries a sealed reset link: keep it no longer than it is useful.
    retentionMinutes: 60,
  });
  await boss.createQueue(QUEUES.conversationReminder, {
    name: QUEUES.conversationReminder,
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    // Counted from startAfter: a reminder not run within a day of its time is pointless.
    retentionMinutes: 24 * 60,
  });
  return {
    async enqueueMail(job) {
      await boss.send(QUEUES.sendMail, job);
    },
    async scheduleReminders(reminders) {
      if (!reminders.length) return;
      await boss.insert(reminders.map((r) => ({
        id: reminderJobId(r),
        name: QUEUES.conversationReminder,
        data: { conversationId: r.conversationId, offsetMinutes: r.offsetMinutes } satisfies ReminderJob,
        startAfter: r.runAt,
        singletonKey: `${r.conversationId}:${r.offsetMinutes}`,
      })));
    },
    async cancelReminders(reminders) {
      if (!reminders.length) return;
      await boss.cancel(QUEUES.conversationReminder, reminders.map(reminderJobId));
    },
    async startWorkers(mailer, reminders) {
      await boss.work<MailJob>(QUEUES.sendMail, { includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => {
        await mailer.deliver(job.data, job.retryCount + 1, MAIL_ATTEMPTS);
      });
      if (reminders) {
        await boss.work<ReminderJob>(QUEUES.conversationReminder, { pollingIntervalSeconds: 5 }, async ([job]) => {
          await reminders.remind(job.data);
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
