/**
 * Speakers (spec 3: admin speaker invitation, speaking settings, interview dialog, gallery): the
 * words and rules both the server and the web use. Pure, no imports but the language list.
 */
import { isLanguageCode } from './enrollment';

/** Pay rate: required, minimum 0 (spec 3, Admin forms); stored in cents per hour of conversation. */
export const PAY_RATE_MESSAGE = 'A positive value must be provided.';
/** The highest pay rate an admin can set, in cents per hour ($1,000.00). */
export const MAX_PAY_RATE_CENTS = 100_000;
export const PAY_RATE_TOO_HIGH_MESSAGE = 'The pay rate can be at most $1,000.00.';
/** How many languages a speaker can hold. */
export const MAX_SPEAKER_LANGUAGES = 7;

export const SpeakerMessages = {
  emailRequired: 'An email address is required.',
  invitationOpen: 'This address already has an open invitation. Rescind it to send a new one.',
  invitationNotFound: 'The invitation was not found.',
  invitationNotOpen: 'Only an invitation that has not been accepted can be rescinded.',
  noSpeakingRecord: 'This person has no speaking record. Invite them as a speaker first.',
  alreadyInterviewed: 'This speaker already has an interview.',
  alreadyPromoted: 'This speaker was already promoted.',
  alreadyDeclined: 'This speaker was already declined.',
  declined: 'This speaker was declined.',
  languageUnknown: 'Choose languages from the list.',
  tooManyLanguages: `A speaker can hold at most ${MAX_SPEAKER_LANGUAGES} languages.`,
  noSpeakersForLanguage: 'No speakers exist for the language. Please choose a different language.',
  // The web's snackbars (spec 3, error catalogue: the success wording is ours, the failures the spec's).
  refreshed: 'The invitations were refreshed successfully!',
  sent: 'The invitation was sent successfully!',
  rescinded: "The speaker's invitation was rescinded successfully!",
  interviewOpened: 'The speaker interview was opened successfully!',
  promoted: 'The speaker was promoted successfully!',
  declinedOk: 'The speaker was declined successfully!',
  settingsChanged: 'The speaking settings were changed successfully!',
  accepted: (email: string) => `An invitation was accepted by ${email}`,
  fetchFailed: 'Failed to fetch the invitations.',
  sendFailed: 'Failed to send the invitation.',
  rescindFailed: "Failed to rescind the speaker's invitation.",
  interviewFailed: 'Failed to open the speaker interview.',
  promoteFailed: 'Failed to promote the speaker.',
  declineFailed: 'Failed to decline the speaker.',
} as const;

/** Pay rate in cents: a whole number, at least 0, at most MAX_PAY_RATE_CENTS. */
export function payRateError(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined || !Number.isInteger(cents) || cents < 0) return PAY_RATE_MESSAGE;
  if (cents > MAX_PAY_RATE_CENTS) return PAY_RATE_TOO_HIGH_MESSAGE;
  return null;
}

/** The languages problem, or null: known codes, no repeats, at most MAX_SPEAKER_LANGUAGES. */
export function speakerLanguagesError(languages: readonly string[]): string | null {
  if (languages.length > MAX_SPEAKER_LANGUAGES) return SpeakerMessages.tooManyLanguages;
  if (languages.some((l) => !isLanguageCode(l))) return SpeakerMessages.languageUnknown;
  return null;
}
