/**
 * The pages' words in a language, from the web's catalogs (web/src/i18n/messages and the contracts'
 * known messages, merged as the build merges them), formatted by the web's own formatter
 * (web/src/i18n/format.ts). A test names a text by its English and checks the page shows its
 * translation, so no translation is typed twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { matchLocale, type Locale } from '../../../contracts/i18n/locales';
import { formatParts } from '../../../web/src/i18n/format';

const ROOT = path.resolve(import.meta.dirname, '../../..');
type Catalog = Record<string, string>;
const catalogs = new Map<Locale, Catalog>();

function catalog(locale: Locale): Catalog {
  let messages = catalogs.get(locale);
  if (!messages) {
    const read = (dir: string) => JSON.parse(fs.readFileSync(path.join(ROOT, dir, `${locale}.json`), 'utf8')) as Catalog;
    messages = { ...read('web/src/i18n/messages'), ...read('contracts/i18n/messages') };
    catalogs.set(locale, messages);
  }
  return messages;
}

const languageOf = (locale: string): Locale => {
  const language = matchLocale(locale);
  if (!language) throw new Error(`No catalog speaks ${locale}`);
  return language;
};

/**
 * The message whose English is `english` (or whose id is `english`), in `locale` (a browser's tag:
 * 'es-ES' speaks the `es` catalog), with `values`. Tags keep their words. Several ids with that
 * English that translate differently fail with the ids: pass the one the page shows.
 */
export function say(locale: string, english: string, values: Record<string, string | number | Date> = {}): string {
  const language = languageOf(locale);
  const en = catalog('en');
  const ids = english in en ? [english] : Object.keys(en).filter((id) => en[id] === english);
  if (ids.length === 0) throw new Error(`No message's English is "${english}"`);
  const messages = catalog(language);
  const missing = ids.filter((id) => !(id in messages));
  if (missing.length > 0) throw new Error(`No ${language} message for ${missing.join(', ')}`);
  const said = new Map(ids.map((id) => [id, formatParts<string>(parse(messages[id]), language, values).join('')]));
  const distinct = new Set(said.values());
  if (distinct.size > 1)
    throw new Error(`"${english}" is ambiguous in ${language}: ${[...said].map(([id, text]) => `${id} (${text})`).join(', ')}`);
  return [...distinct][0];
}

/**
 * The English texts of the catalogs that `locale` says otherwise: a page in that language showing
 * one of them as a whole line has English left on it. Messages with values are left out (their
 * English varies).
 */
export function englishOnly(locale: string): Set<string> {
  const language = languageOf(locale);
  const en = catalog('en');
  const messages = catalog(language);
  return new Set(
    Object.keys(en)
      .filter((id) => !/[{<]/.test(en[id]) && messages[id] !== undefined && messages[id].trim() !== en[id].trim())
      .map((id) => en[id].trim()),
  );
}
