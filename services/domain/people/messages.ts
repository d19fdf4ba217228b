import { knownRefusal } from '../../i18n/translate';

/** The refusals of domain/people/ (issue 32: registered in services/i18n/knownErrors.ts, area 'onboarding'). */
export const PeopleMessages = {
  accountNotFound: 'The account was not found.',
  noOnboarding: (role: string) => knownRefusal('errors.onboarding.noOnboarding', { role }),
  /** Two or more fields (one names its own problem). */
  profileIncomplete: (count: string) => knownRefusal('errors.onboarding.profileIncomplete', { count }),
  chooseOnboardingRole: 'Choose STUDENT, INSTRUCTOR or SPEAKER.',
} as const;
