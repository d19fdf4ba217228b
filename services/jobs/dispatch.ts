/**
 * The job dispatcher: the jobs that events ask for, inserted in the transaction that moves its
 * checkpoint past them, so a job is never lost between a command's commit and its insert (a crash
 * there once left a mail unsent and a reservation without reminders) and never inserted twice.
 *
 * - NotificationQueued: the mail's sending job (one per notification, its id derived from it). A
 *   mail with secrets is left alone: its command enqueues the job, secrets sealed in it, after commit.
 * - ConversationReserved, for a lesson: its reminders, 24 hours and 1 hour before the start, those
 *   still ahead when it was reserved (REMINDER_OFFSETS_MINUTES, services/domain/conversations/mail.ts).
 * - ConversationCanceled: its pending reminders canceled (tidiness: a reminder that runs anyway
 *   reads the conversation and sends nothing).
 * - ExportRequested: the job that assembles the person's data export (issue 34).
 * - ErasureRequested: the job that erases the person at the end of the grace period (issue 34).
 * - ConversationMarked: the job that posts the student's score to the LMS (issue 33); it finds out
 *   itself whether the conversation's lesson is a line item there (most are not: it ends at once).
 *
 * A reactor (`fromHead`): it starts at the feed's head and is never replayed, which would send old
 * mail again. It runs in a runner of its own in every process that works jobs (services/app/runtime.ts),
 * in the background lane's pace: mail leaves a fifth of a second later than it did from the command.
 */
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { REMINDER_OFFSETS_MINUTES, type ScheduledReminder } from '../domain/conversations/mail';
import type { ConversationCanceled, ConversationMarked, ConversationReserved } from '../domain/conversations/events';
import type { ErasureRequested } from '../domain/erasure/erasure';
import type { ExportRequested } from '../domain/export/export';
import type { NotificationQueued } from '../domain/notifications/events';
import type { StoredEvent } from '../eventstore/port';
import type { Projector } from '../feed/projector';
import {
  dataExportJobRow,
  erasureJobRow,
  ltiScoreJobRow,
  mailJobId,
  mailJobRow,
  pgBossExecutor,
  QUEUES,
  reminderJobId,
  reminderJobRows,
  type JobRow,
} from './queues';

/** The reminders of a lesson reserved at `reservedAt`: those whose time is still ahead then. */
export function remindersOf(reserved: ConversationReserved['data'], reservedAt: Date): ScheduledReminder[] {
  if (reserved.kind !== 'lesson') return [];
  const start = Date.parse(reserved.reservedStart);
  return REMINDER_OFFSETS_MINUTES.map((offsetMinutes) => ({
    conversationId: reserved.conversationId,
    offsetMinutes,
    runAt: new Date(start - offsetMinutes * 60_000),
  })).filter((r) => r.runAt.getTime() > reservedAt.getTime());
}

export function jobDispatcher(boss: PgBoss): Projector {
  return {
    name: 'job_dispatch',
    version: 1,
    lane: 'background',
    fromHead: true,
    handles: [
      'NotificationQueued',
      'ConversationReserved',
      'ConversationCanceled',
      'ExportRequested',
      'ErasureRequested',
      'ConversationMarked',
    ],
    schema: '',
    async apply(events: StoredEvent[], db: pg.PoolClient) {
      const rows: JobRow[] = [];
      const canceled: string[] = [];
      for (const e of events) {
        if (e.type === 'NotificationQueued') {
          const queued = e.data as NotificationQueued['data'];
          if (!queued.secretsSealed)
            rows.push(mailJobRow({ notificationId: queued.notificationId, sealedSecrets: null }, mailJobId(queued.notificationId)));
        } else if (e.type === 'ConversationReserved') {
          rows.push(...reminderJobRows(remindersOf(e.data as ConversationReserved['data'], new Date(e.metadata.occurredAt))));
        } else if (e.type === 'ConversationCanceled') {
          const { conversationId } = e.data as ConversationCanceled['data'];
          canceled.push(...REMINDER_OFFSETS_MINUTES.map((offsetMinutes) => reminderJobId({ conversationId, offsetMinutes })));
        } else if (e.type === 'ExportRequested') {
          const { exportId, personId } = e.data as ExportRequested['data'];
          rows.push(dataExportJobRow({ exportId, personId }));
        } else if (e.type === 'ErasureRequested') {
          const { erasureId, personId, eraseAfter } = e.data as ErasureRequested['data'];
          rows.push(erasureJobRow({ erasureId, personId }, new Date(eraseAfter)));
        } else if (e.type === 'ConversationMarked') {
          const { conversationId, markedAs } = e.data as ConversationMarked['data'];
          rows.push(ltiScoreJobRow({ conversationId, markedAs, markedAt: e.metadata.occurredAt }, e));
        }
      }
      // On the batch's connection, in its transaction: the jobs commit with the checkpoint.
      const inBatch = { db: pgBossExecutor((statement) => db.query(statement)) };
      if (rows.length) await boss.insert(rows, inBatch);
      if (canceled.length) await boss.cancel(QUEUES.conversationReminder, canceled, inBatch);
    },
  };
}
