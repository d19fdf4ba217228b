/**
 * Card checks the local gateway's card form and its tokenisation endpoint share (the way Stripe's
 * card element checks a card before it makes a token). Pure: used by the browser and the gateway.
 */
import { textProblem } from './validation/limits';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export interface CardInput {
  number: string;
  expMonth: number | string;
  expYear: number | string;
  cvc: string;
  name: string;
}

/** A card's problems before any charge, by Stripe's codes (the web says each in the page's language: payments.card.<code>). */
export const CARD_ERROR_CODES = [
  'missing_name',
  'invalid_name',
  'incomplete_number',
  'incorrect_number',
  'invalid_expiry',
  'invalid_expiry_year',
  'invalid_expiry_month',
  'incomplete_cvc',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

/** A card problem as the gateway answers it (Stripe's English: the local gateway's API answers as Stripe's does). */
export interface CardError {
  code: CardErrorCode;
  message: string;
  param: 'number' | 'exp' | 'cvc' | 'name';
}

export const CARDHOLDER_NAME_MAX = 100;

export const cardDigits = (number: string) => String(number ?? '').replace(/[\s-]/g, '');

/** Per-field problems of a card, the first of which the gateway answers; empty when valid. */
export function cardFieldErrors(card: CardInput, now: Date): CardError[] {
  const errors: CardError[] = [];
  const number = cardDigits(card.number);
  const nameProblem = textProblem(String(card.name ?? ''), CARDHOLDER_NAME_MAX);
  if (!String(card.name ?? '').trim())
    errors.push({ code: 'missing_name', message: 'Your name as it appears on the card is required.', param: 'name' });
  else if (nameProblem)
    errors.push({ code: 'invalid_name', message: `Your name as it appears on the card ${nameProblem}.`, param: 'name' });
  if (!/^\d+$/.test(number) || number.length < 14)
    errors.push({ code: 'incomplete_number', message: 'Your card number is incomplete.', param: 'number' });
  else if (number.length > 19 || !luhnValid(number))
    errors.push({ code: 'incorrect_number', message: 'Your card number is invalid.', param: 'number' });
  const month = Number(card.expMonth);
  let year = Number(card.expYear);
  if (
    !String(card.expMonth ?? '').trim() ||
    !Number.isInteger(month) ||
    month < 1 ||
    month > 12 ||
    !String(card.expYear ?? '').trim() ||
    !Number.isInteger(year)
  ) {
    errors.push({ code: 'invalid_expiry', message: "Your card's expiration date is incomplete.", param: 'exp' });
  } else {
    if (year < 100) year += 2000;
    const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
    if (year * 12 + month < nowMonth) {
      errors.push(
        year < now.getUTCFullYear()
          ? { code: 'invalid_expiry_year', message: "Your card's expiration year is in the past.", param: 'exp' }
          : { code: 'invalid_expiry_month', message: "Your card's expiration date is in the past.", param: 'exp' },
      );
    } else if (year > now.getUTCFullYear() + 50) {
      errors.push({ code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp' });
    }
  }
  const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(String(card.cvc ?? '')))
    errors.push({ code: 'incomplete_cvc', message: "Your card's security code is incomplete.", param: 'cvc' });
  return errors;
}

export const validateCard = (card: CardInput, now: Date): CardError | null => cardFieldErrors(card, now)[0] ?? null;
