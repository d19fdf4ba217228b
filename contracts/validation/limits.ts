/**
 * The limits every input obeys, wherever it arrives (GraphQL arguments through
 * services/api/inputLimits.ts, JSON bodies of the other routes through the same functions):
 * strings have a maximum length and hold neither NUL nor broken UTF-16 (a lone surrogate cannot be
 * stored as UTF-8 by PostgreSQL); numbers stay in a range that the domain and every read model hold.
 * A field's own, tighter rule with the spec's words lives with the domain and runs behind these.
 */

import { englishWithNumbers } from '../i18n/numberedMessages';

/** The forms' words for a text that is too long (the profile's and the instructor's), a known message with its number. */
export const MAXIMUM_CHARACTERS_MESSAGE = 'A maximum of {max, number} characters is accepted.';
export const maximumCharacters = (max: number): string => englishWithNumbers(MAXIMUM_CHARACTERS_MESSAGE, { max });

/** Strings and IDs without an explicit `@limit(maxLength:)`. */
export const DEFAULT_MAX_LENGTH = { String: 200, ID: 64 } as const;
/** Ints without an explicit `@limit(min:, max:)`: far inside 32 bits, so sums of a few stay there too. */
export const DEFAULT_INT_RANGE = { min: -1_000_000, max: 1_000_000 } as const;
/** Lists without an explicit `@limit(maxItems:)`. */
export const DEFAULT_MAX_ITEMS = 50;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with an input, by kind (the server says it in the caller's language: services/domain/shared/limits.ts). */
export type LimitProblem =
  | { kind: 'tooLong'; max: number }
  | { kind: 'nul' }
  | { kind: 'unicode' }
  | { kind: 'notWhole' }
  | { kind: 'between'; min: number; max: number };

/** What is wrong with a string as input, or null. */
export function textLimit(value: string, maxLength: number): LimitProblem | null {
  if (value.length > maxLength) return { kind: 'tooLong', max: maxLength };
  if (value.includes('\u0000')) return { kind: 'nul' };
  if (LONE_SURROGATE.test(value)) return { kind: 'unicode' };
  return null;
}

export function intLimit(value: number, range: { min: number; max: number }): LimitProblem | null {
  if (!Number.isInteger(value)) return { kind: 'notWhole' };
  if (value < range.min || value > range.max) return { kind: 'between', ...range };
  return null;
}

/** A problem as the end of an English sentence about the field. */
export function problemText(problem: LimitProblem): string {
  switch (problem.kind) {
    case 'tooLong':
      return `can have at most ${problem.max.toLocaleString('en-US')} characters`;
    case 'nul':
      return 'cannot contain the NUL character';
    case 'unicode':
      return 'is not valid Unicode text';
    case 'notWhole':
      return 'must be a whole number';
    case 'between':
      return `must be between ${problem.min.toLocaleString('en-US')} and ${problem.max.toLocaleString('en-US')}`;
  }
}

/** What is wrong with a string as input, as the end of a sentence about the field, or null. */
export function textProblem(value: string, maxLength: number): string | null {
  const problem = textLimit(value, maxLength);
  return problem && problemText(problem);
}

export function intProblem(value: number, range: { min: number; max: number }): string | null {
  const problem = intLimit(value, range);
  return problem && problemText(problem);
}

/** A field's name in words, its English label (`fieldLabels.<name>` in services/i18n/messages/en.json): `fillLimit` → `fill limit`. */
export const fieldLabel = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
