/**
 * The Stripe adapter (selected when STRIPE_SECRET_KEY is set). A charge is a PaymentIntent created
 * and confirmed at once with the PaymentMethod the browser made with Stripe Elements, under our
 * idempotency key (Stripe keeps keys for 24 hours; the key is also stored in the intent's metadata
 * so `findCharge` can search for it later). Cards that need 3-D Secure are not supported yet: such
 * an intent is canceled and reported as a decline asking for another card.
 *
 * Webhooks (/payments/stripe/webhook): the signature is verified with STRIPE_WEBHOOK_SECRET
 * (`stripe.webhooks.constructEvent` on the raw body); the runtime handles duplicates (Stripe
 * delivers at least once) by recording each event id in its own stream.
 */
import Stripe from 'stripe';
import { PaymentGatewayError, type ChargeRequest, type ChargeResult, type PaymentGateway } from './port';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
}

export interface StripeGateway extends PaymentGateway {
  readonly client: Stripe;
  /** Verifies a webhook's signature and parses it; throws on a bad signature. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): Stripe.Event;
}

function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  if (intent.status === 'succeeded') {
    return {
      status: 'succeeded',
      paymentId: intent.id,
      amount: intent.amount_received || intent.amount,
      currency: intent.currency,
      receiptUrl: charge?.receipt_url ?? null,
      cardBrand: charge?.payment_method_details?.card?.brand ?? null,
      cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
    };
  }
  const error = intent.last_payment_error;
  return {
    status: 'declined',
    code: error?.decline_code ?? error?.code ?? intent.status,
    message: error?.message ?? 'Your card was declined.',
    paymentId: intent.id,
  };
}

export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const client = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 30_000 });
  return {
    provider: 'stripe',
    client,

    async charge(request: ChargeRequest) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await client.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            payment_method: request.paymentMethod,
            // A card confirmed here, on the server: no redirect-based methods.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            description: request.description,
            receipt_email: request.receiptEmail ?? undefined,
            metadata: { ...request.metadata, idempotency_key: request.idempotencyKey },
            expand: ['latest_charge'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'declined',
            code: error.decline_code ?? error.code ?? 'card_declined',
            message: error.message,
            paymentId: error.payment_intent?.id ?? null,
          };
        }
        throw new PaymentGatewayError('The payment provider could not be reached. Please try again in a few minutes.', error);
      }
      if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') {
        await client.paymentIntents.cancel(intent.id).catch(() => {});
        return {
          status: 'declined',
          code: 'authentication_required',
          message: 'This card needs an extra authentication step that Tertulia does not support yet. Please use another card.',
          paymentId: intent.id,
        };
      }
      return resultOf(intent);
    },

    async refund(paymentId: string, idempotencyKey: string) {
      try {
        const refund = await client.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
        return { refundId: refund.id };
      } catch (error) {
        throw new PaymentGatewayError(`The refund of ${paymentId} failed.`, error);
      }
    },

    async findCharge(idempotencyKey: string) {
      try {
        const found = await client.paymentIntents.search({ query: `metadata['idempotency_key']:'${idempotencyKey.replace(/'/g, '')}'`, limit: 1 });
        const intent = found.data[0];
        if (!intent) return null;
        const full = await client.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
        return full.status === 'succeeded' || full.status === 'canceled' || full.status === 'requires_payment_method' ? resultOf(full) : null;
      } catch (error) {
        throw new PaymentGatewayError('The payment provider could not be searched.', error);
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw new PaymentGatewayError('STRIPE_WEBHOOK_SECRET is not set.');
      if (!signature) throw new PaymentGatewayError('No Stripe-Signature header.');
      return client.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },

    publicConfig() {
      return { provider: 'stripe', publishableKey: settings.publishableKey, tokensUrl: null };
    },
  };
}

/** The result a webhook's PaymentIntent carries, in the port's terms. */
export const chargeResultOfIntent = resultOf;
