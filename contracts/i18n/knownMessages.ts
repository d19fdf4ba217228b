/**
 * Messages the contracts define in English (the spec's words) that both the server and the web
 * show, by a stable id: the server answers them in the caller's language and the web shows its
 * own checks' messages in the page's. Their translations: contracts/i18n/messages/<locale>.json,
 * whose English must equal these constants word for word (checked in i18n.test.ts).
 */
import { Messages } from '../errors';
import { NotesMessages } from '../learningNotes';
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE } from '../validation/email';
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_REQUIRED_MESSAGE, PASSWORD_RULES } from '../validation/password';
import { LOCALE_INVALID_MESSAGE } from './locales';
import { SchoolSignInMessages } from '../sso';
import { InstructorMessages } from '../validation/instructor';
import { ProfileMessages } from '../validation/profile';
import { MAXIMUM_CHARACTERS_MESSAGE } from '../validation/limits';
import { type NumberedShape, englishWithNumbers, numberedShape, numbersIn } from './numberedMessages';
import type { SIGNED_IN_KNOWN_MESSAGES } from './signedInKnownMessages';

const rule = (key: (typeof PASSWORD_RULES)[number]['key']) => PASSWORD_RULES.find((r) => r.key === key)!.message;

export const KNOWN_MESSAGES = {
  'known.unauthorized': Messages.unauthorized,
  'known.invalidCredentials': Messages.invalidCredentials,
  'known.emailTaken': Messages.emailTaken,
  'known.tooManyAttempts': Messages.tooManyAttempts,
  'known.resetTokenInvalid': Messages.resetTokenInvalid,
  'known.invitationInvalid': Messages.invitationInvalid,
  'known.unknownRole': Messages.unknownRole,
  'known.zeroMinutes': Messages.zeroMinutes,
  'known.insufficientMinutes': Messages.insufficientMinutes,
  'known.balanceTooLarge': Messages.balanceTooLarge,
  'known.emailInvalid': EMAIL_INVALID_MESSAGE,
  'known.emailRequired': EMAIL_REQUIRED_MESSAGE,
  'known.passwordRequired': PASSWORD_REQUIRED_MESSAGE,
  'known.passwordMismatch': PASSWORD_MISMATCH_MESSAGE,
  'known.passwordRule.length': rule('length'),
  'known.passwordRule.number': rule('number'),
  'known.passwordRule.uppercase': rule('uppercase'),
  'known.passwordRule.lowercase': rule('lowercase'),
  'known.localeInvalid': LOCALE_INVALID_MESSAGE,
  'known.notes.notWriter': NotesMessages.notWriter,
  'known.notes.notStarted': NotesMessages.notStarted,
  'known.notes.closed': NotesMessages.closed,
  'known.notes.tooMany': NotesMessages.tooMany,
  'known.notes.tooManyFocus': NotesMessages.tooManyFocus,
  'known.notes.textRequired': NotesMessages.textRequired,
  'known.notes.detailRequired': NotesMessages.detailRequired,
  'known.notes.unknownNote': NotesMessages.unknownNote,
  'known.sso.passwordSignInOff': SchoolSignInMessages.passwordSignInOff,
  // The profile's and the instructor's form rules: the web shows its own checks' words in the page's language.
  'known.instructor.required': InstructorMessages.required,
  'known.instructor.dateInvalid': InstructorMessages.dateInvalid,
  'known.instructor.dueInPast': InstructorMessages.dueInPast,
  'known.instructor.provisionTooMany': InstructorMessages.provisionTooMany,
  'known.instructor.provisionNone': InstructorMessages.provisionNone,
  'known.instructor.emailRepeated': InstructorMessages.emailRepeated,
  'known.instructor.inviteNotYours': InstructorMessages.inviteNotYours,
  'known.instructor.inviteNotPending': InstructorMessages.inviteNotPending,
  'known.instructor.transferSameCourse': InstructorMessages.transferSameCourse,
  'known.instructor.transferTargetRequired': InstructorMessages.transferTargetRequired,
  'known.instructor.transferTargetNotYours': InstructorMessages.transferTargetNotYours,
  'known.instructor.transferTargetPast': InstructorMessages.transferTargetPast,
  'known.instructor.transferTargetEnrolled': InstructorMessages.transferTargetEnrolled,
  'known.instructor.notEnrolled': InstructorMessages.notEnrolled,
  'known.instructor.inConversation': InstructorMessages.inConversation,
  'known.instructor.courseHasStudents': InstructorMessages.courseHasStudents,
  'known.instructor.studentTransferred': InstructorMessages.studentTransferred,
  'known.instructor.studentWithdrawn': InstructorMessages.studentWithdrawn,
  'known.instructor.courseDeleted': InstructorMessages.courseDeleted,
  'known.profile.required': ProfileMessages.required,
  'known.profile.bioMin': ProfileMessages.bioMin,
  'known.profile.bioMax': ProfileMessages.bioMax,
  'known.profile.genderRequired': ProfileMessages.genderRequired,
  'known.profile.invalidDate': ProfileMessages.invalidDate,
  'known.profile.futureDate': ProfileMessages.futureDate,
  'known.profile.ageRange': ProfileMessages.ageRange,
  'known.profile.invalidTimezone': ProfileMessages.invalidTimezone,
  'known.profile.headshotRequired': ProfileMessages.headshotRequired,
  'known.profile.headshotNotImage': ProfileMessages.headshotNotImage,
  'known.profile.headshotTooLarge': ProfileMessages.headshotTooLarge,
  'known.profile.headshotUnreadable': ProfileMessages.headshotUnreadable,
  // With a number: written by ProfileMessages.maxLength and InstructorMessages.maximum.
  'known.maximumCharacters': MAXIMUM_CHARACTERS_MESSAGE,
} as const;
export type KnownMessageId = keyof typeof KNOWN_MESSAGES | keyof typeof SIGNED_IN_KNOWN_MESSAGES;

const ENGLISH = new Map<KnownMessageId, string>();
const BY_TEXT = new Map<string, KnownMessageId>();
const NUMBERED: [KnownMessageId, NumberedShape][] = [];

/**
 * Known messages recognised from now on (their id by their English): KNOWN_MESSAGES from the start;
 * SIGNED_IN_KNOWN_MESSAGES when the server registers them (services/i18n/knownErrors.ts), or, on the web, as
 * the part of the catalogs holding them arrives with their English (web/vite.config.ts), so that the
 * first page's bundle carries neither their words nor the tables they come from.
 */
export function addKnownMessages(table: Readonly<Partial<Record<KnownMessageId, string>>>): void {
  for (const [key, text] of Object.entries(table)) {
    const id = key as KnownMessageId;
    if (ENGLISH.has(id) || text === undefined) continue;
    ENGLISH.set(id, text);
    BY_TEXT.set(text, id);
    const shape = numberedShape(text);
    if (shape) NUMBERED.push([id, shape]);
  }
}
addKnownMessages(KNOWN_MESSAGES);

/** The id of a known English message without numbers, null for any other text. */
export const knownMessageId = (text: string): KnownMessageId | null => BY_TEXT.get(text) ?? null;

export type KnownValues = Record<string, number>;

/** A known message recognised in its English: its id and the numbers written into it. */
export interface KnownText {
  id: KnownMessageId;
  values?: KnownValues;
}

/** The known message a text is in English (its numbers too), null for any other text. */
export function knownText(text: string): KnownText | null {
  const id = BY_TEXT.get(text);
  if (id) return { id };
  for (const [numberedId, shape] of NUMBERED) {
    const values = numbersIn(shape, text);
    if (values) return { id: numberedId, values };
  }
  return null;
}

/** A known message's English, its numbers written in. */
export function knownEnglish(id: KnownMessageId, values?: KnownValues): string {
  const english = ENGLISH.get(id) ?? id;
  return values ? englishWithNumbers(english, values) : english;
}

/**
 * A text made of known messages: the whole text, or the server's joined password rules ('Must be
 * at least 8 characters. Must contain 1 number.'), translated part by part; null when any part is
 * not a known message.
 */
export function translateKnownText(text: string, translate: (id: KnownMessageId, values?: KnownValues) => string): string | null {
  const whole = knownText(text);
  if (whole) return translate(whole.id, whole.values);
  if (!text.endsWith('.')) return null;
  const parts = text.slice(0, -1).split('. ');
  const ids = parts.map((part) => BY_TEXT.get(part));
  if (ids.some((id) => !id?.startsWith('known.passwordRule.'))) return null;
  return ids.map((id) => translate(id!).replace(/\.?$/, '.')).join(' ');
}
