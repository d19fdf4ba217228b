/**
 * changeCourse through the API (docs/decisions/course-edit.md, "Course edit"): the owner changes name,
 * proficiency, dates, language and conversation length (repriced) while nobody has joined; the
 * lesson count goes up (lessons added at the end) and down (the last lessons removed, never one a
 * student reserved or held a conversation for); completion still counts right after the count
 * changed; a past course is read-only; and who may call it: another instructor, a student, a
 * speaker and a signed-out caller are refused, each refusal writing nothing; an admin may.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CourseMessages } from '../../contracts/validation/enrollment';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp, eventCountWithoutMail } from '../support/app';
import { enrollAsAdmin, live, reserveConversation } from '../support/conversations';
import { createCourse, createPlans, inDays } from '../support/enrollment';
import { createSpeaker, createStudent } from '../support/scheduling';

type Person = { token: string; accountId: string };
let app: TestApp;
let owner: Person;
let other: Person;
let admin: Person;
let student: Person;
let speaker: Person;

const CHANGE = `mutation($input: ChangeCourseInput!) { changeCourse(input: $input) { changed course { id name language proficiency startDate endDate
  completionRequirement durationRequirement prices { unitPrice totalPrice } } } }`;
const OWNED = `query($id: ID!) { me { ownedCourse(courseId: $id) { id name completionRequirement lessonAssignments { id order lesson { id title } } } } }`;
const ROSTER = `query($id: ID!) { course(courseId: $id) { courseEnrollments { promotion progress { completed attempting unattempted } } } }`;
const MARK = `mutation($input: ModerateConversationInput!) { moderateConversation(input: $input) { marked } }`;

// Mail delivery appends to notification streams on its own time: counted apart.
const eventCount = () => eventCountWithoutMail(app);

async function change(input: Record<string, unknown>, token: string | null = owner.token) {
  return app.gql(CHANGE, { input }, token);
}

async function changed(input: Record<string, unknown>, token = owner.token) {
  const res = await change(input, token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.changeCourse;
}

async function owned(courseId: string) {
  const res = await app.gql(OWNED, { id: courseId }, owner.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.me.ownedCourse;
}

/** Every refusal: the given code (and message or field errors), and nothing written. */
async function refused(input: Record<string, unknown>, token: string | null, code: string, expected?: string | Record<string, string>) {
  const before = await eventCount();
  const res = await change(input, token);
  assert.equal(codeOf(res), code, JSON.stringify(res.errors));
  if (typeof expected === 'string') assert.equal(res.errors?.[0].message, expected);
  else if (expected) assert.deepEqual(res.errors?.[0].extensions?.fields, expected);
  assert.equal(await eventCount(), before, 'a refusal writes nothing');
}

beforeAll(async () => {
  app = await startTestApp({}, 'instructor_course_edit');
  await createPlans(app);
  admin = await createAdmin(app);
  owner = await signUp(app, 'edit.owner@example.com', 'Passw0rd!', 'INSTRUCTOR');
  other = await signUp(app, 'edit.other@example.com', 'Passw0rd!', 'INSTRUCTOR');
  student = await createStudent(app, 0);
  speaker = await createSpeaker(app);
});
afterAll(() => app?.close());

describe('course edit', () => {
  it('changes the fields while nobody has joined; a new conversation length is repriced; the same input changes nothing', async () => {
    const course = await createCourse(app, owner.token, { name: 'Spanish 101', completionRequirement: 4 });
    const res = await changed({
      courseId: course.id,
      name: ' French 201 ',
      language: 'fr',
      proficiency: 'intermediate',
      startDate: inDays(3),
      endDate: inDays(120),
      durationRequirement: 30,
    });
    assert.equal(res.changed, true);
    assert.deepEqual(res.course, {
      id: course.id,
      name: 'French 201',
      language: 'fr',
      proficiency: 'intermediate',
      startDate: inDays(3),
      endDate: inDays(120),
      completionRequirement: 4,
      durationRequirement: 30,
      prices: { unitPrice: 2500, totalPrice: 10_000 },
    });
    const again = await changed({ courseId: course.id, name: 'French 201', language: 'fr', completionRequirement: 4 });
    assert.equal(again.changed, false);
    assert.equal(again.course.name, 'French 201');
  });

  it('refuses what createCourse refuses, with the same field messages', async () => {
    const course = await createCourse(app, owner.token, { name: 'Rules' });
    await refused({ courseId: course.id, name: '' }, owner.token, 'BAD_USER_INPUT', { name: CourseMessages.nameRequired });
    await refused({ courseId: course.id, endDate: inDays(-1) }, owner.token, 'BAD_USER_INPUT', { endDate: CourseMessages.endInPast });
    await refused({ courseId: course.id, startDate: inDays(10), endDate: inDays(5) }, owner.token, 'BAD_USER_INPUT', {
      endDate: CourseMessages.endBeforeStart,
    });
    await refused({ courseId: course.id, completionRequirement: 0 }, owner.token, 'BAD_USER_INPUT', {
      completionRequirement: CourseMessages.completionInvalid,
    });
    await refused({ courseId: course.id, durationRequirement: 20 }, owner.token, 'BAD_USER_INPUT', {
      durationRequirement: CourseMessages.durationInvalid,
    });
  });

  it('adds lessons at the end and removes the last ones; keeps lessons students attempted; completion counts the course as it is now', async () => {
    const course = await createCourse(app, owner.token, { name: 'Spanish lessons', completionRequirement: 3 });
    await enrollAsAdmin(app, course.inviteNumber, student.accountId);
    const lessons = (await owned(course.id)).lessonAssignments.map((l: any) => l.lesson.id) as string[];
    // Lesson 1 held and completed, lesson 2 reserved; lesson 3 untouched.
    const first = await reserveConversation(app, student, speaker, { courseId: course.id, lessonId: lessons[0] });
    await live(app, first, speaker.accountId, student.accountId, 'held');
    assert.equal(
      (await app.gql(MARK, { input: { conversationId: first, markAs: 'completed' } }, speaker.token)).data.moderateConversation.marked,
      true,
    );
    const second = await reserveConversation(app, student, speaker, { courseId: course.id, lessonId: lessons[1] });

    await refused({ courseId: course.id, completionRequirement: 1 }, owner.token, 'BAD_USER_INPUT', {
      completionRequirement: CourseMessages.lessonsHeld(2),
    });
    // Students have joined: language and conversation length stay.
    await refused({ courseId: course.id, language: 'fr', durationRequirement: 30 }, owner.token, 'BAD_USER_INPUT', {
      language: CourseMessages.languageLocked,
      durationRequirement: CourseMessages.durationLocked,
    });

    const down = await changed({ courseId: course.id, completionRequirement: 2, name: 'Spanish lessons (short)' });
    assert.equal(down.course.completionRequirement, 2);
    assert.deepEqual(
      (await owned(course.id)).lessonAssignments.map((l: any) => l.lesson.id),
      lessons.slice(0, 2),
    );
    assert.deepEqual((await app.gql(ROSTER, { id: course.id }, owner.token)).data.course.courseEnrollments[0].progress, {
      completed: 1,
      attempting: 1,
      unattempted: 0,
    });

    // Lesson 2 completed: the course (2 now) is complete, and its promotion is offered.
    await live(app, second, speaker.accountId, student.accountId, 'held');
    await app.gql(MARK, { input: { conversationId: second, markAs: 'completed' } }, speaker.token);
    const enrollment = (await app.gql(ROSTER, { id: course.id }, owner.token)).data.course.courseEnrollments[0];
    assert.deepEqual(enrollment.progress, { completed: 2, attempting: 0, unattempted: 0 });
    assert.equal(enrollment.promotion, 'explore_adventures');

    // Up again: new lessons continue the numbering, unattempted.
    await changed({ courseId: course.id, completionRequirement: 4 });
    const after = await owned(course.id);
    assert.deepEqual(
      after.lessonAssignments.map((l: any) => [l.order, l.lesson.title]),
      [
        [1, 'Conversation 1'],
        [2, 'Conversation 2'],
        [3, 'Conversation 3'],
        [4, 'Conversation 4'],
      ],
    );
    assert.deepEqual(
      after.lessonAssignments.slice(0, 2).map((l: any) => l.lesson.id),
      lessons.slice(0, 2),
    );
    assert.deepEqual((await app.gql(ROSTER, { id: course.id }, owner.token)).data.course.courseEnrollments[0].progress, {
      completed: 2,
      attempting: 0,
      unattempted: 2,
    });
  });

  it("titles a course's new lessons in its maker's language: made and added by a Spanish-speaking instructor", async () => {
    const hablante = await signUp(app, 'edit.es@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const setting = await app.gql(
      'mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }',
      { input: { displayName: 'Lucía Profe', locale: 'es' } },
      hablante.token,
    );
    assert.equal(setting.errors, undefined, JSON.stringify(setting.errors));
    const course = await createCourse(app, hablante.token, { name: 'Inglés 1', completionRequirement: 2 });
    await changed({ courseId: course.id, completionRequirement: 3 }, hablante.token);
    const res = await app.gql(OWNED, { id: course.id }, hablante.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(
      res.data.me.ownedCourse.lessonAssignments.map((l: { lesson: { title: string } }) => l.lesson.title),
      ['Conversación 1', 'Conversación 2', 'Conversación 3'],
    );
  });

  it('refuses a past course: read-only', async () => {
    const earlier = Date.now() - 100 * 86_400_000;
    const made = await app.runtime.catalog.createCourse(
      { actor: SYSTEM_ACTOR, now: () => new Date(earlier) },
      {
        name: 'Last term',
        language: 'es',
        proficiency: 'beginner',
        completionRequirement: 2,
        ownerId: owner.accountId,
        startDate: inDays(-100),
        endDate: inDays(-30),
      },
    );
    await app.runtime.runner.waitFor(made.appended?.checkpoint, ['catalog']);
    await refused(
      { courseId: made.result.courseId, name: 'Next term', endDate: inDays(30) },
      owner.token,
      'CONFLICT',
      CourseMessages.coursePast,
    );
  });

  it('refuses anyone but the owner or an admin, writing nothing', async () => {
    const course = await createCourse(app, owner.token, { name: 'Mine' });
    const input = { courseId: course.id, name: 'Stolen', completionRequirement: 9 };
    await refused(input, other.token, 'UNAUTHORIZED', 'Only the course owner can change it.');
    // null: signed out.
    for (const token of [student.token, speaker.token, null]) await refused(input, token, 'UNAUTHORIZED');
    await refused({ courseId: crypto.randomUUID(), name: 'Nothing' }, owner.token, 'NOT_FOUND');
    assert.equal((await owned(course.id)).name, 'Mine');

    const byAdmin = await changed({ courseId: course.id, name: 'Renamed by an admin' }, admin.token);
    assert.equal(byAdmin.course.name, 'Renamed by an admin');
    assert.equal((await owned(course.id)).name, 'Renamed by an admin', 'the owner keeps the course');
  });
});
