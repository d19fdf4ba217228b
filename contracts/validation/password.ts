/**
 * Password rules and their exact messages (spec 1, section 5). Used by the web form (rule popup,
 * mismatch message) and by the server (signup, signupInvited, resetPassword) so both say the same.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_CHECK_DEBOUNCE_MS = 1000;

export interface PasswordRule {
  key: 'length' | 'number' | 'uppercase' | 'lowercase';
  message: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { key: 'length', message: 'Must be at least 8 characters', test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'number', message: 'Must contain 1 number', test: (p) => /[0-9]/.test(p) },
  { key: 'uppercase', message: 'Must contain 1 uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { key: 'lowercase', message: 'Must contain 1 lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
];

export const PASSWORD_MISMATCH_MESSAGE = "The passwords don't match. Try again?";
export const PASSWORD_REQUIRED_MESSAGE = 'A password is required.';

export interface PasswordCheck {
  rules: { key: PasswordRule['key']; message: string; passed: boolean }[];
  mismatch: boolean;
  valid: boolean;
}

/** Checks a password and its confirmation; valid only when every rule passes and both match. */
export function checkPassword(password: string, confirmation: string): PasswordCheck {
  const rules = PASSWORD_RULES.map((r) => ({ key: r.key, message: r.message, passed: r.test(password) }));
  const mismatch = password !== confirmation;
  return { rules, mismatch, valid: !mismatch && rules.every((r) => r.passed) };
}

/** Per-field messages for a password pair, empty when valid. */
export function passwordFieldErrors(password: string, confirmation: string): Record<string, string> {
  if (!password) return { password: PASSWORD_REQUIRED_MESSAGE };
  const check = checkPassword(password, confirmation);
  const failed = check.rules.filter((r) => !r.passed).map((r) => r.message);
  const errors: Record<string, string> = {};
  if (failed.length) errors.password = `${failed.join('. ')}.`;
  if (check.mismatch) errors.passwordConfirmation = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}
