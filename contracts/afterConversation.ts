/**
 * What happens once a conversation has been held, missed or spoiled (issue 10), in one place: the
 * markings and their choices, what each pays back, promotions, make-up prices, fair time and
 * feedback. docs/decisions/after-the-conversation.md, "After the conversation", says why each number is what it is.
 */

export const MARKINGS = ['completed', 'missed', 'reserved_by_user_issue', 'reserved_with_user_issue'] as const;
export type Marking = (typeof MARKINGS)[number];

/**
 * The choices the Mark dialog offers (spec 2, Mark): when the current marking is a tech issue the
 * student's side reads 'Student Missed (Technical Issue)', which keeps the tech-issue marking.
 */
export function markingChoices(current: Marking | null): { value: Marking; label: string }[] {
  if (current === 'reserved_by_user_issue') {
    return [
      { value: 'completed', label: 'Completed' },
      { value: 'reserved_by_user_issue', label: 'Student Missed (Technical Issue)' },
      { value: 'reserved_with_user_issue', label: 'Speaker Missed/Issue' },
    ];
  }
  return [
    { value: 'completed', label: 'Completed' },
    { value: 'missed', label: 'Student Missed' },
    { value: 'reserved_with_user_issue', label: 'Speaker Missed/Issue' },
  ];
}

/** An admin may also record a technical issue on the student's side (after a support request). */
export function adminMarkingChoices(current: Marking | null) {
  const choices = markingChoices(current);
  if (current !== 'reserved_by_user_issue') choices.splice(2, 0, { value: 'reserved_by_user_issue', label: 'Tech Issue' });
  return choices;
}

/** Minutes added to the refund when the speaker missed or spoiled a conversation. */
export const BAD_SPEAKER_BONUS_MINUTES = 5;

export const PROMOTION_KINDS = ['bad_speaker', 'bad_tech', 'explore_adventures', 'make_up'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Where acknowledging a promotion leads (spec 3, Student home). */
export const promotionDestination = (kind: string) =>
  kind === 'make_up' || kind === 'bad_speaker' || kind === 'bad_tech' ? '/student/conversations' : '/student/adventures';

/** Make-up minutes cost this share of the course's price for one conversation. */
export const MAKE_UP_PRICE_PERCENT = 50;
/** …and can be bought for this many days after the conversation. */
export const MAKE_UP_WINDOW_DAYS = 30;

/** The make-up price in minor units, rounded half up; null when the course has no price. */
export function makeUpPrice(unitPrice: number | null): number | null {
  if (unitPrice === null || unitPrice <= 0) return null;
  return Math.round((unitPrice * MAKE_UP_PRICE_PERCENT) / 100);
}

/**
 * Fair time: when the speaker's connection dropped while the conversation ran, the student gets the
 * lost minutes back automatically once the lost time reaches this many minutes (rounded up to a
 * whole minute, never more than the conversation cost).
 */
export const FAIR_TIME_THRESHOLD_MINUTES = 2;

export const FEEDBACK_COMMENT_MAX = 500;

export const AfterMessages = {
  markingRequired: 'This is a required field. Please choose a marking.',
  notMarkable: 'This conversation cannot be marked.',
  alreadyMarked: 'This conversation has already been marked.',
  notYourConversation: 'Only the speaker of this conversation or an admin can mark it.',
  markingNotAllowed: 'This marking cannot be chosen for this conversation.',
  noPromotion: 'There is no promotion to acknowledge.',
  makeUpUnavailable: 'Make-up minutes cannot be purchased for this conversation.',
  makeUpFailed: 'Something went wrong while purchasing make-up minutes.',
  makeUpInProgress: 'A purchase of make-up minutes for this conversation is already being processed.',
  paymentFailed: 'There was an issue with your payment.',
  ratingRange: 'The rating must be a whole number from 1 to 5.',
  commentTooLong: `The comment can have at most ${FEEDBACK_COMMENT_MAX} characters.`,
  notRatable: 'This conversation can be rated by its student and speaker once it has ended.',
  alreadyRated: 'You have already rated this conversation.',
} as const;

/**
 * Plain reasons shown in the student's minute transactions, stored in English in the ledger's
 * events; read back in the reader's language (services/i18n/minuteReasons.ts, `minutes.reason.*`).
 */
export const MinuteReasons = {
  techRefund: 'Refund: your first technical issue in a conversation',
  speakerRefund: 'Refund: the speaker missed the conversation or had an issue',
  speakerBonus: 'Bonus: our apologies for the speaker issue',
  fairTime: (minutes: number) => `Fair time: the speaker's connection dropped for ${minutes} minute${minutes === 1 ? '' : 's'}`,
  makeUp: 'Make-up minutes',
  reserved: (minutes: number) => `Reserved a ${minutes}-minute conversation`,
  canceled: 'Conversation canceled',
  speakerLate: 'The speaker was late: conversation canceled',
  movedCourse: 'Conversation canceled: transferred to another course',
  withdrawn: 'Conversation canceled: withdrawn from the course',
} as const;
