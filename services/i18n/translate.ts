/**
 * The server's words in the reader's language (issue 32): the mails' catalogs
 * (services/i18n/messages/<locale>.json), the server's known refusals (knownErrors.ts) and the
 * contracts' known messages (contracts/i18n/messages), formatted as ICU MessageFormat. A refusal
 * known only by its English text is found in ./localize.ts, which reads the registered tables: the
 * tables import this module, so this one cannot import them. Logs never pass through here: they stay
 * in English.
 */
import fs from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '../../contracts/i18n/locales';
import type { KnownRefusal, Said, SaidValue } from '../domain/shared/errors';
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

/** A message of the catalogs by its id, in `locale` (English when the locale lacks it). */
export function format(locale: Locale, id: string, values?: Values): string {
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

/** A parameterized refusal of the server's tables (knownErrors.ts): its id, its values, and its English. */
export const knownRefusal = (id: ServerMessageId, values?: Record<string, SaidValue>): KnownRefusal => ({
  id,
  values,
  text: sayIn(DEFAULT_LOCALE, { id, values }),
});
