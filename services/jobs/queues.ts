/**
 * pg-boss's queues and the rows of the jobs the product inserts: mail to send, reminders to run.
 * Ids derived from what a job is for (name-based UUIDs) make inserting one twice insert it once
 * (pg-boss inserts with ON CONFLICT DO NOTHING), and let a cancellation find it without storing it.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { ConversationMarked } from '../domain/conversations/events';
import type { ReminderJob, ScheduledReminder } from '../domain/conversations/mail';
import type { MailJob } from '../domain/notifications/mailer';

export const QUEUES = {
  sendMail: 'send-mail',
  conversationReminder: 'conversation-reminder',
  conversationTimer: 'conversation-timer',
  archiveProcess: 'archive-process',
  archiveExpiry: 'archive-expiry',
  archiveFetch: 'archive-fetch',
  videoRecording: 'video-recording',
  dataExport: 'data-export',
  erasure: 'erasure',
  ltiScore: 'lti-score',
} as const;

export type JobRow = Parameters<PgBoss['insert']>[0][number];

/** A version 5 (name-based) UUID of `name`. */
function nameBasedId(name: string): string {
  const hash = crypto.createHash('sha256').update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5 layout
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A reminder's job id, from the conversation and the offset. */
export const reminderJobId = (job: ReminderJob): string => nameBasedId(`conversation-reminder:${job.conversationId}:${job.offsetMinutes}`);

/** The sending job of a notification that carries no secrets: one per notification. */
export const mailJobId = (notificationId: string): string => nameBasedId(`send-mail:${notificationId}`);

/** A person's data export to assemble (issue 34): one job per export. */
export interface DataExportJob {
  exportId: string;
  personId: string;
}

export const dataExportJobRow = (job: DataExportJob): JobRow => ({
  id: nameBasedId(`data-export:${job.exportId}`),
  name: QUEUES.dataExport,
  data: job,
});

/** An erasure to carry out (issue 34) at the end of its grace period: one per request. */
export interface ErasureJob {
  erasureId: string;
  personId: string;
}

export const erasureJobRow = (job: ErasureJob, at: Date): JobRow => ({
  id: nameBasedId(`erasure:${job.erasureId}`),
  name: QUEUES.erasure,
  data: job,
  startAfter: at,
});

/** A marked conversation's score to post to the LMS (issue 33), when its lesson is a line item there. */
export interface LtiScoreJob {
  conversationId: string;
  markedAs: ConversationMarked['data']['markedAs'];
  /** The marking's time: the score's timestamp, the same on every try. */
  markedAt: string;
}

/** One job per marking (the marking event's place in its stream). */
export const ltiScoreJobRow = (job: LtiScoreJob, marking: { streamId: string; streamVersion: number }): JobRow => ({
  id: nameBasedId(`lti-score:${marking.streamId}:${marking.streamVersion}`),
  name: QUEUES.ltiScore,
  data: job,
});

export const mailJobRow = (job: MailJob, id?: string): JobRow => ({ ...(id ? { id } : {}), name: QUEUES.sendMail, data: job });

/** Reminder jobs start at their time (`startAfter`); one per conversation and offset. */
export const reminderJobRows = (reminders: ScheduledReminder[]): JobRow[] =>
  reminders.map((r) => ({
    id: reminderJobId(r),
    name: QUEUES.conversationReminder,
    data: { conversationId: r.conversationId, offsetMinutes: r.offsetMinutes } satisfies ReminderJob,
    startAfter: r.runAt,
    singletonKey: `${r.conversationId}:${r.offsetMinutes}`,
  }));

/**
 * pg-boss's way into PostgreSQL (its `db` option) through `query`: every statement with parameters
 * goes as a named one, planned once per connection. pg-boss sends them unnamed, and its job insert
 * (a CTE over json_to_recordset joined to the queue's settings) was planned again on every call:
 * inserting ten jobs a call cost twice as much (docs/decisions/scheduling-and-conversations.md, "pg-boss's statements are
 * prepared"). Statements without parameters (its migrations, several commands in one text) go as
 * they are: a prepared statement holds one command.
 */
export function pgBossExecutor(query: (statement: pg.QueryConfig) => Promise<{ rows: any[] }>) {
  return {
    executeSql: (text: string, values?: unknown[]) => query(values?.length ? { name: statementName(text), text, values } : { text }),
  };
}

const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `pgboss_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
