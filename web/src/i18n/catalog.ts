/**
 * The web's message catalogs (issue 32): web/src/i18n/messages/<locale>.json for the pages, and the
 * contracts' known messages (contracts/i18n/messages) shared with the server, merged by the build. English is the
 * source; its ids are the type of every id the pages use (useT, translate), so a wrong id fails
 * the type-check.
 * Each locale's messages are their own chunk, loaded only when that locale is active; the build
 * compiles them to ICU syntax trees (web/vite.config.ts), so the browser ships no ICU parser, only
 * FormatJS's formatter (intl-messageformat).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../../contracts/i18n/locales';
import type knownEn from '../../../contracts/i18n/messages/en.json';
import type webEn from './messages/en.json';
import { type PageLanguage, PSEUDO_LOCALE } from './preference';

export type MessageId = keyof typeof webEn | keyof typeof knownEn;
/** As the build delivers them: each message compiled to its ICU syntax tree (web/vite.config.ts). */
export type Messages = Record<MessageId, MessageFormatElement[]>;

type Catalog = { default: unknown };
const messagesOf = (catalog: Catalog) => catalog.default as Messages;

/**
 * One import per locale and part, written out so the build makes a chunk of each; the build merges
 * the contracts' known messages of the same locale in and splits the whole by catalogParts.ts: the
 * first page's words, then the areas' (`?areas`), which are wanted once someone is signed in.
 */
const FIRST_PAGE: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./messages/en.json').then(messagesOf),
  es: () => import('./messages/es.json').then(messagesOf),
  'pt-BR': () => import('./messages/pt-BR.json').then(messagesOf),
  fr: () => import('./messages/fr.json').then(messagesOf),
};
const AREAS: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./messages/en.json?areas').then(messagesOf),
  es: () => import('./messages/es.json?areas').then(messagesOf),
  'pt-BR': () => import('./messages/pt-BR.json?areas').then(messagesOf),
  fr: () => import('./messages/fr.json?areas').then(messagesOf),
};

/** Whether the areas' messages are wanted too (someone is signed in); they stay wanted once asked for. */
let areasWanted = false;

/**
 * A locale's messages: the first page's, with the areas' when they are wanted; the pseudo-locale's
 * are made from the English ones (its code loads with them).
 */
export async function loadMessages(language: PageLanguage, withAreas = areasWanted): Promise<Messages> {
  areasWanted ||= withAreas;
  const locale = language === PSEUDO_LOCALE ? 'en' : language;
  const parts = await Promise.all([FIRST_PAGE[locale](), ...(areasWanted ? [AREAS[locale]()] : [])]);
  const messages = Object.assign({}, ...parts) as Messages;
  if (language !== PSEUDO_LOCALE) return messages;
  const { pseudoMessages } = await import('./pseudo');
  return pseudoMessages(messages);
}
