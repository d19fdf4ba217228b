/** The GraphQL error codes the API returns in `extensions.code` (DESIGN.md section 6). */
export const ErrorCode = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  INSUFFICIENT_MINUTES: 'INSUFFICIENT_MINUTES',
  INVALID_TIMEZONE: 'INVALID_TIMEZONE',
  RATE_LIMITED: 'RATE_LIMITED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * `extensions.reason` of an UNAUTHORIZED error, where it tells more than the code: 'role' means the
 * session is fine but the account lacks a role, and the message says which.
 */
export const ErrorReason = {
  ROLE: 'role',
} as const;

/** The refusal for a missing role: 'This needs the instructor role.' */
export const roleRequiredMessage = (role: string): string => `This needs the ${role.replace(/^ONBOARDING_/, '').toLowerCase()} role.`;

/** Messages the server returns that the web also shows; the spec's words where it has them. */
export const Messages = {
  unauthorized: 'Huh, your account cannot access the data. Try to sign in again to regain access.',
  invalidCredentials: 'The email address or password is incorrect.',
  emailTaken: 'An account with this email address already exists.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  invitationInvalid: 'This invitation is invalid or has already been used.',
  unknownRole: 'The switch failed. Cannot switch to an unknown role.',
  zeroMinutes: 'Nothing changes with zero minutes. Please provide a different value.',
  insufficientMinutes: 'The account does not have enough minutes for this change.',
  balanceTooLarge: 'An account can hold at most 1,000,000 minutes. Please provide a smaller value.',
} as const;
