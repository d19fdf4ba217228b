/**
 * Enrollment use cases. Everything an enrollment changes is appended at once: the enrollment
 * (stream enrollment-<course>-<student>, "enrolled once"), the redeemed code (code-<value>,
 * "redeemed once"), the payment (payment-<id>, "recorded once") and the minutes it grants
 * (minutes-<student>). A card payment runs in three steps:
 *
 *  1. claim: append EnrollmentPaymentStarted (attempt n) to the enrollment stream. A concurrent
 *     enrollment of the same student in the same course loses this append, re-reads, and stops
 *     ('already being processed'), so it never charges. A repeat with the same card token (a double
 *     click) joins the open attempt instead and uses its idempotency key.
 *  2. charge at the gateway with the attempt's idempotency key (derived from course, student and
 *     attempt number): a repeat of the same key never charges twice.
 *  3. settle: on success append StudentEnrolled + PaymentSucceeded + MinutesChanged, if the attempt
 *     is still open; a charge whose append lost (the attempt was closed meanwhile) is refunded and
 *     recorded as PaymentReversed. On a decline append EnrollmentPaymentFailed: nothing else changes.
 *
 * An attempt left open by a process that died is settled from the gateway (`findCharge`) when it is
 * older than STALE_ATTEMPT_MS and the student tries again, or by the Stripe webhook.
 *
 * A card token is checked with the gateway (`checkPaymentMethod`: its shape, and whether the gateway
 * knows it and it is unused, where that is cheap) before an attempt is claimed for it, so a bad token
 * never claims anything; a token the gateway refuses at the charge (a decline with one of
 * PAYMENT_METHOD_REFUSALS) closes its attempt at once like any decline. Only an unknown outcome (the
 * gateway could not be reached) leaves an attempt open.
 */
import { CURRENCY, EnrollmentMessages, enrollmentMinutes, type EnrolledWith } from '../../../contracts/enrollment';
import {
  extraConversationsError,
  inviteNumberError,
  normalizeInviteNumber,
  normalizeRedemptionCode,
  redemptionCodeError,
} from '../../../contracts/validation/enrollment';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { checkpointOf, type AppendResult, type GlobalCheckpoint } from '../../eventstore/port';
import { PaymentGatewayError, type ChargeResult, type PaymentGateway, type PaymentMethodCheck } from '../../integrations/payments/port';
import { codeStream, decideRedeemCode, evolveCode, initialCode, type CodeEvent } from '../billing/codes';
import { creditLedger } from '../billing/handlers';
import {
  decideGatewayRefund,
  decideRecordPayment,
  decideReversePayment,
  evolvePayment,
  initialPayment,
  paymentStream,
  type PaymentEvent,
} from '../billing/payments';
import { isPastCourse } from '../catalog/course';
import { queuePaymentReceipt, type ReceiptSettings } from '../notifications/accountMail';
import type { CourseCreated } from '../catalog/events';
import { courseIdForInvite, loadCourse } from '../catalog/handlers';
import { evolveAccount, initialAccount } from '../identity/account';
import { streams as identityStreams, type AccountEvent } from '../identity/events';
import { SYSTEM_ACTOR, fold } from '../shared/decider';
import { DomainError, badInput, conflict, notFound } from '../shared/errors';
import { newId } from '../shared/ids';
import {
  assertNotEnrolled,
  assertStudentAccount,
  decideCompleteAttempt,
  decideEnroll,
  decideFailAttempt,
  decidePaidBy,
  decideStartAttempt,
  enrollmentStream,
  evolveEnrollment,
  hashToken,
  initialEnrollment,
  isStale,
  pendingAttempt,
  type AttemptState,
  type EnrollmentState,
  type StudentEnrolled,
} from './enrollment';
import { EnrollingMessages } from './messages';

export interface EnrollInput {
  inviteNumber: string;
  /** The account being enrolled. */
  studentId: string;
  cardToken?: string | null;
  code?: string | null;
  extraConversations?: number | null;
  /** An administrator enrolls someone else (enrollUser with userId). */
  byAdmin?: boolean;
  receiptEmail?: string | null;
}

export interface EnrollResult {
  enrollmentId: string;
  courseId: string;
  enrolledWith: EnrolledWith;
  minuteQuantity: number;
  extraConversations: number;
  payment: { paymentId: string; amount: number; currency: string; receiptUrl: string | null } | null;
  appended?: AppendResult;
}

type Course = CourseCreated['data'];

const notFoundMessage = (kind?: string) =>
  kind === 'adventure' ? EnrollmentMessages.adventureNotFound : EnrollmentMessages.courseNotFound;
const failedMessage = (kind?: string) => (kind === 'adventure' ? EnrollmentMessages.adventureFailed : EnrollmentMessages.courseFailed);
const unreachable = 'The payment provider could not be reached. Please try again in a few minutes.';

async function loadEnrollment(
  tx: CommandTransaction,
  courseId: string,
  studentId: string,
): Promise<EnrollmentState & { enrolledAt: GlobalCheckpoint | null }> {
  const events = await tx.read(enrollmentStream(courseId, studentId));
  const enrolled = events.find((e) => e.type === 'StudentEnrolled');
  return {
    ...fold(evolveEnrollment, initialEnrollment(), events),
    enrolledAt: enrolled ? checkpointOf(enrolled) : null,
  };
}

/** For a repeated request: the read models are caught up once they have the original append. */
const appendedAt = (checkpoint: GlobalCheckpoint | null): AppendResult | undefined =>
  checkpoint ? { versions: {}, checkpoint } : undefined;

/** The course behind an invite number, if it can be enrolled in (not ended). */
async function enrollableCourse(tx: CommandTransaction, inviteNumber: string): Promise<Course> {
  const courseId = await courseIdForInvite(tx, inviteNumber);
  if (!courseId) throw notFound(EnrollmentMessages.courseNotFound);
  const { course, removed } = await loadCourse(tx, courseId);
  // A deleted course's invite number finds nothing (the number is never given to another course).
  if (!course || removed) throw notFound(EnrollmentMessages.courseNotFound);
  // An ended course's invite number no longer finds anything.
  if (isPastCourse(course, tx.now)) throw notFound(notFoundMessage(course.kind));
  return course;
}

const resultOf = (e: StudentEnrolled['data'], payment: EnrollResult['payment']): Omit<EnrollResult, 'appended'> => ({
  enrollmentId: e.enrollmentId,
  courseId: e.courseId,
  enrolledWith: e.enrolledWith,
  minuteQuantity: e.minuteQuantity,
  extraConversations: e.extraConversations,
  payment,
});

type Step =
  | { kind: 'done'; result: Omit<EnrollResult, 'appended'>; at?: GlobalCheckpoint | null }
  | { kind: 'charge'; course: Course; attempt: AttemptState }
  | { kind: 'recover'; course: Course; attempt: AttemptState };

export function enrollmentHandlers(deps: {
  commands: CommandExecutor;
  payments: PaymentGateway;
  onError?: (error: unknown, context: string) => void;
  /** Mails the receipt of each payment, in the append that records it (issue 11). */
  receipts?: ReceiptSettings;
}) {
  const { commands, payments } = deps;
  const report = deps.onError ?? (() => {});

  /** Step 3 of a card payment; also run by the webhook and when recovering an abandoned attempt. */
  async function settleAttempt(meta: CommandMeta, input: { courseId: string; studentId: string; attempt: number; result: ChargeResult }) {
    const { result } = input;
    const outcome = await commands.execute(meta, async (tx) => {
      const { course } = await loadCourse(tx, input.courseId);
      if (!course) throw notFound(EnrollmentMessages.courseNotFound);
      const stream = enrollmentStream(input.courseId, input.studentId);
      const state = await loadEnrollment(tx, input.courseId, input.studentId);
      const attempt = state.attempts.find((a) => a.attempt === input.attempt) ?? null;
      if (result.status === 'declined') {
        tx.append(
          stream,
          decideFailAttempt(state, { attempt: input.attempt, reason: 'declined', code: result.code, message: result.message }),
        );
        return { status: 'failed' as const, attempt };
      }
      if (state.enrolled?.paymentId === result.paymentId)
        return { status: 'already' as const, enrolled: state.enrolled, attempt, at: state.enrolledAt };
      if (attempt?.status !== 'pending' || state.enrolled) return { status: 'lost' as const, attempt };
      const payment = fold(evolvePayment, initialPayment(), (await tx.read(paymentStream(result.paymentId))) as PaymentEvent[]);
      if (payment.recorded || payment.reversed) {
        // The reads of a command are not one snapshot: a concurrent settle of this same charge (a
        // double click on Pay) may have committed between them. Look at the enrollment again
        // before calling the charge lost, or the student's own payment would be refunded.
        const now = await loadEnrollment(tx, input.courseId, input.studentId);
        if (now.enrolled?.paymentId === result.paymentId)
          return { status: 'already' as const, enrolled: now.enrolled, attempt, at: now.enrolledAt };
        return { status: 'lost' as const, attempt };
      }
      const minuteQuantity = enrollmentMinutes(course, attempt.extraConversations);
      const enrolled = decideCompleteAttempt(state, {
        attempt: input.attempt,
        enrollmentId: newId(),
        courseId: course.courseId,
        studentId: input.studentId,
        courseKind: course.kind,
        minuteQuantity,
        paymentId: result.paymentId,
        amount: result.amount,
      });
      tx.append(stream, enrolled);
      tx.append(
        paymentStream(result.paymentId),
        decideRecordPayment(payment, {
          paymentId: result.paymentId,
          accountId: input.studentId,
          amount: result.amount,
          currency: result.currency,
          minuteQuantity,
          receiptUrl: result.receiptUrl,
          gateway: payments.provider,
          purpose: 'enrollment',
          courseId: course.courseId,
          enrollmentId: enrolled[0].data.enrollmentId,
          idempotencyKey: attempt.idempotencyKey,
          cardBrand: result.cardBrand,
          cardLast4: result.cardLast4,
        }),
      );
      await creditLedger(tx, { accountId: input.studentId, minutes: minuteQuantity, action: 'enrollment', reason: course.name });
      await queuePaymentReceipt(deps.receipts, tx, {
        accountId: input.studentId,
        paymentId: result.paymentId,
        amount: result.amount,
        currency: result.currency,
        minutes: minuteQuantity,
        courseName: course.name,
        receiptUrl: result.receiptUrl,
        cardBrand: result.cardBrand,
        cardLast4: result.cardLast4,
      });
      return { status: 'enrolled' as const, enrolled: enrolled[0].data, attempt };
    });
    const settled = outcome.result;
    if (settled.status === 'lost' && result.status === 'succeeded') {
      // The charge bought nothing: give it back, then record that it was given back.
      const key = settled.attempt?.idempotencyKey ?? result.paymentId;
      let refundId: string | null = null;
      try {
        refundId = (await payments.refund(result.paymentId, `refund-${key}`)).refundId;
      } catch (error) {
        report(error, `refund of ${result.paymentId} failed; it must be refunded by hand`);
      }
      await commands.execute(meta, async (tx) => {
        const payment = fold(evolvePayment, initialPayment(), (await tx.read(paymentStream(result.paymentId))) as PaymentEvent[]);
        tx.append(
          paymentStream(result.paymentId),
          decideReversePayment(payment, {
            paymentId: result.paymentId,
            accountId: input.studentId,
            amount: result.amount,
            currency: result.currency,
            idempotencyKey: key,
            refundId,
            reason: 'enrollment_not_recorded',
          }),
        );
      });
    }
    return { ...settled, appended: outcome.appended ?? appendedAt((settled as { at?: GlobalCheckpoint | null }).at ?? null) };
  }

  function validate(input: EnrollInput) {
    const inviteProblem = inviteNumberError(input.inviteNumber);
    if (inviteProblem) throw badInput(inviteProblem, { inviteNumber: inviteProblem });
    const extraProblem = extraConversationsError(input.extraConversations);
    if (extraProblem) throw badInput(extraProblem, { extraConversations: extraProblem });
    if (input.code !== null && input.code !== undefined) {
      const codeProblem = redemptionCodeError(input.code);
      if (codeProblem) throw badInput(codeProblem, { code: codeProblem });
    }
    if (input.code && input.cardToken)
      throw badInput(EnrollmentMessages.paymentRequired, { cardToken: 'Pay by card or by code, not both.' });
  }

  return {
    settleAttempt,

    async enroll(meta: CommandMeta, input: EnrollInput): Promise<EnrollResult> {
      validate(input);
      const inviteNumber = normalizeInviteNumber(input.inviteNumber);
      const extra = input.extraConversations ?? 0;
      const code = input.code ? normalizeRedemptionCode(input.code) : null;
      const tokenHash = input.cardToken ? hashToken(input.cardToken) : null;
      // Asked once, before anything is claimed; used only where a new attempt would be claimed (a
      // repeat of a request joins its attempt even though its single-use token is used by then).
      let tokenCheck: PaymentMethodCheck | null = null;
      if (input.cardToken && !input.byAdmin) {
        try {
          tokenCheck = await payments.checkPaymentMethod(input.cardToken);
        } catch (error) {
          report(error, 'card token check failed at the gateway');
          throw new DomainError('PAYMENT_FAILED', error instanceof PaymentGatewayError ? error.message : unreachable);
        }
      }

      for (let round = 0; round < 3; round++) {
        const { result: step, appended } = await commands.execute<Step>(meta, async (tx) => {
          const course = await enrollableCourse(tx, inviteNumber);
          const stream = enrollmentStream(course.courseId, input.studentId);
          const state = await loadEnrollment(tx, course.courseId, input.studentId);
          if (state.enrolled) {
            // A repeat of the request that enrolled (a double click on Pay) answers as it did.
            const joined = tokenHash && state.attempts.find((a) => a.attempt === state.enrolled!.attempt)?.tokenHash === tokenHash;
            if (joined) {
              const e = state.enrolled;
              return {
                kind: 'done',
                at: state.enrolledAt,
                result: resultOf(
                  e,
                  e.paymentId ? { paymentId: e.paymentId, amount: e.amount ?? 0, currency: CURRENCY, receiptUrl: null } : null,
                ),
              };
            }
            assertNotEnrolled(state, course.kind);
          }
          if (input.byAdmin) {
            const account = fold(
              evolveAccount,
              initialAccount(),
              (await tx.read(identityStreams.account(input.studentId))) as AccountEvent[],
            );
            if (!account.exists) throw notFound(EnrollingMessages.accountNotFound);
            assertStudentAccount(account.roles);
            if (course.priceAgreement.kind !== 'standard') throw badInput(EnrollmentMessages.adminStandardOnly);
            if (input.cardToken) throw badInput(EnrollingMessages.adminNoCard, { cardToken: EnrollingMessages.leaveCardOut });
          }
          const enrolledWith = decidePaidBy({
            agreementKind: course.priceAgreement.kind,
            courseKind: course.kind,
            code: !!code,
            cardToken: !!input.cardToken,
            byAdmin: !!input.byAdmin,
            extraConversations: extra,
          });

          if (enrolledWith !== 'card') {
            const enrollmentId = newId();
            let minuteQuantity = enrollmentMinutes(course, extra);
            let redemptionCodeId: string | null = null;
            if (code) {
              const codeState = fold(evolveCode, initialCode(), (await tx.read(codeStream(code))) as CodeEvent[]);
              tx.append(
                codeStream(code),
                decideRedeemCode(codeState, { accountId: input.studentId, courseId: course.courseId, enrollmentId }),
              );
              // A code is worth what it was made for (duration × quantity): that is what it grants.
              minuteQuantity = codeState.issued!.minuteQuantity;
              redemptionCodeId = codeState.issued!.redemptionCodeId;
            }
            const events = decideEnroll(
              state,
              {
                enrollmentId,
                courseId: course.courseId,
                studentId: input.studentId,
                courseKind: course.kind,
                enrolledWith,
                extraConversations: extra,
                minuteQuantity,
                redemptionCodeId,
              },
              tx.now,
            );
            tx.append(stream, events);
            await creditLedger(tx, { accountId: input.studentId, minutes: minuteQuantity, action: 'enrollment', reason: course.name });
            const enrolled = events.find((e) => e.type === 'StudentEnrolled') as StudentEnrolled;
            return { kind: 'done', result: resultOf(enrolled.data, null) };
          }

          // By card.
          const unitPrice = course.priceAgreement.unitPrice;
          // No price ('Contact Sales'): the course cannot be bought by card.
          if (unitPrice === null) throw badInput(failedMessage(course.kind), { cardToken: EnrollmentMessages.noPrice });
          const pending = pendingAttempt(state);
          if (pending?.tokenHash === tokenHash) return { kind: 'charge', course, attempt: pending };
          // A new attempt is claimed only for a token the gateway can charge.
          if (tokenCheck && tokenCheck.status !== 'usable')
            throw new DomainError('PAYMENT_FAILED', tokenCheck.message, { cardToken: tokenCheck.code });
          if (pending) {
            if (!isStale(pending, tx.now)) throw conflict(EnrollmentMessages.paymentInProgress);
            return { kind: 'recover', course, attempt: pending };
          }
          const [started] = decideStartAttempt(state, {
            courseId: course.courseId,
            studentId: input.studentId,
            courseKind: course.kind,
            tokenHash: tokenHash!,
            amount: unitPrice * (course.completionRequirement + extra),
            currency: course.priceAgreement.currency,
            extraConversations: extra,
          });
          tx.append(stream, [started]);
          const next = evolveEnrollment(state, { ...started, metadata: { occurredAt: tx.now.toISOString() } });
          return { kind: 'charge', course, attempt: next.attempts[next.attempts.length - 1] };
        });

        if (step.kind === 'done') return { ...step.result, appended: appended ?? appendedAt(step.at ?? null) };

        if (step.kind === 'recover') {
          // The attempt's process died: ask the gateway what became of it, settle it, start again.
          const found = await payments.findCharge(step.attempt.idempotencyKey).catch(() => null);
          await settleAttempt(
            { ...meta, actor: SYSTEM_ACTOR },
            {
              courseId: step.course.courseId,
              studentId: input.studentId,
              attempt: step.attempt.attempt,
              result: found ?? { status: 'declined', code: 'abandoned', message: 'The payment was not completed.', paymentId: null },
            },
          );
          continue;
        }

        const { course, attempt } = step;
        let charged: ChargeResult;
        try {
          charged = await payments.charge({
            amount: attempt.amount,
            currency: attempt.currency,
            paymentMethod: input.cardToken!,
            idempotencyKey: attempt.idempotencyKey,
            description: `Tertulia: ${course.name}`,
            metadata: {
              courseId: course.courseId,
              studentId: input.studentId,
              attempt: String(attempt.attempt),
              enrollmentStream: enrollmentStream(course.courseId, input.studentId),
            },
            receiptEmail: input.receiptEmail ?? null,
          });
        } catch (error) {
          // Unknown outcome: the attempt stays open; the webhook or a later attempt settles it.
          report(error, 'charge failed at the gateway');
          const message = error instanceof PaymentGatewayError ? error.message : unreachable;
          throw new DomainError('PAYMENT_FAILED', message);
        }
        const settled = await settleAttempt(meta, {
          courseId: course.courseId,
          studentId: input.studentId,
          attempt: attempt.attempt,
          result: charged,
        });
        if (charged.status === 'declined')
          throw new DomainError('PAYMENT_FAILED', charged.message || EnrollmentMessages.paymentDeclined, { cardToken: charged.code });
        if (settled.status === 'enrolled' || settled.status === 'already') {
          const payment = {
            paymentId: charged.paymentId,
            amount: charged.amount,
            currency: charged.currency,
            receiptUrl: charged.receiptUrl,
          };
          return { ...resultOf(settled.enrolled!, payment), appended: settled.appended };
        }
        // The attempt was closed meanwhile (the charge was given back): say what happened.
        throw conflict(EnrollmentMessages.paymentInProgress);
      }
      throw new DomainError('CONFLICT', failedMessage());
    },

    /** A refund made at the gateway (reported by the Stripe webhook). */
    async recordGatewayRefund(meta: CommandMeta, input: { paymentId: string; amountRefunded: number }) {
      return commands.execute(meta, async (tx) => {
        const payment = fold(evolvePayment, initialPayment(), (await tx.read(paymentStream(input.paymentId))) as PaymentEvent[]);
        tx.append(paymentStream(input.paymentId), decideGatewayRefund(payment, input));
        return !!payment.recorded;
      });
    },
  };
}
export type EnrollmentHandlers = ReturnType<typeof enrollmentHandlers>;
