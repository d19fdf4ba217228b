/**
 * HTTP endpoints of the payment adapters, mounted by the server: the local gateway's tokenisation
 * and receipt pages (embedded default), or Stripe's webhook (with STRIPE_SECRET_KEY).
 *
 * Stripe delivers webhooks at least once and in any order. Each event id is recorded in its own
 * stream (stripe-event-<id>, appended with no_stream) after it was handled; a delivery of an id
 * already recorded is acknowledged and ignored. The handling itself is idempotent too (settling an
 * attempt twice changes nothing), so two deliveries racing each other are harmless.
 */
import express from 'express';
import type Stripe from 'stripe';
import type { Runtime } from '../../app/runtime';
import { SYSTEM_ACTOR } from '../../domain/shared/decider';
import { mountLocalGateway } from './local';
import { chargeResultOfIntent } from './stripe';

export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';
const eventStream = (id: string) => `stripe-event-${id}`;

export async function handleStripeEvent(runtime: Runtime, event: Stripe.Event): Promise<'handled' | 'duplicate' | 'ignored'> {
  if ((await runtime.store.readStream(eventStream(event.id))).length) return 'duplicate';
  const meta = { actor: SYSTEM_ACTOR, correlationId: event.id };
  let outcome: 'handled' | 'ignored' = 'ignored';
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    let intent = event.data.object as Stripe.PaymentIntent;
    const { courseId, studentId, attempt } = intent.metadata ?? {};
    if (courseId && studentId && attempt) {
      if (event.type === 'payment_intent.succeeded' && typeof intent.latest_charge === 'string' && runtime.payments.stripe) {
        // The receipt link lives on the charge.
        intent = await runtime.payments.stripe.client.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }).catch(() => intent);
      }
      await runtime.enrollment.settleAttempt(meta, { courseId, studentId, attempt: Number(attempt), result: chargeResultOfIntent(intent) });
      outcome = 'handled';
    }
    const { conversationId, makeUpAttempt } = intent.metadata ?? {};
    if (conversationId && makeUpAttempt) {
      await runtime.afterConversation.settleMakeUp(meta, {
        conversationId,
        attempt: Number(makeUpAttempt),
        result: chargeResultOfIntent(intent),
      });
      outcome = 'handled';
    }
  } else if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (paymentId) {
      await runtime.enrollment.recordGatewayRefund(meta, { paymentId, amountRefunded: charge.amount_refunded });
      outcome = 'handled';
    }
  }
  await runtime.commands.execute(meta, async (tx) => {
    if ((await tx.read(eventStream(event.id))).length) return;
    tx.append(
      eventStream(event.id),
      [{ type: 'StripeEventProcessed', data: { eventId: event.id, type: event.type, outcome } }],
      'no_stream',
    );
  });
  return outcome;
}

export function mountPayments(app: express.Express, runtime: Runtime) {
  const { local, stripe } = runtime.payments;
  if (local) mountLocalGateway(app, local, runtime.rateLimiter);
  if (stripe) {
    app.post(STRIPE_WEBHOOK_PATH, express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
      let event: Stripe.Event;
      try {
        event = stripe.verifyWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
      } catch (error) {
        runtime.log.warn({ err: error }, 'refused a Stripe webhook with a bad signature');
        res.status(400).json({ error: 'invalid signature' });
        return;
      }
      try {
        const outcome = await handleStripeEvent(runtime, event);
        res.json({ received: true, outcome });
      } catch (error) {
        // A 5xx makes Stripe deliver the event again later.
        runtime.log.error({ err: error, eventId: event.id }, 'Stripe webhook failed');
        res.status(500).json({ error: 'failed' });
      }
    });
  }
}
