/**
 * Enrolled once, charged once, minutes granted as decided (docs/decisions/enrollment-and-payments.md, Enrollment and
 * payments), the ledger never below zero, and admin enrollment.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { EnrollmentMessages } from '../../contracts/enrollment';
import { enrollmentStream, idempotencyKeyFor } from '../../services/domain/enrollment/enrollment';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import {
  ENROLL,
  MINUTES,
  countEvents,
  createCourse,
  createCourseAsSystem,
  createInstructor,
  createPlans,
  student,
  tokenize,
} from '../support/enrollment';

let app: TestApp;
let plans: Awaited<ReturnType<typeof createPlans>>;
let admin: { token: string; accountId: string };
let paid: { id: string; inviteNumber: string };
beforeAll(async () => {
  app = await startTestApp({}, 'enrollment_concurrency');
  plans = await createPlans(app);
  admin = await createAdmin(app);
  const teacher = await createInstructor(app);
  paid = await createCourse(app, teacher.token, { name: 'Busy course', completionRequirement: 4, durationRequirement: 15 });
});
afterAll(async () => {
  await app.close();
});

describe('enrolled once, charged once', () => {
  it('of five concurrent card enrollments of one student (five cards), one enrolls and one card is charged', async () => {
    const s = await student(app, 'tabs');
    const tokens = await Promise.all(Array.from({ length: 5 }, () => tokenize(app, '4242424242424242')));
    const results = await Promise.all(
      tokens.map((cardToken) => app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, cardToken } }, s.token)),
    );
    const ok = results.filter((r) => r.data?.enrollUser?.enrolled);
    assert.equal(ok.length, 1, JSON.stringify(results.map((r) => r.errors?.[0]?.message)));
    for (const r of results.filter((r) => r.errors)) {
      assert.ok(
        [EnrollmentMessages.paymentInProgress, EnrollmentMessages.courseAlreadyEnrolled].includes(r.errors![0].message as any),
        r.errors![0].message,
      );
    }
    let charges = 0;
    for (const token of tokens) charges += await app.runtime.payments.local!.chargeCount({ token });
    assert.equal(charges, 1, 'one charge');
    assert.equal(await countEvents(app, 'StudentEnrolled', enrollmentStream(paid.id, s.accountId)), 1);
    const me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 60);
    assert.equal(me.data.me.account.paidPayments.length, 1);
  });

  it('of concurrent enrollments in an institutional course, one enrolls and the minutes are granted once', async () => {
    const course = await createCourseAsSystem(app, {
      name: 'School course',
      pricingPlanId: plans.institutional,
      completionRequirement: 4,
      durationRequirement: 30,
    });
    const s = await student(app, 'eager');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => app.gql(ENROLL, { input: { inviteNumber: course.inviteNumber } }, s.token)),
    );
    assert.equal(results.filter((r) => r.data?.enrollUser?.enrolled).length, 1);
    for (const r of results.filter((r) => r.errors)) assert.equal(r.errors![0].message, EnrollmentMessages.courseAlreadyEnrolled);
    const me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 4 * 30, 'completion requirement × duration');
    assert.deepEqual(me.data.me.account.paidPayments, []);
  });

  it('settles an attempt left open by a dead process when the student tries again', async () => {
    const s = await student(app, 'crashed');
    const key = idempotencyKeyFor(paid.id, s.accountId, 1);
    // An attempt opened five minutes ago whose process died before charging.
    await app.runtime.commands.execute({ actor: SYSTEM_ACTOR, now: () => new Date(Date.now() - 5 * 60_000) }, async (tx) => {
      tx.append(enrollmentStream(paid.id, s.accountId), [
        {
          type: 'EnrollmentPaymentStarted',
          data: {
            courseId: paid.id,
            studentId: s.accountId,
            attempt: 1,
            idempotencyKey: key,
            tokenHash: 'gone',
            amount: 6000,
            currency: 'usd',
            extraConversations: 0,
          },
        },
      ]);
    });
    const res = await app.gql(
      ENROLL,
      { input: { inviteNumber: paid.inviteNumber, cardToken: await tokenize(app, '4242424242424242') } },
      s.token,
    );
    assert.equal(res.data?.enrollUser.enrolled, true, JSON.stringify(res.errors));
    assert.equal(
      await countEvents(app, 'EnrollmentPaymentFailed', enrollmentStream(paid.id, s.accountId)),
      1,
      'the old attempt is closed as abandoned',
    );
  });

  it('refuses a second payment while one is being processed', async () => {
    const s = await student(app, 'busy');
    await app.runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
      tx.append(enrollmentStream(paid.id, s.accountId), [
        {
          type: 'EnrollmentPaymentStarted',
          data: {
            courseId: paid.id,
            studentId: s.accountId,
            attempt: 1,
            idempotencyKey: 'k',
            tokenHash: 'other',
            amount: 6000,
            currency: 'usd',
            extraConversations: 0,
          },
        },
      ]);
    });
    const res = await app.gql(
      ENROLL,
      { input: { inviteNumber: paid.inviteNumber, cardToken: await tokenize(app, '4242424242424242') } },
      s.token,
    );
    assert.equal(res.errors![0].message, EnrollmentMessages.paymentInProgress);
  });
});

describe('minutes an enrollment grants', () => {
  it('grants (completion requirement + extra conversations) × duration', async () => {
    const course = await createCourseAsSystem(app, { name: 'Thirty', completionRequirement: 3, durationRequirement: 30 });
    const s = await student(app, 'extra');
    const res = await app.gql(
      ENROLL,
      { input: { inviteNumber: course.inviteNumber, cardToken: await tokenize(app, '4242424242424242'), extraConversations: 2 } },
      s.token,
    );
    assert.equal(res.data.enrollUser.courseEnrollment.minuteQuantity, (3 + 2) * 30);
    assert.equal(res.data.enrollUser.payment.amount, 5 * 2500);
    const me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 150);
  });

  it('refuses more than 9 extra conversations, and extras on institutional courses', async () => {
    const s = await student(app, 'greedy');
    const res = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, cardToken: 'tok', extraConversations: 10 } }, s.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    const school = await createCourseAsSystem(app, { name: 'School extras', pricingPlanId: plans.institutional });
    const inst = await app.gql(ENROLL, { input: { inviteNumber: school.inviteNumber, extraConversations: 1 } }, s.token);
    assert.equal(codeOf(inst), 'BAD_USER_INPUT');
  });
});

describe('the ledger never goes below zero', () => {
  it('lets only the debits the balance covers through, also when they race', async () => {
    const s = await student(app, 'spender');
    await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, cardToken: await tokenize(app, '4242424242424242') } }, s.token);
    const debit = `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => app.gql(debit, { input: { accountId: s.accountId, minutes: -15 } }, admin.token)),
    );
    assert.equal(results.filter((r) => r.data?.changeMinutes?.changed).length, 4);
    assert.ok(results.filter((r) => r.errors).every((r) => codeOf(r) === 'INSUFFICIENT_MINUTES'));
    const me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 0);
  });
});

describe('admin enrollment (userId)', () => {
  it('lets an admin enroll a student in a standard course without a card', async () => {
    const s = await student(app, 'enrolled-by-admin');
    const res = await app.gql(
      ENROLL,
      { input: { inviteNumber: paid.inviteNumber, userId: s.accountId, extraConversations: 1 } },
      admin.token,
    );
    assert.equal(res.data.enrollUser.courseEnrollment.enrolledWith, 'admin');
    assert.equal(res.data.enrollUser.courseEnrollment.minuteQuantity, 5 * 15);
    const me = await app.gql(`{ me { courses(scope: current_or_upcoming) { id } courseEnrollments { course { id } } } }`, {}, s.token);
    assert.deepEqual(me.data.me.courses, [{ id: paid.id }]);
  });

  it('refuses userId to students, and admin enrollment in courses without a standard agreement', async () => {
    const s = await student(app, 'not-admin');
    const other = await student(app, 'victim');
    const res = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, userId: other.accountId } }, s.token);
    assert.equal(codeOf(res), 'UNAUTHORIZED');
    const school = await createCourseAsSystem(app, { name: 'Institutional admin', pricingPlanId: plans.institutional });
    const inst = await app.gql(ENROLL, { input: { inviteNumber: school.inviteNumber, userId: other.accountId } }, admin.token);
    assert.equal(inst.errors![0].message, EnrollmentMessages.adminStandardOnly);
  });

  it('refuses enrollment to accounts without a student role', async () => {
    const teacher = await createInstructor(app);
    const res = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, cardToken: 'tok' } }, teacher.token);
    assert.equal(codeOf(res), 'UNAUTHORIZED');
  });
});
