import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { CourseMessages } from '../../../contracts/validation/enrollment';
import { deciderSpec } from '../shared/spec';
import {
  decideCourseRecordingConsent,
  decideCourseRetention,
  decideCreateCourse,
  evolveCourse,
  initialCourse,
  isPastCourse,
  type CreateCourse,
} from './course';
import type { CourseEvent, PricingEvent } from './events';
import {
  decideChangePricingPlan,
  decideCreatePricingPlan,
  decideMakeDefault,
  evolvePricing,
  initialPricing,
  priceAgreementFor,
} from './pricing';

const now = new Date('2026-11-21T12:00:00Z');
const ctx = { now, actor: { accountId: 'i1', roles: ['INSTRUCTOR'] } };
const agreement = { id: 'pa1', kind: 'standard' as const, pricingPlanId: 'p1', unitPrice: 1500, currency: 'usd' };
function ids() {
  let n = 0;
  return () => `id${++n}`;
}
const create = (over: Partial<CreateCourse> = {}): CreateCourse => ({
  courseId: 'c1',
  kind: 'regular',
  name: ' Spanish 101 ',
  language: 'es',
  proficiency: 'beginner',
  startDate: '2026-12-01',
  endDate: '2027-03-01',
  inviteNumber: '123456',
  completionRequirement: 2,
  durationRequirement: 15,
  ownerId: 'i1',
  school: 'Lincoln High',
  priceAgreement: agreement,
  newId: ids(),
  ...over,
});

describe('course decider', () => {
  const spec = deciderSpec(evolveCourse, initialCourse);
  it('creates a course with one lesson assignment per required conversation', () => {
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create(), ctx))
      .then([
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
            completionRequirement: 2,
            durationRequirement: 15,
            ownerId: 'i1',
            school: 'Lincoln High',
            priceAgreement: agreement,
            templateId: null,
          },
        },
        {
          type: 'LessonAssigned',
          data: {
            courseId: 'c1',
            lessonAssignmentId: 'id1',
            lessonId: 'id2',
            title: 'Conversation 1',
            discussionTopic: null,
            privateNote: null,
            dueOn: null,
            order: 1,
          },
        },
        {
          type: 'LessonAssigned',
          data: {
            courseId: 'c1',
            lessonAssignmentId: 'id3',
            lessonId: 'id4',
            title: 'Conversation 2',
            discussionTopic: null,
            privateNote: null,
            dueOn: null,
            order: 2,
          },
        },
      ]);
  });

  it("titles new lessons in the creator's language when given one, in English otherwise", () => {
    const titles = (over: Partial<CreateCourse>) =>
      decideCreateCourse(initialCourse(), create(over), ctx)
        .filter((e) => e.type === 'LessonAssigned')
        .map((e) => (e.data as { title: string }).title);
    assert.deepEqual(titles({ lessonTitle: (n) => `Conversación ${n}` }), ['Conversación 1', 'Conversación 2']);
    assert.deepEqual(titles({}), ['Conversation 1', 'Conversation 2']);
  });

  it('gives an adventure no school and no end, starting today (in the default time zone)', () => {
    const [created] = decideCreateCourse(
      initialCourse(),
      create({ kind: 'adventure', startDate: null, endDate: null, completionRequirement: 1 }),
      ctx,
    ) as CourseEvent[];
    assert.equal(created.type, 'CourseCreated');
    const data = created.data as any;
    assert.equal(data.school, null);
    assert.equal(data.endDate, null);
    assert.equal(data.startDate, '2026-11-21');
    const lateEvening = { ...ctx, now: new Date('2026-11-22T03:00:00Z') }; // 10 PM on the 21st in New York
    const [late] = decideCreateCourse(
      initialCourse(),
      create({ kind: 'adventure', startDate: null, endDate: null, completionRequirement: 1 }),
      lateEvening,
    ) as CourseEvent[];
    assert.equal((late.data as any).startDate, '2026-11-21');
  });

  it('stores the calendar dates it was given, whatever the time of day', () => {
    const [created] = decideCreateCourse(initialCourse(), create({ startDate: '2026-11-23', endDate: '2026-11-23' }), {
      ...ctx,
      now: new Date('2026-11-23T23:30:00Z'),
    }) as CourseEvent[];
    assert.deepEqual([(created.data as any).startDate, (created.data as any).endDate], ['2026-11-23', '2026-11-23'], 'a one-day course');
  });

  it("compares dates with today in the creator's time zone (America/New_York by default)", () => {
    // 03:00 UTC on the 22nd is still the 21st in New York: an end date of the 21st is today, not past.
    const nyEvening = { ...ctx, now: new Date('2026-11-22T03:00:00Z') };
    assert.doesNotThrow(() => decideCreateCourse(initialCourse(), create({ startDate: '2026-11-21', endDate: '2026-11-21' }), nyEvening));
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create({ startDate: '2026-11-01', endDate: '2026-11-20' }), nyEvening))
      .thenThrows('BAD_USER_INPUT', CourseMessages.endInPast);
    // In Tokyo it is already the 22nd.
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create({ startDate: '2026-11-01', endDate: '2026-11-21', timeZone: 'Asia/Tokyo' }), nyEvening))
      .thenThrows('BAD_USER_INPUT', CourseMessages.endInPast);
  });

  it('refuses dates that are not calendar dates, and an end before the start', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '1', '2026-11-23T00:00:00Z', '26-11-23', '2101-01-01', '1999-12-31']) {
      spec
        .given([])
        .when((s) => decideCreateCourse(s, create({ endDate: bad }), ctx))
        .thenThrows('BAD_USER_INPUT', CourseMessages.dateInvalid);
      spec
        .given([])
        .when((s) => decideCreateCourse(s, create({ startDate: bad }), ctx))
        .thenThrows('BAD_USER_INPUT', CourseMessages.dateInvalid);
    }
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create({ startDate: '2026-12-02', endDate: '2026-12-01' }), ctx))
      .thenThrows('BAD_USER_INPUT', CourseMessages.endBeforeStart);
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create({ startDate: null }), ctx))
      .thenThrows('BAD_USER_INPUT', CourseMessages.startDateRequired);
  });

  it('refuses bad fields with per-field messages', () => {
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create({ durationRequirement: 20 }), ctx))
      .thenThrows('BAD_USER_INPUT', CourseMessages.durationInvalid);
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create({ startDate: '2026-10-01', endDate: '2026-11-01' }), ctx))
      .thenThrows('BAD_USER_INPUT', CourseMessages.endInPast);
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create({ language: 'xx', name: '' }), ctx))
      .thenThrows('BAD_USER_INPUT');
    spec
      .given([])
      .when((s) => decideCreateCourse(s, create({ completionRequirement: 0 }), ctx))
      .thenThrows('BAD_USER_INPUT', CourseMessages.completionInvalid);
  });

  it('is created once', () => {
    const events = decideCreateCourse(initialCourse(), create(), ctx);
    spec
      .given(events)
      .when((s) => decideCreateCourse(s, create(), ctx))
      .thenThrows('CONFLICT');
  });

  it('is past once its end date is over everywhere on Earth (UTC−12); adventures never', () => {
    assert.equal(isPastCourse({ endDate: '2026-11-20' }, now), true);
    assert.equal(isPastCourse({ endDate: '2026-11-21' }, now), false, 'its end date is today');
    assert.equal(isPastCourse({ endDate: '2026-11-22' }, now), false);
    // The 21st ends in UTC−12 at 12:00 UTC on the 22nd.
    assert.equal(isPastCourse({ endDate: '2026-11-21' }, new Date('2026-11-22T11:59:59.999Z')), false);
    assert.equal(isPastCourse({ endDate: '2026-11-21' }, new Date('2026-11-22T12:00:00Z')), true);
    assert.equal(isPastCourse({ endDate: null }, now), false);
  });
});

describe("a course's recording consent (issue 34)", () => {
  const spec = deciderSpec(evolveCourse, initialCourse);
  const created = () => decideCreateCourse(initialCourse(), create(), ctx);
  it('is off at first; the owner turns it on and off, and the same value appends nothing', () => {
    spec
      .given(created())
      .when((s) => decideCourseRecordingConsent(s, { allowRecordingUnderAge: true }, ctx))
      .then([{ type: 'CourseRecordingConsentChanged', data: { courseId: 'c1', allowRecordingUnderAge: true } }]);
    spec
      .given(created())
      .when((s) => decideCourseRecordingConsent(s, { allowRecordingUnderAge: false }, ctx))
      .then([]);
  });
  it('refuses another instructor and a course that does not exist', () => {
    const other = { now, actor: { accountId: 'i2', roles: ['INSTRUCTOR'] } };
    spec
      .given(created())
      .when((s) => decideCourseRecordingConsent(s, { allowRecordingUnderAge: true }, other))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([])
      .when((s) => decideCourseRecordingConsent(s, { allowRecordingUnderAge: true }, ctx))
      .thenThrows('NOT_FOUND');
  });
});

describe("a course's recordings' retention (issue 34)", () => {
  const spec = deciderSpec(evolveCourse, initialCourse);
  const created = () => decideCreateCourse(initialCourse(), create(), ctx);
  it("is the school's default until the owner sets days within the school's most, or back to the default", () => {
    spec
      .given(created())
      .when((s) => decideCourseRetention(s, { retentionDays: 30, maxRetentionDays: 365 }, ctx))
      .then([{ type: 'CourseRetentionChanged', data: { courseId: 'c1', retentionDays: 30 } }]);
    spec
      .given([...created(), { type: 'CourseRetentionChanged', data: { courseId: 'c1', retentionDays: 30 } }])
      .when((s) => decideCourseRetention(s, { retentionDays: null, maxRetentionDays: 365 }, ctx))
      .then([{ type: 'CourseRetentionChanged', data: { courseId: 'c1', retentionDays: null } }]);
    spec
      .given(created())
      .when((s) => decideCourseRetention(s, { retentionDays: null, maxRetentionDays: 365 }, ctx))
      .then([]);
  });
  it("refuses days out of 0 to the school's most, and another instructor", () => {
    for (const bad of [-1, 366, 2.5])
      spec
        .given(created())
        .when((s) => decideCourseRetention(s, { retentionDays: bad, maxRetentionDays: 365 }, ctx))
        .thenThrows('BAD_USER_INPUT', 'Recordings may be kept from 0 to 365 days after the course ends.');
    spec
      .given(created())
      .when((s) =>
        decideCourseRetention(s, { retentionDays: 30, maxRetentionDays: 365 }, { now, actor: { accountId: 'i2', roles: ['INSTRUCTOR'] } }),
      )
      .thenThrows('UNAUTHORIZED');
  });
});

describe('pricing plans', () => {
  const spec = deciderSpec(evolvePricing, initialPricing);
  const plan = (id: string, over: Record<string, unknown> = {}) => ({
    pricingPlanId: id,
    name: `Plan ${id}`,
    kind: 'standard',
    conversationDuration: 15,
    priceList: [
      { conversationDuration: 15, unitPrice: 1500 },
      { conversationDuration: 30, unitPrice: 2500 },
    ],
    ...over,
  });
  it('makes the first plan the system default, and only one default at a time', () => {
    const first = decideCreatePricingPlan(initialPricing(), plan('p1'));
    assert.equal((first[0].data as any).systemDefault, true);
    const state = [...first, ...decideCreatePricingPlan(evolvePricing(initialPricing(), first[0] as PricingEvent), plan('p2'))].reduce(
      evolvePricing,
      initialPricing(),
    );
    assert.equal(state.defaultId, 'p1');
    spec
      .given([...first])
      .when((s) => decideMakeDefault(s, { pricingPlanId: 'p1' }))
      .then([]);
    spec
      .given([...first])
      .when((s) => decideMakeDefault(s, { pricingPlanId: 'nope' }))
      .thenThrows('NOT_FOUND');
  });
  it('refuses prices that are not whole cents for 15 or 30 minutes', () => {
    spec
      .given([])
      .when((s) => decideCreatePricingPlan(s, plan('p1', { priceList: [{ conversationDuration: 20, unitPrice: 100 }] })))
      .thenThrows('BAD_USER_INPUT');
    spec
      .given([])
      .when((s) => decideCreatePricingPlan(s, plan('p1', { priceList: [{ conversationDuration: 15, unitPrice: 1.5 }] })))
      .thenThrows('BAD_USER_INPUT');
  });
  it("edits a plan's terms (tidied, prices in duration order), keeps its default, and changes nothing when saved unchanged", () => {
    const created = decideCreatePricingPlan(initialPricing(), plan('p1'));
    const edit = {
      ...plan('p1'),
      name: '  Spring offer ',
      kind: 'reserved',
      priceList: [
        { conversationDuration: 30, unitPrice: 2400 },
        { conversationDuration: 15, unitPrice: 1400 },
      ],
      promotionalPriceList: [],
    };
    spec
      .given(created)
      .when((s) => decideChangePricingPlan(s, edit))
      .then([
        {
          type: 'PricingPlanChanged',
          data: {
            pricingPlanId: 'p1',
            name: 'Spring offer',
            kind: 'reserved',
            conversationDuration: 15,
            priceList: [
              { conversationDuration: 15, unitPrice: 1400 },
              { conversationDuration: 30, unitPrice: 2400 },
            ],
            promotionalPriceList: null,
          },
        },
      ]);
    const changed = [...created, ...decideChangePricingPlan(created.reduce(evolvePricing, initialPricing()), edit)];
    const state = changed.reduce(evolvePricing, initialPricing());
    assert.equal(state.plans[0].name, 'Spring offer');
    assert.equal(state.plans[0].systemDefault, true);
    assert.equal(state.defaultId, 'p1');
    spec
      .given(changed)
      .when((s) => decideChangePricingPlan(s, { ...edit, priceList: [...edit.priceList].reverse() }))
      .then([]);
    spec
      .given(created)
      .when((s) => decideChangePricingPlan(s, plan('p1')))
      .then([]);
    spec
      .given(created)
      .when((s) => decideChangePricingPlan(s, plan('nope')))
      .thenThrows('NOT_FOUND');
    spec
      .given(created)
      .when((s) => decideChangePricingPlan(s, { ...plan('p1'), name: ' ' }))
      .thenThrows('BAD_USER_INPUT');
    spec
      .given(created)
      .when((s) => decideChangePricingPlan(s, { ...plan('p1'), name: 'x'.repeat(101) }))
      .thenThrows('BAD_USER_INPUT');
    spec
      .given(created)
      .when((s) => decideChangePricingPlan(s, { ...plan('p1'), priceList: [{ conversationDuration: 15, unitPrice: 1_000_001 }] }))
      .thenThrows('BAD_USER_INPUT');
  });
  it("gives a course the promotional price, else the list price, else none ('Contact Sales')", () => {
    const p = {
      ...plan('p1'),
      kind: 'standard' as const,
      promotionalPriceList: [{ conversationDuration: 15, unitPrice: 1000 }],
      systemDefault: true,
    };
    assert.equal(priceAgreementFor(p, 15, 'a').unitPrice, 1000);
    assert.equal(priceAgreementFor(p, 30, 'a').unitPrice, 2500);
    assert.equal(priceAgreementFor({ ...p, priceList: [], promotionalPriceList: null }, 30, 'a').unitPrice, null);
    assert.equal(priceAgreementFor({ ...p, kind: 'institutional' }, 15, 'a').unitPrice, null);
    assert.deepEqual(priceAgreementFor(null, 15, 'a'), {
      id: 'a',
      kind: 'standard',
      pricingPlanId: null,
      unitPrice: null,
      currency: 'usd',
    });
  });
});
