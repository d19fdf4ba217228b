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
import {
  declineMessage,
  PaymentGatewayError,
  PaymentMethodMessages,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type PaymentMethodCheck,
} from './port';

/** A PaymentMethod id as Stripe Elements makes it (pm_…; test shortcuts such as pm_card_visa too). */
export const STRIPE_PAYMENT_METHOD_PATTERN = /^pm_[A-Za-z0-9_]{1,250}$/;

/**
 * Stripe refused the payment method itself (unknown, malformed, already used) before trying a
 * charge: reported as a decline so the attempt closes at once (nothing was charged).
 */
function paymentMethodRefusal(error: unknown): ChargeResult | null {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return null;
  const code = error.code ?? '';
  if (error.param !== 'payment_method' && code !== 'resource_missing' && !code.startsWith('payment_method_')) return null;
  if (code === 'resource_missing')
    return { status: 'declined', code: 'resource_missing', message: PaymentMethodMessages.unknown, paymentId: null };
  if (code === 'payment_method_unexpected_state')
    return { status: 'declined', code: 'token_already_used', message: PaymentMethodMessages.used, paymentId: null };
  return { status: 'declined', code: 'invalid_payment_method', message: PaymentMethodMessages.invalid, paymentId: null };
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Tests only: where Stripe's API is (a stand-in server); Stripe's own by default. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
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
    message: declineMessage(error?.decline_code ?? error?.code),
    paymentId: intent.id,
  };
}

export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const client = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 30_000, ...(settings.api ?? {}) });
  return {
    provider: 'stripe',
    client,

    async checkPaymentMethod(paymentMethod: string): Promise<PaymentMethodCheck> {
      // The shape only: asking Stripe would cost a round trip per payment; a PaymentMethod Stripe
      // refuses is then a decline of the charge (below), which closes the attempt at once.
      return STRIPE_PAYMENT_METHOD_PATTERN.test(paymentMethod)
        ? { status: 'usable' }
        : { status: 'invalid', code: 'invalid_payment_method', message: PaymentMethodMessages.invalid };
    },

    async charge(request: ChargeRequest) {
      if (!STRIPE_PAYMENT_METHOD_PATTERN.test(request.paymentMethod)) {
        return { status: 'declined', code: 'invalid_payment_method', message: PaymentMethodMessages.invalid, paymentId: null };
      }
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
            message: declineMessage(error.decline_code ?? error.code),
            paymentId: error.payment_intent?.id ?? null,
          };
        }
        const refused = paymentMethodRefusal(error);
        if (refused) return refused;
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
        const found = await client.paymentIntents.search({
          query: `metadata['idempotency_key']:'${idempotencyKey.replace(/'/g, '')}'`,
          limit: 1,
        });
        const intent = found.data[0];
        if (!intent) return null;
        const full = await client.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
        return full.status === 'succeeded' || full.status === 'canceled' || full.status === 'requires_payment_method'
          ? resultOf(full)
          : null;
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
