/**
 * Issue 7, item 12: a course's start and end are calendar dates ('YYYY-MM-DD'), stored and shown as
 * such, the same for the owner and the students; bad dates are BAD_USER_INPUT naming the field;
 * "current" runs through the whole end date; courses made before (instants) are read as dates.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { todayIn } from '../../contracts/calendarDate';
import { CourseMessages } from '../../contracts/validation/enrollment';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import { ENROLL, createCourse, createInstructor, createPlans, inDays, student, tokenize } from '../support/enrollment';

const COURSE = `query($id: ID!) { course(courseId: $id) { id startDate endDate isPast } }`;
const MY_COURSES = `query($scope: CourseScope!) { me { courses(scope: $scope) { id startDate endDate isPast } } }`;
const CREATE = `mutation($input: CreateCourseInput!) { createCourse(input: $input) { created course { id inviteNumber startDate endDate } } }`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'hardening_course_dates');
  await createPlans(app);
});
afterAll(async () => {
  await app.close();
});

async function enrolledStudent(inviteNumber: string, name: string) {
  const s = await student(app, name);
  const res = await app.gql(ENROLL, { input: { inviteNumber, cardToken: await tokenize(app, '4242424242424242') } }, s.token);
  assert.equal(res.data?.enrollUser?.enrolled, true, JSON.stringify(res.errors));
  return s;
}

const later = (a: string, b: string) => (a > b ? a : b);

describe('course dates are calendar dates', () => {
  it('reads back the day it was made with, for the owner and for a student', async () => {
    const teacher = await createInstructor(app);
    const endDate = later('2027-02-23', inDays(1));
    const created = await app.gql(
      CREATE,
      { input: { name: 'Dates', language: 'es', proficiency: 'beginner', completionRequirement: 2, startDate: '2026-11-23', endDate } },
      teacher.token,
    );
    const made = created.data?.createCourse?.course;
    assert.deepEqual(made && [made.startDate, made.endDate], ['2026-11-23', endDate], JSON.stringify(created.errors));
    const courseId = made.id;

    const owner = await app.gql(COURSE, { id: courseId }, teacher.token);
    assert.deepEqual([owner.data.course.startDate, owner.data.course.endDate], ['2026-11-23', endDate]);

    const s = await enrolledStudent(made.inviteNumber, 'dates');
    const seen = await app.gql(COURSE, { id: courseId }, s.token);
    assert.deepEqual([seen.data.course.startDate, seen.data.course.endDate], ['2026-11-23', endDate]);
    const mine = await app.gql(MY_COURSES, { scope: 'current_or_upcoming' }, s.token);
    assert.ok(mine.data?.me, JSON.stringify(mine.errors));
    assert.deepEqual(
      mine.data.me.courses.map((c: any) => [c.id, c.startDate, c.endDate]),
      [[courseId, '2026-11-23', endDate]],
    );

    const { rows: stored } = await app.runtime.pool.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'CourseCreated'`, [
      `course-${courseId}`,
    ]);
    assert.deepEqual([stored[0].data.startDate, stored[0].data.endDate], ['2026-11-23', endDate], 'the event stores the dates as they are');
  });

  it('refuses a date that is not a real day as BAD_USER_INPUT naming the field', async () => {
    const teacher = await createInstructor(app);
    const input = {
      name: 'Bad',
      language: 'es',
      proficiency: 'beginner',
      completionRequirement: 2,
      startDate: inDays(0),
      endDate: inDays(30),
    };
    for (const [field, value] of [
      ['startDate', '2026-02-30'],
      ['startDate', '1'],
      ['endDate', '2026-11-23T00:00:00Z'],
      ['endDate', '2101-01-01'],
      ['startDate', ''],
    ] as const) {
      const res = await app.gql(CREATE, { input: { ...input, [field]: value } }, teacher.token);
      assert.equal(codeOf(res), 'BAD_USER_INPUT', `${field} ${value}: ${JSON.stringify(res.errors)}`);
      assert.match(res.errors![0].message, new RegExp(`input\\.${field}`), res.errors![0].message);
      assert.match(res.errors![0].message, /YYYY-MM-DD/);
    }
    const literal = await app.gql(
      `mutation { createCourse(input: { name: "Bad", language: "es", proficiency: beginner, completionRequirement: 2, startDate: "2026-02-30", endDate: "2027-01-01" }) { created } }`,
      {},
      teacher.token,
    );
    assert.equal(codeOf(literal), 'BAD_USER_INPUT', JSON.stringify(literal.errors));
    // A real day in the past: the domain's message for the field.
    const past = await app.gql(CREATE, { input: { ...input, startDate: inDays(-30), endDate: inDays(-1) } }, teacher.token);
    assert.equal(codeOf(past), 'BAD_USER_INPUT');
    assert.deepEqual(past.errors![0].extensions!.fields, { endDate: CourseMessages.endInPast });
  });

  it('keeps a course whose end date is today current, for its owner and its students', async () => {
    const teacher = await createInstructor(app);
    const today = todayIn(null); // the creator's today (America/New_York until profiles store a zone)
    const course = await createCourse(app, teacher.token, { name: 'Last day', startDate: inDays(-30), endDate: today });
    const owner = await app.gql(COURSE, { id: course.id }, teacher.token);
    assert.equal(owner.data.course.isPast, false);
    const s = await enrolledStudent(course.inviteNumber, 'lastday');
    const current = await app.gql(MY_COURSES, { scope: 'current' }, s.token);
    assert.deepEqual(
      current.data.me.courses.map((c: any) => [c.id, c.endDate, c.isPast]),
      [[course.id, today, false]],
    );
    const past = await app.gql(MY_COURSES, { scope: 'past' }, s.token);
    assert.deepEqual(past.data.me.courses, []);
  });

  it('reads a course made before dates were dates (an instant in its event) as the day that was picked', async () => {
    const admin = await createAdmin(app, 'dates-admin@example.com');
    const courseId = crypto.randomUUID();
    const meta = {
      actorId: null,
      correlationId: crypto.randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    // What the web form sent from New York: the start day's local midnight, the end day's last millisecond.
    const appended = await app.runtime.store.appendToStreams([
      {
        stream: `course-${courseId}`,
        expected: 'no_stream',
        events: [
          {
            type: 'CourseCreated',
            metadata: meta,
            data: {
              courseId,
              kind: 'regular',
              name: 'Made in 2026',
              language: 'es',
              proficiency: 'beginner',
              startDate: '2026-11-23T05:00:00.000Z',
              endDate: '2099-02-24T04:59:59.999Z',
              inviteNumber: '999001',
              completionRequirement: 1,
              durationRequirement: 15,
              ownerId: null,
              school: null,
              templateId: null,
              priceAgreement: { id: crypto.randomUUID(), kind: 'institutional', pricingPlanId: null, unitPrice: null, currency: 'usd' },
            },
          },
        ],
      },
    ]);
    await app.runtime.runner.waitFor(appended.checkpoint, ['catalog']);
    const res = await app.gql(COURSE, { id: courseId }, admin.token);
    assert.deepEqual(res.data.course, { id: courseId, startDate: '2026-11-23', endDate: '2099-02-23', isPast: false });
    const { rows } = await app.runtime.pool.query(`SELECT data->>'startDate' AS start FROM events WHERE stream_id = $1`, [
      `course-${courseId}`,
    ]);
    assert.equal(rows[0].start, '2026-11-23T05:00:00.000Z', 'the stored event is never rewritten');
  });
});
