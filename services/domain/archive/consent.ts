/**
 * The school's privacy settings (stream `school-privacy`, set by an admin) and recording consent
 * (issue 34): the age threshold and a course's "Allow recording students under <age>" (on the
 * course's stream, set by its instructor) decide, when a lesson is reserved, whether it is
 * recorded; the retention days after a course ends (a default and a most) bound how long its
 * recordings are kept (./retention.ts). Pure; the handlers read the stream. Decisions:
 * docs/decisions/recordings.md, "Recording consent for under-age students" and "Per-course retention".
 */
import { isIsoDay, yearsBetween } from '../../../contracts/calendarDate';
import type { DecisionContext, DomainEvent } from '../shared/decider';
import { knownRefusal } from '../../i18n/translate';
import { badInput, type Refusal, SharedMessages, unauthorized } from '../shared/errors';

export const SCHOOL_PRIVACY_STREAM = 'school-privacy';
export const DEFAULT_RECORDING_AGE_THRESHOLD = 18;
/** No one is under age at 0; above 25 the threshold no longer names minors (the product's users are 17 to 100). */
export const MAX_RECORDING_AGE_THRESHOLD = 25;
/** A course's recordings are kept this many days after it ends unless its instructor says otherwise. */
export const DEFAULT_RETENTION_DAYS = 180;
/** The most an instructor may keep them, until an admin sets another (at most ten years). */
export const DEFAULT_MAX_RETENTION_DAYS = 730;
export const RETENTION_DAYS_CEILING = 3650;

export const PrivacyMessages = {
  ageThresholdRange: `The age threshold must be a whole number of years from 0 to ${MAX_RECORDING_AGE_THRESHOLD}.`,
  maxRetentionRange: `The most days recordings may be kept must be a whole number from 1 to ${RETENTION_DAYS_CEILING}.`,
  retentionRange: (max: number) => knownRefusal('errors.privacy.retentionRange', { max: String(max) }),
  adminOnly: 'Only an administrator can change the school’s privacy settings.',
} as const;

export interface PrivacySettings {
  recordingAgeThreshold: number;
  /** Days a course's recordings are kept after it ends, unless the course says otherwise. */
  retentionDays: number;
  /** The most days a course may keep them. */
  maxRetentionDays: number;
}

export type PrivacySettingsChanged = DomainEvent<'PrivacySettingsChanged', PrivacySettings>;
export type PrivacySettingsEvent = PrivacySettingsChanged;

export const initialPrivacySettings = (): PrivacySettings => ({
  recordingAgeThreshold: DEFAULT_RECORDING_AGE_THRESHOLD,
  retentionDays: DEFAULT_RETENTION_DAYS,
  maxRetentionDays: DEFAULT_MAX_RETENTION_DAYS,
});

export function evolvePrivacySettings(state: PrivacySettings, e: PrivacySettingsEvent): PrivacySettings {
  return e.type === 'PrivacySettingsChanged' ? { ...state, ...e.data } : state;
}

const wholeIn = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** An admin sets any of the settings (the others stay); every field is checked, and no change appends nothing. */
export function decideChangePrivacySettings(
  state: PrivacySettings,
  input: Partial<PrivacySettings>,
  ctx: DecisionContext,
): PrivacySettingsEvent[] {
  if (!ctx.actor.roles.includes('ADMIN')) throw unauthorized(PrivacyMessages.adminOnly);
  const next: PrivacySettings = {
    recordingAgeThreshold: input.recordingAgeThreshold ?? state.recordingAgeThreshold,
    retentionDays: input.retentionDays ?? state.retentionDays,
    maxRetentionDays: input.maxRetentionDays ?? state.maxRetentionDays,
  };
  const errors: Record<string, Refusal> = {};
  if (!wholeIn(next.recordingAgeThreshold, 0, MAX_RECORDING_AGE_THRESHOLD))
    errors.recordingAgeThreshold = PrivacyMessages.ageThresholdRange;
  if (!wholeIn(next.maxRetentionDays, 1, RETENTION_DAYS_CEILING)) errors.maxRetentionDays = PrivacyMessages.maxRetentionRange;
  else if (!wholeIn(next.retentionDays, 0, next.maxRetentionDays))
    errors.retentionDays = PrivacyMessages.retentionRange(next.maxRetentionDays);
  const problems = Object.values(errors);
  if (problems.length) throw badInput(problems.length === 1 ? problems[0] : SharedMessages.correctFields, errors);
  if ((Object.keys(next) as (keyof PrivacySettings)[]).every((k) => next[k] === state[k])) return [];
  return [{ type: 'PrivacySettingsChanged', data: next }];
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
