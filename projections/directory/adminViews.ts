/**
 * The back-office's conversation and course tables and its dashboard (issue 11), read from the
 * conversations, catalog, enrollments, payments and availability read models joined with the
 * directory's people at read time (as the payroll grid does): a name changed in a profile shows at
 * once, and no second copy of the conversations is kept.
 *
 * Sorting and filtering: the conversations' own columns are served by their btree indexes
 * (reserved_start, created_at, status); names are matched through the directory's trigram indexes
 * after the join. `status` is the status the product shows (spec 2: a reservation whose end passed
 * without being opened is 'unused', as services/domain/conversations/conversation.ts displayStatus
 * says), so the filter 'Unused' finds exactly the rows shown as 'Stopped*'.
 */
import type pg from 'pg';
import type { ConnectionSource } from '../connectionSource';
import { occurrences } from '../../services/domain/scheduling/time';
import { toCourse, toLessonAssignment, type CourseRow, type LessonAssignmentRow } from '../catalog';
import { toConversation, type ConversationRow } from '../conversations';

/** The shown status (spec 2, section 4), as SQL over a conversations row `c`. */
export const DISPLAY_STATUS_SQL = `CASE WHEN c.status = 'reserved' AND NOT c.is_canceled AND c.reserved_end <= now() THEN 'unused' ELSE c.status END`;

const CONVERSATIONS_WITH_NAMES = `(SELECT c.*, ${DISPLAY_STATUS_SQL} AS display_status,
    sb.display_name AS reserved_by_name, sb.email_address AS reserved_by_email,
    sw.display_name AS reserved_with_name, sw.email_address AS reserved_with_email
  FROM rm_conversations.conversations c
  LEFT JOIN rm_directory.people sb ON sb.id = c.reserved_by
  LEFT JOIN rm_directory.people sw ON sw.id = c.reserved_with) AS admin_conversations`;

/** Every conversation (lessons and interviews), newest reserved start first by default. */
export const adminConversationsSource: ConnectionSource<ConversationRow> = {
  from: CONVERSATIONS_WITH_NAMES,
  fields: {
    id: { column: 'id', type: 'text' },
    reservedStart: { column: 'reserved_start', type: 'timestamptz' },
    createdAt: { column: 'created_at', type: 'timestamptz' },
    updatedAt: { column: 'updated_at', type: 'timestamptz' },
    status: { column: 'display_status', type: 'text' },
    kind: { column: 'kind', type: 'text' },
    duration: { column: 'duration', type: 'int' },
    learningLanguage: { column: 'learning_language', type: 'text' },
    isCanceled: { column: 'is_canceled', type: 'bool' },
    markedAs: { column: 'marked_as', type: 'text', nullable: true },
    course_id: { column: 'course_id', type: 'text', nullable: true, sortable: false },
    reservedBy_id: { column: 'reserved_by', type: 'text', sortable: false },
    reservedWith_id: { column: 'reserved_with', type: 'text', sortable: false },
    reservedBy_displayName: { column: 'reserved_by_name', type: 'text', nullable: true },
    reservedWith_displayName: { column: 'reserved_with_name', type: 'text', nullable: true },
    reservedBy_emailAddress: { column: 'reserved_by_email', type: 'text', nullable: true },
    reservedWith_emailAddress: { column: 'reserved_with_email', type: 'text', nullable: true },
  },
  defaultSort: [{ field: 'reservedStart', direction: 'DESC' }],
  toNode: toConversation,
};

/** A course row with what the admin table shows beside it. */
export type AdminCourseRow = CourseRow & { ownerDisplayName: string | null; ownerEmailAddress: string | null };

/** Whether a course's end date is over everywhere on Earth (UTC−12), as Course.isPast says. */
const IS_PAST_SQL = `(co.end_date IS NOT NULL AND co.end_date < (now() AT TIME ZONE 'Etc/GMT+12')::date)`;

/** Every course (regular and adventures), newest start first by default. */
export const adminCoursesSource: ConnectionSource<AdminCourseRow> = {
  from: `(SELECT co.*, ${IS_PAST_SQL} AS is_past, p.display_name AS owner_name, p.email_address AS owner_email,
      (SELECT count(*) FROM rm_enrollments.course_enrollments e WHERE e.course_id = co.id)::int AS enrollments_count
    FROM rm_catalog.courses co LEFT JOIN rm_directory.people p ON p.id = co.owner_id) AS admin_courses`,
  fields: {
    id: { column: 'id', type: 'text' },
    name: { column: 'name', type: 'text' },
    kind: { column: 'kind', type: 'text' },
    language: { column: 'language', type: 'text' },
    proficiency: { column: 'proficiency', type: 'text' },
    startDate: { column: 'start_date', type: 'date' },
    endDate: { column: 'end_date', type: 'date', nullable: true },
    inviteNumber: { column: 'invite_number', type: 'text' },
    isPast: { column: 'is_past', type: 'bool' },
    durationRequirement: { column: 'duration_requirement', type: 'int' },
    completionRequirement: { column: 'completion_requirement', type: 'int' },
    courseEnrollmentsCount: { column: 'enrollments_count', type: 'int' },
    owner_displayName: { column: 'owner_name', type: 'text', nullable: true },
    owner_emailAddress: { column: 'owner_email', type: 'text', nullable: true },
    owner_school: { column: 'school', type: 'text', nullable: true },
    createdAt: { column: 'created_at', type: 'timestamptz' },
  },
  defaultSort: [{ field: 'startDate', direction: 'DESC' }],
  toNode: (r) => ({ ...toCourse(r), ownerDisplayName: r.owner_name, ownerEmailAddress: r.owner_email }),
};

/**
 * Every lesson of every course (issue 11, the spec's admin lessons table): a row per lesson
 * assignment with its course's name, language and dates; the course's latest start first, then the
 * lesson's order. Read at request time from the catalog, as the courses table is.
 */
export const adminLessonsSource: ConnectionSource<LessonAssignmentRow> = {
  from: `(SELECT la.*, co.name AS course_name, co.language AS course_language, co.start_date AS course_start_date, co.kind AS course_kind
    FROM rm_catalog.lesson_assignments la JOIN rm_catalog.courses co ON co.id = la.course_id) AS admin_lessons`,
  fields: {
    id: { column: 'id', type: 'text' },
    order: { column: 'ord', type: 'int' },
    dueOn: { column: 'due_on', type: 'date', nullable: true },
    lesson_title: { column: 'title', type: 'text' },
    lesson_discussionTopic: { column: 'discussion_topic', type: 'text', nullable: true },
    course_id: { column: 'course_id', type: 'text', sortable: false },
    course_name: { column: 'course_name', type: 'text' },
    course_language: { column: 'course_language', type: 'text' },
    course_kind: { column: 'course_kind', type: 'text' },
    course_startDate: { column: 'course_start_date', type: 'date' },
  },
  defaultSort: [
    { field: 'course_startDate', direction: 'DESC' },
    { field: 'order', direction: 'ASC' },
  ],
  toNode: toLessonAssignment,
};

export interface DashboardConversationRow {
  id: string;
  reservedStart: Date;
  duration: number;
  status: string;
  isCanceled: boolean;
  reservedBy: string | null;
  reservedWith: string | null;
}

/** Conversations reserved in [start, end], canceled ones left out, the latest start first (spec 3, dashboard). */
export async function dashboardConversations(pool: pg.Pool, start: Date, end: Date, limit = 200): Promise<DashboardConversationRow[]> {
  const { rows } = await pool.query(
    `SELECT id, reserved_start, duration, display_status, is_canceled, coalesce(reserved_by_name, reserved_by_email) AS by_name,
        coalesce(reserved_with_name, reserved_with_email) AS with_name
       FROM ${CONVERSATIONS_WITH_NAMES}
      WHERE reserved_start >= $1 AND reserved_start <= $2 AND NOT is_canceled
      ORDER BY reserved_start DESC, id LIMIT $3`,
    [start, end, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    reservedStart: r.reserved_start,
    duration: r.duration,
    status: r.display_status,
    isCanceled: r.is_canceled,
    reservedBy: r.by_name,
    reservedWith: r.with_name,
  }));
}

/** Conversations (not canceled) starting in [start, end). */
export async function conversationCount(pool: pg.Pool, start: Date, end: Date): Promise<number> {
  const { rows } = await pool.query(
    'SELECT count(*)::int AS n FROM rm_conversations.conversations WHERE reserved_start >= $1 AND reserved_start < $2 AND NOT is_canceled',
    [start, end],
  );
  return rows[0].n;
}

/** Minutes bought by card (paid payments, refunded ones left out) since `since`. */
export async function minutesSoldSince(pool: pg.Pool, since: Date): Promise<number> {
  const { rows } = await pool.query(
    `SELECT coalesce(sum(minute_quantity), 0)::bigint AS n FROM rm_payments.payments WHERE created_at >= $1 AND status = 'paid'`,
    [since],
  );
  return Number(rows[0].n);
}

/**
 * Speakers whose availability covers `now`, less those in a conversation at that moment (opened or
 * started, or reserved over it and not canceled).
 */
export async function speakersAvailableAt(pool: pg.Pool, now: Date): Promise<number> {
  const { rows } = await pool.query(
    `SELECT r.* FROM rm_availability.rules r
      WHERE r.local_date <= ($1::timestamptz AT TIME ZONE 'UTC')::date + 1
        AND (r.repeats_weekly OR r.local_date >= ($1::timestamptz AT TIME ZONE 'UTC')::date - 1)
        AND NOT EXISTS (SELECT 1 FROM rm_conversations.conversations c WHERE c.reserved_with = r.speaker_id AND NOT c.is_canceled
          AND (c.status IN ('opened', 'started') OR (c.status = 'reserved' AND c.reserved_start <= $1 AND c.reserved_end > $1)))`,
    [now],
  );
  const later = new Date(now.getTime() + 1);
  const available = new Set<string>();
  for (const r of rows) {
    const rule = {
      zoneName: r.zone_name,
      localDate: r.local_date,
      startTime: r.start_time,
      endTime: r.end_time,
      repeatsWeekly: r.repeats_weekly,
    };
    if (occurrences(rule, now, later).some((o) => o.start.getTime() <= now.getTime() && o.end.getTime() > now.getTime()))
      available.add(r.speaker_id);
  }
  return available.size;
}
