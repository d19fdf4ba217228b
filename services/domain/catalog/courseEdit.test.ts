/**
 * changeCourse's decider (docs/decisions/course-edit.md, "Course edit"): the fields it changes, the lesson count
 * up and down, what is locked once students joined, past courses and adventures, and who may.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { CourseMessages } from '../../../contracts/validation/enrollment';
import { deciderSpec } from '../shared/spec';
import { decideChangeCourse, evolveCourse, initialCourse, type ChangeCourse } from './course';
import type { CourseEvent, PriceAgreement } from './events';
import { repricedAgreement } from './pricing';

const now = new Date('2026-11-21T12:00:00Z');
const owner = { now, actor: { accountId: 'i1', roles: ['INSTRUCTOR'] } };
const other = { now, actor: { accountId: 'i2', roles: ['INSTRUCTOR'] } };
const admin = { now, actor: { accountId: 'a1', roles: ['ADMIN'] } };
const standard: PriceAgreement = { id: 'pa1', kind: 'standard', pricingPlanId: 'p1', unitPrice: 1500, currency: 'usd' };
const repriced: PriceAgreement = { id: 'pa2', kind: 'standard', pricingPlanId: 'p1', unitPrice: 2500, currency: 'usd' };

const lesson = (n: number, topic: string | null = null): CourseEvent => ({
  type: 'LessonAssigned',
  data: {
    courseId: 'c1',
    lessonAssignmentId: `la${n}`,
    lessonId: `l${n}`,
    title: `Conversation ${n}`,
    discussionTopic: topic,
    privateNote: null,
    dueOn: null,
    order: n,
  },
});

function course(
  over: { lessons?: number; kind?: 'regular' | 'adventure'; agreement?: PriceAgreement; endDate?: string | null; duration?: number } = {},
): CourseEvent[] {
  const lessons = over.lessons ?? 3;
  return [
    {
      type: 'CourseCreated',
      data: {
        courseId: 'c1',
        kind: over.kind ?? 'regular',
        name: 'Spanish 101',
        language: 'es',
        proficiency: 'beginner',
        startDate: '2026-12-01',
        endDate: over.endDate === undefined ? '2027-03-01' : over.endDate,
        inviteNumber: '123456',
        completionRequirement: lessons,
        durationRequirement: over.duration ?? 15,
        ownerId: 'i1',
        school: null,
        priceAgreement: over.agreement ?? standard,
        templateId: null,
      },
    },
    ...Array.from({ length: lessons }, (_, i) => lesson(i + 1)),
  ];
}

/** A command with no students, ids new1, new2 … and the repriced agreement for a new length. */
function change(fields: Partial<ChangeCourse> = {}): ChangeCourse {
  let n = 0;
  return { roster: { enrolled: 0, heldLessonIds: [] }, priceFor: () => repriced, newId: () => `new${++n}`, ...fields };
}

const changed = (over: Record<string, unknown> = {}): CourseEvent => ({
  type: 'CourseChanged',
  data: {
    courseId: 'c1',
    name: 'Spanish 101',
    language: 'es',
    proficiency: 'beginner',
    startDate: '2026-12-01',
    endDate: '2027-03-01',
    completionRequirement: 3,
    durationRequirement: 15,
    priceAgreement: standard,
    ...over,
  } as any,
});

describe('course edit', () => {
  const spec = deciderSpec(evolveCourse, initialCourse);

  it('changes the name (trimmed), proficiency and dates; the same values change nothing', () => {
    spec
      .given(course())
      .when((s) =>
        decideChangeCourse(
          s,
          change({ name: ' Spanish 102 ', proficiency: 'intermediate', startDate: '2026-11-01', endDate: '2027-04-30' }),
          owner,
        ),
      )
      .then([changed({ name: 'Spanish 102', proficiency: 'intermediate', startDate: '2026-11-01', endDate: '2027-04-30' })]);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ name: 'Spanish 101', completionRequirement: 3, durationRequirement: 15 }), owner))
      .then([]);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change(), owner))
      .then([]);
  });

  it("applies createCourse's rules with their messages", () => {
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ name: '  ' }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.nameRequired);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ name: 'x'.repeat(121) }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.nameTooLong);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ completionRequirement: 0 }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.completionInvalid);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ completionRequirement: 101 }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.completionInvalid);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ durationRequirement: 20 }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.durationInvalid);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ endDate: '2026-11-20' }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.endInPast);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ endDate: '2026-11-30' }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.endBeforeStart);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ language: 'xx' }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.languageInvalid);
    // The end may be today (in the editor's zone): a course may end on the day it is edited.
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ startDate: '2026-11-01', endDate: '2026-11-21' }), owner))
      .then([changed({ startDate: '2026-11-01', endDate: '2026-11-21' })]);
  });

  it("keeps an unchanged end date that is already over in the editor's zone (the course is current somewhere)", () => {
    // 2026-11-21 is over in Tokyo at 23:00 UTC, still the 21st in UTC−12: not a past course.
    const late = { ...owner, now: new Date('2026-11-21T23:00:00Z') };
    spec
      .given(
        course({ endDate: '2026-11-21' }).map((e) =>
          e.type === 'CourseCreated' ? { ...e, data: { ...e.data, startDate: '2026-11-01' } } : e,
        ),
      )
      .when((s) => decideChangeCourse(s, change({ name: 'Renamed', timeZone: 'Asia/Tokyo' }), late))
      .then([changed({ name: 'Renamed', startDate: '2026-11-01', endDate: '2026-11-21' })]);
  });

  it('adds lessons at the end with their assignments when the count goes up', () => {
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ completionRequirement: 5 }), owner))
      .then([
        changed({ completionRequirement: 5 }),
        {
          type: 'LessonAssigned',
          data: {
            courseId: 'c1',
            lessonAssignmentId: 'new1',
            lessonId: 'new2',
            title: 'Conversation 4',
            discussionTopic: null,
            privateNote: null,
            dueOn: null,
            order: 4,
          },
        },
        {
          type: 'LessonAssigned',
          data: {
            courseId: 'c1',
            lessonAssignmentId: 'new3',
            lessonId: 'new4',
            title: 'Conversation 5',
            discussionTopic: null,
            privateNote: null,
            dueOn: null,
            order: 5,
          },
        },
      ]);
  });

  it('removes the last lessons when the count goes down, last first, and the state follows', () => {
    const events = decideChangeCourse(course().reduce(evolveCourse, initialCourse()), change({ completionRequirement: 1 }), owner);
    assert.deepEqual(events, [
      changed({ completionRequirement: 1 }),
      { type: 'LessonRemoved', data: { courseId: 'c1', lessonAssignmentId: 'la3', lessonId: 'l3' } },
      { type: 'LessonRemoved', data: { courseId: 'c1', lessonAssignmentId: 'la2', lessonId: 'l2' } },
    ]);
    const after = [...course(), ...events].reduce(evolveCourse, initialCourse());
    assert.equal(after.course?.completionRequirement, 1);
    assert.deepEqual(
      after.lessons.map((l) => l.lessonId),
      ['l1'],
    );
    // Up again: new lessons continue the numbering after the last one kept.
    const again = decideChangeCourse(after, change({ completionRequirement: 2 }), owner);
    assert.equal(again[1].type === 'LessonAssigned' && again[1].data.order, 2);
  });

  it('keeps every lesson a student reserved or held a conversation for', () => {
    const held = change({ completionRequirement: 1, roster: { enrolled: 2, heldLessonIds: ['l1', 'l2'] } });
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, held, owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.lessonsHeld(2));
    assert.equal(
      CourseMessages.lessonsHeld(2),
      'A student has already reserved or held a conversation for lesson 2, so the course needs at least 2 conversations.',
    );
    // Lessons nobody attempted still go, with students enrolled.
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ completionRequirement: 2, roster: { enrolled: 2, heldLessonIds: ['l1', 'l2'] } }), owner))
      .then([
        changed({ completionRequirement: 2 }),
        { type: 'LessonRemoved', data: { courseId: 'c1', lessonAssignmentId: 'la3', lessonId: 'l3' } },
      ]);
  });

  it('changes language and conversation length only while no student has joined; a new length is repriced', () => {
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ language: 'fr', durationRequirement: 30 }), owner))
      .then([changed({ language: 'fr', durationRequirement: 30, priceAgreement: repriced })]);
    const joined = { roster: { enrolled: 1, heldLessonIds: [] } };
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ language: 'fr', ...joined }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.languageLocked);
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ durationRequirement: 30, ...joined }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.durationLocked);
    // A withdrawn student's held conversation counts as joined too.
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ language: 'fr', roster: { enrolled: 0, heldLessonIds: ['l1'] } }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.languageLocked);
    // Both at once: each field its message.
    assert.throws(
      () =>
        decideChangeCourse(
          course().reduce(evolveCourse, initialCourse()),
          change({ language: 'fr', durationRequirement: 30, ...joined }),
          owner,
        ),
      (e: any) => {
        assert.deepEqual(e.fields, { language: CourseMessages.languageLocked, durationRequirement: CourseMessages.durationLocked });
        return true;
      },
    );
    // Name, dates and the lesson count still change with students.
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ name: 'Spanish 102', completionRequirement: 4, ...joined }), owner))
      .then([
        changed({ name: 'Spanish 102', completionRequirement: 4 }),
        {
          type: 'LessonAssigned',
          data: {
            courseId: 'c1',
            lessonAssignmentId: 'new1',
            lessonId: 'new2',
            title: 'Conversation 4',
            discussionTopic: null,
            privateNote: null,
            dueOn: null,
            order: 4,
          },
        },
      ]);
  });

  it('refuses a shorter conversation length while a topic is longer than it takes', () => {
    const long = [...course({ lessons: 1, duration: 30 }).slice(0, 1), lesson(1, 'x'.repeat(700))];
    spec
      .given(long)
      .when((s) => decideChangeCourse(s, change({ durationRequirement: 15 }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.topicsTooLong(600));
  });

  it('changes requirements only for a standard price agreement', () => {
    const reserved = course({ agreement: { ...standard, kind: 'reserved' } });
    spec
      .given(reserved)
      .when((s) => decideChangeCourse(s, change({ completionRequirement: 4 }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.requirementsLocked);
    spec
      .given(reserved)
      .when((s) => decideChangeCourse(s, change({ durationRequirement: 30 }), owner))
      .thenThrows('BAD_USER_INPUT', CourseMessages.requirementsLocked);
    // The same values (the form sends them back) are not a change.
    spec
      .given(reserved)
      .when((s) => decideChangeCourse(s, change({ name: 'Renamed', completionRequirement: 3, durationRequirement: 15 }), owner))
      .then([changed({ name: 'Renamed', priceAgreement: { ...standard, kind: 'reserved' } })]);
  });

  it('refuses a past course, an adventure, a removed course, and anyone but the owner or an admin', () => {
    const past = course({ endDate: '2026-11-01' }).map((e) =>
      e.type === 'CourseCreated' ? { ...e, data: { ...e.data, startDate: '2026-09-01' } } : e,
    );
    spec
      .given(past)
      .when((s) => decideChangeCourse(s, change({ name: 'Renamed' }), owner))
      .thenThrows('CONFLICT', CourseMessages.coursePast);
    spec
      .given(course({ kind: 'adventure', endDate: null }))
      .when((s) => decideChangeCourse(s, change({ name: 'Renamed' }), admin))
      .thenThrows('CONFLICT', CourseMessages.adventureLocked);
    spec
      .given([...course(), { type: 'CourseRemoved', data: { courseId: 'c1' } }])
      .when((s) => decideChangeCourse(s, change({ name: 'Renamed' }), owner))
      .thenThrows('NOT_FOUND');
    spec
      .given([])
      .when((s) => decideChangeCourse(s, change({ name: 'Renamed' }), owner))
      .thenThrows('NOT_FOUND');
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ name: 'Renamed' }), other))
      .thenThrows('UNAUTHORIZED');
    spec
      .given(course())
      .when((s) => decideChangeCourse(s, change({ name: 'Renamed' }), admin))
      .then([changed({ name: 'Renamed' })]);
  });
});

describe('repricing for a new conversation length', () => {
  const plan = {
    pricingPlanId: 'p1',
    name: 'Standard',
    kind: 'standard' as const,
    conversationDuration: 15,
    systemDefault: true,
    priceList: [
      { conversationDuration: 15, unitPrice: 1500 },
      { conversationDuration: 30, unitPrice: 2500 },
    ],
    promotionalPriceList: null,
  };
  it("takes the plan's price for the new length, keeping the kind and plan; none without a plan or a price", () => {
    assert.deepEqual(repricedAgreement(standard, plan as any, 30, 'pa2'), { ...standard, id: 'pa2', unitPrice: 2500 });
    assert.deepEqual(repricedAgreement(standard, null, 30, 'pa2'), { ...standard, id: 'pa2', unitPrice: null });
    assert.deepEqual(repricedAgreement(standard, { ...plan, priceList: [plan.priceList[0]] } as any, 30, 'pa2'), {
      ...standard,
      id: 'pa2',
      unitPrice: null,
    });
  });
});
