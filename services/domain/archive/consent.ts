/**
 * Recording consent (issue 34): the school's age threshold (stream `school-privacy`, set by an
 * admin) and a course's "Allow recording students under <age>" (on the course's stream, set by its
 * instructor) decide, when a lesson is reserved, whether it is recorded. Pure; the reservation
 * handler reads the student's birthday and both settings. Decisions: docs/decisions/recordings.md,
 * "Recording consent for under-age students".
 */
import { isIsoDay, yearsBetween } from '../../../contracts/calendarDate';
import type { DecisionContext, DomainEvent } from '../shared/decider';
import { badInput, unauthorized } from '../shared/errors';

export const SCHOOL_PRIVACY_STREAM = 'school-privacy';
export const DEFAULT_RECORDING_AGE_THRESHOLD = 18;
/** No one is under age at 0; above 25 the threshold no longer names minors (the product's users are 17 to 100). */
export const MAX_RECORDING_AGE_THRESHOLD = 25;

export const PrivacyMessages = {
  ageThresholdRange: `The age threshold must be a whole number of years from 0 to ${MAX_RECORDING_AGE_THRESHOLD}.`,
  adminOnly: 'Only an administrator can change the school’s privacy settings.',
} as const;

export type PrivacySettingsChanged = DomainEvent<'PrivacySettingsChanged', { recordingAgeThreshold: number }>;
export type PrivacySettingsEvent = PrivacySettingsChanged;

export interface PrivacySettings {
  recordingAgeThreshold: number;
}

export const initialPrivacySettings = (): PrivacySettings => ({ recordingAgeThreshold: DEFAULT_RECORDING_AGE_THRESHOLD });

export function evolvePrivacySettings(state: PrivacySettings, e: PrivacySettingsEvent): PrivacySettings {
  return e.type === 'PrivacySettingsChanged' ? { ...state, recordingAgeThreshold: e.data.recordingAgeThreshold } : state;
}

/** An admin sets the threshold; the same value appends nothing. */
export function decideChangePrivacySettings(
  state: PrivacySettings,
  input: { recordingAgeThreshold: number },
  ctx: DecisionContext,
): PrivacySettingsEvent[] {
  if (!ctx.actor.roles.includes('ADMIN')) throw unauthorized(PrivacyMessages.adminOnly);
  const age = input.recordingAgeThreshold;
  if (!Number.isInteger(age) || age < 0 || age > MAX_RECORDING_AGE_THRESHOLD)
    throw badInput(PrivacyMessages.ageThresholdRange, { recordingAgeThreshold: PrivacyMessages.ageThresholdRange });
  if (age === state.recordingAgeThreshold) return [];
  return [{ type: 'PrivacySettingsChanged', data: { recordingAgeThreshold: age } }];
}

/**
 * Under the threshold on a day (YYYY-MM-DD). A student whose birthday the product does not know
 * (an account made by single sign-on or an LMS before onboarding) counts as under age: without a
 * consent the school can show, not recording is the safe side.
 */
export function isUnderAge(dateOfBirth: string | null | undefined, threshold: number, day: string): boolean {
  if (threshold <= 0) return false;
  if (!dateOfBirth || !isIsoDay(dateOfBirth)) return true;
  return yearsBetween(dateOfBirth, day) < threshold;
}

/** What a lesson's recording depends on besides its course. */
export interface RecordingConsent {
  /** The course's setting "Allow recording students under <age>". */
  allowRecordingUnderAge: boolean;
  studentDateOfBirth: string | null;
  recordingAgeThreshold: number;
  /** The conversation's day (UTC), on which the student's age counts. */
  day: string;
}

/** A course lesson is recorded unless its student is under age and the course does not allow recording them. */
export const consentsToRecording = (c: RecordingConsent): boolean =>
  c.allowRecordingUnderAge || !isUnderAge(c.studentDateOfBirth, c.recordingAgeThreshold, c.day);
