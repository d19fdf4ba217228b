/** The refusals of domain/billing/ (issue 32: registered in services/i18n/knownErrors.ts, area 'billing'). */
export const BillingMessages = {
  paymentRecorded: 'The payment was already recorded.',
  accountNotFound: 'The account was not found.',
  minutesWhole: 'The minutes must be a whole number.',
} as const;
