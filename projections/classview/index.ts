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
    -- An attempt carries its conversation's times (copied from class_conversations whichever comes first),
    -- so the view reads one table on the course's index.
    CREATE TABLE class_attempts (
      id text PRIMARY KEY, stream_id text NOT NULL, course_id text NOT NULL, student_id text NOT NULL, lesson_id text NOT NULL,
      conversation_id text NOT NULL, outcome text NOT NULL, pos bigint NOT NULL,
      reserved_start timestamptz, started_at timestamptz, stopped_at timestamptz, stop_reason text);
    CREATE INDEX class_attempts_course ON class_attempts (course_id, pos);
    CREATE INDEX class_attempts_conversation ON class_attempts (conversation_id);
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
            `INSERT INTO class_attempts (id, stream_id, course_id, student_id, lesson_id, conversation_id, outcome, pos,
               reserved_start, started_at, stopped_at, stop_reason)
             SELECT $1, s.stream_id, s.course_id, s.student_id, $3, $4, 'attempting', $5, c.reserved_start, c.started_at, c.stopped_at, c.stop_reason
               FROM class_students s LEFT JOIN class_conversations c ON c.conversation_id = $4
              WHERE s.stream_id = $2
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
            `WITH c AS (INSERT INTO class_conversations (conversation_id, reserved_start) VALUES ($1, $2) ON CONFLICT (conversation_id) DO NOTHING)
             UPDATE class_attempts SET reserved_start = $2 WHERE conversation_id = $1`,
            [d.conversationId, d.reservedStart],
          );
          break;
        case 'ConversationStarted':
          await db.query(
            `WITH c AS (UPDATE class_conversations SET started_at = $2 WHERE conversation_id = $1)
             UPDATE class_attempts SET started_at = $2 WHERE conversation_id = $1`,
            [d.conversationId, d.at],
          );
          break;
        case 'ConversationStopped':
          await db.query(
            `WITH c AS (UPDATE class_conversations SET stopped_at = $2, stop_reason = $3 WHERE conversation_id = $1)
             UPDATE class_attempts SET stopped_at = $2, stop_reason = $3 WHERE conversation_id = $1`,
            [d.conversationId, d.at, d.reason],
          );
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
  /** Milliseconds the student spoke in the course's conversations (the speakingtime read model). */
  spokenMs: number;
}

/**
 * Every current student of a course with their attempts, reminders and speaking time: four
 * statements, each on the course's index of one table (the speaking time through the attempts'
 * conversations, each counted once), run side by side. Instants come as epoch milliseconds (cheaper than
 * parsing timestamps for thousands of cells). `onlyStudentId` keeps one student's row (their progress page).
 */
export async function classRowsOf(pool: pg.Pool, courseId: string, onlyStudentId: string | null = null): Promise<ClassRow[]> {
  const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8 AS ${column}`;
  // The whole class's statements stay as they are (no condition for the planner to fold away).
  const only = onlyStudentId ? 'AND student_id = $2' : '';
  const params = onlyStudentId ? [courseId, onlyStudentId] : [courseId];
  const [students, attempts, reminders, spoken] = await Promise.all([
    pool.query(
      `SELECT student_id, enrolled_on FROM rm_classview.class_students WHERE course_id = $1 AND NOT withdrawn ${only} ORDER BY enrolled_on, student_id`,
      params,
    ),
    pool.query(
      `SELECT student_id, lesson_id, conversation_id, outcome, ${ms('reserved_start')}, ${ms('started_at')}, ${ms('stopped_at')}, stop_reason
         FROM rm_classview.class_attempts WHERE course_id = $1 ${only} ORDER BY pos`,
      params,
    ),
    pool.query(`SELECT student_id, lesson_id, ${ms('reminded_at')} FROM rm_classview.class_reminders WHERE course_id = $1 ${only}`, params),
    pool.query(
      `SELECT t.participant_id AS student_id, sum(t.spoken_ms)::float8 AS spoken_ms
         FROM rm_speakingtime.speaking_times t
        WHERE (t.conversation_id, t.participant_id) IN (SELECT conversation_id, student_id FROM rm_classview.class_attempts WHERE course_id = $1 ${only})
        GROUP BY t.participant_id`,
      params,
    ),
  ]);
  const rows = new Map<string, ClassRow>(
    students.rows.map((r) => [
      r.student_id,
      { studentId: r.student_id, enrolledOn: r.enrolled_on, attempts: [], reminders: {}, spokenMs: 0 },
    ]),
  );
  for (const a of attempts.rows) {
    rows.get(a.student_id)?.attempts.push({
      lessonId: a.lesson_id,
      conversationId: a.conversation_id,
      outcome: a.outcome,
      reservedStart: iso(a.reserved_start),
      startedAt: iso(a.started_at),
      stoppedAt: iso(a.stopped_at),
      stopReason: a.stop_reason,
    });
  }
  for (const r of reminders.rows) {
    const row = rows.get(r.student_id);
    if (row) row.reminders[r.lesson_id] = iso(r.reminded_at)!;
  }
  for (const r of spoken.rows) {
    const row = rows.get(r.student_id);
    if (row) row.spokenMs = r.spoken_ms;
  }
  return [...rows.values()];
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
