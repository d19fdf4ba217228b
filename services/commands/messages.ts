/** The refusals of commands/ (issue 32: registered in services/i18n/knownErrors.ts, area 'commands'). */
export const CommandMessages = {
  concurrentChange: 'Someone else changed this at the same time. Please try again.',
} as const;
