/**
 * What the erasure job (services/domain/erasure/handlers.ts) reads and clears outside the log:
 * the obligations that hold an erasure back, the person's recordings, the local mailbox, and which
 * read models to rebuild (docs/decisions/erasure.md).
 */
import type pg from 'pg';
import type { Obligation } from '../domain/erasure/erasure';
import { PERSONAL_FIELDS } from '../domain/personalData';
import type { Projector } from '../feed/projector';
import { LIMITS } from '../security/rateLimit';

/**
 * A speaker's payroll month with pay not yet closed, and an enrollment in a course that has not
 * ended (a course without an end date, an adventure, holds nothing back: it never closes).
 */
export async function obligationsOf(pool: pg.Pool, personId: string, today: string): Promise<Obligation[]> {
  const [payroll, enrollments] = await Promise.all([
    pool.query<{ month: string }>(
      `SELECT month FROM rm_payroll.months WHERE speaker_id = $1 AND NOT closed AND total <> 0 ORDER BY month`,
      [personId],
    ),
    pool.query<{ name: string; end_date: string }>(
      `SELECT c.name, c.end_date::text AS end_date FROM rm_enrollments.course_enrollments e JOIN rm_catalog.courses c ON c.id = e.course_id
        WHERE e.student_id = $1 AND c.end_date >= $2::date ORDER BY c.end_date, c.name`,
      [personId, today],
    ),
  ]);
  return [
    ...payroll.rows.map((r): Obligation => ({ kind: 'payroll', month: r.month })),
    ...enrollments.rows.map((r): Obligation => ({ kind: 'enrollment', courseName: r.name, endDate: r.end_date })),
  ];
}

/** The stored media of recordings of the conversations the person took part in. */
export async function recordingKeysOf(pool: pg.Pool, personId: string): Promise<string[]> {
  const { rows } = await pool.query<{ media_key: string }>(
    `SELECT a.media_key FROM rm_archives.archives a JOIN rm_conversations.conversations c ON c.id = a.conversation_id
      WHERE (c.reserved_by = $1 OR c.reserved_with = $1) AND a.media_key IS NOT NULL`,
    [personId],
  );
  return rows.map((r) => r.media_key);
}

/**
 * Rows outside the log that hold the person's addresses: the local mailbox's copies of mail sent to
 * them (a development surface) and the sign-in and reset rate-limit counters of their addresses.
 */
export async function purgeOutsideTheLog(pool: pg.Pool, addresses: readonly string[]): Promise<void> {
  const lower = addresses.map((a) => a.trim().toLowerCase());
  const limits = lower.flatMap((a) => [LIMITS.signInPerAddress(a).key, LIMITS.resetPerAddress(a).key]);
  await pool.query('DELETE FROM rate_limits WHERE key = ANY($1::text[])', [limits]);
  if ((await pool.query(`SELECT to_regclass('public.dev_mailbox') AS t`)).rows[0].t) {
    await pool.query('DELETE FROM dev_mailbox WHERE lower(to_address) = ANY($1::text[])', [lower]);
  }
}

/** Read models that read a personal field: the ones an erasure rebuilds. The others never held one. */
export const personalReadModels = (projectors: readonly Projector[]) =>
  projectors.filter((p) => !p.fromHead && p.handles.some((type) => type in PERSONAL_FIELDS));
