/** Enrollments read model: who is enrolled in which course, when, and how it was paid for. */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const enrollmentsProjector: Projector = {
  name: 'enrollments',
  version: 1,
  handles: ['StudentEnrolled'],
  schema: `
    CREATE TABLE course_enrollments (
      id text PRIMARY KEY, course_id text NOT NULL, student_id text NOT NULL, enrolled_on timestamptz NOT NULL,
      enrolled_with text NOT NULL, extra_conversations int NOT NULL, minute_quantity int NOT NULL, payment_id text,
      amount int, redemption_code_id text, enrolled_by text, promotion text, acknowledged_promotion_on timestamptz,
      UNIQUE (course_id, student_id));
    CREATE INDEX course_enrollments_student ON course_enrollments (student_id, enrolled_on DESC);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const rows = events.map((e) => ({ ...e.data, at: e.metadata.occurredAt, by: e.metadata.actorId }));
    await db.query(
      `INSERT INTO course_enrollments (id, course_id, student_id, enrolled_on, enrolled_with, extra_conversations, minute_quantity,
         payment_id, amount, redemption_code_id, enrolled_by)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::int[], $7::int[], $8::text[], $9::int[], $10::text[], $11::text[])
       ON CONFLICT (id) DO NOTHING`,
      [
        rows.map((r) => r.enrollmentId), rows.map((r) => r.courseId), rows.map((r) => r.studentId), rows.map((r) => r.at),
        rows.map((r) => r.enrolledWith), rows.map((r) => r.extraConversations), rows.map((r) => r.minuteQuantity),
        rows.map((r) => r.paymentId), rows.map((r) => r.amount), rows.map((r) => r.redemptionCodeId), rows.map((r) => r.by),
      ],
    );
  },
};

export interface EnrollmentRow {
  id: string;
  courseId: string;
  studentId: string;
  enrolledOn: Date;
  enrolledWith: string;
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
  const { rows } = await pool.query('SELECT * FROM rm_enrollments.course_enrollments WHERE student_id = $1 ORDER BY enrolled_on DESC, id', [studentId]);
  return rows.map(toEnrollment);
}

export async function findEnrollment(pool: pg.Pool, courseId: string, studentId: string): Promise<EnrollmentRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_enrollments.course_enrollments WHERE course_id = $1 AND student_id = $2', [courseId, studentId]);
  return rows[0] ? toEnrollment(rows[0]) : null;
}

export async function enrollmentCount(pool: pg.Pool, courseId: string): Promise<number> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM rm_enrollments.course_enrollments WHERE course_id = $1', [courseId]);
  return rows[0].n;
}
