/**
 * The enrollment decider (stream enrollment-<course>-<student>): a student is enrolled in a course
 * once. A card payment is a numbered attempt on the same stream: it is started (claiming the
 * stream, so a concurrent enrollment cannot charge too), then either succeeds together with the
 * enrollment, the payment record and the minutes, or fails and releases the claim.
 */
import crypto from 'node:crypto';
import { EnrollmentMessages, type EnrolledWith } from '../../../contracts/enrollment';
import type { DomainEvent } from '../shared/decider';
import { DomainError, badInput, conflict } from '../shared/errors';
import type { CourseKind } from '../catalog/events';

export const enrollmentStream = (courseId: string, studentId: string) => `enrollment-${courseId}-${studentId}`;

/** A started attempt left pending this long is presumed abandoned (its process died). */
export const STALE_ATTEMPT_MS = 3 * 60_000;

export type EnrollmentPaymentStarted = DomainEvent<
  'EnrollmentPaymentStarted',
  {
    courseId: string;
    studentId: string;
    attempt: number;
    idempotencyKey: string;
    /** SHA-256 of the card token: a repeated request with the same token joins this attempt. */
    tokenHash: string;
    amount: number;
    currency: string;
    extraConversations: number;
  }
>;
export type EnrollmentPaymentFailed = DomainEvent<
  'EnrollmentPaymentFailed',
  {
    attempt: number;
    reason: 'declined' | 'abandoned' | 'error';
    code: string | null;
    message: string | null;
  }
>;
export type StudentEnrolled = DomainEvent<
  'StudentEnrolled',
  {
    enrollmentId: string;
    courseId: string;
    studentId: string;
    courseKind: CourseKind;
    enrolledWith: EnrolledWith;
    extraConversations: number;
    minuteQuantity: number;
    paymentId: string | null;
    amount: number | null;
    redemptionCodeId: string | null;
    attempt: number | null;
    /** Set when the instructor moved the student here from another course of theirs (transferUser): no minutes granted. */
    transferredFrom?: string | null;
  }
>;
/**
 * The course's instructor (or an admin) took the student out of the course (withdrawUser), or moved
 * them to another course (transferUser: transferredTo). The student keeps every minute; open lesson
 * attempts were closed in the same append (docs: decisions-instructor-area).
 */
export type StudentWithdrawn = DomainEvent<
  'StudentWithdrawn',
  { enrollmentId: string; courseId: string; studentId: string; transferredTo: string | null }
>;
/** A conversation reserved for a lesson of the course (the lesson's attempt); one open attempt per lesson. */
export type LessonAttemptStarted = DomainEvent<
  'LessonAttemptStarted',
  { lessonAttemptId: string; lessonId: string; conversationId: string }
>;
/** The attempt's conversation was canceled or moved to another lesson: the lesson can be reserved again. */
export type LessonAttemptCanceled = DomainEvent<
  'LessonAttemptCanceled',
  { lessonAttemptId: string; lessonId: string; conversationId: string }
>;
/** The attempt's conversation was marked completed: the lesson is done (it counts toward completion). */
export type LessonAttemptCompleted = DomainEvent<
  'LessonAttemptCompleted',
  { lessonAttemptId: string; lessonId: string; conversationId: string }
>;
/** The attempt's conversation was marked missed or spoiled: the lesson can be reserved again. */
export type LessonAttemptFailed = DomainEvent<'LessonAttemptFailed', { lessonAttemptId: string; lessonId: string; conversationId: string }>;
/** A promotion shown on the student's home for this enrollment (issue 10; contracts/afterConversation.ts). */
export type PromotionOffered = DomainEvent<'PromotionOffered', { enrollmentId: string; promotion: string; conversationId: string | null }>;
export type PromotionAcknowledged = DomainEvent<'PromotionAcknowledged', { enrollmentId: string; promotion: string }>;
export type EnrollmentEvent =
  | EnrollmentPaymentStarted
  | EnrollmentPaymentFailed
  | StudentEnrolled
  | StudentWithdrawn
  | LessonAttemptStarted
  | LessonAttemptCanceled
  | LessonAttemptCompleted
  | LessonAttemptFailed
  | PromotionOffered
  | PromotionAcknowledged;

export interface AttemptState {
  attempt: number;
  status: 'pending' | 'failed' | 'succeeded';
  startedAt: Date;
  idempotencyKey: string;
  tokenHash: string;
  amount: number;
  currency: string;
  extraConversations: number;
}

export interface EnrollmentState {
  enrolled: StudentEnrolled['data'] | null;
  /** Card payment attempts. */
  attempts: AttemptState[];
  /** Open lesson attempts by lesson id. */
  lessonAttempts: Map<string, { lessonAttemptId: string; conversationId: string }>;
  /** Lessons whose attempt was completed, with the conversation that completed it. */
  completedLessons: Map<string, string>;
  /** The promotion on show (offered, not yet acknowledged). */
  promotion: string | null;
}
export const initialEnrollment = (): EnrollmentState => ({
  enrolled: null,
  attempts: [],
  lessonAttempts: new Map(),
  completedLessons: new Map(),
  promotion: null,
});

/** Folds stored events; `recordedAt` dates an attempt (the decider never reads a clock). */
export function evolveEnrollment(
  state: EnrollmentState,
  event: EnrollmentEvent & { recordedAt?: Date; metadata?: { occurredAt?: string } },
): EnrollmentState {
  switch (event.type) {
    case 'EnrollmentPaymentStarted': {
      const at = event.metadata?.occurredAt ? new Date(event.metadata.occurredAt) : (event.recordedAt ?? new Date(0));
      const d = event.data;
      return {
        ...state,
        attempts: [
          ...state.attempts,
          {
            attempt: d.attempt,
            status: 'pending',
            startedAt: at,
            idempotencyKey: d.idempotencyKey,
            tokenHash: d.tokenHash,
            amount: d.amount,
            currency: d.currency,
            extraConversations: d.extraConversations,
          },
        ],
      };
    }
    case 'EnrollmentPaymentFailed':
      return { ...state, attempts: state.attempts.map((a) => (a.attempt === event.data.attempt ? { ...a, status: 'failed' } : a)) };
    case 'StudentEnrolled':
      return {
        ...state,
        enrolled: event.data,
        attempts: state.attempts.map((a) => (a.attempt === event.data.attempt ? { ...a, status: 'succeeded' } : a)),
      };
    case 'StudentWithdrawn':
      // Enrolled no more; lessons completed stay completed (enrolling again does not redo them).
      return { ...state, enrolled: null, promotion: null };
    case 'LessonAttemptStarted': {
      const lessonAttempts = new Map(state.lessonAttempts);
      lessonAttempts.set(event.data.lessonId, { lessonAttemptId: event.data.lessonAttemptId, conversationId: event.data.conversationId });
      return { ...state, lessonAttempts };
    }
    case 'LessonAttemptCanceled': {
      const lessonAttempts = new Map(state.lessonAttempts);
      if (lessonAttempts.get(event.data.lessonId)?.lessonAttemptId === event.data.lessonAttemptId)
        lessonAttempts.delete(event.data.lessonId);
      return { ...state, lessonAttempts };
    }
    case 'LessonAttemptCompleted': {
      const lessonAttempts = new Map(state.lessonAttempts);
      if (lessonAttempts.get(event.data.lessonId)?.lessonAttemptId === event.data.lessonAttemptId)
        lessonAttempts.delete(event.data.lessonId);
      return {
        ...state,
        lessonAttempts,
        completedLessons: new Map(state.completedLessons).set(event.data.lessonId, event.data.conversationId),
      };
    }
    case 'LessonAttemptFailed': {
      const lessonAttempts = new Map(state.lessonAttempts);
      if (lessonAttempts.get(event.data.lessonId)?.lessonAttemptId === event.data.lessonAttemptId)
        lessonAttempts.delete(event.data.lessonId);
      const completedLessons = new Map(state.completedLessons);
      // A conversation re-marked from completed to failed no longer completes its lesson.
      if (completedLessons.get(event.data.lessonId) === event.data.conversationId) completedLessons.delete(event.data.lessonId);
      return { ...state, lessonAttempts, completedLessons };
    }
    case 'PromotionOffered':
      return { ...state, promotion: event.data.promotion };
    case 'PromotionAcknowledged':
      return { ...state, promotion: null };
    default:
      return state;
  }
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The gateway idempotency key of an attempt: derived from the stream and the attempt number. */
export function idempotencyKeyFor(courseId: string, studentId: string, attempt: number): string {
  return `enroll-${crypto.createHash('sha256').update(`${courseId}:${studentId}:${attempt}`).digest('hex').slice(0, 40)}`;
}

export const pendingAttempt = (state: EnrollmentState) => state.attempts.find((a) => a.status === 'pending') ?? null;
export const isStale = (attempt: AttemptState, now: Date) => now.getTime() - attempt.startedAt.getTime() > STALE_ATTEMPT_MS;

export const alreadyEnrolledMessage = (kind: CourseKind) =>
  kind === 'adventure' ? EnrollmentMessages.adventureAlreadyEnrolled : EnrollmentMessages.courseAlreadyEnrolled;

export function assertNotEnrolled(state: EnrollmentState, kind: CourseKind) {
  if (state.enrolled) throw conflict(alreadyEnrolledMessage(kind));
}

/** Only a student (onboarding or not) is enrolled in a course, also when an administrator enrolls them. */
export function assertStudentAccount(roles: readonly string[]) {
  if (!roles.some((r) => r === 'STUDENT' || r === 'ONBOARDING_STUDENT')) {
    throw badInput(EnrollmentMessages.notAStudent, { userId: EnrollmentMessages.notAStudent });
  }
}

/**
 * What pays for an enrollment (docs/decisions/enrollment-and-payments.md, Enrollment and payments): the school for an
 * institutional course, and nothing else may (a code given with one is refused, so it is never used
 * up for nothing); otherwise a redemption code, an administrator, or a card. Extra conversations are
 * bought by card or granted by an administrator.
 */
export function decidePaidBy(cmd: {
  agreementKind: string;
  courseKind: CourseKind;
  code: boolean;
  cardToken: boolean;
  byAdmin: boolean;
  extraConversations: number;
}): EnrolledWith | 'card' {
  const institutional = cmd.agreementKind === 'institutional';
  if (institutional && cmd.code) throw badInput(EnrollmentMessages.codeNotNeeded, { code: EnrollmentMessages.codeNotNeeded });
  let paidBy: EnrolledWith | 'card';
  if (institutional) paidBy = 'institutional';
  else if (cmd.code) paidBy = 'redemption_code';
  else if (cmd.byAdmin) paidBy = 'admin';
  else if (cmd.cardToken) paidBy = 'card';
  else throw badInput(EnrollmentMessages.paymentRequired);
  if (cmd.extraConversations > 0 && (paidBy === 'institutional' || paidBy === 'redemption_code')) {
    const onlyByCard = 'Extra conversations can only be bought by card.';
    throw badInput(cmd.courseKind === 'adventure' ? EnrollmentMessages.adventureExtraConversations : onlyByCard, {
      extraConversations: onlyByCard,
    });
  }
  return paidBy;
}

/** Enrollment without a card (institutional, redemption code, admin). */
export function decideEnroll(
  state: EnrollmentState,
  cmd: Omit<StudentEnrolled['data'], 'attempt' | 'paymentId' | 'amount'> & { paymentId?: null },
  now: Date,
): EnrollmentEvent[] {
  assertNotEnrolled(state, cmd.courseKind);
  const pending = pendingAttempt(state);
  if (pending && !isStale(pending, now)) throw conflict(EnrollmentMessages.paymentInProgress);
  const released: EnrollmentEvent[] = pending
    ? [{ type: 'EnrollmentPaymentFailed', data: { attempt: pending.attempt, reason: 'abandoned', code: null, message: null } }]
    : [];
  return [...released, { type: 'StudentEnrolled', data: { ...cmd, paymentId: null, amount: null, attempt: null } }];
}

/** Opens a card payment attempt; the caller has already handled a pending one. */
export function decideStartAttempt(
  state: EnrollmentState,
  cmd: {
    courseId: string;
    studentId: string;
    courseKind: CourseKind;
    tokenHash: string;
    amount: number;
    currency: string;
    extraConversations: number;
  },
): EnrollmentPaymentStarted[] {
  assertNotEnrolled(state, cmd.courseKind);
  if (pendingAttempt(state)) throw conflict(EnrollmentMessages.paymentInProgress);
  const attempt = state.attempts.length + 1;
  return [
    {
      type: 'EnrollmentPaymentStarted',
      data: {
        courseId: cmd.courseId,
        studentId: cmd.studentId,
        attempt,
        idempotencyKey: idempotencyKeyFor(cmd.courseId, cmd.studentId, attempt),
        tokenHash: cmd.tokenHash,
        amount: cmd.amount,
        currency: cmd.currency,
        extraConversations: cmd.extraConversations,
      },
    },
  ];
}

/** The attempt closed before its result arrived: the charge must be given back. */
export class AttemptClosedError extends DomainError {
  constructor() {
    super('CONFLICT', EnrollmentMessages.paymentInProgress);
  }
}

/** Records a card payment's success as the enrollment, if the attempt is still open. */
export function decideCompleteAttempt(
  state: EnrollmentState,
  cmd: {
    attempt: number;
    enrollmentId: string;
    courseId: string;
    studentId: string;
    courseKind: CourseKind;
    minuteQuantity: number;
    paymentId: string;
    amount: number;
  },
): StudentEnrolled[] {
  const attempt = state.attempts.find((a) => a.attempt === cmd.attempt);
  if (attempt?.status !== 'pending' || state.enrolled) throw new AttemptClosedError();
  return [
    {
      type: 'StudentEnrolled',
      data: {
        enrollmentId: cmd.enrollmentId,
        courseId: cmd.courseId,
        studentId: cmd.studentId,
        courseKind: cmd.courseKind,
        enrolledWith: 'credit_card',
        extraConversations: attempt.extraConversations,
        minuteQuantity: cmd.minuteQuantity,
        paymentId: cmd.paymentId,
        amount: cmd.amount,
        redemptionCodeId: null,
        attempt: cmd.attempt,
      },
    },
  ];
}

export function decideFailAttempt(
  state: EnrollmentState,
  cmd: { attempt: number; reason: 'declined' | 'abandoned' | 'error'; code: string | null; message: string | null },
): EnrollmentPaymentFailed[] {
  const attempt = state.attempts.find((a) => a.attempt === cmd.attempt);
  if (attempt?.status !== 'pending') return [];
  return [{ type: 'EnrollmentPaymentFailed', data: cmd }];
}
