/**
 * The limits every input obeys, wherever it arrives (GraphQL arguments through
 * services/api/inputLimits.ts, JSON bodies of the other routes through the same functions):
 * strings have a maximum length and hold neither NUL nor broken UTF-16 (a lone surrogate cannot be
 * stored as UTF-8 by PostgreSQL); numbers stay in a range that the domain and every read model hold.
 * A field's own, tighter rule with the spec's words lives with the domain and runs behind these.
 */

/** Strings and IDs without an explicit `@limit(maxLength:)`. */
export const DEFAULT_MAX_LENGTH = { String: 200, ID: 64 } as const;
/** Ints without an explicit `@limit(min:, max:)`: far inside 32 bits, so sums of a few stay there too. */
export const DEFAULT_INT_RANGE = { min: -1_000_000, max: 1_000_000 } as const;
/** Lists without an explicit `@limit(maxItems:)`. */
export const DEFAULT_MAX_ITEMS = 50;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string as input, as the end of a sentence about the field, or null. */
export function textProblem(value: string, maxLength: number): string | null {
  if (value.length > maxLength) return `can have at most ${maxLength.toLocaleString('en-US')} characters`;
  if (value.includes('\u0000')) return 'cannot contain the NUL character';
  if (LONE_SURROGATE.test(value)) return 'is not valid Unicode text';
  return null;
}

export function intProblem(value: number, range: { min: number; max: number }): string | null {
  if (!Number.isInteger(value)) return 'must be a whole number';
  if (value < range.min || value > range.max) {
    return `must be between ${range.min.toLocaleString('en-US')} and ${range.max.toLocaleString('en-US')}`;
  }
  return null;
}

/** A field's name in words for messages: `fillLimit` → `fill limit`. */
export const fieldLabel = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** "The fill limit must be between …". */
export const limitMessage = (name: string, problem: string) => `The ${fieldLabel(name)} ${problem}.`;
