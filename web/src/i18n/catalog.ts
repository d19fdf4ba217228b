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
 * One import per locale, written out so the build makes one chunk of each; the build merges the
 * contracts' known messages of the same locale into it (web/vite.config.ts).
 */
const LOADERS: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./messages/en.json').then(messagesOf),
  es: () => import('./messages/es.json').then(messagesOf),
  'pt-BR': () => import('./messages/pt-BR.json').then(messagesOf),
  fr: () => import('./messages/fr.json').then(messagesOf),
};

/** A locale's messages; the pseudo-locale's are made from the English ones (its code loads with them). */
export const loadMessages = (language: PageLanguage): Promise<Messages> =>
  language === PSEUDO_LOCALE
    ? Promise.all([LOADERS.en(), import('./pseudo')]).then(([english, { pseudoMessages }]) => pseudoMessages(english))
    : LOADERS[language]();
