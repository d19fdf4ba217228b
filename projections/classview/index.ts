/**
 * The instructor's class view (issue 35): per course, its students, each one's lesson attempts with
 * their conversation's times, and the reminders sent to them, so the view is one indexed statement
 * (classRowsOf) however large the class. Lessons and due dates come from the catalog, names from
 * profiles (docs/decisions/class-view.md).
 */
import type pg from 'pg';
import type { ClassAttempt } from '../../contracts/classView';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const classviewProjector: Projector = {
  name: 'classview',
  version: 1,
  handles: [
    'StudentEnrolled',
    'StudentWithdrawn',
    'LessonAttemptStarted',
    'LessonAttemptCanceled',
    'LessonAttemptCompleted',
    'LessonAttemptFailed',
    'ConversationReserved',
    'ConversationStarted',
    'ConversationStopped',
    'StudentReminded',
  ],
  schema: `
    -- One row per enrollment stream: a withdrawn student keeps the row (their attempts stay the course's history).
    CREATE TABLE class_students (
      stream_id text PRIMARY KEY, course_id text NOT NULL, student_id text NOT NULL, enrolled_on timestamptz NOT NULL,
      withdrawn boolean NOT NULL DEFAULT false);
    CREATE INDEX class_students_course ON class_students (course_id) WHERE NOT withdrawn;
    CREATE TABLE class_attempts (
      id text PRIMARY KEY, stream_id text NOT NULL, lesson_id text NOT NULL, conversation_id text NOT NULL,
      outcome text NOT NULL, pos bigint NOT NULL);
    CREATE INDEX class_attempts_stream ON class_attempts (stream_id, conversation_id);
    -- Lesson conversations only: when they were to start, when their clock ran.
    CREATE TABLE class_conversations (
      conversation_id text PRIMARY KEY, reserved_start timestamptz NOT NULL, started_at timestamptz, stopped_at timestamptz,
      stop_reason text);
    CREATE TABLE class_reminders (
      course_id text NOT NULL, student_id text NOT NULL, lesson_id text NOT NULL, reminded_at timestamptz NOT NULL,
      reminded_by text, PRIMARY KEY (course_id, student_id, lesson_id));`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    for (const e of events) {
      const d = e.data as any;
      const at = e.metadata.occurredAt;
      switch (e.type) {
        case 'StudentEnrolled':
          await db.query(
            `INSERT INTO class_students (stream_id, course_id, student_id, enrolled_on) VALUES ($1, $2, $3, $4)
             ON CONFLICT (stream_id) DO UPDATE SET enrolled_on = EXCLUDED.enrolled_on, withdrawn = false`,
            [e.streamId, d.courseId, d.studentId, at],
          );
          break;
        case 'StudentWithdrawn':
          await db.query('UPDATE class_students SET withdrawn = true WHERE stream_id = $1', [e.streamId]);
          break;
        case 'LessonAttemptStarted':
          await db.query(
            `INSERT INTO class_attempts (id, stream_id, lesson_id, conversation_id, outcome, pos) VALUES ($1, $2, $3, $4, 'attempting', $5)
             ON CONFLICT (id) DO NOTHING`,
            [d.lessonAttemptId, e.streamId, d.lessonId, d.conversationId, e.position],
          );
          break;
        case 'LessonAttemptCanceled':
          await db.query('DELETE FROM class_attempts WHERE id = $1', [d.lessonAttemptId]);
          break;
        case 'LessonAttemptCompleted':
        case 'LessonAttemptFailed':
          // As the enrollments read model: the conversation's attempt at that lesson on this stream.
          await db.query('UPDATE class_attempts SET outcome = $4 WHERE stream_id = $1 AND conversation_id = $2 AND lesson_id = $3', [
            e.streamId,
            d.conversationId,
            d.lessonId,
            e.type === 'LessonAttemptCompleted' ? 'completed' : 'failed',
          ]);
          break;
        case 'ConversationReserved':
          if (d.kind !== 'lesson' || !d.courseId) break;
          await db.query(
            'INSERT INTO class_conversations (conversation_id, reserved_start) VALUES ($1, $2) ON CONFLICT (conversation_id) DO NOTHING',
            [d.conversationId, d.reservedStart],
          );
          break;
        case 'ConversationStarted':
          await db.query('UPDATE class_conversations SET started_at = $2 WHERE conversation_id = $1', [d.conversationId, d.at]);
          break;
        case 'ConversationStopped':
          await db.query('UPDATE class_conversations SET stopped_at = $2, stop_reason = $3 WHERE conversation_id = $1', [
            d.conversationId,
            d.at,
            d.reason,
          ]);
          break;
        case 'StudentReminded':
          await db.query(
            `INSERT INTO class_reminders (course_id, student_id, lesson_id, reminded_at, reminded_by) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (course_id, student_id, lesson_id) DO UPDATE SET reminded_at = EXCLUDED.reminded_at, reminded_by = EXCLUDED.reminded_by`,
            [d.courseId, d.studentId, d.lessonId, d.at, e.metadata.actorId],
          );
          break;
      }
    }
  },
};

export interface ClassRowAttempt extends ClassAttempt {
  lessonId: string;
  conversationId: string;
  reservedStart: string | null;
}

export interface ClassRow {
  studentId: string;
  enrolledOn: Date;
  /** In log order. */
  attempts: ClassRowAttempt[];
  /** Lesson id → the latest reminder's instant (ISO). */
  reminders: Record<string, string>;
}

/** Every current student of a course with their attempts and reminders: one statement, on the course's index. */
export async function classRowsOf(pool: pg.Pool, courseId: string): Promise<ClassRow[]> {
  const { rows } = await pool.query(
    `SELECT s.student_id, s.enrolled_on,
       coalesce((SELECT json_agg(json_build_object('lessonId', a.lesson_id, 'conversationId', a.conversation_id, 'outcome', a.outcome,
           'reservedStart', c.reserved_start, 'startedAt', c.started_at, 'stoppedAt', c.stopped_at, 'stopReason', c.stop_reason) ORDER BY a.pos)
         FROM rm_classview.class_attempts a LEFT JOIN rm_classview.class_conversations c ON c.conversation_id = a.conversation_id
         WHERE a.stream_id = s.stream_id), '[]'::json) AS attempts,
       coalesce((SELECT json_object_agg(r.lesson_id, r.reminded_at) FROM rm_classview.class_reminders r
         WHERE r.course_id = s.course_id AND r.student_id = s.student_id), '{}'::json) AS reminders
     FROM rm_classview.class_students s WHERE s.course_id = $1 AND NOT s.withdrawn ORDER BY s.enrolled_on, s.student_id`,
    [courseId],
  );
  return rows.map((r) => ({
    studentId: r.student_id,
    enrolledOn: r.enrolled_on,
    attempts: (r.attempts as any[]).map((a) => ({
      ...a,
      startedAt: iso(a.startedAt),
      stoppedAt: iso(a.stoppedAt),
      reservedStart: iso(a.reservedStart),
    })),
    reminders: Object.fromEntries(Object.entries(r.reminders as Record<string, string>).map(([k, v]) => [k, iso(v)!])),
  }));
}

/** json_build_object writes timestamptz in the session's format; read back as ISO instants. */
const iso = (v: string | null): string | null => (v ? new Date(v).toISOString() : null);
