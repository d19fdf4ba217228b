/**
 * Card payments through the local gateway (Stripe test mode's cards): tokenisation at the gateway's
 * own endpoint, declines that change nothing, idempotent charges, a double click charging once,
 * receipts, and a charge whose enrollment lost being refunded.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { EnrollmentMessages } from '../../contracts/enrollment';
import { enrollmentStream, idempotencyKeyFor } from '../../services/domain/enrollment/enrollment';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import type { LocalGateway } from '../../services/integrations/payments/local';
import { codeOf, startTestApp, type TestApp } from '../support/app';
import { ENROLL, MINUTES, countEvents, createCourse, createInstructor, createPlans, student, tokenize } from '../support/enrollment';

let app: TestApp;
let gateway: LocalGateway;
let invite: string;
let courseId: string;
beforeAll(async () => {
  app = await startTestApp({}, 'payments_local');
  await createPlans(app);
  gateway = app.runtime.payments.local!;
  const teacher = await createInstructor(app);
  const course = await createCourse(app, teacher.token, { name: 'Paid Spanish', completionRequirement: 4, durationRequirement: 15 });
  invite = course.inviteNumber;
  courseId = course.id;
});
afterAll(async () => {
  await app.close();
});

describe('the local gateway', () => {
  it('is the embedded default, and tells the browser where to tokenise (never a secret)', async () => {
    const res = await app.gql(`{ paymentConfiguration { provider publishableKey tokensUrl } }`);
    assert.deepEqual(res.data.paymentConfiguration, { provider: 'local', publishableKey: null, tokensUrl: '/payments/local/v1/tokens' });
  });

  it("checks a card like Stripe's card element and keeps only brand and last four digits", async () => {
    await assert.rejects(() => tokenize(app, '4242424242424241'), /Your card number is invalid\./);
    await assert.rejects(() => tokenize(app, '4242'), /Your card number is incomplete\./);
    await assert.rejects(() => tokenize(app, '4242424242424242', { expYear: 2020 }), /expiration year is in the past/);
    await assert.rejects(() => tokenize(app, '4242424242424242', { cvc: '1' }), /security code is incomplete/);
    await assert.rejects(() => tokenize(app, '4242424242424242', { name: ' ' }), /name/);
    const token = await tokenize(app, '4242 4242 4242 4242');
    assert.match(token, /^tok_local_/);
    const { rows } = await app.runtime.pool.query('SELECT * FROM local_gateway_tokens WHERE id = $1', [token]);
    assert.equal(rows[0].last4, '4242');
    assert.equal(rows[0].brand, 'visa');
    assert.ok(!JSON.stringify(rows[0]).includes('4242424242424242'), 'the card number is not stored');
  });

  it('gives the same result for the same idempotency key and never charges twice', async () => {
    const token = await tokenize(app, '4242424242424242');
    const request = { amount: 1500, currency: 'usd', paymentMethod: token, idempotencyKey: 'key-same', description: 'x', metadata: {} };
    const results = await Promise.all([gateway.charge(request), gateway.charge(request), gateway.charge(request)]);
    assert.ok(results.every((r) => r.status === 'succeeded' && r.paymentId === (results[0] as any).paymentId));
    assert.equal(await gateway.chargeCount({ token }), 1);
    await assert.rejects(() => gateway.charge({ ...request, amount: 999 }), /same parameters/);
    const other = await gateway.charge({ ...request, idempotencyKey: 'key-other' });
    assert.equal(other.status, 'declined', 'a token is used once');
  });
});

describe('enrolling by card', () => {
  it('charges the course price, enrolls, grants the minutes and lists the payment with its receipt', async () => {
    const s = await student(app, 'payer');
    const token = await tokenize(app, '4242424242424242');
    const res = await app.gql(ENROLL, { input: { inviteNumber: invite, cardToken: token, extraConversations: 2 } }, s.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const payment = res.data.enrollUser.payment;
    assert.equal(payment.amount, 1500 * 6);
    assert.equal(payment.minutes, 6 * 15);
    assert.deepEqual(res.data.enrollUser.courseEnrollment.enrolledWith, 'credit_card');
    assert.equal(res.data.enrollUser.courseEnrollment.minuteQuantity, 90);
    const me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 90);
    assert.deepEqual(me.data.me.account.minuteTransactions, [{ minuteQuantity: 90, action: 'enrollment', actionReason: 'Paid Spanish' }]);
    assert.deepEqual(
      me.data.me.account.paidPayments.map((p: any) => ({ amount: p.amount, minutes: p.minutes })),
      [{ amount: 9000, minutes: 90 }],
    );
    const receipt = await fetch(payment.receiptUrl);
    assert.equal(receipt.status, 200);
    const html = await receipt.text();
    assert.match(html, /\$90/);
    assert.match(html, /visa •••• 4242/);
  });

  it('records the enrollment, the payment and the minutes in one atomic append', async () => {
    const s = await student(app, 'atomic');
    const token = await tokenize(app, '5555555555554444');
    await app.gql(ENROLL, { input: { inviteNumber: invite, cardToken: token } }, s.token);
    const { rows } = await app.runtime.pool.query(
      `SELECT DISTINCT transaction_id FROM events WHERE type IN ('StudentEnrolled', 'PaymentSucceeded', 'MinutesChanged')
        AND (stream_id = $1 OR stream_id = $2 OR data->>'accountId' = $3)`,
      [enrollmentStream(courseId, s.accountId), `minutes-${s.accountId}`, s.accountId],
    );
    assert.equal(rows.length, 1, 'one transaction');
  });

  const declines: [string, string][] = [
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', "Your card's security code is incorrect."],
    ['4000000000000119', 'An error occurred while processing your card. Try again in a little bit.'],
  ];
  for (const [card, message] of declines) {
    it(`declines ${card} with '${message}' and changes nothing`, async () => {
      const s = await student(app, 'declined');
      const token = await tokenize(app, card);
      const res = await app.gql(ENROLL, { input: { inviteNumber: invite, cardToken: token } }, s.token);
      assert.equal(codeOf(res), 'PAYMENT_FAILED');
      assert.equal(res.errors![0].message, message);
      const me = await app.gql(`${MINUTES} `, {}, s.token);
      assert.equal(me.data.me.account.remainingMinutes, 0);
      assert.deepEqual(me.data.me.account.paidPayments, []);
      const enrolled = await app.gql(`{ me { courseEnrollments { id } courses(scope: current_or_upcoming) { id } } }`, {}, s.token);
      assert.deepEqual(enrolled.data.me, { courseEnrollments: [], courses: [] });
      assert.equal(await countEvents(app, 'StudentEnrolled', enrollmentStream(courseId, s.accountId)), 0);
      assert.equal(await countEvents(app, 'MinutesChanged', `minutes-${s.accountId}`), 0);
    });
  }

  it('lets the student try again with another card after a decline', async () => {
    const s = await student(app, 'retry');
    const bad = await app.gql(ENROLL, { input: { inviteNumber: invite, cardToken: await tokenize(app, '4000000000000002') } }, s.token);
    assert.equal(codeOf(bad), 'PAYMENT_FAILED');
    const good = await app.gql(ENROLL, { input: { inviteNumber: invite, cardToken: await tokenize(app, '4242424242424242') } }, s.token);
    assert.equal(good.data.enrollUser.enrolled, true);
    assert.equal(good.data.enrollUser.payment.amount, 6000);
  });

  it('charges once for a double click on Pay (the same token twice at once)', async () => {
    const s = await student(app, 'doubleclick');
    const token = await tokenize(app, '4242424242424242');
    const [a, b] = await Promise.all([
      app.gql(ENROLL, { input: { inviteNumber: invite, cardToken: token } }, s.token),
      app.gql(ENROLL, { input: { inviteNumber: invite, cardToken: token } }, s.token),
    ]);
    assert.equal(a.data?.enrollUser.enrolled, true, JSON.stringify(a.errors));
    assert.equal(b.data?.enrollUser.enrolled, true, JSON.stringify(b.errors));
    assert.equal(await gateway.chargeCount({ token }), 1);
    const me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 60);
    assert.equal(me.data.me.account.paidPayments.length, 1);
  });

  it('charges once and enrolls once for ten students double-clicking at the same moment (no payment is taken for lost)', async () => {
    const students = await Promise.all(Array.from({ length: 10 }, (_, i) => student(app, `doubleclick-many-${i}`)));
    const tokens = await Promise.all(students.map(() => tokenize(app, '4242424242424242')));
    const results = await Promise.all(
      students.flatMap((s, i) => [0, 1].map(() => app.gql(ENROLL, { input: { inviteNumber: invite, cardToken: tokens[i] } }, s.token))),
    );
    for (const r of results) assert.equal(r.data?.enrollUser.enrolled, true, JSON.stringify(r.errors));
    for (const [i, s] of students.entries()) {
      assert.equal(await gateway.chargeCount({ token: tokens[i] }), 1);
      const me = await app.gql(MINUTES, {}, s.token);
      assert.equal(me.data.me.account.remainingMinutes, 60);
      assert.equal(me.data.me.account.paidPayments.length, 1);
    }
  });

  it('needs a card or a code for a standard course', async () => {
    const s = await student(app, 'nothing');
    const res = await app.gql(ENROLL, { input: { inviteNumber: invite } }, s.token);
    assert.equal(res.errors![0].message, EnrollmentMessages.paymentRequired);
  });

  it('refunds a charge whose enrollment lost (the attempt was closed meanwhile), recording it as reversed', async () => {
    const s = await student(app, 'lost');
    // An attempt is open, the charge succeeds at the gateway, but the attempt was closed before the
    // result came back (e.g. taken as abandoned): the charge bought nothing and is given back.
    const key = idempotencyKeyFor(courseId, s.accountId, 1);
    await app.runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
      tx.append(enrollmentStream(courseId, s.accountId), [
        {
          type: 'EnrollmentPaymentStarted',
          data: {
            courseId,
            studentId: s.accountId,
            attempt: 1,
            idempotencyKey: key,
            tokenHash: 'x',
            amount: 6000,
            currency: 'usd',
            extraConversations: 0,
          },
        },
        { type: 'EnrollmentPaymentFailed', data: { attempt: 1, reason: 'abandoned', code: null, message: null } },
      ]);
    });
    const token = await tokenize(app, '4242424242424242');
    const charge = await gateway.charge({
      amount: 6000,
      currency: 'usd',
      paymentMethod: token,
      idempotencyKey: key,
      description: 'late',
      metadata: {},
    });
    assert.equal(charge.status, 'succeeded');
    const settled = await app.runtime.enrollment.settleAttempt(
      { actor: SYSTEM_ACTOR },
      { courseId, studentId: s.accountId, attempt: 1, result: charge },
    );
    assert.equal(settled.status, 'lost');
    const row = await gateway.getCharge((charge as any).paymentId);
    assert.ok(row.refunded_at, 'refunded at the gateway');
    assert.equal(await countEvents(app, 'PaymentReversed', `payment-${(charge as any).paymentId}`), 1);
    assert.equal(await countEvents(app, 'StudentEnrolled', enrollmentStream(courseId, s.accountId)), 0);
    const me = await app.gql(MINUTES, {}, s.token);
    assert.deepEqual(me.data.me.account.paidPayments, []);
  });
});
