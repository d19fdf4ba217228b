/** The refusals of domain/scheduling/ (issue 32: registered in services/i18n/knownErrors.ts, area 'availability'). */
export const AvailabilityMessages = {
  notFound: 'This availability was not found. It may have been removed.',
} as const;
