/**
 * The instructor's class view (issue 35) through the API: each cell's state from the class's real
 * history (reserved, held, complete, due soon, not reserved), minutes held, and who may read it (the
 * owner and admins; another instructor, a student and a stranger are refused); remindStudents mails
 * each chosen student in their language, at most once per lesson in 24 hours (the refused named),
 * shows in the view, and refuses anyone but the owner writing nothing. Its refusals answer in the
 * caller's language (issue 32).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { codeOf, createAdmin, eventCountWithoutMail, signUp, startTestApp, type TestApp } from '../support/app';
import { enrollAsAdmin, live, reserveConversation } from '../support/conversations';
import { createCourse, createPlans, inDays, readModelsCaughtUp } from '../support/enrollment';
import { eventually } from '../support/eventually';
import { createSpeaker } from '../support/scheduling';

type Person = { token: string; accountId: string };
let app: TestApp;
let owner: Person;
let other: Person;
let admin: Person;
let ana: Person;
let bruno: Person;
let speaker: Person;
let course: { id: string; inviteNumber: string };
let lessons: { id: string; assignmentId: string }[];

const CLASS_VIEW = `query($id: ID!) { classView(courseId: $id) { courseId courseName today dueSoonDays
  lessons { lessonId order title dueOn }
  students { studentId displayName minutesHeld completedCount states cells { lessonId conversationId reservedStart missedCount remindedAt } } } }`;
const REMIND = `mutation($input: RemindStudentsInput!) { remindStudents(input: $input) {
  reminded { studentId displayName remindedAt } refused { studentId displayName reason remindedAt } } }`;
const LESSONS = `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { id lesson { id } } } } }`;
const DUE = `mutation($input: ChangeLessonAssignmentInput!) { changeLessonAssignment(input: $input) { changed } }`;
const MARK = `mutation($input: ModerateConversationInput!) { moderateConversation(input: $input) { marked } }`;
const CHANGE_USER = `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }`;

async function ok(query: string, variables: Record<string, unknown>, token: string) {
  const res = await app.gql(query, variables, token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data;
}

async function classView(token = owner.token) {
  await readModelsCaughtUp(app, ['classview']);
  return (await ok(CLASS_VIEW, { id: course.id }, token)).classView;
}

beforeAll(async () => {
  app = await startTestApp({}, 'class_view');
  await createPlans(app);
  admin = await createAdmin(app);
  owner = await signUp(app, 'class.owner@example.com', 'Passw0rd!', 'INSTRUCTOR');
  other = await signUp(app, 'class.other@example.com', 'Passw0rd!', 'INSTRUCTOR');
  ana = await signUp(app, 'class.ana@example.com');
  bruno = await signUp(app, 'class.bruno@example.com');
  speaker = await createSpeaker(app);
  await ok(CHANGE_USER, { input: { displayName: 'Elena Owner' } }, owner.token);
  await ok(CHANGE_USER, { input: { displayName: 'Ana Class', locale: 'es' } }, ana.token);
  await ok(CHANGE_USER, { input: { displayName: 'Bruno Class' } }, bruno.token);
  course = await createCourse(app, owner.token, { name: 'Spanish Class View' });
  const assigned = (await ok(LESSONS, { id: course.id }, owner.token)).me.ownedCourse.lessonAssignments;
  lessons = assigned.map((l: any) => ({ id: l.lesson.id, assignmentId: l.id }));
  await ok(DUE, { input: { lessonAssignmentId: lessons[0].assignmentId, dueOn: inDays(2) } }, owner.token);
  await ok(DUE, { input: { lessonAssignmentId: lessons[3].assignmentId, dueOn: inDays(30) } }, owner.token);
  await enrollAsAdmin(app, course.inviteNumber, ana.accountId);
  await enrollAsAdmin(app, course.inviteNumber, bruno.accountId);
});
afterAll(() => app?.close());

describe('the class view', () => {
  it("shows each student's lessons as reserved, held, complete, due soon or not reserved, and their minutes held", async () => {
    await reserveConversation(app, ana, speaker, { courseId: course.id, lessonId: lessons[0].id });
    const held = await reserveConversation(app, ana, speaker, { courseId: course.id, lessonId: lessons[1].id });
    await live(app, held, speaker.accountId, ana.accountId, 'held');
    const done = await reserveConversation(app, ana, speaker, { courseId: course.id, lessonId: lessons[2].id });
    await live(app, done, speaker.accountId, ana.accountId, 'held');
    await ok(MARK, { input: { conversationId: done, markAs: 'completed' } }, speaker.token);

    const view = await classView();
    assert.equal(view.courseName, 'Spanish Class View');
    assert.deepEqual(
      view.lessons.map((l: any) => [l.order, l.dueOn]),
      [
        [1, inDays(2)],
        [2, null],
        [3, null],
        [4, inDays(30)],
      ],
    );
    assert.deepEqual(
      view.students.map((s: any) => s.displayName),
      ['Ana Class', 'Bruno Class'],
    );
    const [a, b] = view.students;
    assert.deepEqual(a.states, ['reserved', 'held', 'complete', 'not_reserved']);
    assert.equal(a.minutesHeld, 30);
    assert.equal(a.completedCount, 1);
    // Only the cells with a conversation to come or awaiting its mark (or a missed attempt, a reminder) carry details.
    assert.deepEqual(
      a.cells.map((c: any) => c.lessonId),
      [lessons[0].id, lessons[1].id],
    );
    assert.equal(a.cells[1].conversationId, held);
    assert.ok(a.cells[0].reservedStart);
    assert.deepEqual(b.states, ['due_soon', 'not_reserved', 'not_reserved', 'not_reserved']);
    assert.deepEqual(b.cells, []);
    assert.equal(b.minutesHeld, 0);
  });

  it('answers its owner and admins; another instructor, a student and a signed-out caller are refused', async () => {
    assert.equal((await classView(admin.token)).students.length, 2);
    const foreign = await app.gql(CLASS_VIEW, { id: course.id }, other.token);
    assert.equal(codeOf(foreign), 'UNAUTHORIZED');
    assert.equal(foreign.errors?.[0].message, 'Only the course owner can see its class.');
    for (const token of [ana.token, speaker.token, undefined])
      assert.equal(codeOf(await app.gql(CLASS_VIEW, { id: course.id }, token)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(CLASS_VIEW, { id: 'no-such-course' }, owner.token)), 'NOT_FOUND');
  });

  it("refuses in the caller's language, with the same code (issue 32)", async () => {
    const refusal = async (id: string, token: string, language: string) => {
      const res = await app.gql(CLASS_VIEW, { id }, token, { 'accept-language': language });
      return [codeOf(res), res.errors?.[0].message];
    };
    assert.deepEqual(await refusal(course.id, other.token, 'es'), [
      'UNAUTHORIZED',
      'Solo la persona propietaria del curso puede ver su clase.',
    ]);
    assert.deepEqual(await refusal(course.id, other.token, 'fr-CA,fr;q=0.9'), [
      'UNAUTHORIZED',
      'Seule la personne propriétaire du cours peut voir sa classe.',
    ]);
    assert.deepEqual(await refusal('no-such-course', owner.token, 'es-MX'), ['NOT_FOUND', 'No se encontró el curso.']);
    assert.deepEqual(await refusal('no-such-course', owner.token, 'fr'), ['NOT_FOUND', 'Impossible de trouver le cours.']);
    assert.deepEqual(await refusal('no-such-course', owner.token, 'en'), ['NOT_FOUND', 'The course was not found.']);
  });
});

describe('Remind', () => {
  it('mails each chosen student about the lesson and its due date in their language, and the view shows when', async () => {
    const data = await ok(
      REMIND,
      { input: { courseId: course.id, lessonId: lessons[0].id, studentIds: [ana.accountId, bruno.accountId] } },
      owner.token,
    );
    assert.deepEqual(
      data.remindStudents.reminded.map((r: any) => r.displayName),
      ['Ana Class', 'Bruno Class'],
    );
    assert.deepEqual(data.remindStudents.refused, []);

    const toBruno = await eventually(
      async () => (await app.runtime.outbox!.list('class.bruno@example.com')).find((m) => m.subject.startsWith('Reminder: lesson 1')),
      "Bruno's reminder",
    );
    assert.match(toBruno.text, /Elena Owner, your instructor in Spanish Class View, reminds you of lesson 1/);
    assert.match(toBruno.text, /It is due on /);
    assert.match(toBruno.text, /\/student\/reserve/);
    // Ana reads Spanish (her setting).
    const toAna = await eventually(
      async () => (await app.runtime.outbox!.list('class.ana@example.com')).find((m) => m.subject.startsWith('Recordatorio: lección 1')),
      "Ana's reminder in Spanish",
    );
    assert.match(toAna.text, /Vence el /);

    const view = await classView();
    const remindedOf = (s: any, lessonId: string) => s.cells.find((c: any) => c.lessonId === lessonId)?.remindedAt ?? null;
    for (const s of view.students) assert.ok(remindedOf(s, lessons[0].id), 'the view shows the reminder');
    assert.equal(remindedOf(view.students[0], lessons[1].id), null);
  });

  it('refuses the same lesson again within 24 hours and a completed lesson, naming who, and reminds the rest', async () => {
    const before = await eventCountWithoutMail(app);
    const again = await ok(REMIND, { input: { courseId: course.id, lessonId: lessons[0].id, studentIds: [ana.accountId] } }, owner.token);
    assert.deepEqual(
      again.remindStudents.refused.map((r: any) => [r.displayName, r.reason, !!r.remindedAt]),
      [['Ana Class', 'recently_reminded', true]],
    );
    assert.equal(await eventCountWithoutMail(app), before, 'a refused reminder writes nothing');

    const mixed = await ok(
      REMIND,
      { input: { courseId: course.id, lessonId: lessons[2].id, studentIds: [ana.accountId, bruno.accountId, other.accountId] } },
      owner.token,
    );
    assert.deepEqual(
      mixed.remindStudents.reminded.map((r: any) => r.studentId),
      [bruno.accountId],
    );
    assert.deepEqual(
      mixed.remindStudents.refused.map((r: any) => [r.studentId, r.reason]),
      [
        [ana.accountId, 'complete'],
        [other.accountId, 'not_enrolled'],
      ],
    );
  });

  it('refuses anyone but the owner or an admin, and a lesson of another course, writing nothing', async () => {
    const input = { courseId: course.id, lessonId: lessons[3].id, studentIds: [bruno.accountId] };
    const before = await eventCountWithoutMail(app);
    const foreign = await app.gql(REMIND, { input }, other.token);
    assert.equal(codeOf(foreign), 'UNAUTHORIZED');
    assert.equal(foreign.errors?.[0].message, 'Only the course owner can remind its students.');
    for (const token of [ana.token, undefined]) assert.equal(codeOf(await app.gql(REMIND, { input }, token)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(REMIND, { input: { ...input, lessonId: 'not-a-lesson' } }, owner.token)), 'NOT_FOUND');
    assert.equal(codeOf(await app.gql(REMIND, { input: { ...input, studentIds: [] } }, owner.token)), 'BAD_USER_INPUT');
    assert.equal(await eventCountWithoutMail(app), before);
    // An admin may.
    const byAdmin = await ok(REMIND, { input }, admin.token);
    assert.equal(byAdmin.remindStudents.reminded.length, 1);
  });
});
