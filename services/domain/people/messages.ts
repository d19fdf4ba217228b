/** The refusals of domain/people/ (issue 32: registered in services/i18n/knownErrors.ts, area 'people'). */
export const PeopleMessages = {
  accountNotFound: 'The account was not found.',
} as const;
