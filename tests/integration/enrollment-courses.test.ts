/**
 * Courses, invite numbers, prices and adventures through the API, and the course enrollment error
 * catalogue (spec 1, section 8) for finding a course.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { EnrollmentMessages } from '../../contracts/enrollment';
import { INVITE_NUMBER_INVALID, INVITE_NUMBER_REQUIRED } from '../../contracts/validation/enrollment';
import { catalogHandlers } from '../../services/domain/catalog/handlers';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import {
  ENROLL,
  createCourse,
  createCourseAsSystem,
  createInstructor,
  createPlans,
  inDays,
  student,
  tokenize,
} from '../support/enrollment';

const FIND = `query($inviteNumber: String!, $extra: Int) { enrollingCourse(inviteNumber: $inviteNumber, extraConversations: $extra) {
  id name inviteNumber enrolledIn priceAgreement { kind } prices { unitPrice totalQuantity totalPrice currency } owner { id school }
  lessonAssignments { order lesson { title discussionTopic privateNote } } } }`;

let app: TestApp;
let plans: Awaited<ReturnType<typeof createPlans>>;
beforeAll(async () => {
  app = await startTestApp({}, 'enrollment_courses');
  plans = await createPlans(app);
});
afterAll(async () => {
  await app.close();
});

describe('createCourse', () => {
  it('gives an instructor a course with a six-digit invite number, a standard agreement and prices', async () => {
    const teacher = await createInstructor(app);
    const course = await createCourse(app, teacher.token, { school: 'Lincoln High' });
    assert.match(course.inviteNumber, /^\d{6}$/);
    const res = await app.gql(
      `query($id: ID!) { course(courseId: $id) { name owner { id school } priceAgreement { kind } prices { unitPrice totalQuantity totalPrice }
      lessonAssignments { order lesson { title discussionTopic privateNote } } } }`,
      { id: course.id },
      teacher.token,
    );
    assert.deepEqual(res.data.course.priceAgreement, { kind: 'standard' });
    assert.deepEqual(res.data.course.prices, { unitPrice: 1500, totalQuantity: 4, totalPrice: 6000 });
    assert.deepEqual(res.data.course.owner, { id: teacher.accountId, school: 'Lincoln High' });
    assert.equal(res.data.course.lessonAssignments.length, 4, 'one lesson per required conversation');
    assert.deepEqual(res.data.course.lessonAssignments[0], {
      order: 1,
      lesson: { title: 'Conversation 1', discussionTopic: null, privateNote: null },
    });
  });

  it('refuses students, bad fields, and plan choice by non-admins', async () => {
    const s = await student(app, 'sneaky');
    const res = await app.gql(
      `mutation($input: CreateCourseInput!) { createCourse(input: $input) { created } }`,
      {
        input: { name: 'X', language: 'es', proficiency: 'beginner', completionRequirement: 2, startDate: inDays(0), endDate: inDays(12) },
      },
      s.token,
    );
    assert.equal(codeOf(res), 'UNAUTHORIZED');
    const teacher = await createInstructor(app);
    const bad = await app.gql(
      `mutation($input: CreateCourseInput!) { createCourse(input: $input) { created } }`,
      {
        input: {
          name: '',
          language: 'xx',
          proficiency: 'beginner',
          completionRequirement: 0,
          durationRequirement: 20,
          startDate: inDays(-20),
          endDate: inDays(-12),
        },
      },
      teacher.token,
    );
    assert.equal(codeOf(bad), 'BAD_USER_INPUT');
    assert.deepEqual(Object.keys(bad.errors![0].extensions!.fields!).sort(), [
      'completionRequirement',
      'durationRequirement',
      'endDate',
      'language',
      'name',
    ]);
    const plan = await app.gql(
      `mutation($input: CreateCourseInput!) { createCourse(input: $input) { created } }`,
      {
        input: {
          name: 'Free',
          language: 'es',
          proficiency: 'beginner',
          completionRequirement: 2,
          startDate: inDays(0),
          endDate: inDays(12),
          pricingPlanId: plans.institutional,
        },
      },
      teacher.token,
    );
    assert.equal(codeOf(plan), 'UNAUTHORIZED');
  });

  it('never hands out an invite number twice: a collision is retried with another number', async () => {
    const numbers = ['111111', '111111', '111111', '222222'];
    const catalog = catalogHandlers({ commands: app.runtime.commands, inviteNumbers: () => numbers.shift() ?? '333333' });
    const first = await catalog.createCourse(
      { actor: SYSTEM_ACTOR },
      {
        name: 'A',
        language: 'fr',
        proficiency: 'beginner',
        completionRequirement: 1,
        ownerId: null,
        startDate: inDays(0),
        endDate: inDays(12),
      },
    );
    const second = await catalog.createCourse(
      { actor: SYSTEM_ACTOR },
      {
        name: 'B',
        language: 'fr',
        proficiency: 'beginner',
        completionRequirement: 1,
        ownerId: null,
        startDate: inDays(0),
        endDate: inDays(12),
      },
    );
    assert.equal(first.result.inviteNumber, '111111');
    assert.equal(second.result.inviteNumber, '222222');
  });

  it('makes unique numbers under concurrency', async () => {
    const teacher = await createInstructor(app);
    const courses = await Promise.all(Array.from({ length: 8 }, (_, i) => createCourse(app, teacher.token, { name: `Parallel ${i}` })));
    assert.equal(new Set(courses.map((c) => c.inviteNumber)).size, 8);
  });
});

describe('enrollingCourse (finding a course by invite number)', () => {
  it('finds a course with or without the hyphen, and prices it with extra conversations', async () => {
    const teacher = await createInstructor(app);
    const course = await createCourse(app, teacher.token);
    const s = await student(app, 'finder');
    const dashed = `${course.inviteNumber.slice(0, 3)}-${course.inviteNumber.slice(3)}`;
    const res = await app.gql(FIND, { inviteNumber: ` ${dashed} `, extra: 2 }, s.token);
    assert.equal(res.data.enrollingCourse.id, course.id);
    assert.equal(res.data.enrollingCourse.enrolledIn, false);
    assert.deepEqual(res.data.enrollingCourse.prices, { unitPrice: 1500, totalQuantity: 6, totalPrice: 9000, currency: 'usd' });
    assert.equal(res.data.enrollingCourse.lessonAssignments[0].lesson.privateNote, null);
  });

  it("answers the catalogue's messages: required, six digits, nothing found", async () => {
    const s = await student(app, 'typo');
    let res = await app.gql(FIND, { inviteNumber: '' }, s.token);
    assert.equal(res.errors![0].message, INVITE_NUMBER_REQUIRED);
    res = await app.gql(FIND, { inviteNumber: '12345' }, s.token);
    assert.equal(res.errors![0].message, INVITE_NUMBER_INVALID);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    res = await app.gql(FIND, { inviteNumber: '000000' }, s.token);
    assert.equal(res.errors![0].message, EnrollmentMessages.courseNotFound);
    assert.equal(codeOf(res), 'NOT_FOUND');
  });

  it("says 'You are already enrolled in this course.' once enrolled, in finding and in enrolling", async () => {
    const course = await createCourseAsSystem(app, { name: 'Institutional French', pricingPlanId: plans.institutional });
    const s = await student(app, 'twice');
    const first = await app.gql(ENROLL, { input: { inviteNumber: course.inviteNumber } }, s.token);
    assert.equal(first.data.enrollUser.enrolled, true);
    const find = await app.gql(FIND, { inviteNumber: course.inviteNumber }, s.token);
    assert.equal(find.errors![0].message, EnrollmentMessages.courseAlreadyEnrolled);
    const again = await app.gql(ENROLL, { input: { inviteNumber: course.inviteNumber } }, s.token);
    assert.equal(again.errors![0].message, EnrollmentMessages.courseAlreadyEnrolled);
    assert.equal(codeOf(again), 'CONFLICT');
  });

  it("gives 'Something went wrong while enrolling in this course.' for a card payment of a course without a price (Contact Sales)", async () => {
    const course = await createCourseAsSystem(app, { name: 'Contact sales course', pricingPlanId: plans.noPrice });
    const s = await student(app, 'nopay');
    const find = await app.gql(FIND, { inviteNumber: course.inviteNumber }, s.token);
    assert.equal(find.data.enrollingCourse.prices, null, "no price: the web shows 'Contact Sales'");
    const token = await tokenize(app, '4242424242424242');
    const res = await app.gql(ENROLL, { input: { inviteNumber: course.inviteNumber, cardToken: token } }, s.token);
    assert.equal(res.errors![0].message, EnrollmentMessages.courseFailed);
  });

  it('does not find an ended course', async () => {
    // Made a month ago, ending ten days ago: its end date is over everywhere on Earth.
    const { result: course, appended } = await app.runtime.catalog.createCourse(
      { actor: SYSTEM_ACTOR, now: () => new Date(Date.now() - 30 * 86_400_000) },
      {
        name: 'Old',
        language: 'es',
        proficiency: 'beginner',
        completionRequirement: 2,
        ownerId: null,
        startDate: inDays(-40),
        endDate: inDays(-10),
      },
    );
    await app.runtime.runner.waitFor(appended?.checkpoint, ['catalog']);
    const s = await student(app, 'late');
    const res = await app.gql(FIND, { inviteNumber: course.inviteNumber }, s.token);
    assert.equal(res.errors![0].message, EnrollmentMessages.courseNotFound);
  });

  it('needs a signed-in user', async () => {
    const res = await app.gql(FIND, { inviteNumber: '123456' });
    assert.equal(codeOf(res), 'UNAUTHORIZED');
  });
});

describe('adventures', () => {
  it('lists adventures by language, proficiency and duration, with no school', async () => {
    await createCourseAsSystem(app, {
      kind: 'adventure',
      name: 'Paris by night',
      language: 'fr',
      proficiency: 'intermediate',
      completionRequirement: 3,
      durationRequirement: 30,
      startDate: null,
      endDate: null,
      school: 'ignored',
    });
    await createCourseAsSystem(app, {
      kind: 'adventure',
      name: 'Tapas tour',
      language: 'es',
      proficiency: 'beginner',
      completionRequirement: 3,
      startDate: null,
      endDate: null,
    });
    const s = await student(app, 'explorer');
    const Q = `query($d: Int, $l: String, $p: Proficiency) { allAdventures(durationRequirement: $d, language: $l, proficiency: $p) {
      language proficiency durationRequirement adventures { name kind endDate isPast owner { school } prices { totalPrice } } } }`;
    const fr = await app.gql(Q, { l: 'fr' }, s.token);
    assert.deepEqual(
      fr.data.allAdventures.adventures.map((a: any) => a.name),
      ['Paris by night'],
    );
    assert.deepEqual(fr.data.allAdventures.adventures[0], {
      name: 'Paris by night',
      kind: 'adventure',
      endDate: null,
      isPast: false,
      owner: null,
      prices: { totalPrice: 7500 },
    });
    assert.equal(fr.data.allAdventures.language, 'fr');
    const none = await app.gql(Q, { l: 'fr', d: 15 }, s.token);
    assert.deepEqual(none.data.allAdventures.adventures, []);
    const es = await app.gql(Q, { l: 'es', p: 'beginner', d: 15 }, s.token);
    assert.deepEqual(
      es.data.allAdventures.adventures.map((a: any) => a.name),
      ['Tapas tour'],
    );
    const zh = await app.gql(Q, { l: 'zh' }, s.token);
    assert.deepEqual(zh.data.allAdventures.adventures, [], "the web shows 'No course adventures exist for the language.'");
  });

  it('refuses adventures to instructors (only admins and the system make them)', async () => {
    const teacher = await createInstructor(app);
    await assert.rejects(
      () =>
        app.runtime.catalog.createCourse(
          { actor: { accountId: teacher.accountId, roles: ['INSTRUCTOR'] } },
          {
            kind: 'adventure',
            name: 'Mine',
            language: 'es',
            proficiency: 'beginner',
            completionRequirement: 1,
            ownerId: teacher.accountId,
          },
        ),
      /Not allowed/,
    );
  });
});

describe('lookupLanguages and course visibility', () => {
  it('lists the seven languages', async () => {
    const s = await student(app, 'polyglot');
    const res = await app.gql(`{ lookupLanguages { code name } }`, {}, s.token);
    assert.deepEqual(
      res.data.lookupLanguages.map((l: any) => l.code),
      ['en', 'es', 'fr', 'pt', 'it', 'de', 'zh'],
    );
    assert.equal(res.data.lookupLanguages[6].name, 'Mandarin');
  });

  it('shows a course to its owner, its students and admins only; private notes to the owner', async () => {
    const teacher = await createInstructor(app);
    const course = await createCourse(app, teacher.token);
    const outsider = await student(app, 'outsider');
    const Q = `query($id: ID!) { course(courseId: $id) { id } }`;
    assert.equal((await app.gql(Q, { id: course.id }, outsider.token)).data.course, null);
    const admin = await createAdmin(app, 'admin-courses@example.com');
    assert.equal((await app.gql(Q, { id: course.id }, admin.token)).data.course.id, course.id);
  });
});

describe('templates', () => {
  const CREATE_TEMPLATE = `mutation($input: CreateTemplateInput!) { createTemplate(input: $input) { created template {
    id name language proficiency completionRequirement durationRequirement priceAgreementKind owner { id } } } }`;
  it('lets an instructor make a template with the course fields, visible to its owner and admins', async () => {
    const teacher = await createInstructor(app);
    const res = await app.gql(
      CREATE_TEMPLATE,
      { input: { name: 'Spanish I template', language: 'es', proficiency: 'beginner', requirements: { completionRequirement: 5 } } },
      teacher.token,
    );
    const template = res.data.createTemplate.template;
    assert.deepEqual(
      { ...template, id: undefined },
      {
        id: undefined,
        name: 'Spanish I template',
        language: 'es',
        proficiency: 'beginner',
        completionRequirement: 5,
        durationRequirement: 15,
        priceAgreementKind: 'standard',
        owner: { id: teacher.accountId },
      },
    );
    const other = await createInstructor(app);
    const Q = `query($id: ID!) { template(templateId: $id) { id } }`;
    assert.equal((await app.gql(Q, { id: template.id }, teacher.token)).data.template.id, template.id);
    assert.equal((await app.gql(Q, { id: template.id }, other.token)).data.template, null);
    const bad = await app.gql(
      CREATE_TEMPLATE,
      {
        input: {
          name: 'Bad',
          language: 'es',
          proficiency: 'beginner',
          requirements: { completionRequirement: 5, durationRequirement: 45 },
        },
      },
      teacher.token,
    );
    assert.equal(codeOf(bad), 'BAD_USER_INPUT');
    const institutional = await app.gql(
      CREATE_TEMPLATE,
      {
        input: {
          name: 'School',
          language: 'es',
          proficiency: 'beginner',
          requirements: { completionRequirement: 2 },
          priceAgreementKind: 'institutional',
        },
      },
      teacher.token,
    );
    assert.equal(codeOf(institutional), 'UNAUTHORIZED');
  });
});
