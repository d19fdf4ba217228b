/**
 * Formats a compiled ICU message (the syntax tree the build makes of each catalog entry): text,
 * arguments, numbers, dates and times, select, plural with `#`, and tags. The same semantics as
 * FormatJS's intl-messageformat, which the server and the checks use, in a tenth of its size: the
 * sign-in page's JavaScript budget (200 KB, docs/decisions/i18n.md) has no room for more.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

// The parser's element kinds (its TYPE enum; a type import keeps its code out of the bundle).
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

export type MessageValue<T> = string | number | Date | ((parts: (string | T)[]) => T);

type Style = { parsedOptions?: object } | string | null | undefined;
const optionsOf = (style: Style, fallback: object) => (style && typeof style === 'object' && style.parsedOptions) || fallback;

export function formatParts<T>(
  elements: MessageFormatElement[],
  locale: string,
  values: Record<string, MessageValue<T>> = {},
  pound?: number,
): (string | T)[] {
  const parts: (string | T)[] = [];
  const push = (part: string | T) => {
    const last = parts.length - 1;
    if (typeof part === 'string' && typeof parts[last] === 'string') parts[last] += part;
    else parts.push(part);
  };
  for (const e of elements) {
    const value = 'value' in e && typeof e.value === 'string' ? values[e.value] : undefined;
    switch (e.type) {
      case LITERAL:
        push(e.value);
        break;
      case ARGUMENT:
        push(value === undefined ? '' : String(value));
        break;
      case NUMBER:
        push(new Intl.NumberFormat(locale, optionsOf(e.style as Style, {})).format(Number(value)));
        break;
      case DATE:
      case TIME:
        push(
          new Intl.DateTimeFormat(
            locale,
            optionsOf(e.style as Style, e.type === DATE ? { dateStyle: 'medium' } : { timeStyle: 'short' }),
          ).format(value as Date | number),
        );
        break;
      case SELECT:
        for (const p of formatParts((e.options[String(value)] ?? e.options.other).value, locale, values, pound)) push(p);
        break;
      case PLURAL: {
        const n = Number(value) - e.offset;
        const rule = e.options[`=${Number(value)}`] ? `=${Number(value)}` : new Intl.PluralRules(locale, { type: e.pluralType }).select(n);
        for (const p of formatParts((e.options[rule] ?? e.options.other).value, locale, values, n)) push(p);
        break;
      }
      case POUND:
        push(new Intl.NumberFormat(locale).format(pound ?? 0));
        break;
      case TAG: {
        const children = formatParts(e.children, locale, values, pound);
        if (typeof value === 'function') push(value(children));
        else for (const p of children) push(p);
        break;
      }
    }
  }
  return parts;
}

/** A compiled message as text (tags keep only their words). */
export const formatText = (elements: MessageFormatElement[], locale: string, values?: Record<string, string | number | Date>): string =>
  formatParts<string>(elements, locale, values).join('');
