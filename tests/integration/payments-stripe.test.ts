/**
 * The Stripe adapter without the network: selection by STRIPE_SECRET_KEY, the public configuration
 * (publishable key only), and the webhook: signature verification, settling an open attempt,
 * duplicate deliveries, refunds.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import Stripe from 'stripe';
import { enrollmentStream, idempotencyKeyFor } from '../../services/domain/enrollment/enrollment';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { startTestApp, type TestApp } from '../support/app';
import { MINUTES, countEvents, createCourse, createInstructor, createPlans, readModelsCaughtUp, student } from '../support/enrollment';

const WEBHOOK_SECRET = 'whsec_test_secret_for_tests';
let app: TestApp;
const stripe = new Stripe('sk_test_not_a_real_key');

beforeAll(async () => {
  app = await startTestApp(
    { stripeSecretKey: 'sk_test_not_a_real_key', stripePublishableKey: 'pk_test_publishable', stripeWebhookSecret: WEBHOOK_SECRET },
    'payments_stripe',
  );
  await createPlans(app);
});
afterAll(async () => {
  await app.close();
});

async function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${app.url}/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const intentEvent = (id: string, type: string, intent: Record<string, unknown>) => ({
  id,
  object: 'event',
  type,
  api_version: '2026-10-28',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object: intent },
});

describe('Stripe adapter', () => {
  it('is chosen by STRIPE_SECRET_KEY and gives the browser only the publishable key', async () => {
    assert.equal(app.runtime.payments.gateway.provider, 'stripe');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ paymentConfiguration { provider publishableKey tokensUrl } }' }),
    });
    const text = await res.text();
    assert.ok(!text.includes('sk_test'), 'never the secret');
    assert.deepEqual(JSON.parse(text).data.paymentConfiguration, {
      provider: 'stripe',
      publishableKey: 'pk_test_publishable',
      tokensUrl: null,
    });
    const local = await fetch(`${app.url}/payments/local/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.notEqual(local.status, 200, 'no local gateway with Stripe');
  });

  it('refuses webhooks with a bad signature', async () => {
    const bad = await deliver(
      intentEvent('evt_bad', 'payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent', metadata: {} }),
      'whsec_wrong',
    );
    assert.equal(bad.status, 400);
    const unsigned = await fetch(`${app.url}/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(unsigned.status, 400);
  });

  it('settles an open attempt from payment_intent.succeeded once, however often Stripe delivers it, and records refunds', async () => {
    const teacher = await createInstructor(app);
    const course = await createCourse(app, teacher.token, { name: 'Webhook course', completionRequirement: 2 });
    const s = await student(app, 'webhook');
    const key = idempotencyKeyFor(course.id, s.accountId, 1);
    await app.runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
      tx.append(enrollmentStream(course.id, s.accountId), [
        {
          type: 'EnrollmentPaymentStarted',
          data: {
            courseId: course.id,
            studentId: s.accountId,
            attempt: 1,
            idempotencyKey: key,
            tokenHash: 'h',
            amount: 3000,
            currency: 'usd',
            extraConversations: 0,
          },
        },
      ]);
    });
    const intent = {
      id: 'pi_test_1',
      object: 'payment_intent',
      status: 'succeeded',
      amount: 3000,
      amount_received: 3000,
      currency: 'usd',
      metadata: { courseId: course.id, studentId: s.accountId, attempt: '1', idempotency_key: key },
      latest_charge: {
        id: 'ch_1',
        object: 'charge',
        receipt_url: 'https://pay.stripe.com/receipts/test',
        payment_method_details: { card: { brand: 'visa', last4: '4242' } },
      },
    };
    const first = await deliver(intentEvent('evt_1', 'payment_intent.succeeded', intent));
    assert.deepEqual(first, { status: 200, body: { received: true, outcome: 'handled' } });
    const again = await deliver(intentEvent('evt_1', 'payment_intent.succeeded', intent));
    assert.deepEqual(again.body, { received: true, outcome: 'duplicate' });
    const otherDelivery = await deliver(intentEvent('evt_2', 'payment_intent.succeeded', intent));
    assert.equal(otherDelivery.status, 200);
    assert.equal(await countEvents(app, 'StudentEnrolled', enrollmentStream(course.id, s.accountId)), 1);
    assert.equal(await countEvents(app, 'PaymentSucceeded', 'payment-pi_test_1'), 1);
    await readModelsCaughtUp(app);
    let me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 30);
    assert.deepEqual(
      me.data.me.account.paidPayments.map((p: any) => [p.amount, p.receiptUrl]),
      [[3000, 'https://pay.stripe.com/receipts/test']],
    );

    const refunded = await deliver({
      ...intentEvent('evt_3', 'charge.refunded', {}),
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_test_1', amount: 3000, amount_refunded: 3000 } },
    });
    assert.equal(refunded.body.outcome, 'handled');
    await readModelsCaughtUp(app);
    me = await app.gql(MINUTES, {}, s.token);
    assert.deepEqual(me.data.me.account.paidPayments, [], 'a fully refunded payment is no longer listed as paid');
  });

  it('closes an open attempt on payment_intent.payment_failed', async () => {
    const teacher = await createInstructor(app);
    const course = await createCourse(app, teacher.token, { name: 'Failing course' });
    const s = await student(app, 'failing');
    await app.runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
      tx.append(enrollmentStream(course.id, s.accountId), [
        {
          type: 'EnrollmentPaymentStarted',
          data: {
            courseId: course.id,
            studentId: s.accountId,
            attempt: 1,
            idempotencyKey: 'k',
            tokenHash: 'h',
            amount: 6000,
            currency: 'usd',
            extraConversations: 0,
          },
        },
      ]);
    });
    const res = await deliver(
      intentEvent('evt_f', 'payment_intent.payment_failed', {
        id: 'pi_fail',
        object: 'payment_intent',
        status: 'requires_payment_method',
        amount: 6000,
        currency: 'usd',
        metadata: { courseId: course.id, studentId: s.accountId, attempt: '1' },
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      }),
    );
    assert.equal(res.body.outcome, 'handled');
    assert.equal(await countEvents(app, 'EnrollmentPaymentFailed', enrollmentStream(course.id, s.accountId)), 1);
  });
});
