/**
 * The server's words in the reader's language (issue 32): the mails' catalogs
 * (services/i18n/messages/<locale>.json), the server's known refusals (knownErrors.ts) and the
 * contracts' known messages (contracts/i18n/messages), formatted as ICU MessageFormat. Logs never pass through here: they stay
 * in English.
 */
import fs from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '../../contracts/i18n/locales';
import { type KnownMessageId, translateKnownText } from '../../contracts/i18n/knownMessages';
import type { KnownRefusal, Refusal, Said, SaidValue } from '../domain/shared/errors';
import { knownErrorId } from './knownErrors';
import type serverEn from './messages/en.json';

export type ServerMessageId = keyof typeof serverEn;
type Values = Record<string, string | number>;

const read = (url: URL): Record<string, string> => JSON.parse(fs.readFileSync(url, 'utf8'));

const catalogs = Object.fromEntries(
  SUPPORTED_LOCALES.map((locale) => [
    locale,
    {
      ...read(new URL(`./messages/${locale}.json`, import.meta.url)),
      ...read(new URL(`../../contracts/i18n/messages/${locale}.json`, import.meta.url)),
    },
  ]),
) as Record<Locale, Record<string, string>>;

const formats = new Map<string, IntlMessageFormat>();

function format(locale: Locale, id: string, values?: Values): string {
  const key = `${locale}\u0000${id}`;
  let compiled = formats.get(key);
  if (!compiled) {
    const message = catalogs[locale][id] ?? catalogs[DEFAULT_LOCALE][id];
    if (message === undefined) throw new Error(`No message ${id}`);
    compiled = new IntlMessageFormat(message, locale);
    formats.set(key, compiled);
  }
  return String(compiled.format(values));
}

/** A server message (a mail's words) in `locale`. */
export const translate = (locale: Locale, id: ServerMessageId, values?: Values): string => format(locale, id, values);

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

const LIST_SEPARATOR_ID = 'errors.listSeparator';

/** What a known refusal says, in `locale`: its values that are said messages (or lists of them) said in `locale` too. */
export function sayIn(locale: Locale, said: Said): string {
  const value = (v: SaidValue): string | number =>
    typeof v === 'string' || typeof v === 'number'
      ? v
      : 'id' in v
        ? sayIn(locale, v as Said)
        : (v as readonly Said[]).map((s) => sayIn(locale, s)).join(format(locale, LIST_SEPARATOR_ID));
  const values = said.values && Object.fromEntries(Object.entries(said.values).map(([k, v]) => [k, value(v)]));
  return format(locale, said.id, values);
}

/** A refusal's words in `locale`: what a known refusal says, else its English text when it is a known message (`localizeKnownText`). */
export const sayRefusal = (locale: Locale, refusal: Refusal): string =>
  typeof refusal === 'string' ? localizeKnownText(locale, refusal) : sayIn(locale, refusal);

/** A parameterized refusal of the server's tables (knownErrors.ts): its id, its values, and its English. */
export const knownRefusal = (id: ServerMessageId, values?: Record<string, SaidValue>): KnownRefusal => ({
  id,
  values,
  text: sayIn(DEFAULT_LOCALE, { id, values }),
});
