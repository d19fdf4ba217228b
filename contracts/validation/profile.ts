/**
 * Profile and onboarding field rules and their exact messages (spec 3, section 5 "Profile and
 * onboarding fields"), used by the web forms (onboarding dialogs, settings) and by the server
 * (changeUser, onboardAccount, uploadHeadshot) alike.
 */
import { isIsoDay, runtimeKnowsZone, yearsBetween } from '../calendarDate';
import { localeSettingError } from '../i18n/locales';
import { maximumCharacters } from './limits';

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Every field of a profile, in the spec's order (User profile). */
export interface ProfileFields {
  givenName: string | null;
  surname: string | null;
  displayName: string | null;
  gender: Gender | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  currentCity: string | null;
  currentState: string | null;
  currentCountry: string | null;
  previousCity: string | null;
  previousCountry: string | null;
  school: string | null;
  bioDreamCareer: string | null;
  bioGoalsAre: string | null;
  bioHobbiesAre: string | null;
  tzIdentifier: string | null;
  /** The language the person reads Tertulia in (contracts/i18n/locales.ts); null follows the browser. */
  locale: string | null;
}
export type ProfileField = keyof ProfileFields;
export const PROFILE_FIELDS: readonly ProfileField[] = [
  'givenName',
  'surname',
  'displayName',
  'gender',
  'dateOfBirth',
  'currentCity',
  'currentState',
  'currentCountry',
  'previousCity',
  'previousCountry',
  'school',
  'bioDreamCareer',
  'bioGoalsAre',
  'bioHobbiesAre',
  'tzIdentifier',
  'locale',
];

export const ProfileMessages = {
  required: 'This is a required field.  Please provide a value.',
  bioMin: 'A minimum of 10 characters is required. Please add a bit more.',
  bioMax: 'A maximum of 10,000 characters is accepted.',
  maxLength: maximumCharacters,
  genderRequired: 'This is a required field. Please choose Male or Female.',
  invalidDate: 'Invalid date. Please provide a different date.',
  futureDate: 'A birthday cannot be in the future. Please provide a different date.',
  ageRange: 'You must be between 17 and 100 years old to use Tertulia. Please contact the Tertulia administrator about your age.',
  invalidTimezone: 'The time zone is not valid. Please choose one from the list.',
  headshotRequired: 'A headshot is required. Please upload a picture.',
  headshotNotImage: 'The file is not a picture we can use. Please upload a JPEG, PNG or WebP image.',
  headshotTooLarge: 'The picture is too large: at most 5 MB is accepted. Please choose a smaller one.',
  headshotUnreadable: 'The picture could not be read. Please upload a different one.',
} as const;

export const BIO_MIN_LENGTH = 10;
export const BIO_MAX_LENGTH = 10_000;
export const MIN_AGE = 17;
export const MAX_AGE = 100;
/** The largest headshot accepted, decoded (the upload's base64 is about 4/3 of it). */
export const HEADSHOT_MAX_BYTES = 5 * 1024 * 1024;
/** Side of the square JPEG every headshot is re-encoded to. */
export const HEADSHOT_SIZE = 512;

/** Text fields: maximum lengths (spec), and the bios' minimum. */
export const TEXT_RULES = {
  givenName: { max: 80 },
  surname: { max: 145 },
  displayName: { max: 145 },
  currentCity: { max: 60 },
  currentState: { max: 60 },
  currentCountry: { max: 50 },
  previousCity: { max: 60 },
  previousCountry: { max: 50 },
  school: { max: 120 },
  bioDreamCareer: { min: BIO_MIN_LENGTH, max: BIO_MAX_LENGTH },
  bioGoalsAre: { min: BIO_MIN_LENGTH, max: BIO_MAX_LENGTH },
  bioHobbiesAre: { min: BIO_MIN_LENGTH, max: BIO_MAX_LENGTH },
} as const satisfies Partial<Record<ProfileField, { min?: number; max: number }>>;
export type TextField = keyof typeof TEXT_RULES;

/**
 * Fields a person may clear with changeUser (null or blank): the hometown (optional in the speaker
 * dialog) and the real names (optional in the student settings form). Every other field, once
 * given, must hold a valid value.
 */
export const CLEARABLE_FIELDS: readonly ProfileField[] = ['givenName', 'surname', 'previousCity', 'previousCountry'];

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/** A text field's problem, or null. Lengths count characters (code points) after trimming. */
export function textFieldError(field: TextField, value: string | null | undefined, options: { required?: boolean } = {}): string | null {
  const required = options.required ?? true;
  if (blank(value)) return required ? ProfileMessages.required : null;
  const length = [...value!.trim()].length;
  const rule: { min?: number; max: number } = TEXT_RULES[field];
  if (rule.min !== undefined && length < rule.min) return ProfileMessages.bioMin;
  if (length > rule.max) return rule.max === BIO_MAX_LENGTH ? ProfileMessages.bioMax : ProfileMessages.maxLength(rule.max);
  return null;
}

export function genderError(value: string | null | undefined): string | null {
  return value && (GENDERS as readonly string[]).includes(value) ? null : ProfileMessages.genderRequired;
}

/**
 * A birthday: a real day, not after `today` (the person's today, in their zone) and an age from 17
 * to 100 years on it.
 */
export function dateOfBirthError(value: string | null | undefined, today: string, options: { required?: boolean } = {}): string | null {
  if (blank(value)) return (options.required ?? true) ? ProfileMessages.required : null;
  if (!isIsoDay(value)) return ProfileMessages.invalidDate;
  if (value > today) return ProfileMessages.futureDate;
  const age = yearsBetween(value, today);
  return age < MIN_AGE || age > MAX_AGE ? ProfileMessages.ageRange : null;
}

/**
 * Zones found valid so far. The check builds an Intl.DateTimeFormat each time (tens of
 * microseconds to a millisecond), and every time shown on a page asks; only valid names are kept,
 * so the set stays as small as the zone database whatever the input.
 */
const validZones = new Set<string>();

/** An IANA zone the runtime's Intl knows (America/New_York, Asia/Kolkata, UTC); not a fixed offset like +05:30. */
export function isValidTimeZone(value: string | null | undefined): boolean {
  if (!value) return false;
  if (validZones.has(value)) return true;
  const valid = /^[A-Za-z]/.test(value) && value.length <= 64 && runtimeKnowsZone(value);
  if (valid) validZones.add(value);
  return valid;
}

export function tzIdentifierError(value: string | null | undefined): string | null {
  if (blank(value)) return ProfileMessages.required;
  return isValidTimeZone(value!.trim()) ? null : ProfileMessages.invalidTimezone;
}

/** The error of one field as changeUser receives it (undefined: not sent, nothing to check). */
export function profileFieldError(field: ProfileField, value: string | null | undefined, today: string): string | null {
  if (value === undefined) return null;
  const required = !CLEARABLE_FIELDS.includes(field);
  if (field === 'gender') return genderError(value);
  if (field === 'dateOfBirth') return dateOfBirthError(value, today);
  if (field === 'tzIdentifier') return tzIdentifierError(value);
  if (field === 'locale') return localeSettingError(value);
  return textFieldError(field, value, { required });
}

/** Every problem of a change, by field (empty when valid). */
export function profileChangeErrors(change: Partial<Record<ProfileField, string | null>>, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const problem = profileFieldError(field, change[field], today);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** The value as stored: trimmed; blank becomes null. */
export function normalizeProfileValue(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** The speaker dialog's suggestion: given name, the surname's first letter and a period ('Ana G.'). */
export function suggestDisplayName(givenName: string | null | undefined, surname: string | null | undefined): string {
  const given = (givenName ?? '').trim();
  const initial = [...(surname ?? '').trim()][0];
  if (!given) return '';
  return initial ? `${given} ${initial.toLocaleUpperCase()}.` : given;
}

/**
 * What each role's onboarding needs before `onboardAccount` (spec 3: the dialogs' steps). Speaker:
 * real name, display name, current location, school, gender, birthday, hobbies and dream career
 * bios, headshot (hometown is optional). Student: names, location and the three bios. Instructor:
 * names and school.
 */
export const ONBOARDING_REQUIREMENTS = {
  SPEAKER: [
    'givenName',
    'surname',
    'displayName',
    'currentCity',
    'currentState',
    'currentCountry',
    'school',
    'gender',
    'dateOfBirth',
    'bioHobbiesAre',
    'bioDreamCareer',
    'headshot',
  ],
  STUDENT: [
    'givenName',
    'surname',
    'displayName',
    'currentCity',
    'currentState',
    'currentCountry',
    'bioHobbiesAre',
    'bioDreamCareer',
    'bioGoalsAre',
  ],
  INSTRUCTOR: ['givenName', 'surname', 'displayName', 'school'],
} as const satisfies Record<string, readonly (ProfileField | 'headshot')[]>;
export type OnboardingRole = keyof typeof ONBOARDING_REQUIREMENTS;

/**
 * The fields a role's onboarding still misses or holds invalid, with the field's message (empty when
 * complete). `today` is the person's today, for the birthday's age rule.
 */
export function onboardingProblems(
  role: OnboardingRole,
  profile: Partial<ProfileFields> & { headshot?: boolean },
  today: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of ONBOARDING_REQUIREMENTS[role]) {
    let problem: string | null;
    if (field === 'headshot') problem = profile.headshot ? null : ProfileMessages.headshotRequired;
    else if (field === 'gender') problem = genderError(profile.gender);
    else if (field === 'dateOfBirth') problem = dateOfBirthError(profile.dateOfBirth, today);
    else problem = textFieldError(field, profile[field], { required: true });
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The image kinds a headshot may be, recognised by their first bytes (never by name or declared type). */
export type ImageKind = 'jpeg' | 'png' | 'webp';
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

// --- Settings forms (issue 11) ---

/** The roles with a settings page of their own. */
export type SettingsRole = 'STUDENT' | 'INSTRUCTOR' | 'SPEAKER' | 'ADMIN';

/**
 * What each role's profile settings hold (spec 3, section 6, "Profile sections by role": everyone
 * gets identification, real names, display name and time zone; speakers add location, hometown,
 * school, gender, birthday, dream career and hobbies bios; instructors add school; students add
 * location — their three bios are panels of their own). Required fields: the student form's as
 * the spec gives them (section 5: names optional; display name, location and zone required); the
 * others' as their onboarding asks (an instructor's and a speaker's names are required, a
 * speaker's hometown optional); an admin's as a student's.
 */
export const SETTINGS_FIELDS = {
  STUDENT: {
    required: ['displayName', 'currentCity', 'currentState', 'currentCountry', 'tzIdentifier'],
    optional: ['givenName', 'surname'],
  },
  INSTRUCTOR: { required: ['givenName', 'surname', 'displayName', 'school', 'tzIdentifier'], optional: [] },
  SPEAKER: {
    required: [
      'givenName',
      'surname',
      'displayName',
      'currentCity',
      'currentState',
      'currentCountry',
      'school',
      'gender',
      'dateOfBirth',
      'bioDreamCareer',
      'bioHobbiesAre',
      'tzIdentifier',
    ],
    optional: ['previousCity', 'previousCountry'],
  },
  ADMIN: { required: ['displayName', 'tzIdentifier'], optional: ['givenName', 'surname'] },
} as const satisfies Record<SettingsRole, { required: readonly ProfileField[]; optional: readonly ProfileField[] }>;

export const settingsFieldsOf = (role: SettingsRole): ProfileField[] => [
  ...SETTINGS_FIELDS[role].required,
  ...SETTINGS_FIELDS[role].optional,
];

/** One field of a settings form: its rule, required or not as the role's form says. */
export function settingsFieldError(
  role: SettingsRole,
  field: ProfileField,
  value: string | null | undefined,
  today: string,
): string | null {
  const required = (SETTINGS_FIELDS[role].required as readonly ProfileField[]).includes(field);
  if (!required && (value === null || value === undefined || value.trim() === '')) return null;
  if (field === 'gender') return genderError(value);
  if (field === 'dateOfBirth') return dateOfBirthError(value, today);
  if (field === 'tzIdentifier') return tzIdentifierError(value);
  if (field === 'locale') return localeSettingError(value);
  return textFieldError(field, value, { required });
}

/** Every problem of a role's settings form, by field (empty when it can be saved). */
export function settingsFormErrors(
  role: SettingsRole,
  values: Partial<Record<ProfileField, string | null>>,
  today: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of settingsFieldsOf(role)) {
    const problem = settingsFieldError(role, field, values[field], today);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** A bio panel of the student settings (the bio rules of section 5: required, 10..10,000). */
export const bioError = (field: 'bioDreamCareer' | 'bioGoalsAre' | 'bioHobbiesAre', value: string | null | undefined) =>
  textFieldError(field, value, { required: true });
