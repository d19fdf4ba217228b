/**
 * Enrollment input rules and their exact messages (spec 1, section 5; spec 3, section 5), used by
 * the web forms and by the server alike.
 */
import { isCalendarDate } from '../calendarDate';
import { MAX_EXTRA_CONVERSATIONS } from '../enrollment';

export const INVITE_NUMBER_REQUIRED = 'The invite number is required to find a course.';
export const INVITE_NUMBER_INVALID = 'The invite number must contain six digits.';

/** Six digits, or 3 digits, a hyphen and 3 digits; surrounding spaces allowed. */
const INVITE_NUMBER = /^(\d{6}|\d{3}-\d{3})$/;

export function inviteNumberError(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return INVITE_NUMBER_REQUIRED;
  if (!INVITE_NUMBER.test(trimmed)) return INVITE_NUMBER_INVALID;
  return null;
}

/** The invite number as saved and sent: trimmed, hyphen removed. */
export function normalizeInviteNumber(value: string): string {
  return value.trim().replace('-', '');
}

export const REDEMPTION_CODE_REQUIRED = 'The redemption code is required to access the course.';
export const REDEMPTION_CODE_INVALID = 'The redemption code must contain ten characters.';

/** Ten letters, or 5 letters, a space and 5 letters, any case; surrounding spaces allowed. */
const STUDENT_CODE = /^([a-z]{10}|[a-z]{5} [a-z]{5})$/i;

export function redemptionCodeError(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return REDEMPTION_CODE_REQUIRED;
  if (!STUDENT_CODE.test(trimmed)) return REDEMPTION_CODE_INVALID;
  return null;
}

/** The code as saved and sent: trimmed, space removed, uppercased. */
export function normalizeRedemptionCode(value: string): string {
  return value.trim().replace(/\s+/g, '').toUpperCase();
}

/** Admin code field (spec 3, section 5): optional; 4+4 or 5+5 word characters, optional space. */
export const ADMIN_CODE_FORMAT_MESSAGE = 'Not a valid V1 or V2 redemption code format.';
const ADMIN_CODE = /^(\w{4} ?\w{4}|\w{5} ?\w{5})$/;

export function adminRedemptionCodeError(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return null;
  return ADMIN_CODE.test(trimmed) ? null : ADMIN_CODE_FORMAT_MESSAGE;
}

export const EXTRA_CONVERSATIONS_INVALID = `Extra conversations must be none or 1 to ${MAX_EXTRA_CONVERSATIONS}.`;

export function extraConversationsError(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return Number.isInteger(value) && value >= 0 && value <= MAX_EXTRA_CONVERSATIONS ? null : EXTRA_CONVERSATIONS_INVALID;
}

/** Redemption set form (spec 3, section 5). */
export const REDEMPTION_SET_NAME_MIN = 3;
export const REDEMPTION_SET_MAX_CODES = 1000;
/** Conversations one code pays for: as many as the longest course needs. */
export const REDEMPTION_SET_MAX_QUANTITY = 100;
export const REDEMPTION_SET_NAME_MAX = 100;
export const RedemptionSetMessages = {
  nameTooShort: 'The name must have at least 3 characters.',
  fillLimitRequired: 'The fill limit is required.',
  fillLimitPositive: 'The fill limit must be a positive number.',
  fillLimitTooLarge: `At most ${REDEMPTION_SET_MAX_CODES} codes can be made at a time.`,
  durationInvalid: 'The duration must be 15 or 30 minutes.',
  quantityMinimum: 'The quantity must be at least 1.',
  quantityMaximum: `The quantity can be at most ${REDEMPTION_SET_MAX_QUANTITY}.`,
  nameTooLong: `The name can have at most ${REDEMPTION_SET_NAME_MAX} characters.`,
  minutesNotWhole: 'The minutes must be a whole number of conversations of the duration (15 or 30 minutes each).',
} as const;

/**
 * The spec's call gives a code's worth as minuteQuantity (= duration × quantity); our form also
 * names the duration. The duration and quantity that make those minutes: the duration given (15
 * when none), and minuteQuantity / duration conversations, or null when the minutes are not a
 * whole number of conversations of that duration.
 */
export function redemptionSetShape(input: {
  minuteQuantity: number;
  duration?: number | null;
}): { duration: number; quantity: number } | null {
  const duration = input.duration ?? 15;
  if (
    !Number.isInteger(input.minuteQuantity) ||
    input.minuteQuantity < 1 ||
    (duration !== 15 && duration !== 30) ||
    input.minuteQuantity % duration !== 0
  )
    return null;
  return { duration, quantity: input.minuteQuantity / duration };
}

export function redemptionSetFieldErrors(input: {
  name: string;
  fillLimit: number | null | undefined;
  duration: number;
  quantity: number;
}) {
  const fields: Record<string, string> = {};
  if ((input.name ?? '').trim().length < REDEMPTION_SET_NAME_MIN) fields.name = RedemptionSetMessages.nameTooShort;
  else if (input.name.trim().length > REDEMPTION_SET_NAME_MAX) fields.name = RedemptionSetMessages.nameTooLong;
  if (input.fillLimit === null || input.fillLimit === undefined || Number.isNaN(input.fillLimit))
    fields.fillLimit = RedemptionSetMessages.fillLimitRequired;
  else if (!Number.isInteger(input.fillLimit) || input.fillLimit < 1) fields.fillLimit = RedemptionSetMessages.fillLimitPositive;
  else if (input.fillLimit > REDEMPTION_SET_MAX_CODES) fields.fillLimit = RedemptionSetMessages.fillLimitTooLarge;
  if (input.duration !== 15 && input.duration !== 30) fields.duration = RedemptionSetMessages.durationInvalid;
  if (!Number.isInteger(input.quantity) || input.quantity < 1) fields.quantity = RedemptionSetMessages.quantityMinimum;
  else if (input.quantity > REDEMPTION_SET_MAX_QUANTITY) fields.quantity = RedemptionSetMessages.quantityMaximum;
  return fields;
}

/** Course form (createCourse). */
export const CourseMessages = {
  nameRequired: 'The course name is required.',
  nameTooLong: 'The course name can have at most 120 characters.',
  languageInvalid: 'Please choose a language.',
  proficiencyInvalid: 'Please choose a proficiency.',
  durationInvalid: 'The duration must be 15 or 30 minutes.',
  completionInvalid: 'The number of conversations must be between 1 and 100.',
  startDateRequired: 'The start date is required.',
  endDateRequired: 'The end date is required.',
  /** The spec's words for a date that is not a real day (spec 3, section 5). */
  dateInvalid: 'Invalid date. Please provide a different date.',
  endBeforeStart: 'The end date cannot be before the start date.',
  endInPast: 'Invalid date. Must be a future date.',
  /** Course edit (changeCourse; docs/decisions/course-edit.md, "Course edit"). */
  courseUpdated: 'The course was updated successfully!',
  coursePast: 'This course has ended and can no longer be changed.',
  adventureLocked: 'Adventures cannot be changed here.',
  requirementsLocked: "This course's requirements come from its price agreement and cannot be changed.",
  languageLocked: 'The language cannot be changed once students have joined the course.',
  durationLocked: 'The conversation length cannot be changed once students have joined the course.',
  topicsTooLong: (max: number) =>
    `Some discussion topics are longer than ${max.toLocaleString('en-US')} characters, the most for this conversation length. Please shorten them first.`,
  /** Lowering the lesson count would remove a lesson a student reserved or held a conversation for. */
  lessonsHeld: (order: number) =>
    `A student has already reserved or held a conversation for lesson ${order}, so the course needs at least ${order} conversations.`,
} as const;

export interface CourseFields {
  name: string;
  language: string;
  proficiency: string;
  durationRequirement: number;
  completionRequirement: number;
  /** Calendar dates, 'YYYY-MM-DD' (contracts/calendarDate.ts). */
  startDate: string | null;
  endDate: string | null;
}

const LANGUAGE_CODES = ['en', 'es', 'fr', 'pt', 'it', 'de', 'zh'];
const PROFICIENCY_NAMES = ['beginner', 'intermediate', 'advanced'];
export const COURSE_NAME_MAX = 120;
export const COMPLETION_MAX = 100;

/**
 * Per-field problems of a course (createCourse); adventures have no dates. Dates are compared as
 * dates: `today` is today's date in the creator's time zone (`todayIn`). The end date may be today
 * or later, and the same day as the start (a one-day course).
 */
export function courseFieldErrors(input: CourseFields, today: string, options: { datesRequired: boolean } = { datesRequired: true }) {
  const fields: Record<string, string> = {};
  const name = (input.name ?? '').trim();
  if (!name) fields.name = CourseMessages.nameRequired;
  else if (name.length > COURSE_NAME_MAX) fields.name = CourseMessages.nameTooLong;
  if (!LANGUAGE_CODES.includes(input.language)) fields.language = CourseMessages.languageInvalid;
  if (!PROFICIENCY_NAMES.includes(input.proficiency)) fields.proficiency = CourseMessages.proficiencyInvalid;
  if (input.durationRequirement !== 15 && input.durationRequirement !== 30) fields.durationRequirement = CourseMessages.durationInvalid;
  if (!Number.isInteger(input.completionRequirement) || input.completionRequirement < 1 || input.completionRequirement > COMPLETION_MAX) {
    fields.completionRequirement = CourseMessages.completionInvalid;
  }
  if (options.datesRequired) {
    const { startDate: start, endDate: end } = input;
    if (!start) fields.startDate = CourseMessages.startDateRequired;
    else if (!isCalendarDate(start)) fields.startDate = CourseMessages.dateInvalid;
    if (!end) fields.endDate = CourseMessages.endDateRequired;
    else if (!isCalendarDate(end)) fields.endDate = CourseMessages.dateInvalid;
    else if (end < today) fields.endDate = CourseMessages.endInPast;
    else if (start && isCalendarDate(start) && end < start) fields.endDate = CourseMessages.endBeforeStart;
  }
  return fields;
}

/**
 * What a course edit may change (changeCourse, and the edit form that disables the rest): the
 * requirements only for a standard price agreement (spec 3: 'standard' allows editing
 * requirements); language and conversation length only while no student has joined (nor reserved
 * or held a conversation: `joined`), since students joined for that language and were granted
 * minutes for that length.
 */
export function courseEditLocks(course: { priceAgreementKind: string; joined: boolean }) {
  const requirements = course.priceAgreementKind !== 'standard';
  return { requirements, language: course.joined, duration: requirements || course.joined };
}
