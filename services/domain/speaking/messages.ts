/** The refusals of domain/speaking/ (issue 32: registered in services/i18n/knownErrors.ts, area 'speaking'). */
export const SpeakingMessages = {
  evaluation: 'Evaluate with promote or decline.',
} as const;
