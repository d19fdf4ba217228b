/**
 * After the conversation (issue 10): marking with what it pays back, promotions, ratings and the
 * make-up purchase. Every effect of a marking — the marking, the student's refund and bonus, the
 * lesson attempt's outcome and the promotion — is one append, guarded by the versions read, so a
 * marking retried (or raced) pays back once.
 *
 * A make-up purchase is a card payment in three steps like an enrollment's
 * (../enrollment/handlers.ts): claim an attempt on makeup-<conversationId> (a concurrent purchase
 * loses that append and stops; a repeat with the same card token joins it), charge with the
 * attempt's idempotency key, then settle: the payment, the minutes and the conversation's
 * MakeUpPurchasedFor in one append, or the decline, which changes nothing else.
 */
import crypto from 'node:crypto';
import { AfterMessages, MinuteReasons, makeUpPrice } from '../../../contracts/afterConversation';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { PaymentGatewayError, type ChargeResult, type PaymentGateway } from '../../integrations/payments/port';
import { creditLedger } from '../billing/handlers';
import { decideChangeMinutes, evolveLedger, initialLedger, ledgerStream, type LedgerEvent } from '../billing/ledger';
import {
  decideRecordPayment,
  decideReversePayment,
  evolvePayment,
  initialPayment,
  paymentStream,
  type PaymentEvent,
} from '../billing/payments';
import { loadCourse } from '../catalog/handlers';
import { enrollmentStream, evolveEnrollment, hashToken, initialEnrollment, type EnrollmentEvent } from '../enrollment/enrollment';
import { fold, type DomainEvent } from '../shared/decider';
import { DomainError, conflict, notFound, unauthorized } from '../shared/errors';
import { evolveConversation, type ConversationState, type PolicyViewer } from './conversation';
import { conversationStream, type ConversationEvent } from './events';
import { canMakeUp, decideMark, decideRate } from './marking';
import { queuePaymentReceipt, type ReceiptSettings } from '../notifications/accountMail';
import { ConversationMessages } from './messages';

export const makeUpStream = (conversationId: string) => `makeup-${conversationId}`;

/** A presumed-abandoned attempt (its process died) may be replaced after this long. */
const STALE_MAKE_UP_MS = 3 * 60_000;

export type MakeUpPaymentStarted = DomainEvent<
  'MakeUpPaymentStarted',
  {
    conversationId: string;
    studentId: string;
    attempt: number;
    idempotencyKey: string;
    tokenHash: string;
    amount: number;
    currency: string;
    minuteQuantity: number;
    at: string;
  }
>;
export type MakeUpPaymentFailed = DomainEvent<
  'MakeUpPaymentFailed',
  { attempt: number; reason: 'declined' | 'abandoned'; code: string | null; message: string | null }
>;
export type MakeUpPurchased = DomainEvent<
  'MakeUpPurchased',
  { conversationId: string; studentId: string; attempt: number; paymentId: string; amount: number; minuteQuantity: number }
>;
export type MakeUpEvent = MakeUpPaymentStarted | MakeUpPaymentFailed | MakeUpPurchased;

interface MakeUpAttempt {
  attempt: number;
  status: 'pending' | 'failed' | 'succeeded';
  idempotencyKey: string;
  tokenHash: string;
  amount: number;
  currency: string;
  minuteQuantity: number;
  startedAt: Date;
}
interface MakeUpState {
  attempts: MakeUpAttempt[];
  purchased: MakeUpPurchased['data'] | null;
}

export function evolveMakeUp(state: MakeUpState, e: MakeUpEvent): MakeUpState {
  switch (e.type) {
    case 'MakeUpPaymentStarted':
      return { ...state, attempts: [...state.attempts, { ...e.data, status: 'pending', startedAt: new Date(e.data.at) }] };
    case 'MakeUpPaymentFailed':
      return { ...state, attempts: state.attempts.map((a) => (a.attempt === e.data.attempt ? { ...a, status: 'failed' } : a)) };
    case 'MakeUpPurchased':
      return { purchased: e.data, attempts: state.attempts.map((a) => (a.attempt === e.data.attempt ? { ...a, status: 'succeeded' } : a)) };
    default:
      return state;
  }
}
const initialMakeUp = (): MakeUpState => ({ attempts: [], purchased: null });

const makeUpKey = (conversationId: string, attempt: number) =>
  `makeup-${crypto.createHash('sha256').update(`${conversationId}:${attempt}`).digest('hex').slice(0, 40)}`;

async function readConversation(tx: CommandTransaction, conversationId: string): Promise<ConversationState> {
  const c = ((await tx.read(conversationStream(conversationId))) as ConversationEvent[]).reduce<ConversationState | null>(
    evolveConversation,
    null,
  );
  if (!c) throw notFound(ConversationMessages.notFound);
  return c;
}

async function readEnrollment(tx: CommandTransaction, courseId: string, studentId: string) {
  return fold(evolveEnrollment, initialEnrollment(), (await tx.read(enrollmentStream(courseId, studentId))) as EnrollmentEvent[]);
}

/** The make-up price of a conversation (contracts/afterConversation.ts makeUpPrice); null if none. */
async function makeUpOffer(tx: CommandTransaction, c: ConversationState) {
  if (!c.courseId) return null;
  const { course } = await loadCourse(tx, c.courseId);
  const amount = course ? makeUpPrice(course.priceAgreement.unitPrice) : null;
  return amount === null || !course
    ? null
    : { amount, currency: course.priceAgreement.currency, minuteQuantity: c.minutes, courseName: course.name };
}

const refundedTotal = (c: ConversationState) => c.refunded.refund + c.refunded.bonus + c.refunded.fairTime;
const makeUpSubject = (c: ConversationState) => ({
  ...c,
  isCanceled: !!c.canceled,
  makeUpPurchased: !!c.makeUpPaymentId,
  refundedTotal: refundedTotal(c),
});

export function afterConversationHandlers(deps: {
  commands: CommandExecutor;
  payments: PaymentGateway;
  onError?: (error: unknown, context: string) => void;
  /** Mails the receipt of each make-up payment, in the append that records it (issue 11). */
  receipts?: ReceiptSettings;
}) {
  const { commands, payments } = deps;
  const report = deps.onError ?? (() => {});

  /** Settles a make-up attempt with the gateway's answer (also from the Stripe webhook). */
  async function settleMakeUp(meta: CommandMeta, input: { conversationId: string; attempt: number; result: ChargeResult }) {
    const { result } = input;
    const outcome = await commands.execute(meta, async (tx) => {
      const stream = makeUpStream(input.conversationId);
      const state = fold(evolveMakeUp, initialMakeUp(), (await tx.read(stream)) as MakeUpEvent[]);
      const attempt = state.attempts.find((a) => a.attempt === input.attempt);
      if (!attempt) throw notFound(ConversationMessages.makeUpNotFound);
      if (result.status === 'declined') {
        if (attempt.status === 'pending')
          tx.append(stream, [
            {
              type: 'MakeUpPaymentFailed',
              data: { attempt: input.attempt, reason: 'declined', code: result.code, message: result.message },
            },
          ]);
        return { status: 'failed' as const, attempt };
      }
      if (state.purchased?.paymentId === result.paymentId) return { status: 'already' as const, attempt };
      if (attempt.status !== 'pending' || state.purchased) return { status: 'lost' as const, attempt };
      const c = await readConversation(tx, input.conversationId);
      const payment = fold(evolvePayment, initialPayment(), (await tx.read(paymentStream(result.paymentId))) as PaymentEvent[]);
      if (payment.recorded || payment.reversed) return { status: 'lost' as const, attempt };
      const studentId = c.reservedBy;
      tx.append(stream, [
        {
          type: 'MakeUpPurchased',
          data: {
            conversationId: c.conversationId,
            studentId,
            attempt: input.attempt,
            paymentId: result.paymentId,
            amount: result.amount,
            minuteQuantity: attempt.minuteQuantity,
          },
        },
      ]);
      tx.append(conversationStream(c.conversationId), [
        {
          type: 'MakeUpPurchasedFor',
          data: {
            conversationId: c.conversationId,
            paymentId: result.paymentId,
            minuteQuantity: attempt.minuteQuantity,
            amount: result.amount,
          },
        },
      ]);
      tx.append(
        paymentStream(result.paymentId),
        decideRecordPayment(payment, {
          paymentId: result.paymentId,
          accountId: studentId,
          amount: result.amount,
          currency: result.currency,
          minuteQuantity: attempt.minuteQuantity,
          receiptUrl: result.receiptUrl,
          gateway: payments.provider,
          purpose: 'make_up',
          courseId: c.courseId!,
          enrollmentId: null,
          idempotencyKey: attempt.idempotencyKey,
          cardBrand: result.cardBrand,
          cardLast4: result.cardLast4,
        }),
      );
      await creditLedger(tx, { accountId: studentId, minutes: attempt.minuteQuantity, action: 'make_up', reason: MinuteReasons.makeUp });
      const { course } = await loadCourse(tx, c.courseId!);
      await queuePaymentReceipt(deps.receipts, tx, {
        accountId: studentId,
        paymentId: result.paymentId,
        amount: result.amount,
        currency: result.currency,
        minutes: attempt.minuteQuantity,
        courseName: `${MinuteReasons.makeUp}${course ? ` (${course.name})` : ''}`,
        receiptUrl: result.receiptUrl,
        cardBrand: result.cardBrand,
        cardLast4: result.cardLast4,
      });
      return { status: 'purchased' as const, attempt };
    });
    const settled = outcome.result;
    if (settled.status === 'lost' && result.status === 'succeeded') {
      // The charge bought nothing (another attempt won): give it back and record that.
      let refundId: string | null = null;
      try {
        refundId = (await payments.refund(result.paymentId, `refund-${settled.attempt.idempotencyKey}`)).refundId;
      } catch (error) {
        report(error, `refund of make-up payment ${result.paymentId} failed; it must be refunded by hand`);
      }
      await commands.execute(meta, async (tx) => {
        const payment = fold(evolvePayment, initialPayment(), (await tx.read(paymentStream(result.paymentId))) as PaymentEvent[]);
        if (payment.reversed) return;
        tx.append(
          paymentStream(result.paymentId),
          decideReversePayment(payment, {
            paymentId: result.paymentId,
            accountId: meta.actor.accountId ?? '',
            amount: result.amount,
            currency: result.currency,
            idempotencyKey: settled.attempt.idempotencyKey,
            refundId,
            reason: 'make_up_not_recorded',
          }),
        );
      });
    }
    return { ...settled, appended: outcome.appended };
  }

  return {
    settleMakeUp,

    /** The speaker or an admin marks the conversation; see ./marking.ts for what each marking does. */
    async mark(meta: CommandMeta, input: { conversationId: string; markAs: string | null | undefined; viewer: PolicyViewer }) {
      return commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        const ledger = (await tx.read(ledgerStream(c.reservedBy))) as LedgerEvent[];
        const priorTechRefunds = ledger.filter((e) => e.data.action === 'tech_refund').length;
        const enrollment = c.courseId ? await readEnrollment(tx, c.courseId, c.reservedBy) : null;
        const courseState = c.courseId && enrollment?.enrolled ? await loadCourse(tx, c.courseId) : null;
        const course = courseState?.course ?? null;
        // Completion counts the course's lessons as they are now (an edit adds or removes lessons at
        // the end, never one a student attempted; a lesson no longer in the course counts toward nothing).
        const inCourse = new Set(courseState?.lessons.map((l) => l.lessonId) ?? []);
        const decision = decideMark(
          c,
          { markAs: input.markAs, viewer: input.viewer },
          {
            now: tx.now,
            priorTechRefunds,
            enrollment:
              enrollment?.enrolled && course
                ? {
                    enrollmentId: enrollment.enrolled.enrollmentId,
                    courseKind: course.kind,
                    completionRequirement: course.completionRequirement,
                    completedLessons: [...enrollment.completedLessons.keys()].filter((id) => inCourse.has(id)).length,
                    lessonCompletedHere:
                      [...enrollment.completedLessons.values()].includes(c.conversationId) || (!!c.lessonId && !inCourse.has(c.lessonId)),
                  }
                : null,
          },
        );
        if (!decision.events.length) return { marked: true, conversation: c };
        tx.append(conversationStream(c.conversationId), decision.events);
        // One ledger append with every credit, each deciding on the balance the one before left.
        let balance = fold(evolveLedger, initialLedger(), ledger);
        const credits: LedgerEvent[] = [];
        for (const credit of decision.credits) {
          const reason =
            credit.action === 'tech_refund'
              ? MinuteReasons.techRefund
              : credit.action === 'refund'
                ? MinuteReasons.speakerRefund
                : MinuteReasons.speakerBonus;
          const [changed] = decideChangeMinutes(
            balance,
            {
              transactionId: `${credit.action}-${c.conversationId}`,
              accountId: c.reservedBy,
              minutes: credit.minutes,
              action: credit.action,
              reason,
            },
            { now: tx.now, actor: tx.actor },
          );
          credits.push(changed);
          balance = evolveLedger(balance, changed);
        }
        if (credits.length) tx.append(ledgerStream(c.reservedBy), credits);
        if (enrollment?.enrolled && c.courseId) {
          const events: EnrollmentEvent[] = [];
          const lessonId = c.lessonId;
          const open = lessonId ? enrollment.lessonAttempts.get(lessonId) : undefined;
          const attemptId = open?.conversationId === c.conversationId ? open.lessonAttemptId : `attempt-${c.conversationId}`;
          if (lessonId && decision.attempt === 'completed')
            events.push({
              type: 'LessonAttemptCompleted',
              data: { lessonAttemptId: attemptId, lessonId, conversationId: c.conversationId },
            });
          if (lessonId && decision.attempt === 'failed')
            events.push({ type: 'LessonAttemptFailed', data: { lessonAttemptId: attemptId, lessonId, conversationId: c.conversationId } });
          const promotion = decision.events[0].data.promotion;
          if (promotion)
            events.push({
              type: 'PromotionOffered',
              data: { enrollmentId: enrollment.enrolled.enrollmentId, promotion, conversationId: c.conversationId },
            });
          if (events.length) tx.append(enrollmentStream(c.courseId, c.reservedBy), events);
        }
        return { marked: true, conversation: decision.events.reduce<ConversationState | null>(evolveConversation, c)! };
      });
    },

    /** The student acknowledges the promotion on show for one of their enrollments. */
    async acknowledgePromotion(meta: CommandMeta, input: { courseId: string; studentId: string }) {
      return commands.execute(meta, async (tx) => {
        const enrollment = await readEnrollment(tx, input.courseId, input.studentId);
        if (!enrollment.enrolled) throw notFound(ConversationMessages.enrollmentNotFound);
        if (!enrollment.promotion) throw conflict(AfterMessages.noPromotion);
        tx.append(enrollmentStream(input.courseId, input.studentId), [
          { type: 'PromotionAcknowledged', data: { enrollmentId: enrollment.enrolled.enrollmentId, promotion: enrollment.promotion } },
        ]);
        return { promotion: enrollment.promotion };
      });
    },

    /** The student or the speaker rates a conversation that ended, once each. */
    async rate(meta: CommandMeta, input: { conversationId: string; accountId: string; rating: number; comment: string | null }) {
      return commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        tx.append(conversationStream(c.conversationId), decideRate(c, input, tx.now));
        return { rated: true };
      });
    },

    /** Make-up minutes by card, once per conversation (see the module comment). */
    async purchaseMakeUp(
      meta: CommandMeta,
      input: { conversationId: string; studentId: string; cardToken: string; receiptEmail?: string | null },
    ) {
      const tokenHash = hashToken(input.cardToken);
      for (let round = 0; round < 3; round++) {
        type Step =
          | { kind: 'done'; minuteQuantity: number; amount: number }
          | { kind: 'charge' | 'recover'; attempt: MakeUpAttempt; courseName: string };
        const { result: step } = await commands.execute<Step>(meta, async (tx) => {
          const c = await readConversation(tx, input.conversationId);
          if (c.reservedBy !== input.studentId) throw unauthorized(AfterMessages.makeUpUnavailable);
          const stream = makeUpStream(c.conversationId);
          const state = fold(evolveMakeUp, initialMakeUp(), (await tx.read(stream)) as MakeUpEvent[]);
          if (state.purchased) {
            // A repeat of the purchase that succeeded (a double click on Pay) answers as it did.
            const joined = state.attempts.find((a) => a.attempt === state.purchased!.attempt)?.tokenHash === tokenHash;
            if (joined) return { kind: 'done', minuteQuantity: state.purchased.minuteQuantity, amount: state.purchased.amount };
            throw conflict(AfterMessages.makeUpUnavailable);
          }
          const offer = await makeUpOffer(tx, c);
          if (!offer || !canMakeUp(makeUpSubject(c), input.studentId, tx.now))
            throw new DomainError('BAD_USER_INPUT', AfterMessages.makeUpUnavailable);
          const pending = state.attempts.find((a) => a.status === 'pending');
          if (pending?.tokenHash === tokenHash) return { kind: 'charge', attempt: pending, courseName: offer.courseName };
          if (pending) {
            if (tx.now.getTime() - pending.startedAt.getTime() < STALE_MAKE_UP_MS) throw conflict(AfterMessages.makeUpInProgress);
            return { kind: 'recover', attempt: pending, courseName: offer.courseName };
          }
          const attempt = state.attempts.length + 1;
          const started: MakeUpPaymentStarted = {
            type: 'MakeUpPaymentStarted',
            data: {
              conversationId: c.conversationId,
              studentId: input.studentId,
              attempt,
              idempotencyKey: makeUpKey(c.conversationId, attempt),
              tokenHash,
              amount: offer.amount,
              currency: offer.currency,
              minuteQuantity: offer.minuteQuantity,
              at: tx.now.toISOString(),
            },
          };
          tx.append(stream, [started]);
          return { kind: 'charge', attempt: evolveMakeUp(state, started).attempts.at(-1)!, courseName: offer.courseName };
        });
        if (step.kind === 'done') return { purchased: true, minuteQuantity: step.minuteQuantity, amount: step.amount };
        if (step.kind === 'recover') {
          const found = await payments.findCharge(step.attempt.idempotencyKey).catch(() => null);
          await settleMakeUp(meta, {
            conversationId: input.conversationId,
            attempt: step.attempt.attempt,
            result: found ?? { status: 'declined', code: 'abandoned', message: 'The payment was not completed.', paymentId: null },
          });
          continue;
        }
        let charged: ChargeResult;
        try {
          charged = await payments.charge({
            amount: step.attempt.amount,
            currency: step.attempt.currency,
            paymentMethod: input.cardToken,
            idempotencyKey: step.attempt.idempotencyKey,
            description: `Tertulia: make-up minutes (${step.courseName})`,
            metadata: { conversationId: input.conversationId, studentId: input.studentId, makeUpAttempt: String(step.attempt.attempt) },
            receiptEmail: input.receiptEmail ?? null,
          });
        } catch (error) {
          report(error, 'make-up charge failed at the gateway');
          throw new DomainError(
            'PAYMENT_FAILED',
            error instanceof PaymentGatewayError ? error.message : ConversationMessages.paymentUnreachable,
          );
        }
        const settled = await settleMakeUp(meta, { conversationId: input.conversationId, attempt: step.attempt.attempt, result: charged });
        if (charged.status === 'declined')
          throw new DomainError('PAYMENT_FAILED', charged.message || AfterMessages.paymentFailed, { cardToken: charged.code });
        if (settled.status === 'purchased' || settled.status === 'already')
          return { purchased: true, minuteQuantity: step.attempt.minuteQuantity, amount: charged.amount, appended: settled.appended };
        throw conflict(AfterMessages.makeUpInProgress);
      }
      throw conflict(AfterMessages.makeUpFailed);
    },
  };
}
export type AfterConversationHandlers = ReturnType<typeof afterConversationHandlers>;
