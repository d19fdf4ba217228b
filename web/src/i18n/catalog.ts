/**
 * The web's message catalogs (issue 32): web/src/i18n/messages/<locale>.json for the pages, and the
 * contracts' known messages (contracts/i18n/messages) shared with the server, merged by the build. English is the
 * source; its ids are the type of every id the pages use (useT, translate), so a wrong id fails
 * the type-check.
 * Each locale's messages are their own chunks (a part each, catalogParts.ts), loaded only when that
 * locale is active; the build compiles them to ICU syntax trees (web/vite.config.ts), so the browser
 * ships no ICU parser, only a small formatter (format.ts).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { addKnownMessages } from '../../../contracts/i18n/knownMessages';
import type { Locale } from '../../../contracts/i18n/locales';
import type knownEn from '../../../contracts/i18n/messages/en.json';
import type webEn from './messages/en.json';
import type { Part } from './catalogParts';
import { type PageLanguage, PSEUDO_LOCALE } from './preference';

export type MessageId = keyof typeof webEn | keyof typeof knownEn;
/** As the build delivers them: each message compiled to its ICU syntax tree (web/vite.config.ts). */
export type Messages = Record<MessageId, MessageFormatElement[]>;

interface CompiledPart {
  default: unknown;
  /** The English of the known messages in this part that the first bundle does not hold (contracts/i18n/signedInKnownMessages.ts). */
  knownEnglish?: Readonly<Record<string, string>>;
}
/** The first part's module also names the others (web/vite.config.ts). */
interface FirstPart extends CompiledPart {
  parts: Record<Part, () => Promise<CompiledPart>>;
}
const firstPart = (module: unknown) => module as FirstPart;

/**
 * One import per locale, written out so the build makes a chunk of each; the build merges the
 * contracts' known messages of the same locale in and splits the whole by catalogParts.ts: this is
 * the first page's part, whose module loads the others.
 */
const FIRST_PAGE: Record<Locale, () => Promise<FirstPart>> = {
  en: () => import('./messages/en.json').then(firstPart),
  es: () => import('./messages/es.json').then(firstPart),
  'pt-BR': () => import('./messages/pt-BR.json').then(firstPart),
  fr: () => import('./messages/fr.json').then(firstPart),
};

/** One part of a language's messages (null: the first page's); the pseudo-locale's are made from the English (its code loads with them). */
export async function loadPart(language: PageLanguage, part: Part | null): Promise<Messages> {
  const locale = language === PSEUDO_LOCALE ? 'en' : language;
  const first = await FIRST_PAGE[locale]();
  const loaded = part ? await first.parts[part]() : first;
  if (loaded.knownEnglish) addKnownMessages(loaded.knownEnglish);
  const messages = loaded.default as Messages;
  if (language !== PSEUDO_LOCALE) return messages;
  const { pseudoMessages } = await import('./pseudo');
  return pseudoMessages(messages);
}

/** The parts the pages shown so far needed (each stays wanted): a change of language loads them all in the new one. */
const wanted = new Set<Part>();

export const wantPart = (part: Part): void => void wanted.add(part);

/** A language's messages for its first render: the first page's, and every part wanted so far or in `parts`. */
export async function loadMessages(language: PageLanguage, parts: Part[] = []): Promise<{ messages: Messages; parts: Part[] }> {
  parts.forEach(wantPart);
  const loading = [...wanted];
  const loaded = await Promise.all([null, ...loading].map((part) => loadPart(language, part)));
  return { messages: Object.assign({}, ...loaded) as Messages, parts: loading };
}
