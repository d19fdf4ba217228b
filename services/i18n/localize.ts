/**
 * A refusal known by its English text, said in the reader's language: a contracts' known message,
 * or one of the server's registered refusals (./knownErrors.ts, which imports every table). Apart
 * from ./translate.ts, which the tables themselves import.
 */
import { DEFAULT_LOCALE, type Locale } from '../../contracts/i18n/locales';
import { type KnownMessageId, translateKnownText } from '../../contracts/i18n/knownMessages';
import type { Refusal } from '../domain/shared/errors';
import { knownErrorId } from './knownErrors';
import { format, sayIn } from './translate';

/**
 * A text made of the contracts' known English messages, or one of the server's known refusals
 * (knownErrors.ts), in `locale`; any other text as it is (English).
 */
export function localizeKnownText(locale: Locale, text: string): string {
  if (locale === DEFAULT_LOCALE) return text;
  const known = translateKnownText(text, (id: KnownMessageId, values) => format(locale, id, values));
  if (known !== null) return known;
  const error = knownErrorId(text);
  return error ? format(locale, error) : text;
}

/** A refusal's words in `locale`: what a known refusal says, else its English text when it is a known message (`localizeKnownText`). */
export const sayRefusal = (locale: Locale, refusal: Refusal): string =>
  typeof refusal === 'string' ? localizeKnownText(locale, refusal) : sayIn(locale, refusal);
