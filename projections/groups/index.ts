/**
 * Groups read model (spec 3's admin "groups" table; docs/decisions/groups-table.md, "Groups table"): a group is a
 * school, as instructors name it in their profile. Per group: the instructors naming it, the regular
 * courses they own, the different students enrolled in those courses and the minutes those courses'
 * conversations used. The counts are kept here, moved by the batch that changes them, so a page of
 * the table reads rows instead of counting.
 *
 * It keeps its own copy of what it needs (a projector never reads another read model, which may be
 * ahead or behind it): who is an instructor and which school they name (`people`), the regular
 * courses with their owner (`courses`), enrollments (`enrollments`) and course conversations with
 * the minutes they cost (`conversations`). Every batch records the courses and groups it touched
 * and recounts exactly those at its end, from these tables: so an instructor changing school moves
 * their courses, students and minutes with them, a course changing owner (a share invite accepted
 * with gainOwnership) moves to its new owner's group, and however the log is cut into batches the
 * rows come out the same.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { datesOnEarth } from '../../contracts/calendarDate';
// The projector reads CourseCreated in its current shape (calendar dates), whoever runs it.
import '../../services/domain/upcasters';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import type { ConnectionSource } from '../connectionSource';
import { scopeCondition } from '../catalog';

/** The same school however it is capitalised or spaced: 'Escuela  Norte ' and 'escuela norte' are one group. */
export const schoolKey = (school: string) => school.trim().replace(/\s+/g, ' ').toLowerCase();

/** A group's id: short, stable across rebuilds, and within the API's 64 characters whatever the school's length. */
export const groupIdOf = (school: string) => crypto.createHash('sha256').update(schoolKey(school)).digest('hex').slice(0, 32);

/** A school as stored: trimmed; blank or absent is none. */
const schoolOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

const HOT = new Set([
  'StudentEnrolled',
  'StudentWithdrawn',
  'ConversationReserved',
  'ConversationCanceled',
  'ConversationMarked',
  'FairTimeCredited',
]);

export const groupsProjector: Projector = {
  name: 'groups',
  // No command waits for it (only the admin's table reads it).
  lane: 'background',
  version: 2,
  handles: [
    'AccountRegistered',
    'RolesChanged',
    'ProfileChanged',
    'CourseCreated',
    'CourseChanged',
    'CourseShareInviteAccepted',
    'CourseRemoved',
    ...HOT,
  ],
  schema: `
    -- People who are instructors or name a school (either may come first); group_id is their group
    -- while they are both.
    CREATE TABLE people (
      id text PRIMARY KEY,
      instructor boolean NOT NULL DEFAULT false,
      school text,
      school_group text,
      group_id text GENERATED ALWAYS AS (CASE WHEN instructor THEN school_group END) STORED);
    CREATE INDEX people_group ON people (group_id, id);
    -- Regular courses (adventures belong to no school) with what is counted per course.
    CREATE TABLE courses (
      id text PRIMARY KEY, owner_id text, name text NOT NULL, start_date date NOT NULL, end_date date,
      students int NOT NULL DEFAULT 0, minutes_used bigint NOT NULL DEFAULT 0);
    CREATE INDEX courses_owner ON courses (owner_id, start_date);
    CREATE TABLE enrollments (id text PRIMARY KEY, course_id text NOT NULL, student_id text NOT NULL);
    CREATE INDEX enrollments_course ON enrollments (course_id, student_id);
    -- A course lesson's minutes: debited when reserved, less what came back (canceled, refunded on
    -- marking, fair time).
    CREATE TABLE conversations (id text PRIMARY KEY, course_id text NOT NULL, minutes int NOT NULL, returned int NOT NULL DEFAULT 0);
    CREATE INDEX conversations_course ON conversations (course_id);
    CREATE TABLE groups (
      id text PRIMARY KEY, name text NOT NULL, instructors int NOT NULL, courses int NOT NULL, students int NOT NULL,
      minutes_used bigint NOT NULL);
    CREATE INDEX groups_name ON groups (name, id);
    CREATE INDEX groups_instructors ON groups (instructors, id);
    CREATE INDEX groups_courses ON groups (courses, id);
    CREATE INDEX groups_students ON groups (students, id);
    CREATE INDEX groups_minutes ON groups (minutes_used, id);
    CREATE INDEX groups_name_trgm ON groups USING gin (name gin_trgm_ops);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const groups = new Set<string>();
    const courses = new Set<string>();
    const touch = (...ids: (string | null | undefined)[]) => {
      for (const id of ids) if (id) groups.add(id);
    };

    // The hot events (enrollments, reservations and what they give back), set-based: kept until
    // the next other event or the batch's end. Within a run, rows are inserted before they are
    // withdrawn or given back, which is also their order in the log.
    let enrolled: StoredEvent[] = [];
    let withdrawn: string[] = [];
    let reserved: StoredEvent[] = [];
    const returned = new Map<string, number>();
    const flush = async () => {
      if (enrolled.length) {
        const rows = enrolled.map((e) => e.data);
        const { rows: done } = await db.query(
          `INSERT INTO enrollments (id, course_id, student_id)
           SELECT x.id, x.course_id, x.student_id FROM unnest($1::text[], $2::text[], $3::text[]) AS x(id, course_id, student_id)
            WHERE EXISTS (SELECT 1 FROM courses c WHERE c.id = x.course_id)
           ON CONFLICT (id) DO NOTHING RETURNING course_id`,
          [rows.map((r) => r.enrollmentId), rows.map((r) => r.courseId), rows.map((r) => r.studentId)],
        );
        for (const r of done) courses.add(r.course_id);
      }
      if (withdrawn.length) {
        const { rows: done } = await db.query('DELETE FROM enrollments WHERE id = ANY($1::text[]) RETURNING course_id', [withdrawn]);
        for (const r of done) courses.add(r.course_id);
      }
      if (reserved.length) {
        const rows = reserved.map((e) => e.data);
        const { rows: done } = await db.query(
          `INSERT INTO conversations (id, course_id, minutes)
           SELECT x.id, x.course_id, x.minutes FROM unnest($1::text[], $2::text[], $3::int[]) AS x(id, course_id, minutes)
            WHERE EXISTS (SELECT 1 FROM courses c WHERE c.id = x.course_id)
           ON CONFLICT (id) DO NOTHING RETURNING course_id`,
          [rows.map((r) => r.conversationId), rows.map((r) => r.courseId), rows.map((r) => Math.max(0, Number(r.minutes) || 0))],
        );
        for (const r of done) courses.add(r.course_id);
      }
      if (returned.size) {
        const { rows: done } = await db.query(
          `UPDATE conversations v SET returned = v.returned + x.minutes
             FROM unnest($1::text[], $2::int[]) AS x(id, minutes) WHERE v.id = x.id RETURNING v.course_id`,
          [[...returned.keys()], [...returned.values()]],
        );
        for (const r of done) courses.add(r.course_id);
      }
      enrolled = [];
      withdrawn = [];
      reserved = [];
      returned.clear();
    };
    const giveBack = (conversationId: string, minutes: unknown) => {
      const n = Math.max(0, Number(minutes) || 0);
      if (n) returned.set(conversationId, (returned.get(conversationId) ?? 0) + n);
    };

    /** Upserts a person and touches the group they left and the one they joined. */
    const person = async (id: string, set: { instructor?: boolean; school?: string | null }) => {
      const instructor = set.instructor ?? null;
      const hasSchool = 'school' in set;
      const school = hasSchool ? (set.school ?? null) : null;
      const { rows } = await db.query(
        `WITH before AS (SELECT group_id FROM people WHERE id = $1),
         after AS (
           INSERT INTO people (id, instructor, school, school_group) VALUES ($1, coalesce($2::boolean, false), $4, $5)
           ON CONFLICT (id) DO UPDATE SET
             instructor = coalesce($2::boolean, people.instructor),
             school = CASE WHEN $3::boolean THEN $4 ELSE people.school END,
             school_group = CASE WHEN $3::boolean THEN $5 ELSE people.school_group END
           RETURNING group_id)
         SELECT (SELECT group_id FROM before) AS before, (SELECT group_id FROM after) AS after`,
        [id, instructor, hasSchool, school, school ? groupIdOf(school) : null],
      );
      if (rows[0].before !== rows[0].after) touch(rows[0].before, rows[0].after);
    };

    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case 'StudentEnrolled':
          enrolled.push(e);
          continue;
        case 'StudentWithdrawn':
          withdrawn.push(d.enrollmentId);
          continue;
        case 'ConversationReserved':
          if (d.courseId && d.kind !== 'interview') reserved.push(e);
          continue;
        case 'ConversationCanceled':
          giveBack(d.conversationId, d.minutesReturned);
          continue;
        case 'ConversationMarked':
          giveBack(d.conversationId, d.refundedMinutes);
          continue;
        case 'FairTimeCredited':
          giveBack(d.conversationId, d.minutes);
          continue;
      }
      await flush();
      switch (e.type) {
        case 'AccountRegistered': {
          // Only instructors get a row here; anyone else gets one if they name a school or become one.
          if (Array.isArray(d.roles) && d.roles.includes('INSTRUCTOR'))
            await person(e.streamId.slice('account-'.length), { instructor: true });
          break;
        }
        case 'RolesChanged':
          await person(e.streamId.slice('account-'.length), { instructor: Array.isArray(d.roles) && d.roles.includes('INSTRUCTOR') });
          break;
        case 'ProfileChanged':
          if (d.changes && 'school' in d.changes) await person(d.accountId, { school: schoolOf(d.changes.school) });
          break;
        case 'CourseCreated': {
          if (d.kind !== 'regular') break;
          const { rows } = await db.query(
            `WITH inserted AS (
               INSERT INTO courses (id, owner_id, name, start_date, end_date) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING owner_id)
             SELECT p.group_id FROM inserted i JOIN people p ON p.id = i.owner_id`,
            [d.courseId, d.ownerId ?? null, d.name, d.startDate, d.endDate ?? null],
          );
          touch(rows[0]?.group_id);
          break;
        }
        case 'CourseChanged': {
          // An edited course keeps its group; its name and dates (what makes it current) follow the edit.
          const { rows } = await db.query(
            `WITH changed AS (UPDATE courses SET name = $2, start_date = $3, end_date = $4 WHERE id = $1 RETURNING owner_id)
             SELECT p.group_id FROM changed c JOIN people p ON p.id = c.owner_id`,
            [d.courseId, d.name, d.startDate, d.endDate ?? null],
          );
          touch(rows[0]?.group_id);
          break;
        }
        case 'CourseShareInviteAccepted': {
          if (!d.gainOwnership) break;
          const { rows } = await db.query(
            `WITH before AS (SELECT p.group_id FROM courses c JOIN people p ON p.id = c.owner_id WHERE c.id = $1),
             moved AS (UPDATE courses SET owner_id = $2 WHERE id = $1 RETURNING id)
             SELECT (SELECT group_id FROM before) AS before, (SELECT group_id FROM people WHERE id = $2) AS after, EXISTS (SELECT 1 FROM moved) AS moved`,
            [d.courseId, d.accountId],
          );
          if (rows[0].moved) touch(rows[0].before, rows[0].after);
          break;
        }
        case 'CourseRemoved': {
          const { rows } = await db.query(
            `WITH removed AS (DELETE FROM courses WHERE id = $1 RETURNING owner_id)
             SELECT p.group_id FROM removed r JOIN people p ON p.id = r.owner_id`,
            [d.courseId],
          );
          await db.query('DELETE FROM enrollments WHERE course_id = $1', [d.courseId]);
          await db.query('DELETE FROM conversations WHERE course_id = $1', [d.courseId]);
          courses.delete(d.courseId);
          touch(rows[0]?.group_id);
          break;
        }
      }
    }
    await flush();

    if (courses.size) {
      const { rows } = await db.query(
        `WITH recounted AS (
           UPDATE courses c SET
             students = (SELECT count(*) FROM enrollments e WHERE e.course_id = c.id),
             minutes_used = (SELECT coalesce(sum(greatest(0, v.minutes - v.returned)), 0) FROM conversations v WHERE v.course_id = c.id)
            WHERE c.id = ANY($1::text[]) RETURNING c.owner_id)
         SELECT DISTINCT p.group_id FROM recounted r JOIN people p ON p.id = r.owner_id WHERE p.group_id IS NOT NULL`,
        [[...courses]],
      );
      for (const r of rows) touch(r.group_id);
    }
    if (groups.size) await recountGroups(db, [...groups]);
  },
};

/**
 * A group's row from its members: gone when nobody names the school any more; its name is the
 * spelling most of its instructors use (the first in order on a tie).
 */
async function recountGroups(db: pg.PoolClient, ids: string[]) {
  await db.query('DELETE FROM groups g WHERE g.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM people p WHERE p.group_id = g.id)', [
    ids,
  ]);
  await db.query(
    `INSERT INTO groups AS g (id, name, instructors, courses, students, minutes_used)
     SELECT m.group_id, n.school, m.instructors, coalesce(c.courses, 0), coalesce(s.students, 0), coalesce(c.minutes, 0)
       FROM (SELECT group_id, count(*)::int AS instructors FROM people WHERE group_id = ANY($1::text[]) GROUP BY group_id) m
       JOIN (SELECT DISTINCT ON (group_id) group_id, school FROM
               (SELECT group_id, school, count(*) AS n FROM people WHERE group_id = ANY($1::text[]) GROUP BY group_id, school) x
             ORDER BY group_id, n DESC, school) n ON n.group_id = m.group_id
       LEFT JOIN (SELECT p.group_id, count(*)::int AS courses, sum(c.minutes_used) AS minutes
                    FROM people p JOIN courses c ON c.owner_id = p.id WHERE p.group_id = ANY($1::text[]) GROUP BY p.group_id) c ON c.group_id = m.group_id
       LEFT JOIN (SELECT p.group_id, count(DISTINCT e.student_id)::int AS students
                    FROM people p JOIN courses c ON c.owner_id = p.id JOIN enrollments e ON e.course_id = c.id
                   WHERE p.group_id = ANY($1::text[]) GROUP BY p.group_id) s ON s.group_id = m.group_id
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, instructors = EXCLUDED.instructors, courses = EXCLUDED.courses,
       students = EXCLUDED.students, minutes_used = EXCLUDED.minutes_used`,
    [ids],
  );
}

export interface GroupRow {
  id: string;
  name: string;
  instructorsCount: number;
  coursesCount: number;
  studentsCount: number;
  minutesUsed: number;
}

const toGroup = (r: any): GroupRow => ({
  id: r.id,
  name: r.name,
  instructorsCount: r.instructors,
  coursesCount: r.courses,
  studentsCount: r.students,
  minutesUsed: Number(r.minutes_used),
});

/** The admin's groups table: every school an instructor names, by name. */
export const groupsSource: ConnectionSource<GroupRow> = {
  from: 'rm_groups.groups',
  fields: {
    id: { column: 'id', type: 'text' },
    name: { column: 'name', type: 'text' },
    instructorsCount: { column: 'instructors', type: 'int' },
    coursesCount: { column: 'courses', type: 'int' },
    studentsCount: { column: 'students', type: 'int' },
    minutesUsed: { column: 'minutes_used', type: 'bigint' },
  },
  defaultSort: [{ field: 'name', direction: 'ASC' }],
  toNode: toGroup,
};

export async function findGroup(pool: pg.Pool, id: string): Promise<GroupRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_groups.groups WHERE id = $1', [id]);
  return rows[0] ? toGroup(rows[0]) : null;
}

/**
 * The courses running now (started somewhere, not over everywhere: the courses table's rule) of
 * some groups, by group id. It moves with the clock, not with events, so it is counted when asked,
 * for the groups of one page, over the indexed owners of each group.
 */
export async function currentCoursesCounts(pool: pg.Pool, ids: readonly string[], now: Date = new Date()): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const { earliest, latest } = datesOnEarth(now);
  const { rows } = await pool.query(
    `SELECT p.group_id, count(*)::int AS n FROM rm_groups.people p JOIN rm_groups.courses c ON c.owner_id = p.id, (SELECT $2::date AS earliest, $3::date AS latest) d
      WHERE p.group_id = ANY($1::text[]) AND ${scopeCondition('current', 'd.earliest', 'd.latest')}
      GROUP BY p.group_id`,
    [[...new Set(ids)], earliest, latest],
  );
  return new Map(rows.map((r) => [r.group_id as string, r.n as number]));
}

export interface GroupInstructorRow {
  id: string;
  displayName: string | null;
  emailAddress: string | null;
  coursesCount: number;
}

/** A group's instructors with their names from the directory (read at request time) and their courses counted here. */
export async function groupInstructors(pool: pg.Pool, groupId: string): Promise<GroupInstructorRow[]> {
  const { rows } = await pool.query(
    `SELECT p.id, d.display_name, d.given_name, d.surname, d.email_address,
        (SELECT count(*) FROM rm_groups.courses c WHERE c.owner_id = p.id)::int AS courses
       FROM rm_groups.people p LEFT JOIN rm_directory.people d ON d.id = p.id
      WHERE p.group_id = $1
      ORDER BY lower(coalesce(d.display_name, d.email_address, p.id)), p.id`,
    [groupId],
  );
  return rows.map((r) => ({
    id: r.id,
    displayName: r.display_name ?? ([r.given_name, r.surname].filter(Boolean).join(' ') || null),
    emailAddress: r.email_address ?? null,
    coursesCount: r.courses,
  }));
}

export interface GroupCourseRow {
  id: string;
  name: string;
  startDate: string;
  endDate: string | null;
  ownerId: string;
  studentsCount: number;
  minutesUsed: number;
}

/** A group's courses (those its instructors own), the latest start first. */
export async function groupCourses(pool: pg.Pool, groupId: string): Promise<GroupCourseRow[]> {
  const { rows } = await pool.query(
    `SELECT c.* FROM rm_groups.courses c JOIN rm_groups.people p ON p.id = c.owner_id
      WHERE p.group_id = $1 ORDER BY c.start_date DESC, c.name, c.id`,
    [groupId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    startDate: r.start_date,
    endDate: r.end_date,
    ownerId: r.owner_id,
    studentsCount: r.students,
    minutesUsed: Number(r.minutes_used),
  }));
}
