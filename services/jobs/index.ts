/**
 * Timed and background work in PostgreSQL through pg-boss: mail sending now; auto-stop at a
 * conversation's end, reminders and archive processing later.
 */
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { MailJob, Mailer } from '../domain/notifications/mailer';

export const QUEUES = { sendMail: 'send-mail' } as const;
const MAIL_ATTEMPTS = 4;

export interface Jobs {
  enqueueMail(job: MailJob): Promise<void>;
  startWorkers(mailer: Mailer): Promise<void>;
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
  return {
    async enqueueMail(job) {
      await boss.send(QUEUES.sendMail, job);
    },
    async startWorkers(mailer) {
      await boss.work<MailJob>(QUEUES.sendMail, { includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => {
        await mailer.deliver(job.data, job.retryCount + 1, MAIL_ATTEMPTS);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
