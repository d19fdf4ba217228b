import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { InstructorMessages } from '../../../contracts/validation/instructor';
import { deciderSpec } from '../shared/spec';
import {
  decideAnswerShareInvite,
  decideChangeLesson,
  decideChangeLessonAssignment,
  decideShareCourse,
  evolveCourse,
  initialCourse,
} from './course';
import type { CourseEvent, TemplateEvent } from './events';
import { decideChangeTemplate, decideRemoveTemplate, evolveTemplate, initialTemplate } from './template';

const now = new Date('2026-11-21T12:00:00Z');
const owner = { now, actor: { accountId: 'i1', roles: ['INSTRUCTOR'] } };
const other = { now, actor: { accountId: 'i2', roles: ['INSTRUCTOR'] } };
const agreement = { id: 'pa1', kind: 'standard' as const, pricingPlanId: 'p1', unitPrice: 1500, currency: 'usd' };

const created = (duration = 15): CourseEvent[] => [
  {
    type: 'CourseCreated',
    data: {
      courseId: 'c1',
      kind: 'regular',
      name: 'Spanish 101',
      language: 'es',
      proficiency: 'beginner',
      startDate: '2026-12-01',
      endDate: '2027-03-01',
      inviteNumber: '123456',
      completionRequirement: 1,
      durationRequirement: duration,
      ownerId: 'i1',
      school: null,
      priceAgreement: agreement,
      templateId: 't1',
    },
  },
  {
    type: 'LessonAssigned',
    data: {
      courseId: 'c1',
      lessonAssignmentId: 'la1',
      lessonId: 'l1',
      title: 'Conversation 1',
      discussionTopic: null,
      privateNote: null,
      dueOn: null,
      order: 1,
    },
  },
];

describe('discussion topics', () => {
  const spec = deciderSpec(evolveCourse, initialCourse);
  it('changes a topic with trimmed fields and an empty note as none', () => {
    spec
      .given(created())
      .when((s) =>
        decideChangeLesson(s, { lessonId: 'l1', title: ' Food ', discussionTopic: ' Your favourite dish ', privateNote: ' ' }, owner),
      )
      .then([
        {
          type: 'LessonChanged',
          data: { courseId: 'c1', lessonId: 'l1', title: 'Food', discussionTopic: 'Your favourite dish', privateNote: null },
        },
      ]);
  });
  it('refuses a title over 120, contents over 600 (1000 for 30-minute courses), a note over 200, and missing fields', () => {
    spec
      .given(created())
      .when((s) => decideChangeLesson(s, { lessonId: 'l1', title: 'x'.repeat(121), discussionTopic: 'ok' }, owner))
      .thenThrows('BAD_USER_INPUT', 'A maximum of 120 characters is accepted.');
    spec
      .given(created())
      .when((s) => decideChangeLesson(s, { lessonId: 'l1', title: 'ok', discussionTopic: 'x'.repeat(601) }, owner))
      .thenThrows('BAD_USER_INPUT', 'A maximum of 600 characters is accepted.');
    spec
      .given(created(30))
      .when((s) => decideChangeLesson(s, { lessonId: 'l1', title: 'ok', discussionTopic: 'x'.repeat(1000) }, owner))
      .then([
        {
          type: 'LessonChanged',
          data: { courseId: 'c1', lessonId: 'l1', title: 'ok', discussionTopic: 'x'.repeat(1000), privateNote: null },
        },
      ]);
    spec
      .given(created(30))
      .when((s) => decideChangeLesson(s, { lessonId: 'l1', title: 'ok', discussionTopic: 'x'.repeat(1001) }, owner))
      .thenThrows('BAD_USER_INPUT', 'A maximum of 1,000 characters is accepted.');
    spec
      .given(created())
      .when((s) => decideChangeLesson(s, { lessonId: 'l1', title: 'ok', discussionTopic: 'ok', privateNote: 'x'.repeat(201) }, owner))
      .thenThrows('BAD_USER_INPUT', 'A maximum of 200 characters is accepted.');
    spec
      .given(created())
      .when((s) => decideChangeLesson(s, { lessonId: 'l1', title: '', discussionTopic: 'ok' }, owner))
      .thenThrows('BAD_USER_INPUT', InstructorMessages.required);
  });
  it("refuses another instructor's course", () => {
    spec
      .given(created())
      .when((s) => decideChangeLesson(s, { lessonId: 'l1', title: 'ok', discussionTopic: 'ok' }, other))
      .thenThrows('UNAUTHORIZED');
    spec
      .given(created())
      .when((s) => decideChangeLessonAssignment(s, { lessonAssignmentId: 'la1', dueOn: '2026-12-01' }, other))
      .thenThrows('UNAUTHORIZED');
  });
  it("takes a due date from today on, in the instructor's zone, and refuses a past one", () => {
    spec
      .given(created())
      .when((s) => decideChangeLessonAssignment(s, { lessonAssignmentId: 'la1', dueOn: '2026-11-21' }, owner))
      .then([{ type: 'LessonAssignmentChanged', data: { courseId: 'c1', lessonAssignmentId: 'la1', dueOn: '2026-11-21' } }]);
    spec
      .given(created())
      .when((s) => decideChangeLessonAssignment(s, { lessonAssignmentId: 'la1', dueOn: '2026-11-20' }, owner))
      .thenThrows('BAD_USER_INPUT', 'Invalid date. Must be a future date.');
    // 1 AM UTC on the 22nd is still the 21st in New York, the 22nd in Tokyo.
    const late = { ...owner, now: new Date('2026-11-22T01:00:00Z') };
    assert.doesNotThrow(() =>
      decideChangeLessonAssignment(initialCourseWith(created()), { lessonAssignmentId: 'la1', dueOn: '2026-11-21' }, late),
    );
    assert.throws(() =>
      decideChangeLessonAssignment(
        initialCourseWith(created()),
        { lessonAssignmentId: 'la1', dueOn: '2026-11-21', timeZone: 'Asia/Tokyo' },
        late,
      ),
    );
  });
});

const initialCourseWith = (events: CourseEvent[]) => events.reduce(evolveCourse, initialCourse());

describe('share invites', () => {
  const spec = deciderSpec(evolveCourse, initialCourse);
  const invited: CourseEvent = {
    type: 'CourseShareInvited',
    data: { courseId: 'c1', inviteId: 'v1', emailAddress: 'ana@school.test', gainOwnership: true, invitedBy: 'i1' },
  };
  it('offers the course to an address with ownership', () => {
    spec
      .given(created())
      .when((s) => decideShareCourse(s, { inviteId: 'v1', emailAddress: 'ana@school.test' }, owner))
      .then([invited]);
  });
  it('accepting makes the recipient the owner; only the addressee answers, once', () => {
    const accepted: CourseEvent = {
      type: 'CourseShareInviteAccepted',
      data: { courseId: 'c1', inviteId: 'v1', accountId: 'i3', gainOwnership: true },
    };
    spec
      .given([...created(), invited])
      .when((s) => decideAnswerShareInvite(s, { inviteId: 'v1', accept: true, accountId: 'i3', emailAddress: 'Ana@School.test' }))
      .then([accepted]);
    assert.equal(initialCourseWith([...created(), invited, accepted]).course?.ownerId, 'i3');
    spec
      .given([...created(), invited])
      .when((s) => decideAnswerShareInvite(s, { inviteId: 'v1', accept: true, accountId: 'i2', emailAddress: 'bob@school.test' }))
      .thenThrows('UNAUTHORIZED', InstructorMessages.inviteNotYours);
    spec
      .given([...created(), invited, accepted])
      .when((s) => decideAnswerShareInvite(s, { inviteId: 'v1', accept: false, accountId: 'i3', emailAddress: 'ana@school.test' }))
      .thenThrows('CONFLICT');
  });
  it('rejecting keeps the owner', () => {
    const rejected: CourseEvent = { type: 'CourseShareInviteRejected', data: { courseId: 'c1', inviteId: 'v1', accountId: 'i3' } };
    spec
      .given([...created(), invited])
      .when((s) => decideAnswerShareInvite(s, { inviteId: 'v1', accept: false, accountId: 'i3', emailAddress: 'ana@school.test' }))
      .then([rejected]);
    assert.equal(initialCourseWith([...created(), invited, rejected]).course?.ownerId, 'i1');
  });
});

describe('template changes', () => {
  const spec = deciderSpec(evolveTemplate, initialTemplate);
  const made = (kind: 'standard' | 'reserved' = 'standard'): TemplateEvent[] => [
    {
      type: 'TemplateCreated',
      data: {
        templateId: 't1',
        name: 'Spanish',
        language: 'es',
        proficiency: 'beginner',
        completionRequirement: 4,
        durationRequirement: 15,
        ownerId: 'i1',
        priceAgreementKind: kind,
      },
    },
  ];
  it('changes the given fields, requirements only for a standard agreement', () => {
    spec
      .given(made())
      .when((s) => decideChangeTemplate(s, { name: 'Spanish II', completionRequirement: 6, durationRequirement: 30 }, owner))
      .then([
        {
          type: 'TemplateChanged',
          data: {
            templateId: 't1',
            name: 'Spanish II',
            language: 'es',
            proficiency: 'beginner',
            completionRequirement: 6,
            durationRequirement: 30,
          },
        },
      ]);
    spec
      .given(made('reserved'))
      .when((s) => decideChangeTemplate(s, { completionRequirement: 6 }, owner))
      .then([
        {
          type: 'TemplateChanged',
          data: {
            templateId: 't1',
            name: 'Spanish',
            language: 'es',
            proficiency: 'beginner',
            completionRequirement: 4,
            durationRequirement: 15,
          },
        },
      ]);
    spec
      .given(made())
      .when((s) => decideChangeTemplate(s, { durationRequirement: 20 }, owner))
      .thenThrows('BAD_USER_INPUT');
  });
  it("refuses another instructor's template and a removed one", () => {
    spec
      .given(made())
      .when((s) => decideChangeTemplate(s, { name: 'x' }, other))
      .thenThrows('UNAUTHORIZED');
    spec
      .given(made())
      .when((s) => decideRemoveTemplate(s, other))
      .thenThrows('UNAUTHORIZED');
    spec
      .given(made())
      .when((s) => decideRemoveTemplate(s, owner))
      .then([{ type: 'TemplateRemoved', data: { templateId: 't1' } }]);
    spec
      .given([...made(), { type: 'TemplateRemoved', data: { templateId: 't1' } }])
      .when((s) => decideRemoveTemplate(s, owner))
      .thenThrows('NOT_FOUND');
  });
});
