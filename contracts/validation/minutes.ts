import { Messages } from '../errors';

/** Admin minutes adjustment (spec 3, section 5): required, a number, not zero. */
export const MINUTES_REQUIRED_MESSAGE = 'This is a required field.  Please provide a value.';
export const MINUTES_NOT_A_NUMBER_MESSAGE = 'Please provide a whole number of minutes, such as 30 or -15.';
export const MINUTES_ZERO_MESSAGE = Messages.zeroMinutes;

export function minutesAdjustmentError(raw: string | number | null | undefined): string | null {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (!text) return MINUTES_REQUIRED_MESSAGE;
  if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) return MINUTES_NOT_A_NUMBER_MESSAGE;
  if (Number(text) === 0) return MINUTES_ZERO_MESSAGE;
  return null;
}
