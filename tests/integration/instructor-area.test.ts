/**
 * The instructor's area (issue 11) through the API: templates changed and removed, courses
 * provisioned for three addresses (share invites with ownership, mailed), accepted by one recipient
 * and rejected by another, topics and due dates; and who may call each: every new operation refused
 * to students, speakers and signed-out callers, and to another instructor for someone else's
 * templates, courses and invites, each refusal writing nothing.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, signIn, signUp, startTestApp, type TestApp, eventCountWithoutMail } from '../support/app';
import { createPlans, inDays } from '../support/enrollment';
import { eventually } from '../support/eventually';

type Person = { token: string; accountId: string };
let app: TestApp;
let owner: Person;
let ana: Person;
let bob: Person;
let student: Person;
let speaker: Person;
let templateId: string;

const CREATE_TEMPLATE = `mutation($input: CreateTemplateInput!) { createTemplate(input: $input) { template { id } } }`;
const CHANGE_TEMPLATE = `mutation($input: ChangeTemplateInput!) { changeTemplate(input: $input) { template { id name completionRequirement } } }`;
const REMOVE_TEMPLATE = `mutation($input: RemoveTemplateInput!) { removeTemplate(input: $input) { removed } }`;
const PROVISION = `mutation($input: CreateProvisionalCoursesInput!) { createProvisionalCourses(input: $input) { created courses { id name startDate templateId
  courseShareInvites { id emailAddress gainOwnership } } } }`;
const TEMPLATED = `query($t: ID!, $past: Boolean, $first: Int, $after: String) { allTemplatedCourses(templateId: $t, past: $past, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id name owner { id } } } } }`;
const INVITES = `{ me { id shareInvites { id emailAddress rejectedOn course { id name } } templates { id name currentCoursesCount } } }`;
const ACCEPT = `mutation($input: ShareInvitesInput!) { acceptShareInvites(input: $input) { count shareInvites { id acceptedOn } } }`;
const REJECT = `mutation($input: ShareInvitesInput!) { rejectShareInvites(input: $input) { count shareInvites { id rejectedOn } } }`;
const OWNED = `query($id: ID!) { me { ownedCourse(courseId: $id) { id owner { displayName emailAddress } lessonAssignments { id dueOn lesson { id title discussionTopic privateNote } } } } }`;
const CHANGE_LESSON = `mutation($input: ChangeLessonInput!) { changeLesson(input: $input) { lessonAssignment { lesson { title discussionTopic privateNote } } } }`;
const CHANGE_DUE = `mutation($input: ChangeLessonAssignmentInput!) { changeLessonAssignment(input: $input) { lessonAssignment { dueOn } } }`;
const SEARCH = `query($q: String!) { instructorSearch(query: $q) { courses { id name } lessons { title courseName } } }`;

// Mail delivery appends to notification streams on its own time: counted apart.
const eventCount = () => eventCountWithoutMail(app);
const row = (emailAddress: string, name?: string) => ({ emailAddress, name, startDate: inDays(1), endDate: inDays(60) });

beforeAll(async () => {
  app = await startTestApp({}, 'instructor_area');
  await createPlans(app);
  await createAdmin(app);
  owner = await signUp(app, 'owner.teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
  ana = await signUp(app, 'ana.teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
  bob = await signUp(app, 'bob.teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
  student = await signUp(app, 'student@example.com');
  const grant = await app.runtime.identity.register(
    { actor: SYSTEM_ACTOR },
    { emailAddress: 'speaker@example.com', password: 'Passw0rdSpk', roles: ['SPEAKER'] },
  );
  speaker = { token: await signIn(app, 'speaker@example.com', 'Passw0rdSpk'), accountId: grant.accountId };
  const made = await app.gql(
    CREATE_TEMPLATE,
    { input: { name: 'Spanish conversation', language: 'es', proficiency: 'beginner', requirements: { completionRequirement: 2 } } },
    owner.token,
  );
  assert.equal(made.errors, undefined, JSON.stringify(made.errors));
  templateId = made.data.createTemplate.template.id;
});
afterAll(() => app?.close());

describe('instructor area', () => {
  let courseIds: string[] = [];

  it('changes a template and lists it with its courses count', async () => {
    const res = await app.gql(CHANGE_TEMPLATE, { input: { templateId, name: 'Spanish talk', completionRequirement: 3 } }, owner.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.changeTemplate.template, { id: templateId, name: 'Spanish talk', completionRequirement: 3 });
  });

  it('provisions one course per address from the template, each offered with ownership and mailed', async () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => row(`p${i}@example.com`));
    const before = await eventCount();
    const tooMany = await app.gql(PROVISION, { input: { templateId, attributes: sixteen } }, owner.token);
    assert.equal(tooMany.errors?.[0].message, 'You can only create up to 15 courses at a time.');
    const past = await app.gql(
      PROVISION,
      { input: { templateId, attributes: [{ ...row('ana.teacher@example.com'), endDate: inDays(-2), startDate: inDays(-9) }] } },
      owner.token,
    );
    assert.equal(past.errors?.[0].message, 'Invalid date. Must be a future date.');
    assert.equal(await eventCount(), before, 'refused submissions write nothing');

    const res = await app.gql(
      PROVISION,
      {
        input: {
          templateId,
          attributes: [row('Ana.Teacher@example.com', 'Spanish for Ana'), row('bob.teacher@example.com'), row('carla@example.com')],
        },
      },
      owner.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const courses = res.data.createProvisionalCourses.courses;
    assert.deepEqual(
      courses.map((c: any) => c.name),
      ['Spanish for Ana', 'Spanish talk', 'Spanish talk'],
    );
    assert.deepEqual(
      courses.map((c: any) => c.courseShareInvites[0].emailAddress),
      ['ana.teacher@example.com', 'bob.teacher@example.com', 'carla@example.com'],
    );
    assert.ok(courses.every((c: any) => c.templateId === templateId && c.courseShareInvites[0].gainOwnership));
    courseIds = courses.map((c: any) => c.id);
    const mail = await eventually(
      async () => (await app.runtime.outbox!.list('ana.teacher@example.com')).find((m) => m.subject.includes('Spanish for Ana')),
      'the invite mail',
    );
    assert.match(mail.text, /\/instructor\/courses\/grid/);

    const listed = await app.gql(TEMPLATED, { t: templateId }, owner.token);
    assert.equal(listed.errors, undefined, JSON.stringify(listed.errors));
    assert.equal(listed.data.allTemplatedCourses.totalCount, 3);
    const pastList = await app.gql(TEMPLATED, { t: templateId, past: true, first: 50 }, owner.token);
    assert.equal(pastList.errors, undefined, JSON.stringify(pastList.errors));
    assert.equal(pastList.data.allTemplatedCourses.totalCount, 0);
    const mine = await app.gql(INVITES, {}, owner.token);
    assert.deepEqual(mine.data.me.templates, [{ id: templateId, name: 'Spanish talk', currentCoursesCount: 3 }]);
  });

  it("mails an offer to an address without an account in the offering instructor's language", async () => {
    const res = await app.gql(
      PROVISION,
      { input: { templateId, attributes: [row('dora.nueva@example.com', 'Curso para Dora')] } },
      owner.token,
      { 'accept-language': 'es-MX,es;q=0.9' },
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const mail = await eventually(
      async () => (await app.runtime.outbox!.list('dora.nueva@example.com')).find((m) => m.subject.includes('Curso para Dora')),
      'the offer mail',
    );
    assert.equal(mail.subject, 'Un curso te espera en Tertulia: Curso para Dora');
    const [course] = res.data.createProvisionalCourses.courses;
    await app.gql('mutation($id: ID!) { removeCourse(input: { courseId: $id }) { removed } }', { id: course.id }, owner.token);
  });

  it("a recipient accepts and owns the course; another rejects one; nobody answers someone else's invite", async () => {
    const anaInvites = (await app.gql(INVITES, {}, ana.token)).data.me.shareInvites;
    assert.equal(anaInvites.length, 1);
    const bobInvites = (await app.gql(INVITES, {}, bob.token)).data.me.shareInvites;
    const before = await eventCount();
    const stolen = await app.gql(ACCEPT, { input: { inviteIds: [bobInvites[0].id] } }, ana.token);
    assert.equal(codeOf(stolen), 'UNAUTHORIZED');
    for (const who of [student, speaker])
      assert.equal(codeOf(await app.gql(ACCEPT, { input: { inviteIds: [anaInvites[0].id] } }, who.token)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(ACCEPT, { input: { inviteIds: [anaInvites[0].id] } }, null)), 'UNAUTHORIZED');
    assert.equal(await eventCount(), before);

    const accepted = await app.gql(ACCEPT, { input: { inviteIds: anaInvites.map((i: any) => i.id) } }, ana.token);
    assert.equal(accepted.errors, undefined, JSON.stringify(accepted.errors));
    assert.equal(accepted.data.acceptShareInvites.count, 1);
    const owned = await app.gql(OWNED, { id: courseIds[0] }, ana.token);
    assert.equal(owned.data.me.ownedCourse.id, courseIds[0]);
    assert.equal((await app.gql(OWNED, { id: courseIds[0] }, owner.token)).data.me.ownedCourse, null, 'the provisioner no longer owns it');
    assert.equal((await app.gql(INVITES, {}, ana.token)).data.me.shareInvites.length, 0);

    const rejected = await app.gql(REJECT, { input: { inviteIds: [bobInvites[0].id] } }, bob.token);
    assert.ok(rejected.data.rejectShareInvites.shareInvites[0].rejectedOn);
    assert.ok((await app.gql(INVITES, {}, bob.token)).data.me.shareInvites[0].rejectedOn, 'a rejected invite shows with rejectedOn');
    assert.equal(codeOf(await app.gql(ACCEPT, { input: { inviteIds: [bobInvites[0].id] } }, bob.token)), 'CONFLICT');
  });

  it("the owner edits a topic and its due date; the spec's rules; nobody else can", async () => {
    const course = (await app.gql(OWNED, { id: courseIds[0] }, ana.token)).data.me.ownedCourse;
    const [first] = course.lessonAssignments;
    const changed = await app.gql(
      CHANGE_LESSON,
      { input: { lessonId: first.lesson.id, title: 'Food', discussionTopic: 'Your favourite dish', privateNote: 'Go slow' } },
      ana.token,
    );
    assert.deepEqual(changed.data.changeLesson.lessonAssignment.lesson, {
      title: 'Food',
      discussionTopic: 'Your favourite dish',
      privateNote: 'Go slow',
    });
    const due = await app.gql(CHANGE_DUE, { input: { lessonAssignmentId: first.id, dueOn: inDays(7) } }, ana.token);
    assert.equal(due.data.changeLessonAssignment.lessonAssignment.dueOn, inDays(7));

    const before = await eventCount();
    const pastDue = await app.gql(CHANGE_DUE, { input: { lessonAssignmentId: first.id, dueOn: inDays(-3) } }, ana.token);
    assert.equal(pastDue.errors?.[0].message, 'Invalid date. Must be a future date.');
    const long = await app.gql(
      CHANGE_LESSON,
      { input: { lessonId: first.lesson.id, title: 'x'.repeat(121), discussionTopic: 'ok' } },
      ana.token,
    );
    assert.equal(long.errors?.[0].message, 'A maximum of 120 characters is accepted.');
    for (const who of [owner, bob, student, speaker]) {
      assert.equal(
        codeOf(await app.gql(CHANGE_LESSON, { input: { lessonId: first.lesson.id, title: 'Mine', discussionTopic: 'Mine' } }, who.token)),
        'UNAUTHORIZED',
      );
      assert.equal(
        codeOf(await app.gql(CHANGE_DUE, { input: { lessonAssignmentId: first.id, dueOn: inDays(9) } }, who.token)),
        'UNAUTHORIZED',
      );
    }
    assert.equal(codeOf(await app.gql(CHANGE_DUE, { input: { lessonAssignmentId: first.id, dueOn: inDays(9) } }, null)), 'UNAUTHORIZED');
    assert.equal(await eventCount(), before, 'refusals write nothing');

    const found = await app.gql(SEARCH, { q: 'favourite' }, ana.token);
    assert.deepEqual(found.data.instructorSearch.lessons, [{ title: 'Food', courseName: 'Spanish for Ana' }]);
    assert.deepEqual((await app.gql(SEARCH, { q: 'favourite' }, bob.token)).data.instructorSearch.lessons, []);
  });

  it("templates are their owner's: others are refused and write nothing; removal keeps the courses", async () => {
    const before = await eventCount();
    for (const who of [ana, student, speaker]) {
      assert.ok(
        ['UNAUTHORIZED', 'NOT_FOUND'].includes(
          codeOf(await app.gql(CHANGE_TEMPLATE, { input: { templateId, name: 'Stolen' } }, who.token))!,
        ),
      );
      assert.ok(['UNAUTHORIZED', 'NOT_FOUND'].includes(codeOf(await app.gql(REMOVE_TEMPLATE, { input: { templateId } }, who.token))!));
      assert.ok(
        ['UNAUTHORIZED', 'NOT_FOUND'].includes(
          codeOf(await app.gql(PROVISION, { input: { templateId, attributes: [row('x@example.com')] } }, who.token))!,
        ),
      );
      assert.ok(['UNAUTHORIZED', 'NOT_FOUND'].includes(codeOf(await app.gql(TEMPLATED, { t: templateId }, who.token))!));
    }
    assert.equal(codeOf(await app.gql(REMOVE_TEMPLATE, { input: { templateId } }, null)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(SEARCH, { q: 'x' }, student.token)), 'UNAUTHORIZED');
    assert.equal(await eventCount(), before);

    const removed = await app.gql(REMOVE_TEMPLATE, { input: { templateId } }, owner.token);
    assert.equal(removed.data.removeTemplate.removed, true);
    assert.deepEqual((await app.gql(INVITES, {}, owner.token)).data.me.templates, []);
    assert.ok((await app.gql(OWNED, { id: courseIds[0] }, ana.token)).data.me.ownedCourse);
  });
});
