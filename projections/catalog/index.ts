/**
 * Catalog read model: courses and adventures with their price agreements, lesson assignments,
 * templates and pricing plans. Courses are found by id, by invite number, by owner and, for
 * adventures, by language, proficiency and duration; an owner's courses and lessons by their words
 * (the instructor's sidebar search, trigram-indexed).
 */
import type pg from 'pg';
import { datesOnEarth } from '../../contracts/calendarDate';
import type { PriceAgreementKind } from '../../contracts/enrollment';
import { INSTRUCTOR_SEARCH_MIN_LENGTH } from '../../contracts/validation/instructor';
// The projector reads CourseCreated in its current shape (calendar dates), whoever runs it.
import '../../services/domain/upcasters';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { likeLiteral, type ConnectionSource } from '../connectionSource';

/**
 * What a lesson is found by in the instructor's search: its title and its discussion topic, one
 * expression (the index's and the query's must be the same for the planner to use it).
 */
const lessonSearchText = (alias = '') => `${alias}title || ' ' || coalesce(${alias}discussion_topic, '')`;

export const catalogProjector: Projector = {
  name: 'catalog',
  // 2: course dates and due dates are `date` columns (calendar dates, CourseCreated v2).
  // 3: topics and due dates change, share invites, templates change and are removed (issue 11).
  // 4: CourseRemoved (issue 11) deletes the course, its lessons and its share invites.
  // 5: CourseChanged and LessonRemoved (course edit, issue 11).
  // 6: trigram indexes for the instructor's sidebar search (course names, lesson titles and topics).
  // 7: a course's "Allow recording students under <age>" and its recordings' retention (issue 34).
  version: 7,
  handles: [
    'CourseRecordingConsentChanged',
    'CourseRetentionChanged',
    'CourseRemoved',
    'CourseChanged',
    'LessonRemoved',
    'CourseCreated',
    'LessonAssigned',
    'TemplateCreated',
    'PricingPlanCreated',
    'PricingPlanChanged',
    'SystemDefaultPricingPlanChanged',
    'LessonChanged',
    'LessonAssignmentChanged',
    'CourseShareInvited',
    'CourseShareInviteAccepted',
    'CourseShareInviteRejected',
    'TemplateChanged',
    'TemplateRemoved',
  ],
  schema: `
    CREATE TABLE courses (
      id text PRIMARY KEY, kind text NOT NULL, name text NOT NULL, language text NOT NULL, proficiency text NOT NULL,
      start_date date NOT NULL, end_date date, invite_number text NOT NULL, completion_requirement int NOT NULL,
      duration_requirement int NOT NULL, owner_id text, school text, price_agreement jsonb NOT NULL, template_id text,
      created_at timestamptz NOT NULL, allow_recording_under_age boolean NOT NULL DEFAULT false,
      recording_retention_days int);
    CREATE UNIQUE INDEX courses_invite_number ON courses (invite_number);
    CREATE INDEX courses_owner ON courses (owner_id, start_date);
    CREATE INDEX courses_adventures ON courses (kind, language, proficiency, duration_requirement);
    CREATE TABLE lesson_assignments (
      id text PRIMARY KEY, course_id text NOT NULL, lesson_id text NOT NULL, title text NOT NULL, discussion_topic text,
      private_note text, due_on date, ord int NOT NULL);
    CREATE INDEX lesson_assignments_course ON lesson_assignments (course_id, ord);
    CREATE INDEX lesson_assignments_lesson ON lesson_assignments (lesson_id);
    -- The instructor's sidebar search (searchOwned): substring matches on names, titles and topics.
    CREATE INDEX courses_name_trgm ON courses USING gin (name gin_trgm_ops);
    CREATE INDEX lesson_assignments_text_trgm ON lesson_assignments USING gin ((${lessonSearchText()}) gin_trgm_ops);
    CREATE INDEX courses_template ON courses (template_id, start_date);
    CREATE TABLE share_invites (
      id text PRIMARY KEY, course_id text NOT NULL, email_address text NOT NULL, gain_ownership boolean NOT NULL,
      invited_by text, created_at timestamptz NOT NULL, accepted_on timestamptz, rejected_on timestamptz);
    CREATE INDEX share_invites_email ON share_invites (email_address, created_at);
    CREATE INDEX share_invites_course ON share_invites (course_id);
    CREATE TABLE templates (
      id text PRIMARY KEY, name text NOT NULL, language text NOT NULL, proficiency text NOT NULL, completion_requirement int NOT NULL,
      duration_requirement int NOT NULL, owner_id text, price_agreement_kind text NOT NULL, created_at timestamptz NOT NULL);
    CREATE INDEX templates_owner ON templates (owner_id, created_at);
    CREATE TABLE pricing_plans (
      id text PRIMARY KEY, name text NOT NULL, kind text NOT NULL, conversation_duration int NOT NULL, price_list jsonb NOT NULL,
      promotional_price_list jsonb, system_default boolean NOT NULL, created_at timestamptz NOT NULL);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    for (const e of events) {
      const d = e.data;
      const at = e.metadata.occurredAt;
      switch (e.type) {
        case 'CourseCreated':
          await db.query(
            `INSERT INTO courses (id, kind, name, language, proficiency, start_date, end_date, invite_number, completion_requirement,
               duration_requirement, owner_id, school, price_agreement, template_id, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (id) DO NOTHING`,
            [
              d.courseId,
              d.kind,
              d.name,
              d.language,
              d.proficiency,
              d.startDate,
              d.endDate,
              d.inviteNumber,
              d.completionRequirement,
              d.durationRequirement,
              d.ownerId,
              d.school,
              JSON.stringify(d.priceAgreement),
              d.templateId,
              at,
            ],
          );
          break;
        case 'LessonAssigned':
          await db.query(
            `INSERT INTO lesson_assignments (id, course_id, lesson_id, title, discussion_topic, private_note, due_on, ord)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
            [d.lessonAssignmentId, d.courseId, d.lessonId, d.title, d.discussionTopic, d.privateNote, d.dueOn, d.order],
          );
          break;
        case 'CourseChanged':
          await db.query(
            `UPDATE courses SET name = $2, language = $3, proficiency = $4, start_date = $5, end_date = $6, completion_requirement = $7,
               duration_requirement = $8, price_agreement = $9 WHERE id = $1`,
            [
              d.courseId,
              d.name,
              d.language,
              d.proficiency,
              d.startDate,
              d.endDate,
              d.completionRequirement,
              d.durationRequirement,
              JSON.stringify(d.priceAgreement),
            ],
          );
          break;
        case 'LessonRemoved':
          await db.query('DELETE FROM lesson_assignments WHERE id = $1', [d.lessonAssignmentId]);
          break;
        case 'CourseRecordingConsentChanged':
          await db.query('UPDATE courses SET allow_recording_under_age = $2 WHERE id = $1', [d.courseId, d.allowRecordingUnderAge]);
          break;
        case 'CourseRetentionChanged':
          await db.query('UPDATE courses SET recording_retention_days = $2 WHERE id = $1', [d.courseId, d.retentionDays]);
          break;
        case 'TemplateCreated':
          await db.query(
            `INSERT INTO templates (id, name, language, proficiency, completion_requirement, duration_requirement, owner_id, price_agreement_kind, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
            [
              d.templateId,
              d.name,
              d.language,
              d.proficiency,
              d.completionRequirement,
              d.durationRequirement,
              d.ownerId,
              d.priceAgreementKind,
              at,
            ],
          );
          break;
        case 'LessonChanged':
          await db.query('UPDATE lesson_assignments SET title = $2, discussion_topic = $3, private_note = $4 WHERE lesson_id = $1', [
            d.lessonId,
            d.title,
            d.discussionTopic,
            d.privateNote,
          ]);
          break;
        case 'LessonAssignmentChanged':
          await db.query('UPDATE lesson_assignments SET due_on = $2 WHERE id = $1', [d.lessonAssignmentId, d.dueOn]);
          break;
        case 'CourseShareInvited':
          await db.query(
            `INSERT INTO share_invites (id, course_id, email_address, gain_ownership, invited_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (id) DO NOTHING`,
            [d.inviteId, d.courseId, d.emailAddress, d.gainOwnership, d.invitedBy, at],
          );
          break;
        case 'CourseShareInviteAccepted':
          await db.query('UPDATE share_invites SET accepted_on = $2 WHERE id = $1', [d.inviteId, at]);
          if (d.gainOwnership) await db.query('UPDATE courses SET owner_id = $2 WHERE id = $1', [d.courseId, d.accountId]);
          break;
        case 'CourseShareInviteRejected':
          await db.query('UPDATE share_invites SET rejected_on = $2 WHERE id = $1', [d.inviteId, at]);
          break;
        case 'TemplateChanged':
          await db.query(
            'UPDATE templates SET name = $2, language = $3, proficiency = $4, completion_requirement = $5, duration_requirement = $6 WHERE id = $1',
            [d.templateId, d.name, d.language, d.proficiency, d.completionRequirement, d.durationRequirement],
          );
          break;
        case 'CourseRemoved':
          await db.query('DELETE FROM lesson_assignments WHERE course_id = $1', [d.courseId]);
          await db.query('DELETE FROM share_invites WHERE course_id = $1', [d.courseId]);
          await db.query('DELETE FROM courses WHERE id = $1', [d.courseId]);
          break;
        case 'TemplateRemoved':
          await db.query('DELETE FROM templates WHERE id = $1', [d.templateId]);
          break;
        case 'PricingPlanCreated':
          if (d.systemDefault) await db.query('UPDATE pricing_plans SET system_default = false');
          await db.query(
            `INSERT INTO pricing_plans (id, name, kind, conversation_duration, price_list, promotional_price_list, system_default, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
            [
              d.pricingPlanId,
              d.name,
              d.kind,
              d.conversationDuration,
              JSON.stringify(d.priceList),
              d.promotionalPriceList ? JSON.stringify(d.promotionalPriceList) : null,
              d.systemDefault,
              at,
            ],
          );
          break;
        case 'PricingPlanChanged':
          await db.query(
            'UPDATE pricing_plans SET name = $2, kind = $3, conversation_duration = $4, price_list = $5, promotional_price_list = $6 WHERE id = $1',
            [
              d.pricingPlanId,
              d.name,
              d.kind,
              d.conversationDuration,
              JSON.stringify(d.priceList),
              d.promotionalPriceList ? JSON.stringify(d.promotionalPriceList) : null,
            ],
          );
          break;
        case 'SystemDefaultPricingPlanChanged':
          await db.query('UPDATE pricing_plans SET system_default = (id = $1)', [d.pricingPlanId]);
          break;
      }
    }
  },
};

export interface CourseRow {
  id: string;
  kind: 'regular' | 'adventure';
  name: string;
  language: string;
  proficiency: string;
  /** Calendar dates 'YYYY-MM-DD' (`date` columns read as text: services/db/pool.ts). */
  startDate: string;
  endDate: string | null;
  inviteNumber: string;
  completionRequirement: number;
  durationRequirement: number;
  ownerId: string | null;
  school: string | null;
  priceAgreement: { id: string; kind: PriceAgreementKind; pricingPlanId: string | null; unitPrice: number | null; currency: string };
  templateId: string | null;
  createdAt: Date;
  /** "Allow recording students under <age>" (issue 34). */
  allowRecordingUnderAge: boolean;
  /** Days its recordings are kept after it ends; null: the school's default. */
  recordingRetentionDays: number | null;
}

/** A `date` column as 'YYYY-MM-DD' (pg's default parser would make a Date at local midnight). */
const dateText = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
      : String(v);

export const toCourse = (r: any): CourseRow => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  language: r.language,
  proficiency: r.proficiency,
  startDate: dateText(r.start_date)!,
  endDate: dateText(r.end_date),
  inviteNumber: r.invite_number,
  completionRequirement: r.completion_requirement,
  durationRequirement: r.duration_requirement,
  ownerId: r.owner_id,
  school: r.school,
  priceAgreement: r.price_agreement,
  templateId: r.template_id,
  createdAt: r.created_at,
  allowRecordingUnderAge: r.allow_recording_under_age === true,
  recordingRetentionDays: r.recording_retention_days ?? null,
});

export async function findCourse(pool: pg.Pool, id: string): Promise<CourseRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_catalog.courses WHERE id = $1', [id]);
  return rows[0] ? toCourse(rows[0]) : null;
}

export async function findCoursesByIds(pool: pg.Pool, ids: readonly string[]): Promise<CourseRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_catalog.courses WHERE id = ANY($1)', [ids]);
  return rows.map(toCourse);
}

export async function findCourseByInvite(pool: pg.Pool, inviteNumber: string): Promise<CourseRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_catalog.courses WHERE invite_number = $1', [inviteNumber]);
  return rows[0] ? toCourse(rows[0]) : null;
}

export type CourseScope = 'current' | 'current_or_upcoming' | 'upcoming' | 'past';

/**
 * SQL condition for a scope on rm_catalog.courses aliased c. `earliest` and `latest` are SQL
 * expressions of type date holding `datesOnEarth(now)`: a course has started once its start date has begun
 * anywhere (start_date <= latest, UTC+14) and is past once its end date is over everywhere
 * (end_date < earliest, UTC−12), the rule of `isPastCourse` (services/domain/catalog/course.ts).
 */
export function scopeCondition(scope: CourseScope, earliest: string, latest: string): string {
  switch (scope) {
    case 'past':
      return `(c.end_date IS NOT NULL AND c.end_date < ${earliest})`;
    case 'current':
      return `(c.start_date <= ${latest} AND (c.end_date IS NULL OR c.end_date >= ${earliest}))`;
    case 'upcoming':
      return `(c.start_date > ${latest})`;
    default:
      return `(c.end_date IS NULL OR c.end_date >= ${earliest})`;
  }
}

/** Courses a person is enrolled in or owns, in a scope. */
export async function coursesOf(pool: pg.Pool, accountId: string, scope: CourseScope, now: Date): Promise<CourseRow[]> {
  const { rows } = await pool.query(
    `SELECT c.* FROM rm_catalog.courses c, (SELECT $2::date AS earliest, $3::date AS latest) d
      WHERE (c.owner_id = $1 OR EXISTS (SELECT 1 FROM rm_enrollments.course_enrollments e WHERE e.course_id = c.id AND e.student_id = $1))
        AND ${scopeCondition(scope, 'd.earliest', 'd.latest')}
      ORDER BY c.start_date DESC, c.id`,
    [accountId, datesOnEarth(now).earliest, datesOnEarth(now).latest],
  );
  return rows.map(toCourse);
}

export async function adventures(
  pool: pg.Pool,
  filter: { durationRequirement?: number | null; language?: string | null; proficiency?: string | null },
): Promise<CourseRow[]> {
  const { rows } = await pool.query(
    `SELECT * FROM rm_catalog.courses
      WHERE kind = 'adventure' AND ($1::int IS NULL OR duration_requirement = $1) AND ($2::text IS NULL OR language = $2)
        AND ($3::text IS NULL OR proficiency = $3)
      ORDER BY language, proficiency, duration_requirement, name`,
    [filter.durationRequirement ?? null, filter.language ?? null, filter.proficiency ?? null],
  );
  return rows.map(toCourse);
}

export interface LessonRow {
  id: string;
  title: string;
  discussionTopic: string | null;
  privateNote: string | null;
  courseId: string;
}

export interface LessonAssignmentRow {
  id: string;
  /** A calendar date 'YYYY-MM-DD'. */
  dueOn: string | null;
  order: number;
  courseId: string;
  lesson: LessonRow;
}

/** A row of rm_catalog.lesson_assignments (or of a select holding its columns). */
export const toLessonAssignment = (r: any): LessonAssignmentRow => ({
  id: r.id,
  dueOn: dateText(r.due_on),
  order: r.ord,
  courseId: r.course_id,
  lesson: { id: r.lesson_id, title: r.title, discussionTopic: r.discussion_topic, privateNote: r.private_note, courseId: r.course_id },
});

export async function lessonAssignments(pool: pg.Pool, courseId: string): Promise<LessonAssignmentRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_catalog.lesson_assignments WHERE course_id = $1 ORDER BY ord', [courseId]);
  return rows.map(toLessonAssignment);
}

/** Plans with how many courses were made with each (a course's agreement names its plan). */
const PLANS_WITH_COURSES = `(SELECT p.*, (SELECT count(*) FROM rm_catalog.courses c WHERE c.price_agreement->>'pricingPlanId' = p.id)::int AS courses_count
  FROM rm_catalog.pricing_plans p) AS plans`;

const toPricingPlan = (r: any) => ({
  id: r.id as string,
  name: r.name as string,
  kind: r.kind as string,
  conversationDuration: r.conversation_duration as number,
  priceList: r.price_list as { conversationDuration: number; unitPrice: number }[],
  promotionalPriceList: r.promotional_price_list as { conversationDuration: number; unitPrice: number }[] | null,
  systemDefault: r.system_default as boolean,
  createdAt: r.created_at as Date,
  coursesCount: r.courses_count as number,
});
export type PricingPlanRow = ReturnType<typeof toPricingPlan>;

export async function pricingPlans(pool: pg.Pool): Promise<PricingPlanRow[]> {
  const { rows } = await pool.query(`SELECT * FROM ${PLANS_WITH_COURSES} ORDER BY created_at, id`);
  return rows.map(toPricingPlan);
}

export async function findPricingPlan(pool: pg.Pool, id: string): Promise<PricingPlanRow | null> {
  const { rows } = await pool.query(`SELECT * FROM ${PLANS_WITH_COURSES} WHERE id = $1`, [id]);
  return rows[0] ? toPricingPlan(rows[0]) : null;
}

/** The back-office's pricing plans table: the default first, then by name. */
export const adminPricingPlansSource: ConnectionSource<PricingPlanRow> = {
  from: PLANS_WITH_COURSES,
  fields: {
    id: { column: 'id', type: 'text' },
    name: { column: 'name', type: 'text' },
    kind: { column: 'kind', type: 'text' },
    conversationDuration: { column: 'conversation_duration', type: 'int' },
    systemDefault: { column: 'system_default', type: 'bool' },
    coursesCount: { column: 'courses_count', type: 'int' },
    createdAt: { column: 'created_at', type: 'timestamptz' },
  },
  defaultSort: [
    { field: 'systemDefault', direction: 'DESC' },
    { field: 'name', direction: 'ASC' },
  ],
  toNode: toPricingPlan,
};

export interface TemplateRow {
  id: string;
  name: string;
  language: string;
  proficiency: string;
  completionRequirement: number;
  durationRequirement: number;
  ownerId: string | null;
  priceAgreementKind: string;
  createdAt: Date;
}

const toTemplate = (r: any): TemplateRow => ({
  id: r.id,
  name: r.name,
  language: r.language,
  proficiency: r.proficiency,
  completionRequirement: r.completion_requirement,
  durationRequirement: r.duration_requirement,
  ownerId: r.owner_id,
  priceAgreementKind: r.price_agreement_kind,
  createdAt: r.created_at,
});

export async function findTemplate(pool: pg.Pool, id: string): Promise<TemplateRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_catalog.templates WHERE id = $1', [id]);
  return rows[0] ? toTemplate(rows[0]) : null;
}

/** A person's templates, newest first (removed ones are gone). */
export async function templatesOf(pool: pg.Pool, ownerId: string): Promise<TemplateRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_catalog.templates WHERE owner_id = $1 ORDER BY created_at DESC, id', [ownerId]);
  return rows.map(toTemplate);
}

/**
 * Courses made from a template, current or past (the catalog's scope rule), newest start first;
 * `offset`/`limit` page them (the past list pages by 10, spec 3).
 */
export async function templatedCourses(
  pool: pg.Pool,
  templateId: string,
  past: boolean,
  now: Date,
  page: { offset: number; limit: number | null },
) {
  const { earliest, latest } = datesOnEarth(now);
  const from = `rm_catalog.courses c, (SELECT $2::date AS earliest, $3::date AS latest) d
    WHERE c.template_id = $1 AND ${scopeCondition(past ? 'past' : 'current_or_upcoming', 'd.earliest', 'd.latest')}`;
  const [{ rows }, count] = await Promise.all([
    pool.query(`SELECT c.* FROM ${from} ORDER BY c.start_date DESC, c.id OFFSET $4 LIMIT $5`, [
      templateId,
      earliest,
      latest,
      page.offset,
      page.limit,
    ]),
    pool.query(`SELECT count(*)::int AS n FROM ${from}`, [templateId, earliest, latest]),
  ]);
  return { courses: rows.map(toCourse), totalCount: count.rows[0].n as number };
}

export interface ShareInviteRow {
  id: string;
  courseId: string;
  emailAddress: string;
  gainOwnership: boolean;
  invitedBy: string | null;
  createdAt: Date;
  acceptedOn: Date | null;
  rejectedOn: Date | null;
}
const toInvite = (r: any): ShareInviteRow => ({
  id: r.id,
  courseId: r.course_id,
  emailAddress: r.email_address,
  gainOwnership: r.gain_ownership,
  invitedBy: r.invited_by,
  createdAt: r.created_at,
  acceptedOn: r.accepted_on,
  rejectedOn: r.rejected_on,
});

/** Share invites sent to an address and not accepted (pending, and rejected ones until removed), newest first. */
export async function shareInvitesTo(pool: pg.Pool, emailAddress: string): Promise<ShareInviteRow[]> {
  const { rows } = await pool.query(
    'SELECT * FROM rm_catalog.share_invites WHERE email_address = $1 AND accepted_on IS NULL ORDER BY created_at DESC, id',
    [emailAddress.trim().toLowerCase()],
  );
  return rows.map(toInvite);
}

export async function findShareInvites(pool: pg.Pool, ids: readonly string[]): Promise<ShareInviteRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_catalog.share_invites WHERE id = ANY($1)', [ids]);
  return rows.map(toInvite);
}

export async function shareInvitesOfCourse(pool: pg.Pool, courseId: string): Promise<ShareInviteRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_catalog.share_invites WHERE course_id = $1 ORDER BY created_at, id', [courseId]);
  return rows.map(toInvite);
}

export const INSTRUCTOR_SEARCH_PER_GROUP = 8;

/**
 * The instructor's sidebar search: the owner's courses by name and the lessons of the owner's courses
 * by title or discussion topic. A case-insensitive substring match, the text taken literally (`%`,
 * `_` and `\` are characters), best word similarity first, then the latest course. The owner is a
 * condition of both statements: nobody else's course or lesson is ever read. The trigram indexes
 * above serve the match and `courses_owner` the owner; the planner takes whichever is narrower
 * (an instructor with a few courses, or one with thousands). Text under two characters (code
 * points, once trimmed) finds nothing.
 */
export async function searchOwned(pool: pg.Pool, ownerId: string, query: string, limit = INSTRUCTOR_SEARCH_PER_GROUP) {
  const text = query.trim();
  if ([...text].length < INSTRUCTOR_SEARCH_MIN_LENGTH) return { courses: [], lessons: [] };
  const pattern = `%${likeLiteral(text)}%`;
  const [courses, lessons] = await Promise.all([
    pool.query(
      `SELECT * FROM rm_catalog.courses WHERE owner_id = $1 AND name ILIKE $2
        ORDER BY word_similarity($3, name) DESC, start_date DESC, id LIMIT $4`,
      [ownerId, pattern, text, limit],
    ),
    pool.query(
      `SELECT l.*, c.name AS course_name FROM rm_catalog.lesson_assignments l JOIN rm_catalog.courses c ON c.id = l.course_id
        WHERE c.owner_id = $1 AND (${lessonSearchText('l.')}) ILIKE $2
        ORDER BY word_similarity($3, ${lessonSearchText('l.')}) DESC, c.start_date DESC, l.course_id, l.ord
        LIMIT $4`,
      [ownerId, pattern, text, limit],
    ),
  ]);
  return {
    courses: courses.rows.map(toCourse),
    lessons: lessons.rows.map((r) => ({
      lessonId: r.lesson_id as string,
      lessonAssignmentId: r.id as string,
      title: r.title as string,
      discussionTopic: r.discussion_topic as string | null,
      order: r.ord as number,
      courseId: r.course_id as string,
      courseName: r.course_name as string,
    })),
  };
}

/** One lesson assignment by its id or its lesson's id (the course it belongs to routes a command). */
export async function findLessonAssignment(pool: pg.Pool, by: { id?: string; lessonId?: string }): Promise<LessonAssignmentRow | null> {
  const { rows } = await pool.query(
    'SELECT * FROM rm_catalog.lesson_assignments WHERE ($1::text IS NOT NULL AND id = $1) OR ($2::text IS NOT NULL AND lesson_id = $2) LIMIT 1',
    [by.id ?? null, by.lessonId ?? null],
  );
  return rows[0] ? toLessonAssignment(rows[0]) : null;
}
