/** Email rules (spec 3, section 5): required, at most 255 characters, a basic address pattern. */
export const EMAIL_MAX_LENGTH = 255;
export const EMAIL_INVALID_MESSAGE = 'The given value is invalid.';
export const EMAIL_REQUIRED_MESSAGE = 'An email address is required.';

const BASIC_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return EMAIL_REQUIRED_MESSAGE;
  if (trimmed.length > EMAIL_MAX_LENGTH || !BASIC_ADDRESS.test(trimmed)) return EMAIL_INVALID_MESSAGE;
  return null;
}

/** The form an address takes for uniqueness: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
