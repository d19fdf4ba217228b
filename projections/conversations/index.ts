/**
 * Conversations read model: one row per conversation (lesson or interview) with its participants,
 * times, course and lesson, cancellation and transfer. Notifies `conversationChanged` per
 * conversation at commit. Policies are computed at read time from the row (services/domain/
 * conversations/conversation.ts), since they depend on the clock and the viewer.
 */
import type pg from 'pg';
import type { Marking } from '../../contracts/afterConversation';
import type { ConversationStatus } from '../../services/domain/conversations/conversation';
import type { ConversationKind, ConversationReserved } from '../../services/domain/conversations/events';
import type { StoredEvent } from '../../services/eventstore/port';
import { notifyChange, type Projector } from '../../services/feed/projector';
import { conversationsReplay } from './replay';

export const conversationsProjector: Projector = {
  name: 'conversations',
  version: 4,
  handles: [
    'ConversationReserved',
    'ConversationCanceled',
    'ConversationTransferred',
    'ConversationLessonChanged',
    'ConversationOpened',
    'ParticipantConnected',
    'ParticipantDisconnected',
    'ConversationStarted',
    'ConversationStopped',
    'ConversationMarked',
    'FairTimeCredited',
    'MakeUpPurchasedFor',
    'ConversationRated',
  ],
  schema: `
    CREATE TABLE conversations (
      id text PRIMARY KEY, kind text NOT NULL, provider text NOT NULL, status text NOT NULL,
      reserved_by text NOT NULL, reserved_with text NOT NULL, reserved_start timestamptz NOT NULL, reserved_end timestamptz NOT NULL,
      duration int NOT NULL, learning_language text NOT NULL, course_id text, lesson_id text, minutes int NOT NULL,
      is_canceled boolean NOT NULL DEFAULT false, canceled_on timestamptz, canceled_by text, cancel_reason text,
      transferred_on timestamptz, marked_as text, marked_on timestamptz,
      opened_on timestamptz, started_on timestamptz, stops_on timestamptz, stopped_on timestamptz,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      marked_by text, refunded_minutes int NOT NULL DEFAULT 0, make_up_purchased_on timestamptz,
      archive_on_start boolean NOT NULL DEFAULT false);
    -- Ratings after the conversation (issue 10): one per participant.
    CREATE TABLE conversation_ratings (
      conversation_id text NOT NULL, rated_by text NOT NULL, role text NOT NULL, rating int NOT NULL, comment text,
      speaker_id text NOT NULL, rated_on timestamptz NOT NULL, PRIMARY KEY (conversation_id, rated_by));
    CREATE INDEX conversation_ratings_speaker ON conversation_ratings (speaker_id, role);
    CREATE TABLE participant_events (
      conversation_id text NOT NULL, account_id text NOT NULL, sequence int NOT NULL, kind text NOT NULL, at timestamptz NOT NULL,
      PRIMARY KEY (conversation_id, account_id, sequence));
    CREATE INDEX conversations_pair ON conversations (reserved_by, reserved_with, reserved_start);
    CREATE INDEX conversations_speaker ON conversations (reserved_with, reserved_start);
    CREATE INDEX conversations_student ON conversations (reserved_by, reserved_start);
    CREATE INDEX conversations_start ON conversations (reserved_start, id);
    CREATE INDEX conversations_created ON conversations (created_at, id);
    CREATE INDEX conversations_status ON conversations (status, id);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const changed = new Set<string>();
    // New conversations in one INSERT per run of them (a busy batch is mostly reservations); the
    // run is written before any other event, so every change still follows its reservation.
    let reserved: StoredEvent[] = [];
    const insertReserved = async () => {
      if (!reserved.length) return;
      const column = (f: (d: any) => unknown) => reserved.map((e) => f(e.data));
      // Named (prepared once per connection): the lane that commands wait for runs it every batch.
      await db.query({
        name: 'conversations_insert_reserved_v1',
        text: `INSERT INTO conversations (id, kind, provider, status, reserved_by, reserved_with, reserved_start, reserved_end, duration,
           learning_language, course_id, lesson_id, minutes, created_at, updated_at, archive_on_start)
         SELECT id, kind, provider, 'reserved', reserved_by, reserved_with, reserved_start, reserved_end, duration,
           learning_language, course_id, lesson_id, minutes, at, at, archive_on_start
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::int[],
             $9::text[], $10::text[], $11::text[], $12::int[], $13::timestamptz[], $14::boolean[])
             AS x(id, kind, provider, reserved_by, reserved_with, reserved_start, reserved_end, duration, learning_language, course_id, lesson_id, minutes, at, archive_on_start)
         ON CONFLICT (id) DO NOTHING`,
        values: [
          column((d) => d.conversationId),
          column((d) => d.kind),
          column((d) => d.provider),
          column((d) => d.reservedBy),
          column((d) => d.reservedWith),
          column((d) => d.reservedStart),
          column((d) => d.reservedEnd),
          column((d) => d.duration),
          column((d) => d.learningLanguage),
          column((d) => d.courseId),
          column((d) => d.lessonId),
          column((d) => d.minutes),
          reserved.map((e) => e.metadata.occurredAt),
          column((d) => d.archiveOnStart === true),
        ],
      });
      reserved = [];
    };
    for (const e of events) {
      const d = e.data;
      const at = e.metadata.occurredAt;
      changed.add(d.conversationId);
      if (e.type === 'ConversationReserved') {
        reserved.push(e);
        continue;
      }
      await insertReserved();
      switch (e.type) {
        case 'ConversationCanceled':
          await db.query(
            `UPDATE conversations SET is_canceled = true, canceled_on = $2, canceled_by = $3, cancel_reason = $4, updated_at = $2 WHERE id = $1`,
            [d.conversationId, at, d.canceledBy, d.reason],
          );
          break;
        case 'ConversationTransferred':
          await db.query('UPDATE conversations SET reserved_with = $2, transferred_on = $3, updated_at = $3 WHERE id = $1', [
            d.conversationId,
            d.toSpeakerId,
            at,
          ]);
          break;
        case 'ConversationLessonChanged':
          await db.query('UPDATE conversations SET lesson_id = $2, updated_at = $3 WHERE id = $1', [d.conversationId, d.toLessonId, at]);
          break;
        case 'ConversationOpened':
          await db.query(`UPDATE conversations SET status = 'opened', opened_on = $2, updated_at = $2 WHERE id = $1`, [
            d.conversationId,
            d.at,
          ]);
          break;
        case 'ParticipantConnected':
        case 'ParticipantDisconnected':
          await db.query(
            `INSERT INTO participant_events (conversation_id, account_id, sequence, kind, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [d.conversationId, d.accountId, d.sequence, e.type === 'ParticipantConnected' ? 'connected' : 'disconnected', d.at],
          );
          break;
        case 'ConversationStarted':
          await db.query(`UPDATE conversations SET status = 'started', started_on = $2, stops_on = $3, updated_at = $2 WHERE id = $1`, [
            d.conversationId,
            d.at,
            d.stopsAt,
          ]);
          break;
        case 'ConversationStopped':
          await db.query(`UPDATE conversations SET status = $2, stopped_on = $3, updated_at = $3 WHERE id = $1`, [
            d.conversationId,
            d.reason === 'unused' ? 'unused' : 'stopped',
            d.at,
          ]);
          break;
        case 'ConversationMarked':
          await db.query(
            `UPDATE conversations SET marked_as = $2, marked_on = $3, marked_by = $4, refunded_minutes = refunded_minutes + $5, updated_at = $3 WHERE id = $1`,
            [d.conversationId, d.markedAs, at, d.markedBy, d.refundedMinutes + d.bonusMinutes],
          );
          break;
        case 'FairTimeCredited':
          await db.query('UPDATE conversations SET refunded_minutes = refunded_minutes + $2, updated_at = $3 WHERE id = $1', [
            d.conversationId,
            d.minutes,
            at,
          ]);
          break;
        case 'MakeUpPurchasedFor':
          await db.query('UPDATE conversations SET make_up_purchased_on = $2, updated_at = $2 WHERE id = $1', [d.conversationId, at]);
          break;
        case 'ConversationRated':
          await db.query(
            `INSERT INTO conversation_ratings (conversation_id, rated_by, role, rating, comment, speaker_id, rated_on)
             SELECT $1, $2, $3, $4, $5, reserved_with, $6 FROM conversations WHERE id = $1 ON CONFLICT DO NOTHING`,
            [d.conversationId, d.ratedBy, d.role, d.rating, d.comment, at],
          );
          break;
      }
    }
    await insertReserved();
    await notifyChange(
      db,
      [...changed].map((key) => ({ topic: 'conversationChanged', key })),
    );
  },
  replay: conversationsReplay,
};

/** A conversation as the read model holds it. */
export interface ConversationRow {
  id: string;
  kind: ConversationKind;
  provider: string;
  status: ConversationStatus;
  reservedBy: string;
  reservedWith: string;
  start: Date;
  end: Date;
  duration: number;
  learningLanguage: string;
  courseId: string | null;
  lessonId: string | null;
  minutes: number;
  isCanceled: boolean;
  canceledOn: Date | null;
  canceledBy: string | null;
  cancelReason: string | null;
  transferredOn: Date | null;
  markedAs: Marking | null;
  markedOn: Date | null;
  openedOn: Date | null;
  startedOn: Date | null;
  stopsOn: Date | null;
  stoppedOn: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Minutes given back for it (refund, bonus, fair time). */
  refundedMinutes: number;
  makeUpPurchasedOn: Date | null;
  /** Recorded (issue 10). */
  archiveOnStart: boolean;
}

export const toConversation = (r: any): ConversationRow => ({
  id: r.id,
  kind: r.kind,
  provider: r.provider,
  status: r.status,
  reservedBy: r.reserved_by,
  reservedWith: r.reserved_with,
  start: r.reserved_start,
  end: r.reserved_end,
  duration: r.duration,
  learningLanguage: r.learning_language,
  courseId: r.course_id,
  lessonId: r.lesson_id,
  minutes: r.minutes,
  isCanceled: r.is_canceled,
  canceledOn: r.canceled_on,
  canceledBy: r.canceled_by,
  cancelReason: r.cancel_reason,
  transferredOn: r.transferred_on,
  markedAs: r.marked_as,
  markedOn: r.marked_on,
  openedOn: r.opened_on,
  startedOn: r.started_on,
  stopsOn: r.stops_on,
  stoppedOn: r.stopped_on,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  refundedMinutes: r.refunded_minutes,
  makeUpPurchasedOn: r.make_up_purchased_on,
  archiveOnStart: r.archive_on_start,
});

/**
 * The row this read model makes of a reservation (insertReserved, above), made without it: what a
 * reservation's answer holds before the read model has read it (services/api/readAfter.ts). A test
 * reads both and compares them (tests/integration/read-after.test.ts).
 */
export function reservedConversationRow(data: ConversationReserved['data'], occurredAt: Date): ConversationRow {
  return {
    id: data.conversationId,
    kind: data.kind,
    provider: data.provider,
    status: 'reserved',
    reservedBy: data.reservedBy,
    reservedWith: data.reservedWith,
    start: new Date(data.reservedStart),
    end: new Date(data.reservedEnd),
    duration: data.duration,
    learningLanguage: data.learningLanguage,
    courseId: data.courseId,
    lessonId: data.lessonId,
    minutes: data.minutes,
    isCanceled: false,
    canceledOn: null,
    canceledBy: null,
    cancelReason: null,
    transferredOn: null,
    markedAs: null,
    markedOn: null,
    openedOn: null,
    startedOn: null,
    stopsOn: null,
    stoppedOn: null,
    createdAt: occurredAt,
    updatedAt: occurredAt,
    refundedMinutes: 0,
    makeUpPurchasedOn: null,
    archiveOnStart: data.archiveOnStart === true,
  };
}

type Db = { query: pg.Pool['query'] };

export async function findConversation(db: Db, conversationId: string): Promise<ConversationRow | null> {
  const { rows } = await db.query('SELECT * FROM rm_conversations.conversations WHERE id = $1', [conversationId]);
  return rows[0] ? toConversation(rows[0]) : null;
}

export async function findConversations(db: Db, conversationIds: readonly string[]): Promise<Map<string, ConversationRow>> {
  if (!conversationIds.length) return new Map();
  const { rows } = await db.query('SELECT * FROM rm_conversations.conversations WHERE id = ANY($1::text[])', [
    [...new Set(conversationIds)],
  ]);
  return new Map(rows.map((r) => [r.id as string, toConversation(r)]));
}

export interface ConversationFilter {
  conversationId?: string | null;
  statuses?: string[] | null;
  canceled?: boolean | null;
  marked?: boolean | null;
  markings?: string[] | null;
  reverse?: boolean | null;
  first?: number | null;
}

/** The condition selecting a person's conversations (as student or speaker) that pass a filter, and its parameters. */
function conversationsWhere(accountId: string, f: ConversationFilter, now: Date) {
  const params: unknown[] = [accountId, now];
  // $2 (now) is typed where it is used, and also when no filter uses it.
  // A test call is no conversation of theirs to list or count (it is joined from its notice).
  const where = ['(reserved_by = $1 OR reserved_with = $1)', "kind <> 'test_call'", '$2::timestamptz IS NOT NULL'];
  const status = `CASE WHEN status = 'reserved' AND NOT is_canceled AND reserved_end <= $2::timestamptz THEN 'unused' ELSE status END`;
  if (f.conversationId) where.push(`id = $${params.push(f.conversationId)}`);
  if (f.statuses?.length) where.push(`${status} = ANY($${params.push(f.statuses)})`);
  if (f.canceled === true || f.canceled === false) where.push(`is_canceled = $${params.push(f.canceled)}`);
  if (f.marked === true) where.push('marked_as IS NOT NULL');
  if (f.marked === false) where.push('marked_as IS NULL');
  if (f.markings?.length) where.push(`marked_as = ANY($${params.push(f.markings)})`);
  return { condition: where.join(' AND '), params };
}

/** The person's test call that can still be joined (running, or opened and not past its end), the latest. */
export async function joinableTestCallOf(db: Db, userId: string, now: Date): Promise<ConversationRow | null> {
  const { rows } = await db.query(
    `SELECT * FROM rm_conversations.conversations
      WHERE reserved_with = $1 AND kind = 'test_call' AND NOT is_canceled
        AND (status = 'started' OR (status = 'opened' AND reserved_end > $2))
      ORDER BY reserved_start DESC LIMIT 1`,
    [userId, now],
  );
  return rows[0] ? toConversation(rows[0]) : null;
}

/** A person's conversations as student or speaker. Status 'unused' is a reserved one whose end passed. */
export async function conversationsOf(db: Db, accountId: string, f: ConversationFilter, now: Date): Promise<ConversationRow[]> {
  const { condition, params } = conversationsWhere(accountId, f, now);
  const limit = Math.min(Math.max(f.first ?? 200, 0), 200);
  const { rows } = await db.query(
    `SELECT * FROM rm_conversations.conversations WHERE ${condition}
      ORDER BY reserved_start ${f.reverse ? 'DESC' : 'ASC'}, id LIMIT ${limit}`,
    params,
  );
  return rows.map(toConversation);
}

/** How many conversations `conversationsOf` would find, without its limit. */
export async function conversationCountOf(db: Db, accountId: string, f: ConversationFilter, now: Date): Promise<number> {
  const { condition, params } = conversationsWhere(accountId, f, now);
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM rm_conversations.conversations WHERE ${condition}`, params);
  return rows[0].n as number;
}

/** The speakers' booked (not canceled) conversations overlapping [from, to). */
export async function bookedBetween(db: Db, speakerIds: string[], from: Date, to: Date): Promise<ConversationRow[]> {
  const { rows } = await db.query(
    `SELECT * FROM rm_conversations.conversations
      WHERE reserved_with = ANY($1) AND NOT is_canceled AND reserved_start < $3 AND reserved_end > $2`,
    [speakerIds, from, to],
  );
  return rows.map(toConversation);
}

export interface ParticipantEventRow {
  accountId: string;
  sequence: number;
  kind: 'connected' | 'disconnected';
  at: Date;
}

/** The connection history of a conversation, oldest first. */
export async function participantEvents(db: Db, conversationId: string): Promise<ParticipantEventRow[]> {
  const { rows } = await db.query(
    'SELECT account_id, sequence, kind, at FROM rm_conversations.participant_events WHERE conversation_id = $1 ORDER BY at, sequence',
    [conversationId],
  );
  return rows.map((r) => ({ accountId: r.account_id, sequence: r.sequence, kind: r.kind, at: r.at }));
}

/** Earlier conversations of the same student and speaker, latest first. */
export async function pastConversationsOf(
  db: Db,
  c: Pick<ConversationRow, 'id' | 'reservedBy' | 'reservedWith' | 'start'>,
): Promise<ConversationRow[]> {
  const { rows } = await db.query(
    `SELECT * FROM rm_conversations.conversations
      WHERE reserved_by = $1 AND reserved_with = $2 AND reserved_start < $3 AND id <> $4
      ORDER BY reserved_start DESC LIMIT 50`,
    [c.reservedBy, c.reservedWith, c.start, c.id],
  );
  return rows.map(toConversation);
}

export interface RatingRow {
  conversationId: string;
  ratedBy: string;
  role: 'student' | 'speaker';
  rating: number;
  comment: string | null;
  ratedOn: Date;
}
const toRating = (r: any): RatingRow => ({
  conversationId: r.conversation_id,
  ratedBy: r.rated_by,
  role: r.role,
  rating: r.rating,
  comment: r.comment,
  ratedOn: r.rated_on,
});

/** The ratings of a conversation (student's and speaker's). */
export async function ratingsOf(db: Db, conversationId: string): Promise<RatingRow[]> {
  const { rows } = await db.query('SELECT * FROM rm_conversations.conversation_ratings WHERE conversation_id = $1 ORDER BY rated_on', [
    conversationId,
  ]);
  return rows.map(toRating);
}

/** A speaker's ratings by students: how many and the average (for admins). */
export async function speakerRatingSummary(db: Db, speakerId: string): Promise<{ count: number; average: number | null }> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n, avg(rating)::float AS avg FROM rm_conversations.conversation_ratings WHERE speaker_id = $1 AND role = 'student'`,
    [speakerId],
  );
  return { count: rows[0].n, average: rows[0].avg === null ? null : Math.round(rows[0].avg * 100) / 100 };
}

/** A student's conversations of one course (canceled ones too), newest first: the instructor's students tab (issue 11). */
export async function conversationsOfEnrollment(db: Db, courseId: string, studentId: string): Promise<ConversationRow[]> {
  const { rows } = await db.query(
    'SELECT * FROM rm_conversations.conversations WHERE reserved_by = $1 AND course_id = $2 ORDER BY reserved_start DESC, id LIMIT 200',
    [studentId, courseId],
  );
  return rows.map(toConversation);
}
