/**
 * The Stripe adapter against Stripe's API simulator, stripe-mock (issue 13): every call the adapter
 * makes (a confirmed PaymentIntent with its idempotency key, a refund, the search that recovers an
 * abandoned attempt, the retrieve) is accepted by Stripe's OpenAPI specification and its answer is
 * read into the port's terms. Declines and webhooks are tested in payments-stripe.test.ts.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createStripeGateway, type StripeGateway } from '../../services/integrations/payments/stripe';
import { startStripeMock, type StripeMock } from '../../scripts/stripe-mock';

describe('Stripe adapter against stripe-mock', () => {
  let mock: StripeMock;
  let gateway: StripeGateway;
  beforeAll(async () => {
    mock = await startStripeMock();
    gateway = createStripeGateway({
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: null,
      api: { host: '127.0.0.1', port: mock.port, protocol: 'http' },
    });
  });
  afterAll(() => mock?.stop());

  const request = {
    amount: 3000,
    currency: 'usd',
    paymentMethod: 'pm_card_visa',
    idempotencyKey: 'enroll-abc',
    description: 'Tertulia: Spanish 1',
    metadata: { courseId: 'c1', studentId: 's1', attempt: '1' },
    receiptEmail: 'student@example.com',
  };

  it("charges with a confirmed PaymentIntent that Stripe's specification accepts, and reads its answer", async () => {
    const result = await gateway.charge(request);
    // stripe-mock answers from a fixture: a PaymentIntent still waiting for a payment method, which
    // the adapter reads as a decline carrying the intent's id (no charge was made).
    assert.equal(result.status, 'declined');
    assert.equal(result.status === 'declined' && result.code, 'requires_payment_method');
    assert.match(result.paymentId ?? '', /^pi_/);
  });

  it('is a real check: the simulator refuses a request Stripe would refuse', async () => {
    await assert.rejects(
      (gateway.client.paymentIntents.create as (p: unknown) => Promise<unknown>)({ amount: 'thirty', currency: 'usd' }),
      (e: unknown) => (e as { type?: string }).type === 'StripeInvalidRequestError',
    );
  });

  it('refunds a PaymentIntent', async () => {
    const { refundId } = await gateway.refund('pi_123', 'refund-enroll-abc');
    assert.match(refundId, /^re_/);
  });

  it('searches for the charge of an abandoned attempt by its idempotency key', async () => {
    const found = await gateway.findCharge('enroll-abc');
    assert.equal(found?.status, 'declined', 'a fixture intent that never succeeded');
    assert.match(found?.paymentId ?? '', /^pi_/);
  });

  it('refuses a payment method that is not a Stripe id before calling Stripe', async () => {
    assert.deepEqual(await gateway.checkPaymentMethod('tok_local_123'), {
      status: 'invalid',
      code: 'invalid_payment_method',
      message: 'The card details could not be read. Please enter your card again.',
    });
    assert.equal((await gateway.charge({ ...request, paymentMethod: 'not a method' })).status, 'declined');
  });
});
