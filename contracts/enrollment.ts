/**
 * Courses, enrollment and payments: the words and constants both the server and the web use
 * (spec 1, sections 2, 4, 5, 8 and 9; spec 3, Course and Redemption code). Pure, no imports.
 */

/** Language codes and names (spec 1, section 1), the answer of `lookupLanguages`. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'it', name: 'Italian' },
  { code: 'de', name: 'German' },
  { code: 'zh', name: 'Mandarin' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;
export const isLanguageCode = (code: string): code is LanguageCode => LANGUAGES.some((l) => l.code === code);

export const PROFICIENCIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Proficiency = (typeof PROFICIENCIES)[number];

/** Minutes per conversation a course may require; 15 is the default (spec 3, section 9). */
export const DURATIONS = [15, 30] as const;
export const DEFAULT_DURATION = 15;

/** Where a student stands with one lesson of their course (spec 2, Lesson attempt). */
export type LessonOutcome = 'unattempted' | 'attempting' | 'completed' | 'failed';

/**
 * A lesson's outcome from the student's attempts at it, oldest first: completed once any attempt
 * completed (a later one cannot undo it), else the latest attempt's, else unattempted.
 */
export function lessonOutcome(attempts: readonly { outcome: string | null }[]): LessonOutcome {
  if (attempts.some((a) => a.outcome === 'completed')) return 'completed';
  const latest = attempts.at(-1)?.outcome;
  return latest === 'attempting' || latest === 'failed' ? latest : 'unattempted';
}

/**
 * What a lesson in a list offers (spec 2, Lesson attempt outcome in lists): unattempted and failed
 * lessons are reserved; attempting and completed ones viewed, through the attempt's conversation
 * (the View button is disabled without one).
 */
export function lessonAction(
  attempts: readonly { outcome: string | null; conversationId: string | null }[],
): { action: 'reserve' } | { action: 'view'; conversationId: string | null } {
  const outcome = lessonOutcome(attempts);
  if (outcome === 'unattempted' || outcome === 'failed') return { action: 'reserve' };
  const attempt = [...attempts].reverse().find((a) => a.outcome === outcome && a.conversationId);
  return { action: 'view', conversationId: attempt?.conversationId ?? null };
}

export const PRICE_AGREEMENT_KINDS = ['standard', 'reserved', 'institutional'] as const;
export type PriceAgreementKind = (typeof PRICE_AGREEMENT_KINDS)[number];

/** Extra conversations a student may buy on enrollment: none, or 1 to 9 (spec 1, section 5). */
export const MAX_EXTRA_CONVERSATIONS = 9;
/** The choices of extra conversations, 0 (none) to MAX_EXTRA_CONVERSATIONS. */
export const EXTRA_CONVERSATION_CHOICES = Array.from({ length: MAX_EXTRA_CONVERSATIONS + 1 }, (_, n) => n);

/** The currency every price is in; amounts are minor units (cents). */
export const CURRENCY = 'usd';

/** How an enrollment was paid for (spec 1, Course enrollment flow: enrolled-with). */
export type EnrolledWith = 'credit_card' | 'redemption_code' | 'institutional' | 'admin';

/** Messages of the enrollment error catalogue (spec 1, section 8) and our own where it is silent. */
export const EnrollmentMessages = {
  courseNotFound: 'Nothing was found. Please try again with a different invite number.',
  courseAlreadyEnrolled: 'You are already enrolled in this course.',
  courseFailed: 'Something went wrong while enrolling in this course.',
  adventureNotFound: 'Nothing was found. Please try selecting a different adventure.',
  adventureAlreadyEnrolled: 'You are already enrolled in this adventure.',
  adventureFailed: 'Something went wrong while enrolling in this adventure.',
  adventureExtraConversations: 'There was an error while adding the extra conversations. Please try selecting a different adventure.',
  /** Ours: a second enrollment while the first one's card payment is still being processed. */
  paymentInProgress: 'A payment for this enrollment is already being processed. Please wait a moment and check your courses.',
  /** Ours: a course that is not institutional needs a card or a code. */
  paymentRequired: 'Please pay by card or enter a redemption code to enroll.',
  /** Ours: a card payment for a course with no price ('Contact Sales'). */
  noPrice: 'This course has no price for card payments. Please contact sales or use a redemption code.',
  /** Ours: admin enrollment (spec: the course must have a standard price agreement). */
  adminStandardOnly: 'An administrator can only enroll students in courses with a standard price agreement.',
  studentOnly: 'Only students can enroll in courses.',
  codeNotFound: 'This redemption code does not exist. Please check the code and try again.',
  codeAlreadyRedeemed: 'This redemption code has already been redeemed.',
  /** Ours: a code given with an institutional course, which its school pays for; the code is not used. */
  codeNotNeeded: 'This course is paid for by its school and needs no redemption code. Your code was not used.',
  /** Ours: an administrator enrolling an account that has no student role. */
  notAStudent: 'This account has no student role. Give it the student role before enrolling it in a course.',
  /** Ours: the gateway declined without a message of its own. */
  paymentDeclined: 'Your card was declined.',
} as const;

/** Outcome screen titles (spec 1, Outcome screens and section 8). */
export const OutcomeTitles = {
  institutional: 'Enrollment completed successfully!',
  redemption_code: 'Your code was redeemed successfully!',
  credit_card: 'Your payment was completed successfully!',
  admin: 'Enrollment completed successfully!',
  failedEnrolling: 'There was an error while enrolling.',
  failedCode: 'There was an issue with your redemption code.',
  failedPayment: 'There was an issue with your payment.',
  failedEnrollment: 'There was an issue with your enrollment.',
} as const;

export const PRODUCT_NAME = 'Tertulia';
export const SUPPORT_TEXT = `If you need further help, please contact ${PRODUCT_NAME} Support. We apologize for the inconvenience.`;

/** The acknowledgement texts the student agrees to before enrolling (spec 1, section 5). */
export const AGREEMENT_TEXTS = [
  `Children under the age of 13 are not allowed to use ${PRODUCT_NAME}.`,
  'Accounts that are inactive for over one year may be canceled.',
] as const;

export const NO_COURSES_MESSAGE = 'Currently, not enrolled in a course.';
export const NO_ADVENTURES_MESSAGE = 'No course adventures exist for the language. Please choose a different language.';

/** How many minutes an enrollment grants (docs/decisions/enrollment-and-payments.md, Enrollment and payments). */
export function enrollmentMinutes(course: { completionRequirement: number; durationRequirement: number }, extraConversations = 0): number {
  return (course.completionRequirement + extraConversations) * course.durationRequirement;
}

/**
 * What a redemption code gives against what a course needs, in words, for the student to confirm
 * before redeeming (docs/decisions/enrollment-and-payments.md, Enrollment and payments). A code grants its own minutes.
 */
export function codeWorthText(codeMinutes: number, course: { completionRequirement: number; durationRequirement: number }): string {
  const needed = enrollmentMinutes(course);
  const conversations = `${course.completionRequirement} conversation${course.completionRequirement === 1 ? '' : 's'} of ${course.durationRequirement} minutes`;
  if (codeMinutes === needed) return `This code gives ${codeMinutes} minutes, what the course needs (${conversations}).`;
  const difference =
    codeMinutes < needed
      ? ` You would be ${needed - codeMinutes} minutes short of completing it.`
      : ` You would have ${codeMinutes - needed} minutes more than it needs.`;
  return `This code gives ${codeMinutes} minutes; the course needs ${needed} (${conversations}).${difference}`;
}

/** A course's prices for a unit price (minor units), or null when it has none ('Contact Sales'). */
export function coursePrices(unitPrice: number | null, completionRequirement: number, extraConversations = 0) {
  if (unitPrice === null || unitPrice === undefined) return null;
  const totalQuantity = completionRequirement + extraConversations;
  return { unitPrice, totalQuantity, totalPrice: unitPrice * totalQuantity, currency: CURRENCY };
}

/** The invite number as people read it: 123-456. */
export function formatInviteNumber(inviteNumber: string): string {
  const digits = inviteNumber.replace(/\D/g, '');
  return digits.length === 6 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : inviteNumber;
}

/** The link an instructor shares (spec 1, section 9): {origin}/join/{inviteNumber}. */
export const joinLink = (origin: string, inviteNumber: string) => `${origin.replace(/\/$/, '')}/join/${inviteNumber}`;
