/**
 * Card payments (stream payment-<gateway payment id>): a payment is recorded once, in the same
 * append as what it bought (the enrollment and its minutes). A charge whose append lost (the
 * student was enrolled meanwhile) is given back, and that is recorded here too.
 */
import type { DomainEvent } from '../shared/decider';
import { conflict } from '../shared/errors';
import { BillingMessages } from './messages';

export const paymentStream = (paymentId: string) => `payment-${paymentId}`;

export type PaymentSucceeded = DomainEvent<
  'PaymentSucceeded',
  {
    paymentId: string;
    accountId: string;
    amount: number;
    currency: string;
    minuteQuantity: number;
    receiptUrl: string | null;
    gateway: 'local' | 'stripe';
    /** enrollment: a course bought by card; make_up: make-up minutes for a conversation (issue 10). */
    purpose: 'enrollment' | 'make_up';
    courseId: string;
    enrollmentId: string | null;
    idempotencyKey: string;
    cardBrand: string | null;
    cardLast4: string | null;
  }
>;
/** A charge that bought nothing (its enrollment lost a race), refunded at once. */
export type PaymentReversed = DomainEvent<
  'PaymentReversed',
  {
    paymentId: string;
    accountId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    refundId: string | null;
    reason: 'enrollment_not_recorded' | 'make_up_not_recorded';
  }
>;
/** A refund made at the gateway (e.g. from Stripe's dashboard), reported by its webhook. */
export type PaymentRefunded = DomainEvent<'PaymentRefunded', { paymentId: string; amountRefunded: number; source: 'gateway' }>;
export type PaymentEvent = PaymentSucceeded | PaymentReversed | PaymentRefunded;

export interface PaymentState {
  recorded: PaymentSucceeded['data'] | null;
  reversed: boolean;
  refunded: number;
}
export const initialPayment = (): PaymentState => ({ recorded: null, reversed: false, refunded: 0 });
export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentSucceeded':
      return { ...state, recorded: event.data };
    case 'PaymentReversed':
      return { ...state, reversed: true };
    case 'PaymentRefunded':
      return { ...state, refunded: event.data.amountRefunded };
    default:
      return state;
  }
}

export function decideRecordPayment(state: PaymentState, data: PaymentSucceeded['data']): PaymentSucceeded[] {
  if (state.recorded || state.reversed) throw conflict(BillingMessages.paymentRecorded);
  return [{ type: 'PaymentSucceeded', data }];
}

export function decideReversePayment(state: PaymentState, data: PaymentReversed['data']): PaymentReversed[] {
  if (state.recorded || state.reversed) return [];
  return [{ type: 'PaymentReversed', data }];
}

export function decideGatewayRefund(state: PaymentState, data: { paymentId: string; amountRefunded: number }): PaymentRefunded[] {
  if (!state.recorded || data.amountRefunded <= state.refunded) return [];
  return [{ type: 'PaymentRefunded', data: { ...data, source: 'gateway' } }];
}
