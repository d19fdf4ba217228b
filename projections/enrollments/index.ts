/** Enrollments read model: who is enrolled in which course, when, and how it was paid for. */
import type pg from 'pg';
import type { EnrolledWith } from '../../contracts/enrollment';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const enrollmentsProjector: Projector = {
  name: 'enrollments',
  // 3: StudentWithdrawn (issue 11) removes the enrollment (the attempts stay as the course's history).
  version: 3,
  handles: [
    'StudentEnrolled',
    'StudentWithdrawn',
    'LessonAttemptStarted',
    'LessonAttemptCanceled',
    'LessonAttemptCompleted',
    'LessonAttemptFailed',
    'PromotionOffered',
    'PromotionAcknowledged',
  ],
  schema: `
    CREATE TABLE course_enrollments (
      id text PRIMARY KEY, course_id text NOT NULL, student_id text NOT NULL, enrolled_on timestamptz NOT NULL,
      enrolled_with text NOT NULL, extra_conversations int NOT NULL, minute_quantity int NOT NULL, payment_id text,
      amount int, redemption_code_id text, enrolled_by text, promotion text, acknowledged_promotion_on timestamptz,
      stream_id text NOT NULL,
      UNIQUE (course_id, student_id));
    CREATE INDEX course_enrollments_student ON course_enrollments (student_id, enrolled_on DESC);
    CREATE UNIQUE INDEX course_enrollments_stream ON course_enrollments (stream_id);
    -- A lesson's attempts (issue 10): attempting when reserved, completed or failed when marked; a
    -- canceled attempt is gone (the lesson is unattempted again).
    CREATE TABLE lesson_attempts (
      id text PRIMARY KEY, enrollment_id text NOT NULL, course_id text NOT NULL, student_id text NOT NULL, lesson_id text NOT NULL,
      conversation_id text NOT NULL, outcome text NOT NULL, started_on timestamptz NOT NULL, updated_on timestamptz NOT NULL);
    CREATE INDEX lesson_attempts_enrollment ON lesson_attempts (course_id, student_id, lesson_id);
    CREATE INDEX lesson_attempts_conversation ON lesson_attempts (conversation_id);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    let enrolled: StoredEvent[] = [];
    const insertEnrolled = async () => {
      if (!enrolled.length) return;
      const rows = enrolled.map((e) => ({ ...e.data, at: e.metadata.occurredAt, by: e.metadata.actorId, stream: e.streamId }));
      enrolled = [];
      await db.query(
        `INSERT INTO course_enrollments (id, course_id, student_id, enrolled_on, enrolled_with, extra_conversations, minute_quantity,
           payment_id, amount, redemption_code_id, enrolled_by, stream_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::int[], $7::int[], $8::text[], $9::int[], $10::text[], $11::text[], $12::text[])
         ON CONFLICT (id) DO NOTHING`,
        [
          rows.map((r) => r.enrollmentId),
          rows.map((r) => r.courseId),
          rows.map((r) => r.studentId),
          rows.map((r) => r.at),
          rows.map((r) => r.enrolledWith),
          rows.map((r) => r.extraConversations),
          rows.map((r) => r.minuteQuantity),
          rows.map((r) => r.paymentId),
          rows.map((r) => r.amount),
          rows.map((r) => r.redemptionCodeId),
          rows.map((r) => r.by),
          rows.map((r) => r.stream),
        ],
      );
    };
    for (const e of events) {
      if (e.type === 'StudentEnrolled') {
        enrolled.push(e);
        continue;
      }
      await insertEnrolled();
      const d = e.data;
      const at = e.metadata.occurredAt;
      switch (e.type) {
        case 'LessonAttemptStarted':
          // An attempt is started in the append that enrolls or after it, so its enrollment is here.
          await db.query(
            `INSERT INTO lesson_attempts (id, enrollment_id, course_id, student_id, lesson_id, conversation_id, outcome, started_on, updated_on)
             SELECT $1, id, course_id, student_id, $2, $3, 'attempting', $4, $4 FROM course_enrollments WHERE stream_id = $5
             ON CONFLICT (id) DO NOTHING`,
            [d.lessonAttemptId, d.lessonId, d.conversationId, at, e.streamId],
          );
          break;
        case 'LessonAttemptCanceled':
          await db.query('DELETE FROM lesson_attempts WHERE id = $1', [d.lessonAttemptId]);
          break;
        case 'StudentWithdrawn':
          // Withdrawn or transferred: no longer the course's student; enrolling again makes a new row.
          await db.query('DELETE FROM course_enrollments WHERE stream_id = $1', [e.streamId]);
          break;
        case 'LessonAttemptCompleted':
        case 'LessonAttemptFailed':
          await db.query(`UPDATE lesson_attempts SET outcome = $2, updated_on = $3 WHERE conversation_id = $1 AND lesson_id = $4`, [
            d.conversationId,
            e.type === 'LessonAttemptCompleted' ? 'completed' : 'failed',
            at,
            d.lessonId,
          ]);
          break;
        case 'PromotionOffered':
          await db.query('UPDATE course_enrollments SET promotion = $2, acknowledged_promotion_on = NULL WHERE id = $1', [
            d.enrollmentId,
            d.promotion,
          ]);
          break;
        case 'PromotionAcknowledged':
          await db.query('UPDATE course_enrollments SET acknowledged_promotion_on = $2 WHERE id = $1', [d.enrollmentId, at]);
          break;
      }
    }
    await insertEnrolled();
  },
};

export interface EnrollmentRow {
  id: string;
  courseId: string;
  studentId: string;
  enrolledOn: Date;
  enrolledWith: EnrolledWith;
  extraConversations: number;
  minuteQuantity: number;
  paymentId: string | null;
  amount: number | null;
  promotion: string | null;
  acknowledgedPromotionOn: Date | null;
}

const toEnrollment = (r: any): EnrollmentRow => ({
  id: r.id,
  courseId: r.course_id,
  studentId: r.student_id,
  enrolledOn: r.enrolled_on,
  enrolledWith: r.enrolled_with,
  extraConversations: r.extra_conversations,
  minuteQuantity: r.minute_quantity,
  paymentId: r.payment_id,
  amount: r.amount,
  promotion: r.promotion,
  acknowledgedPromotionOn: r.acknowledged_promotion_on,
});

export async function enrollmentsOf(pool: pg.Pool, studentId: string): Promise<EnrollmentRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_enrollments.course_enrollments WHERE student_id = $1 ORDER BY enrolled_on DESC, id', [
    studentId,
  ]);
  return rows.map(toEnrollment);
}

export async function findEnrollment(pool: pg.Pool, courseId: string, studentId: string): Promise<EnrollmentRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_enrollments.course_enrollments WHERE course_id = $1 AND student_id = $2', [
    courseId,
    studentId,
  ]);
  return rows[0] ? toEnrollment(rows[0]) : null;
}

export async function enrollmentCount(pool: pg.Pool, courseId: string): Promise<number> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM rm_enrollments.course_enrollments WHERE course_id = $1', [courseId]);
  return rows[0].n;
}

export interface LessonAttemptRow {
  id: string;
  courseId: string;
  studentId: string;
  lessonId: string;
  conversationId: string;
  outcome: 'attempting' | 'completed' | 'failed';
  startedOn: Date;
}

/** A student's lesson attempts in a course, oldest first. */
export async function lessonAttemptsOf(pool: pg.Pool, courseId: string, studentId: string): Promise<LessonAttemptRow[]> {
  const { rows } = await pool.query(
    `SELECT id, course_id, student_id, lesson_id, conversation_id, outcome, started_on FROM rm_enrollments.lesson_attempts
      WHERE course_id = $1 AND student_id = $2 ORDER BY started_on, id`,
    [courseId, studentId],
  );
  return rows.map((r) => ({
    id: r.id,
    courseId: r.course_id,
    studentId: r.student_id,
    lessonId: r.lesson_id,
    conversationId: r.conversation_id,
    outcome: r.outcome,
    startedOn: r.started_on,
  }));
}

/** The attempt a conversation is for, if any. */
export async function lessonAttemptOfConversation(pool: pg.Pool, conversationId: string): Promise<LessonAttemptRow | null> {
  const { rows } = await pool.query(
    `SELECT id, course_id, student_id, lesson_id, conversation_id, outcome, started_on FROM rm_enrollments.lesson_attempts WHERE conversation_id = $1 ORDER BY started_on DESC LIMIT 1`,
    [conversationId],
  );
  const r = rows[0];
  return r
    ? {
        id: r.id,
        courseId: r.course_id,
        studentId: r.student_id,
        lessonId: r.lesson_id,
        conversationId: r.conversation_id,
        outcome: r.outcome,
        startedOn: r.started_on,
      }
    : null;
}

/**
 * Everyone who is or was a student of the course: enrolled now, or with a lesson attempt kept
 * from before they were withdrawn or transferred (changeCourse reads each one's stream).
 */
export async function studentsOfCourse(pool: pg.Pool, courseId: string): Promise<string[]> {
  const { rows } = await pool.query(
    `SELECT student_id FROM rm_enrollments.course_enrollments WHERE course_id = $1
     UNION SELECT student_id FROM rm_enrollments.lesson_attempts WHERE course_id = $1`,
    [courseId],
  );
  return rows.map((r) => r.student_id as string);
}

/** A course's enrollments, oldest first (the instructor's students tab). */
export async function enrollmentsOfCourse(pool: pg.Pool, courseId: string): Promise<EnrollmentRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_enrollments.course_enrollments WHERE course_id = $1 ORDER BY enrolled_on, id', [
    courseId,
  ]);
  return rows.map(toEnrollment);
}

export async function findEnrollmentById(pool: pg.Pool, enrollmentId: string): Promise<EnrollmentRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_enrollments.course_enrollments WHERE id = $1', [enrollmentId]);
  return rows[0] ? toEnrollment(rows[0]) : null;
}
