import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { EnrollmentMessages } from '../../../contracts/enrollment';
import { deciderSpec } from '../shared/spec';
import {
  AttemptClosedError,
  assertStudentAccount,
  decideCompleteAttempt,
  decideEnroll,
  decideFailAttempt,
  decidePaidBy,
  decideStartAttempt,
  evolveEnrollment,
  idempotencyKeyFor,
  initialEnrollment,
  type EnrollmentEvent,
} from './enrollment';

const spec = deciderSpec(evolveEnrollment as any, initialEnrollment);
const now = new Date('2026-11-21T12:00:00Z');
const start = {
  courseId: 'c1',
  studentId: 's1',
  courseKind: 'regular' as const,
  tokenHash: 'h1',
  amount: 6000,
  currency: 'usd',
  extraConversations: 0,
};
const started = (attempt = 1, at = now): EnrollmentEvent & { metadata: { occurredAt: string } } => ({
  type: 'EnrollmentPaymentStarted',
  data: {
    courseId: 'c1',
    studentId: 's1',
    attempt,
    idempotencyKey: idempotencyKeyFor('c1', 's1', attempt),
    tokenHash: 'h1',
    amount: 6000,
    currency: 'usd',
    extraConversations: 0,
  },
  metadata: { occurredAt: at.toISOString() },
});
const enrolledBy = (kind: 'institutional' | 'redemption_code' = 'institutional'): EnrollmentEvent => ({
  type: 'StudentEnrolled',
  data: {
    enrollmentId: 'e1',
    courseId: 'c1',
    studentId: 's1',
    courseKind: 'regular',
    enrolledWith: kind,
    extraConversations: 0,
    minuteQuantity: 60,
    paymentId: null,
    amount: null,
    redemptionCodeId: null,
    attempt: null,
  },
});
const enrollCmd = {
  enrollmentId: 'e1',
  courseId: 'c1',
  studentId: 's1',
  courseKind: 'regular' as const,
  enrolledWith: 'institutional' as const,
  extraConversations: 0,
  minuteQuantity: 60,
  redemptionCodeId: null,
};

describe('enrollment decider', () => {
  it('enrolls once', () => {
    spec
      .given([])
      .when((s) => decideEnroll(s, enrollCmd, now))
      .then([enrolledBy()]);
    spec
      .given([enrolledBy()])
      .when((s) => decideEnroll(s, enrollCmd, now))
      .thenThrows('CONFLICT', EnrollmentMessages.courseAlreadyEnrolled);
    spec
      .given([enrolledBy()])
      .when((s) => decideEnroll(s, { ...enrollCmd, courseKind: 'adventure' }, now))
      .thenThrows('CONFLICT', EnrollmentMessages.adventureAlreadyEnrolled);
  });

  it('numbers card attempts and derives each idempotency key from course, student and attempt', () => {
    const [first] = decideStartAttempt(initialEnrollment(), start);
    assert.equal(first.data.attempt, 1);
    assert.equal(first.data.idempotencyKey, idempotencyKeyFor('c1', 's1', 1));
    const failed: EnrollmentEvent = {
      type: 'EnrollmentPaymentFailed',
      data: { attempt: 1, reason: 'declined', code: 'generic_decline', message: 'Your card was declined.' },
    };
    const { metadata: _m, ...second } = started(2);
    spec
      .given([started(1), failed])
      .when((s) => decideStartAttempt(s, start))
      .then([second as EnrollmentEvent]);
    assert.notEqual(idempotencyKeyFor('c1', 's1', 1), idempotencyKeyFor('c1', 's1', 2));
  });

  it('lets one card attempt run at a time, and blocks other ways of enrolling meanwhile', () => {
    spec
      .given([started(1)])
      .when((s) => decideStartAttempt(s, start))
      .thenThrows('CONFLICT', EnrollmentMessages.paymentInProgress);
    spec
      .given([started(1)])
      .when((s) => decideEnroll(s, enrollCmd, now))
      .thenThrows('CONFLICT', EnrollmentMessages.paymentInProgress);
  });

  it('releases an abandoned attempt (older than three minutes) when enrolling another way', () => {
    const old = started(1, new Date(now.getTime() - 4 * 60_000));
    spec
      .given([old])
      .when((s) => decideEnroll(s, enrollCmd, now))
      .then([{ type: 'EnrollmentPaymentFailed', data: { attempt: 1, reason: 'abandoned', code: null, message: null } }, enrolledBy()]);
  });

  it('completes an open attempt as the enrollment, once', () => {
    const complete = (s: any) =>
      decideCompleteAttempt(s, {
        attempt: 1,
        enrollmentId: 'e1',
        courseId: 'c1',
        studentId: 's1',
        courseKind: 'regular',
        minuteQuantity: 60,
        paymentId: 'p1',
        amount: 6000,
      });
    spec
      .given([started(1)])
      .when(complete)
      .then([
        {
          type: 'StudentEnrolled',
          data: {
            enrollmentId: 'e1',
            courseId: 'c1',
            studentId: 's1',
            courseKind: 'regular',
            enrolledWith: 'credit_card',
            extraConversations: 0,
            minuteQuantity: 60,
            paymentId: 'p1',
            amount: 6000,
            redemptionCodeId: null,
            attempt: 1,
          },
        },
      ]);
    // A closed attempt cannot complete: its charge is refunded by the handler.
    const failed: EnrollmentEvent = {
      type: 'EnrollmentPaymentFailed',
      data: { attempt: 1, reason: 'abandoned', code: null, message: null },
    };
    assert.throws(() => complete([started(1), failed].reduce(evolveEnrollment as any, initialEnrollment())), AttemptClosedError);
  });

  it('records a decline on an open attempt only', () => {
    const fail = (s: any) =>
      decideFailAttempt(s, { attempt: 1, reason: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    spec
      .given([started(1)])
      .when(fail)
      .then([
        {
          type: 'EnrollmentPaymentFailed',
          data: { attempt: 1, reason: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
        },
      ]);
    spec.given([]).when(fail).then([]);
  });

  it('refuses a redemption code for an institutional course: the school pays, and the code stays unused', () => {
    const paid = { courseKind: 'regular' as const, cardToken: false, byAdmin: false, extraConversations: 0 };
    assert.throws(
      () => decidePaidBy({ ...paid, agreementKind: 'institutional', code: true }),
      (e: any) =>
        e.code === 'BAD_USER_INPUT' &&
        e.message === EnrollmentMessages.codeNotNeeded &&
        e.fields?.code === EnrollmentMessages.codeNotNeeded,
    );
    assert.equal(decidePaidBy({ ...paid, agreementKind: 'institutional', code: false }), 'institutional');
    assert.equal(decidePaidBy({ ...paid, agreementKind: 'standard', code: true }), 'redemption_code');
    assert.equal(decidePaidBy({ ...paid, agreementKind: 'reserved', code: true }), 'redemption_code');
    assert.equal(decidePaidBy({ ...paid, agreementKind: 'standard', code: false, cardToken: true }), 'card');
    assert.equal(decidePaidBy({ ...paid, agreementKind: 'standard', code: false, byAdmin: true, extraConversations: 2 }), 'admin');
    assert.throws(
      () => decidePaidBy({ ...paid, agreementKind: 'standard', code: false }),
      (e: any) => e.message === EnrollmentMessages.paymentRequired,
    );
    assert.throws(
      () => decidePaidBy({ ...paid, agreementKind: 'standard', code: true, extraConversations: 1 }),
      (e: any) => e.code === 'BAD_USER_INPUT',
    );
  });

  it('enrolls students only, onboarding or not', () => {
    assert.doesNotThrow(() => assertStudentAccount(['STUDENT']));
    assert.doesNotThrow(() => assertStudentAccount(['ONBOARDING_STUDENT', 'INSTRUCTOR']));
    for (const roles of [[], ['INSTRUCTOR'], ['ADMIN'], ['ONBOARDING_SPEAKER', 'SPEAKER']]) {
      assert.throws(
        () => assertStudentAccount(roles),
        (e: any) => e.code === 'BAD_USER_INPUT' && e.message === EnrollmentMessages.notAStudent,
        roles.join(),
      );
    }
  });
});
