/**
 * The profile decider: a person's names, location, school, gender, birthday, bios, time zone and
 * headshot. Pure: every function takes state and a context and returns events or throws.
 */
import { ErrorCode } from '../../../contracts/errors';
import { todayIn } from '../../../contracts/calendarDate';
import {
  PROFILE_FIELDS,
  ProfileMessages,
  normalizeProfileValue,
  onboardingProblems,
  profileChangeErrors,
  type OnboardingRole,
  type ProfileField,
  type ProfileFields,
} from '../../../contracts/validation/profile';
import type { DecisionContext } from '../shared/decider';
import { DomainError, assertNoFieldErrors } from '../shared/errors';
import type { ProfileEvent } from './events';
import { PeopleMessages } from './messages';

export interface ProfileState {
  fields: Partial<ProfileFields>;
  headshotKey: string | null;
}

export const initialProfile = (): ProfileState => ({ fields: {}, headshotKey: null });

export function evolveProfile(state: ProfileState, event: ProfileEvent): ProfileState {
  switch (event.type) {
    case 'ProfileChanged':
      return { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'HeadshotUploaded':
      return { ...state, headshotKey: event.data.key };
    default:
      return state;
  }
}

/** The person's today (their zone, or the default one), for the birthday rules. */
export const todayFor = (zone: string | null | undefined, now: Date) => todayIn(zone, now);

/**
 * changeUser: fields left undefined are not touched; a sent field must meet its rule (the hometown
 * and the real names may be cleared). Only the fields whose value changes are recorded; nothing
 * changes, nothing is recorded.
 */
export function decideChangeProfile(
  state: ProfileState,
  cmd: { accountId: string; change: Partial<Record<ProfileField, string | null>> },
  ctx: DecisionContext,
): ProfileEvent[] {
  const sent = Object.fromEntries(
    Object.entries(cmd.change).filter(([k, v]) => v !== undefined && PROFILE_FIELDS.includes(k as ProfileField)),
  );
  const zone = (sent.tzIdentifier as string | undefined)?.trim() || state.fields.tzIdentifier;
  const errors = profileChangeErrors(sent, todayFor(zone, ctx.now));
  if (errors.tzIdentifier) {
    throw new DomainError(ErrorCode.INVALID_TIMEZONE, errors.tzIdentifier, errors);
  }
  assertNoFieldErrors(errors);
  const changes: Partial<Record<ProfileField, string | null>> = {};
  for (const [field, value] of Object.entries(sent) as [ProfileField, string | null][]) {
    const normalized = normalizeProfileValue(value);
    if ((state.fields[field] ?? null) !== normalized) changes[field] = normalized;
  }
  if (!Object.keys(changes).length) return [];
  return [{ type: 'ProfileChanged', data: { accountId: cmd.accountId, changes: changes as Partial<ProfileFields> } }];
}

export function decideHeadshotUploaded(
  _state: ProfileState,
  cmd: { accountId: string; key: string; contentType: string; width: number; height: number; bytes: number },
): ProfileEvent[] {
  return [{ type: 'HeadshotUploaded', data: { ...cmd } }];
}

/**
 * Whether the profile has what the role's onboarding asks; throws BAD_USER_INPUT naming every
 * missing or invalid field otherwise.
 */
export function assertOnboardingComplete(state: ProfileState, role: OnboardingRole, ctx: DecisionContext) {
  const problems = onboardingProblems(
    role,
    { ...state.fields, headshot: !!state.headshotKey },
    todayFor(state.fields.tzIdentifier, ctx.now),
  );
  const count = Object.keys(problems).length;
  if (count) {
    throw new DomainError(
      ErrorCode.BAD_USER_INPUT,
      count === 1 ? Object.values(problems)[0] : PeopleMessages.profileIncomplete(String(count)),
      problems,
    );
  }
}

export { ProfileMessages };
