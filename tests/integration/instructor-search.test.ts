/**
 * The instructor's sidebar search through the API (spec 3, Instructor: "a search over courses and
 * lessons"): two instructors with look-alike courses and topics each find only their own courses
 * and the lessons of their own courses; a course changing hands by a share invite with ownership
 * moves from one instructor's results to the other's; the text is matched literally and its limits
 * are the boundary's; students, speakers and signed-out callers are refused.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, signIn, signUp, startTestApp, type TestApp } from '../support/app';
import { createCourse, createPlans, inDays } from '../support/enrollment';

type Person = { token: string; accountId: string };
let app: TestApp;
let ana: Person;
let bob: Person;
let student: Person;
let speaker: Person;
let admin: Person;
const courses: Record<string, string> = {};

const SEARCH = `query($q: String!) { instructorSearch(query: $q) {
  courses { id name owner { id } }
  lessons { lessonId lessonAssignmentId title discussionTopic order courseId courseName } } }`;
const OWNED = `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { lesson { id } } } } }`;
const CHANGE_LESSON = `mutation($input: ChangeLessonInput!) { changeLesson(input: $input) { changed } }`;

async function search(who: Person | null, q: string) {
  const res = await app.gql(SEARCH, { q }, who?.token ?? null);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.instructorSearch as {
    courses: { id: string; name: string; owner: { id: string } }[];
    lessons: { courseId: string; title: string; discussionTopic: string | null; order: number; courseName: string }[];
  };
}

async function setTopic(who: Person, courseId: string, index: number, title: string, discussionTopic: string) {
  const lessons = (await app.gql(OWNED, { id: courseId }, who.token)).data.me.ownedCourse.lessonAssignments;
  const res = await app.gql(CHANGE_LESSON, { input: { lessonId: lessons[index].lesson.id, title, discussionTopic } }, who.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
}

beforeAll(async () => {
  app = await startTestApp({}, 'instructor_search');
  await createPlans(app);
  admin = await createAdmin(app);
  ana = await signUp(app, 'ana.search@example.com', 'Passw0rd!', 'INSTRUCTOR');
  bob = await signUp(app, 'bob.search@example.com', 'Passw0rd!', 'INSTRUCTOR');
  student = await signUp(app, 'student.search@example.com');
  const grant = await app.runtime.identity.register(
    { actor: SYSTEM_ACTOR },
    { emailAddress: 'speaker.search@example.com', password: 'Passw0rdSpk', roles: ['SPEAKER'] },
  );
  speaker = { token: await signIn(app, 'speaker.search@example.com', 'Passw0rdSpk'), accountId: grant.accountId };
  // Look-alike names and topics on both sides: anything one sees of the other's is a leak.
  courses.anaSpanish = (await createCourse(app, ana.token, { name: 'Spanish for Travellers', completionRequirement: 2 })).id;
  courses.anaFrench = (await createCourse(app, ana.token, { name: 'Business French', completionRequirement: 2 })).id;
  courses.bobSpanish = (await createCourse(app, bob.token, { name: 'Spanish Literature', completionRequirement: 2 })).id;
  await setTopic(ana, courses.anaSpanish, 0, 'At the market', 'Ordering tapas in Madrid');
  await setTopic(ana, courses.anaFrench, 1, 'Meetings', 'Small talk before a meeting');
  await setTopic(bob, courses.bobSpanish, 0, 'Lorca', 'Tapas and poetry in Granada');
});
afterAll(() => app?.close());

describe('instructor sidebar search', () => {
  it('finds each instructor only their own courses, by any part of the name, in any case', async () => {
    assert.deepEqual(
      (await search(ana, 'spanish')).courses.map((c) => [c.name, c.owner.id]),
      [['Spanish for Travellers', ana.accountId]],
    );
    assert.deepEqual(
      (await search(bob, 'SPANISH')).courses.map((c) => [c.name, c.owner.id]),
      [['Spanish Literature', bob.accountId]],
    );
    assert.deepEqual(
      (await search(ana, 'ness fre')).courses.map((c) => c.name),
      ['Business French'],
    );
    assert.deepEqual((await search(bob, 'french')).courses, [], "another instructor's course is never found");
    assert.deepEqual((await search(bob, 'travellers')).courses, []);
  });

  it('finds the lessons of their own courses by title or discussion topic, with the course they belong to', async () => {
    const anaTapas = await search(ana, 'tapas');
    assert.deepEqual(
      anaTapas.lessons.map((l) => ({ ...l, lessonId: undefined, lessonAssignmentId: undefined })),
      [
        {
          lessonId: undefined,
          lessonAssignmentId: undefined,
          title: 'At the market',
          discussionTopic: 'Ordering tapas in Madrid',
          order: 1,
          courseId: courses.anaSpanish,
          courseName: 'Spanish for Travellers',
        },
      ],
    );
    assert.deepEqual(
      (await search(bob, 'tapas')).lessons.map((l) => [l.title, l.courseId]),
      [['Lorca', courses.bobSpanish]],
    );
    assert.deepEqual(
      (await search(ana, 'meetings')).lessons.map((l) => [l.title, l.order, l.courseName]),
      [['Meetings', 2, 'Business French']],
    );
    assert.deepEqual((await search(bob, 'meeting')).lessons, []);
    // 'Conversation N' is every untouched lesson's title: each sees only their own.
    const anaAll = await search(ana, 'conversation');
    assert.deepEqual(anaAll.lessons.map((l) => l.courseId).sort(), [courses.anaFrench, courses.anaSpanish].sort());
    const bobAll = await search(bob, 'conversation');
    assert.deepEqual(
      bobAll.lessons.map((l) => [l.title, l.courseId]),
      [['Conversation 2', courses.bobSpanish]],
    );
    assert.equal((await search(ana, 'poetry')).lessons.length, 0, "another instructor's topic is never found");
  });

  it("follows ownership: a course given away by a share invite leaves the giver's results for the new owner's", async () => {
    const template = await app.gql(
      `mutation($input: CreateTemplateInput!) { createTemplate(input: $input) { template { id } } }`,
      {
        input: { name: 'Portuguese club', language: 'pt', proficiency: 'beginner', requirements: { completionRequirement: 2 } },
      },
      ana.token,
    );
    assert.equal(template.errors, undefined, JSON.stringify(template.errors));
    const made = await app.gql(
      `mutation($input: CreateProvisionalCoursesInput!) { createProvisionalCourses(input: $input) { courses { id } } }`,
      {
        input: {
          templateId: template.data.createTemplate.template.id,
          attributes: [
            { emailAddress: 'bob.search@example.com', name: 'Portuguese club for Bob', startDate: inDays(1), endDate: inDays(60) },
          ],
        },
      },
      ana.token,
    );
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    const courseId = made.data.createProvisionalCourses.courses[0].id;
    assert.deepEqual(
      (await search(ana, 'portuguese')).courses.map((c) => c.id),
      [courseId],
      'the provisioner owns it until it is accepted',
    );
    assert.deepEqual((await search(bob, 'portuguese')).courses, []);

    const invites = (await app.gql(`{ me { shareInvites { id } } }`, {}, bob.token)).data.me.shareInvites;
    const accepted = await app.gql(
      `mutation($input: ShareInvitesInput!) { acceptShareInvites(input: $input) { count } }`,
      { input: { inviteIds: invites.map((i: any) => i.id) } },
      bob.token,
    );
    assert.equal(accepted.errors, undefined, JSON.stringify(accepted.errors));
    assert.deepEqual(
      (await search(bob, 'portuguese')).courses.map((c) => c.id),
      [courseId],
    );
    assert.deepEqual(
      (await search(bob, 'conversation')).lessons.filter((l) => l.courseId === courseId).length,
      2,
      'its lessons come with it',
    );
    assert.deepEqual((await search(ana, 'portuguese')).courses, []);
    assert.equal((await search(ana, 'conversation')).lessons.filter((l) => l.courseId === courseId).length, 0);
  });

  it("takes the text literally, finds nothing under two characters, and keeps the boundary's limits", async () => {
    // `%` and `_` are characters, not wildcards: '__' would match every course otherwise.
    for (const q of ['__', '%%', '\\\\', ' s ', 'x']) assert.deepEqual(await search(ana, q), { courses: [], lessons: [] }, q);
    assert.deepEqual(
      (await search(ana, '  Spanish  ')).courses.map((c) => c.name),
      ['Spanish for Travellers'],
      'trimmed',
    );
    assert.deepEqual((await search(ana, 'x'.repeat(100))).courses, []);
    const long = await app.gql(SEARCH, { q: 'x'.repeat(101) }, ana.token);
    assert.equal(codeOf(long), 'BAD_USER_INPUT');
    assert.ok(long.errors?.[0].extensions?.fields, 'the refusal names the field');
    assert.equal(codeOf(await app.gql(SEARCH, { q: 'Span\u0000ish' }, ana.token)), 'BAD_USER_INPUT');
  });

  it('refuses students, speakers and signed-out callers; an admin finds only courses they own (none)', async () => {
    for (const who of [student, speaker, null]) {
      const res = await app.gql(SEARCH, { q: 'spanish' }, who?.token ?? null);
      assert.equal(codeOf(res), 'UNAUTHORIZED');
      assert.equal(res.data?.instructorSearch ?? null, null);
    }
    assert.deepEqual(await search(admin, 'spanish'), { courses: [], lessons: [] });
  });
});
