/**
 * Timed and background work in PostgreSQL through pg-boss: mail sending, conversation reminders,
 * and the live conversation's timers (stop when the time is up, stop as unused after the end);
 * archive processing later. Jobs are rows: they survive a restart of every process.
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import { createPool } from '../db/pool';
import type { Projector } from '../feed/projector';
import { jobDispatcher } from './dispatch';
import { type DataExportJob, type ErasureJob, type LtiScoreJob, mailJobRow, pgBossExecutor, QUEUES, type JobRow } from './queues';
import { leavingUnrecordedEndsToExpire } from './unrecordedEnds';
import { SCORE_ATTEMPTS } from '../domain/lti/grades';
import type { ReminderJob, ReminderOutcome } from '../domain/conversations/mail';
import type { MailJob, Mailer } from '../domain/notifications/mailer';

export { QUEUES, reminderJobId, type DataExportJob, type ErasureJob, type LtiScoreJob } from './queues';

/**
 * A step of a vendor's cloud recording (Zoom, Twilio) of a recorded conversation: start it once
 * both are in the room, or have the finished file made once the room ended. A job, so a vendor
 * that is slow to list a new session or a closed room is asked again, and a restart loses nothing.
 */
export interface VideoRecordingJob {
  conversationId: string;
  provider: 'zoom' | 'twilio';
  step: 'start' | 'finish';
}

/** A provider's finished recording to download (its address may carry a short-lived token). */
export interface ArchiveFetchJob {
  conversationId: string;
  provider: 'zoom' | 'twilio';
  url: string;
  authorization: string | null;
  durationSeconds: number | null;
}

/** Recordings (issue 10): a processing run per archive; a retention sweep every hour. */
export interface ArchiveWork {
  /** 'retry' asks the queue for another try (the processor counts tries on the archive itself). */
  process(conversationId: string): Promise<string>;
  /** The hourly sweep: retention, and uploads a crashed browser left open. */
  sweep(now: Date): Promise<unknown>;
  /** Asks the vendor to start or finish its cloud recording. */
  videoRecording(job: VideoRecordingJob): Promise<unknown>;
  fetch(job: ArchiveFetchJob): Promise<unknown>;
}
/** Longest a processing run may take before its job counts as dead and is tried again. */
const ARCHIVE_RUN_MINUTES = 60;

/** A live conversation's timer: 'stop' when its clock runs out, 'unused' at its reserved end. */
export interface ConversationTimerJob {
  conversationId: string;
  kind: 'stop' | 'unused';
}
const MAIL_ATTEMPTS = 4;
/** Jobs fetched at once per queue. */
const JOB_BATCH = 20;

export interface Jobs {
  /**
   * Enqueues the job of a mail whose secrets travel sealed in it (a reset link), after its command
   * committed. Every other mail's job, and every reminder, comes from the feed (`dispatcher`).
   */
  enqueueMail(job: MailJob): Promise<void>;
  /**
   * The job dispatcher (services/jobs/dispatch.ts): run it in a runner of its own wherever jobs are
   * worked; it inserts the jobs the feed asks for in the transaction that moves its checkpoint.
   */
  dispatcher: Projector;
  /** A durable timer that runs at `at` (its work is idempotent: a timer run twice does nothing more). */
  scheduleConversationTimer(job: ConversationTimerJob, at: Date): Promise<void>;
  /**
   * `busy`, when given, is asked after each full batch of mail: while it answers true the mail
   * queue waits its polling interval before the next batch (requests first). Reminders and timers
   * never wait: a reminder only queues its mail, which then waits its turn.
   */
  startWorkers(
    mailer: Mailer,
    reminders?: { remind(job: ReminderJob): Promise<ReminderOutcome> },
    timers?: { run(job: ConversationTimerJob): Promise<void> },
    busy?: () => boolean,
  ): Promise<void>;
  /** Queues an archive's processing (at most one waiting per archive). */
  enqueueArchive(conversationId: string): Promise<void>;
  /** Queues the download of a provider's recording (a webhook said it is ready). */
  enqueueArchiveFetch(job: ArchiveFetchJob): Promise<void>;
  /** Queues a step of a vendor's cloud recording (at most one waiting per conversation and step). */
  enqueueVideoRecording(job: VideoRecordingJob): Promise<void>;
  /** Works archive processing, vendor recordings and the hourly sweep (services/archive). */
  startArchiveWorkers(work: ArchiveWork): Promise<void>;
  /** Works the assembly of data exports (issue 34), one at a time. */
  startExportWorkers(work: (job: DataExportJob) => Promise<void>): Promise<void>;
  /** Looks at an erasure again at `at` (its grace period ends later, or an obligation appeared meanwhile). */
  scheduleErasure(job: ErasureJob, at: Date): Promise<void>;
  /** Works erasures (issue 34), one at a time. */
  startErasureWorkers(work: (job: ErasureJob) => Promise<void>): Promise<void>;
  /**
   * Works LMS score posts (issue 33), one at a time. `attempt` counts from 1; the work throws to be
   * tried again later (the queue's backoff), and records a failure itself on its last try.
   */
  startLtiScoreWorkers(work: (job: LtiScoreJob, attempt: number) => Promise<void>): Promise<void>;
  /** Queues a score's post again (the instructor's retry of a failed one). */
  enqueueLtiScore(job: LtiScoreJob): Promise<void>;
  /** Jobs waiting per queue (created or waiting to retry), for /metrics. */
  queueDepths(): Promise<Record<string, number>>;
  /**
   * Per queue, the age in seconds of the oldest job whose start time has passed and that no worker
   * has taken (0 when none), for /metrics: a backlog, unlike the depth, which counts every reminder
   * and timer scheduled for later.
   */
  oldestDueAges(queues?: readonly string[]): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/**
 * Jobs enqueued in the same turn of the event loop (the conversation timers or reset mails of many
 * commands committing at once) go in one INSERT: one round trip instead of one per job. Should that insert
 * fail (a duplicate id, say), each caller's jobs are tried on their own, so one bad job fails
 * only its own caller.
 */
function coalescedInsert(boss: PgBoss) {
  let pending: { jobs: JobRow[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  async function flush() {
    const batch = pending;
    pending = [];
    try {
      await boss.insert(batch.flatMap((b) => b.jobs));
      for (const b of batch) b.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      await Promise.all(batch.map((b) => boss.insert(b.jobs).then(b.resolve, b.reject)));
    }
  }
  return (jobs: JobRow[]) =>
    new Promise<void>((resolve, reject) => {
      if (!pending.length) setImmediate(flush);
      pending.push({ jobs, resolve, reject });
    });
}

/**
 * pg-boss's connection: a pool of our own (4 connections) whose statements with parameters are
 * prepared. Once closed it answers every statement with nothing (no result at all), exactly as
 * pg-boss's own connection does: a job still running when the process stops has its failure recorded
 * late by a call nobody awaits, which reads an absent result as "no job affected" but throws on a
 * result without rows.
 */
export function preparingConnection(connectionString: string, max = 4) {
  const pool = createPool(connectionString, max, { applicationName: 'pgboss' });
  let closed = false;
  return {
    pool,
    // pg-boss's types promise a result always; its own connection gives none once closed.
    db: pgBossExecutor(async (statement) => (closed ? (undefined as unknown as pg.QueryResult) : pool.query(statement))),
    async close() {
      closed = true;
      await pool.end();
    },
  };
}

export async function startJobs(connectionString: string, log: Logger): Promise<Jobs> {
  const connection = preparingConnection(connectionString);
  const boss = new PgBoss({ db: leavingUnrecordedEndsToExpire(connection.db, log), archiveCompletedAfterSeconds: 60 });
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
  await boss.createQueue(QUEUES.conversationTimer, {
    name: QUEUES.conversationTimer,
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retentionMinutes: 24 * 60,
  });
  await boss.createQueue(QUEUES.conversationReminder, {
    name: QUEUES.conversationReminder,
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    // Counted from startAfter: a reminder not run within a day of its time is pointless.
    retentionMinutes: 24 * 60,
  });
  await boss.createQueue(QUEUES.archiveProcess, {
    name: QUEUES.archiveProcess,
    // One waiting and one running per archive (singletonKey: the conversation).
    policy: 'stately',
    // The processor counts tries on the archive; the queue only needs to come back for them.
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    // A run whose worker died is picked up again once its time is out.
    expireInMinutes: ARCHIVE_RUN_MINUTES,
    retentionMinutes: 7 * 24 * 60,
  });
  await boss.createQueue(QUEUES.archiveFetch, {
    name: QUEUES.archiveFetch,
    retryLimit: 4,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 30,
    // The job holds the provider's download token: keep it no longer than it is useful.
    retentionMinutes: 24 * 60,
  });
  await boss.createQueue(QUEUES.videoRecording, {
    name: QUEUES.videoRecording,
    retryLimit: 6,
    retryDelay: 5,
    retryBackoff: true,
    expireInMinutes: 5,
    retentionMinutes: 24 * 60,
  });
  await boss.createQueue(QUEUES.dataExport, {
    name: QUEUES.dataExport,
    // The job records a failure on the export itself (ExportFailed): the person asks again.
    retryLimit: 0,
    expireInMinutes: 60,
    retentionMinutes: 24 * 60,
  });
  await boss.createQueue(QUEUES.erasure, {
    name: QUEUES.erasure,
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInMinutes: 60,
    retentionMinutes: 24 * 60,
  });
  await boss.createQueue(QUEUES.ltiScore, {
    name: QUEUES.ltiScore,
    retryLimit: SCORE_ATTEMPTS - 1,
    retryDelay: 30,
    retryBackoff: true,
    // A post takes at most its token's and its own 10 s timeouts: a run still active after this died with its worker.
    expireInMinutes: 2,
    retentionMinutes: 7 * 24 * 60,
  });
  await boss.createQueue(QUEUES.archiveExpiry, {
    name: QUEUES.archiveExpiry,
    policy: 'singleton',
    retryLimit: 2,
    retentionMinutes: 24 * 60,
  });
  const insert = coalescedInsert(boss);

  /**
   * Works a queue in batches, one job at a time (one that fails is failed alone, and retried by
   * its queue's policy). pg-boss waits its polling interval after every fetch, even a full one:
   * with one job a fetch, a queue would move one job a second (a class's reservation mails, the
   * stops of every conversation ending at :30). A full batch fetches the next one at once, unless
   * `busy` says requests are waiting: then the queue takes a batch a polling interval.
   */
  async function drain<T extends object>(
    queue: string,
    pollingIntervalSeconds: number,
    handle: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
    busy: () => boolean = () => false,
  ) {
    let workerId: string | undefined;
    workerId = await boss.work<T>(queue, { includeMetadata: true, pollingIntervalSeconds, batchSize: JOB_BATCH }, async (batch) => {
      // One after another: background work takes one connection and leaves the rest to requests.
      for (const job of batch) {
        try {
          await handle(job);
        } catch (error) {
          log.warn({ err: error, queue, jobId: job.id }, 'job failed; its queue retries it');
          // On the plain connection: if this is not recorded, the batch fails and its jobs expire.
          await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) }, { db: connection.db });
        }
      }
      if (batch.length === JOB_BATCH && workerId && !busy()) boss.notifyWorker(workerId);
    });
  }
  return {
    async enqueueMail(job) {
      await insert([mailJobRow(job)]);
    },
    dispatcher: jobDispatcher(boss),
    async scheduleConversationTimer(job, at) {
      await insert([{ name: QUEUES.conversationTimer, data: job, startAfter: at }]);
    },
    async startWorkers(mailer, reminders, timers, busy) {
      if (timers) await drain<ConversationTimerJob>(QUEUES.conversationTimer, 1, (job) => timers.run(job.data));
      await drain<MailJob>(QUEUES.sendMail, 1, (job) => mailer.deliver(job.data, job.retryCount + 1, MAIL_ATTEMPTS), busy);
      if (reminders) await drain<ReminderJob>(QUEUES.conversationReminder, 5, async (job) => void (await reminders.remind(job.data)));
    },
    async enqueueArchive(conversationId) {
      await boss.send(QUEUES.archiveProcess, { conversationId }, { singletonKey: conversationId });
    },
    async enqueueArchiveFetch(job) {
      await boss.send(QUEUES.archiveFetch, job, { singletonKey: job.conversationId });
    },
    async enqueueVideoRecording(job) {
      await boss.send(QUEUES.videoRecording, job, { singletonKey: `${job.conversationId}:${job.step}` });
    },
    async startArchiveWorkers(work) {
      await boss.work<VideoRecordingJob>(
        QUEUES.videoRecording,
        { pollingIntervalSeconds: 2, batchSize: 1 },
        async ([job]) => void (await work.videoRecording(job.data)),
      );
      await boss.work<ArchiveFetchJob>(
        QUEUES.archiveFetch,
        { pollingIntervalSeconds: 5, batchSize: 1 },
        async ([job]) => void (await work.fetch(job.data)),
      );
      await boss.work<{ conversationId: string }>(QUEUES.archiveProcess, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
        const outcome = await work.process(job.data.conversationId);
        if (outcome === 'retry') throw new Error('archive processing to be tried again');
      });
      await boss.work(QUEUES.archiveExpiry, { pollingIntervalSeconds: 30, batchSize: 1 }, async () => void (await work.sweep(new Date())));
      await boss.schedule(QUEUES.archiveExpiry, '17 * * * *');
    },
    async scheduleErasure(job, at) {
      await insert([{ name: QUEUES.erasure, data: job, startAfter: at }]);
    },
    async startErasureWorkers(work) {
      await boss.work<ErasureJob>(
        QUEUES.erasure,
        { pollingIntervalSeconds: 1, batchSize: 1 },
        async ([job]) => void (await work(job.data)),
      );
    },
    async startLtiScoreWorkers(work) {
      await boss.work<LtiScoreJob>(
        QUEUES.ltiScore,
        { pollingIntervalSeconds: 1, batchSize: 1, includeMetadata: true },
        async ([job]) => void (await work(job.data, job.retryCount + 1)),
      );
    },
    async enqueueLtiScore(job) {
      await insert([{ name: QUEUES.ltiScore, data: job }]);
    },
    async startExportWorkers(work) {
      await boss.work<DataExportJob>(
        QUEUES.dataExport,
        { pollingIntervalSeconds: 1, batchSize: 1 },
        async ([job]) => void (await work(job.data)),
      );
    },
    async queueDepths() {
      const sizes = await Promise.all(Object.values(QUEUES).map(async (name) => [name, await boss.getQueueSize(name)] as const));
      return Object.fromEntries(sizes);
    },
    async oldestDueAges(queues = Object.values(QUEUES)) {
      // state < 'active': created or waiting to retry, as pg-boss's own queue size counts them.
      const { rows } = await connection.pool.query(
        `SELECT name, extract(epoch FROM now() - min(start_after))::float8 AS age FROM pgboss.job
          WHERE name = ANY($1) AND state < 'active' AND start_after <= now() GROUP BY name`,
        [queues],
      );
      return Object.fromEntries(queues.map((name) => [name, Math.max(0, rows.find((r) => r.name === name)?.age ?? 0)]));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      await connection.close();
    },
  };
}
