/**
 * The payment port: card charges made with a payment method the browser tokenised (the card number
 * never reaches our API). Two adapters: Stripe (PaymentIntents, selected by STRIPE_SECRET_KEY) and
 * the local gateway (embedded default), which behaves like Stripe's test mode.
 *
 * Every charge carries an idempotency key: the same key always gives the same result and never a
 * second charge, which is what makes a double click or a retried request safe.
 */
export interface ChargeRequest {
  /** Minor units. */
  amount: number;
  currency: string;
  /** What the browser got from tokenising the card: a local token, or a Stripe PaymentMethod id. */
  paymentMethod: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  receiptEmail?: string | null;
}

export type ChargeResult =
  | {
      status: 'succeeded';
      paymentId: string;
      amount: number;
      currency: string;
      receiptUrl: string | null;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  | {
      status: 'declined';
      /** Stripe's code: card_declined, insufficient_funds, expired_card, incorrect_cvc, processing_error … */
      code: string;
      message: string;
      paymentId: string | null;
    };

export interface PaymentsPublicConfig {
  provider: 'local' | 'stripe';
  /** Stripe's publishable key (never the secret), for Elements in the browser. */
  publishableKey: string | null;
  /** Where the local gateway's card form posts the card to be tokenised. */
  tokensUrl: string | null;
}

/**
 * What the gateway says of a payment method before any charge is tried with it (cheap: its shape,
 * and where the gateway can tell without a charge, whether it exists and is still unused).
 * `invalid`: no charge could be made with it (malformed, unknown); `used`: a single-use token that
 * already paid for something (a repeat of that same request may still join its attempt).
 */
export type PaymentMethodCheck =
  | { status: 'usable' }
  | { status: 'used'; code: string; message: string }
  | { status: 'invalid'; code: string; message: string };

/** Codes of a refusal made before any charge was tried: the payment method itself was refused. */
export const PAYMENT_METHOD_REFUSALS = ['invalid_payment_method', 'resource_missing', 'token_already_used'] as const;
export const PaymentMethodMessages = {
  invalid: 'The card details could not be read. Please enter your card again.',
  unknown: 'No such card token. Please enter your card again.',
  used: 'This card was already used for another payment. Please enter your card again.',
} as const;

/**
 * What a declined charge tells the person, by Stripe's decline code (the local gateway answers the
 * same codes): Stripe's own English, which the API says in the person's language (registered in
 * services/i18n/knownErrors.ts as 'cardDeclines'). Any other code is a plain decline: the
 * gateway's own words would reach a Spanish speaker in English.
 */
export const CardDeclineMessages = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  card_velocity_exceeded: 'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
} as const;

export const declineMessage = (code: string | null | undefined): string =>
  code && Object.hasOwn(CardDeclineMessages, code)
    ? CardDeclineMessages[code as keyof typeof CardDeclineMessages]
    : CardDeclineMessages.declined;

/** The gateway could not be reached or answered in an unexpected way: the outcome is unknown. */
export class PaymentGatewayError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'PaymentGatewayError';
  }
}

export interface PaymentGateway {
  readonly provider: 'local' | 'stripe';
  /**
   * Checks a payment method before an attempt is claimed for it. Never charges; throws
   * PaymentGatewayError when the gateway cannot tell.
   */
  checkPaymentMethod(paymentMethod: string): Promise<PaymentMethodCheck>;
  /**
   * Charges once per idempotency key. A payment method the gateway refuses without trying a charge
   * (malformed, unknown, already used) is a `declined` result with one of PAYMENT_METHOD_REFUSALS,
   * never a thrown error: nothing was charged, so the attempt can be closed at once.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a charge back in full; the same key refunds once. */
  refund(paymentId: string, idempotencyKey: string): Promise<{ refundId: string }>;
  /** The charge made with an idempotency key, if any (recovering an attempt whose process died). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  publicConfig(): PaymentsPublicConfig;
}
