/**
 * LTI read model (issue 33): the registered platforms, for the back-office's table and form and for
 * the launch's look-up by issuer and client id; which LMS user is which account (to tell who has
 * launched), which LMS course each course is placed in, and the course places an LMS roster gave
 * (by LMS user; the address only as its pseudonym, to find the places at a sign-in). The log keeps the history.
 */
import type pg from 'pg';
import type { ConnectionSource } from '../connectionSource';
import type { Pool } from '../../services/db/pool';
import type { ConversationMarked } from '../../services/domain/conversations/events';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { normalizeEmail } from '../../contracts/validation/email';
import { emailPseudonym } from '../../services/domain/shared/pseudonyms';

export const ltiProjector: Projector = {
  name: 'lti',
  // 4: lti_roster_places (the roster into the course).
  version: 4,
  handles: [
    'LtiRosterPlaceOffered',
    'LtiRosterPlaceTaken',
    'LtiPlatformRegistered',
    'LtiPlatformChanged',
    'LtiAccountLinked',
    'LtiCourseLinked',
    'LtiLineItemCreated',
    'LtiScoreSending',
    'LtiScoreSent',
    'LtiScoreFailed',
  ],
  schema: `
    CREATE TABLE lti_platforms (
      id text PRIMARY KEY, name text NOT NULL, issuer text NOT NULL, client_id text NOT NULL, deployment_ids text[] NOT NULL,
      auth_login_url text NOT NULL, access_token_url text NOT NULL, jwks_url text NOT NULL,
      registered_at timestamptz NOT NULL, changed_at timestamptz NOT NULL);
    CREATE UNIQUE INDEX lti_platforms_pair ON lti_platforms (issuer, client_id);
    CREATE INDEX lti_platforms_name ON lti_platforms (name, id);
    CREATE TABLE lti_user_links (platform_id text NOT NULL, subject text NOT NULL, account_id text NOT NULL, PRIMARY KEY (platform_id, subject));
    CREATE TABLE lti_course_links (
      course_id text PRIMARY KEY, platform_id text NOT NULL, context_id text NOT NULL, context_title text, memberships_url text NOT NULL);
    CREATE TABLE lti_line_items (
      lesson_id text NOT NULL, platform_id text NOT NULL, course_id text NOT NULL, line_item_url text NOT NULL, label text NOT NULL,
      created_at timestamptz NOT NULL, PRIMARY KEY (lesson_id, platform_id));
    CREATE TABLE lti_scores (
      conversation_id text PRIMARY KEY, course_id text NOT NULL, lesson_id text NOT NULL, student_id text NOT NULL,
      platform_id text NOT NULL, line_item_url text NOT NULL, score_timestamp timestamptz NOT NULL, marked_as text NOT NULL,
      score_given double precision, state text NOT NULL, status int, reason text, updated_at timestamptz NOT NULL);
    CREATE INDEX lti_scores_course ON lti_scores (course_id, updated_at DESC);
    CREATE TABLE lti_roster_places (
      course_id text NOT NULL, person_key text NOT NULL, platform_id text NOT NULL, subject text NOT NULL, email_key text,
      account_id text, offered_at timestamptz NOT NULL, taken_at timestamptz, PRIMARY KEY (course_id, person_key));
    CREATE INDEX lti_roster_places_pending ON lti_roster_places (email_key) WHERE account_id IS NULL;
    CREATE INDEX lti_roster_places_account ON lti_roster_places (account_id, platform_id);`,
  // A handful of platforms, changed seldom: one statement per event.
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    for (const e of events) {
      const d = e.data;
      const at = e.metadata.occurredAt;
      if (e.type === 'LtiAccountLinked') {
        await db.query('INSERT INTO lti_user_links (platform_id, subject, account_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          d.platformId,
          d.subject,
          d.accountId,
        ]);
        continue;
      }
      if (e.type === 'LtiRosterPlaceOffered') {
        await db.query(
          `INSERT INTO lti_roster_places (course_id, person_key, platform_id, subject, email_key, offered_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING`,
          [
            d.courseId,
            e.streamId.slice('lti-roster-'.length),
            d.platformId,
            d.subject,
            d.emailAddress ? emailPseudonym(normalizeEmail(d.emailAddress)) : null,
            at,
          ],
        );
        continue;
      }
      if (e.type === 'LtiRosterPlaceTaken') {
        await db.query('UPDATE lti_roster_places SET account_id = $3, taken_at = $4 WHERE course_id = $1 AND person_key = $2', [
          d.courseId,
          e.streamId.slice('lti-roster-'.length),
          d.accountId,
          at,
        ]);
        continue;
      }
      if (e.type === 'LtiLineItemCreated') {
        // The latest line item per lesson and platform: a lesson placed again in the same LMS gets its scores there.
        await db.query(
          `INSERT INTO lti_line_items (lesson_id, platform_id, course_id, line_item_url, label, created_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (lesson_id, platform_id) DO UPDATE SET course_id = $3, line_item_url = $4, label = $5, created_at = $6`,
          [d.lessonId, d.platformId, d.courseId, d.lineItemUrl, d.label, at],
        );
        continue;
      }
      if (e.type === 'LtiScoreSending') {
        await db.query(
          `INSERT INTO lti_scores AS s (conversation_id, course_id, lesson_id, student_id, platform_id, line_item_url, score_timestamp,
             marked_as, score_given, state, status, reason, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', NULL, NULL, $10)
           ON CONFLICT (conversation_id) DO UPDATE SET course_id = $2, lesson_id = $3, student_id = $4, platform_id = $5,
             line_item_url = $6, score_timestamp = $7, marked_as = $8, score_given = $9, state = 'pending', status = NULL, reason = NULL,
             updated_at = $10
           WHERE s.score_timestamp <= $7`,
          [d.conversationId, d.courseId, d.lessonId, d.studentId, d.platformId, d.lineItemUrl, d.timestamp, d.markedAs, d.scoreGiven, at],
        );
        continue;
      }
      if (e.type === 'LtiScoreSent' || e.type === 'LtiScoreFailed') {
        // Only the score on record: an older marking's late answer does not overwrite a newer one's state.
        await db.query(
          `UPDATE lti_scores SET state = $3, status = $4, reason = $5, updated_at = $6 WHERE conversation_id = $1 AND score_timestamp = $2`,
          [
            d.conversationId,
            d.timestamp,
            e.type === 'LtiScoreSent' ? 'sent' : 'failed',
            e.type === 'LtiScoreSent' ? null : d.status,
            e.type === 'LtiScoreSent' ? null : d.reason,
            at,
          ],
        );
        continue;
      }
      if (e.type === 'LtiCourseLinked') {
        await db.query(
          `INSERT INTO lti_course_links (course_id, platform_id, context_id, context_title, memberships_url) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (course_id) DO UPDATE SET platform_id = $2, context_id = $3, context_title = $4, memberships_url = $5`,
          [d.courseId, d.platformId, d.contextId, d.contextTitle, d.membershipsUrl],
        );
        continue;
      }
      await db.query(
        `INSERT INTO lti_platforms AS p (id, name, issuer, client_id, deployment_ids, auth_login_url, access_token_url, jwks_url, registered_at, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (id) DO UPDATE SET name = $2, deployment_ids = $5, auth_login_url = $6, access_token_url = $7, jwks_url = $8, changed_at = $9`,
        [d.platformId, d.name, d.issuer, d.clientId, d.deploymentIds, d.authLoginUrl, d.accessTokenUrl, d.jwksUrl, at],
      );
    }
  },
};

export interface LtiPlatformRow {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
  registeredAt: Date;
  changedAt: Date;
}

const toPlatform = (r: Record<string, any>): LtiPlatformRow => ({
  id: r.id,
  name: r.name,
  issuer: r.issuer,
  clientId: r.client_id,
  deploymentIds: r.deployment_ids,
  authLoginUrl: r.auth_login_url,
  accessTokenUrl: r.access_token_url,
  jwksUrl: r.jwks_url,
  registeredAt: r.registered_at,
  changedAt: r.changed_at,
});

export async function findLtiPlatform(pool: Pool, id: string): Promise<LtiPlatformRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_lti.lti_platforms WHERE id = $1', [id]);
  return rows[0] ? toPlatform(rows[0]) : null;
}

/**
 * The platform a login initiation names: by issuer and client id; without a client id (optional in
 * the login request) only when the issuer has one registration, as an ambiguous guess is no answer.
 */
export async function findLtiPlatformForLogin(pool: Pool, issuer: string, clientId: string | null): Promise<LtiPlatformRow | null> {
  const { rows } = clientId
    ? await pool.query('SELECT * FROM rm_lti.lti_platforms WHERE issuer = $1 AND client_id = $2', [issuer, clientId])
    : await pool.query('SELECT * FROM rm_lti.lti_platforms WHERE issuer = $1 LIMIT 2', [issuer]);
  return rows.length === 1 ? toPlatform(rows[0]) : null;
}

export const adminLtiPlatformsSource: ConnectionSource<LtiPlatformRow> = {
  from: 'rm_lti.lti_platforms',
  fields: {
    id: { column: 'id', type: 'text' },
    name: { column: 'name', type: 'text' },
    issuer: { column: 'issuer', type: 'text' },
    registeredAt: { column: 'registered_at', type: 'timestamptz' },
  },
  defaultSort: [{ field: 'name', direction: 'ASC' }],
  toNode: toPlatform,
};

export interface LtiCourseLinkRow {
  courseId: string;
  platformId: string;
  contextId: string;
  contextTitle: string | null;
  membershipsUrl: string;
}

export async function findLtiCourseLink(pool: Pool, courseId: string): Promise<LtiCourseLinkRow | null> {
  const { rows } = await pool.query(
    `SELECT course_id AS "courseId", platform_id AS "platformId", context_id AS "contextId", context_title AS "contextTitle",
       memberships_url AS "membershipsUrl" FROM rm_lti.lti_course_links WHERE course_id = $1`,
    [courseId],
  );
  return rows[0] ?? null;
}

/** Of the platform's user ids, those that have launched Tertulia (and so have an account here). */
export async function launchedSubjects(pool: Pool, platformId: string, subjects: readonly string[]): Promise<Set<string>> {
  const { rows } = await pool.query('SELECT subject FROM rm_lti.lti_user_links WHERE platform_id = $1 AND subject = ANY($2)', [
    platformId,
    subjects,
  ]);
  return new Set(rows.map((r) => r.subject as string));
}

export interface LtiGradeTarget {
  platformId: string;
  lineItemUrl: string;
  /** The student's user id in the LMS (the `sub` of their launches). */
  subject: string;
}

/**
 * Where a student's score for a lesson goes: the lesson's line item, the latest, on a platform that
 * knows the student: they launched from it, or took a place its roster gave them (the roster's user id).
 */
export async function findLtiGradeTarget(pool: Pool, lessonId: string, studentId: string): Promise<LtiGradeTarget | null> {
  const { rows } = await pool.query(
    `SELECT li.platform_id AS "platformId", li.line_item_url AS "lineItemUrl", u.subject
       FROM rm_lti.lti_line_items li
       JOIN (SELECT platform_id, subject, 0 AS source FROM rm_lti.lti_user_links WHERE account_id = $2
             UNION ALL SELECT platform_id, subject, 1 FROM rm_lti.lti_roster_places WHERE account_id = $2) u ON u.platform_id = li.platform_id
      WHERE li.lesson_id = $1 ORDER BY li.created_at DESC, u.source LIMIT 1`,
    [lessonId, studentId],
  );
  return rows[0] ?? null;
}

export interface LtiScoreRow {
  conversationId: string;
  lessonId: string;
  studentId: string;
  markedAs: ConversationMarked['data']['markedAs'];
  scoreGiven: number | null;
  state: 'pending' | 'sent' | 'failed';
  status: number | null;
  reason: string | null;
  updatedAt: Date;
}

/** A course's scores on their way to the LMS (or there), the latest first; at most `limit`. */
export async function ltiScoresOfCourse(pool: Pool, courseId: string, limit = 200): Promise<LtiScoreRow[]> {
  const { rows } = await pool.query(
    `SELECT conversation_id AS "conversationId", lesson_id AS "lessonId", student_id AS "studentId", marked_as AS "markedAs",
       score_given AS "scoreGiven", state, status, reason, updated_at AS "updatedAt"
       FROM rm_lti.lti_scores WHERE course_id = $1 ORDER BY updated_at DESC, conversation_id LIMIT $2`,
    [courseId, limit],
  );
  return rows;
}

/** One conversation's score, for a retry. */
export async function findLtiScore(
  pool: Pool,
  conversationId: string,
): Promise<(LtiScoreRow & { courseId: string; platformId: string; lineItemUrl: string; scoreTimestamp: Date }) | null> {
  const { rows } = await pool.query(
    `SELECT conversation_id AS "conversationId", course_id AS "courseId", lesson_id AS "lessonId", student_id AS "studentId",
       marked_as AS "markedAs", score_given AS "scoreGiven", state, status, reason, updated_at AS "updatedAt",
       score_timestamp AS "scoreTimestamp", platform_id AS "platformId", line_item_url AS "lineItemUrl"
       FROM rm_lti.lti_scores WHERE conversation_id = $1`,
    [conversationId],
  );
  return rows[0] ?? null;
}

/**
 * The LMS users (their roster streams' keys) with a place not yet taken under this address. Asked
 * at every sign-in: while the read model's table is not there (a first start, or the rebuild from a
 * version without it) it answers none rather than refuse the sign-in; a later one takes the place.
 */
export async function rosterPeopleByEmail(pool: Pool, emailAddress: string): Promise<string[]> {
  try {
    const { rows } = await pool.query(
      'SELECT DISTINCT person_key FROM rm_lti.lti_roster_places WHERE email_key = $1 AND account_id IS NULL',
      [emailPseudonym(normalizeEmail(emailAddress))],
    );
    return rows.map((r) => r.person_key as string);
  } catch (error) {
    // undefined_table, invalid_schema_name
    if (['42P01', '3F000'].includes((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
}

export interface LtiRosterPlaceRow {
  subject: string;
  accountId: string | null;
}

/** The places a platform's roster gave in the course, by the LMS user id. */
export async function rosterPlacesOfCourse(pool: Pool, courseId: string, platformId: string): Promise<Map<string, LtiRosterPlaceRow>> {
  const { rows } = await pool.query(
    'SELECT subject, account_id AS "accountId" FROM rm_lti.lti_roster_places WHERE course_id = $1 AND platform_id = $2',
    [courseId, platformId],
  );
  return new Map(rows.map((r) => [r.subject as string, r as LtiRosterPlaceRow]));
}

/** Which of the platform's user ids are which account (those who launched). */
export async function linkedAccounts(pool: Pool, platformId: string, subjects: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await pool.query('SELECT subject, account_id FROM rm_lti.lti_user_links WHERE platform_id = $1 AND subject = ANY($2)', [
    platformId,
    subjects,
  ]);
  return new Map(rows.map((r) => [r.subject as string, r.account_id as string]));
}
