/**
 * Messages in the active locale, for React (useT, Message) and outside it (snackbars, the API's
 * error link, form rules): the compiled catalog of the locale LocaleProvider loaded, formatted by
 * ./format.ts. Before any is loaded (unit tests, the first instant) the known messages stay in
 * their English.
 */
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/i18n/locales';
import { translateKnownText } from '../../../contracts/i18n/knownMessages';
import type { MessageId, Messages } from './catalog';
import { type MessageValue, formatParts } from './format';

export type Values = Record<string, string | number | Date>;

/** One locale's messages. */
export class Catalog {
  constructor(
    readonly locale: Locale,
    private readonly messages: Messages,
  ) {}

  /** A message with tags (`<link>…</link>`): its parts, each tag given by a function of its words. */
  formatParts<T>(id: MessageId, values?: Record<string, MessageValue<T>>): (string | T)[] {
    const message = this.messages[id];
    // A missing message is a bug the checks catch (scripts/i18n): logged, never thrown at a reader.
    if (!message) {
      console.error(`No message ${id} in ${this.locale}`);
      return [id];
    }
    return formatParts(message, this.locale, values);
  }

  format(id: MessageId, values?: Values): string {
    return this.formatParts<string>(id, values).join('');
  }
}

let current: Catalog | null = null;

export function setActiveCatalog(catalog: Catalog): void {
  current = catalog;
}

export const activeLocale = (): Locale => current?.locale ?? DEFAULT_LOCALE;

/** A message of the active locale; its id when none is loaded yet. */
export function translate(id: MessageId, values?: Values): string {
  return current ? current.format(id, values) : id;
}

/**
 * A message whose English the caller also knows (pure helpers that run before any catalog, and in
 * unit tests): the active locale's, else that English.
 */
export function translateOr(id: MessageId, english: string, values?: Values): string {
  return current ? current.format(id, values) : english;
}

/**
 * A text that may be one of the contracts' known English messages (a form rule's, a server
 * message not yet translated), in the active locale; any other text as it is.
 */
export function localizeKnown(text: string): string;
export function localizeKnown(text: string | null | undefined): string | null | undefined;
export function localizeKnown(text: string | null | undefined) {
  if (!text || !current) return text;
  const catalog = current;
  return translateKnownText(text, (id) => catalog.format(id)) ?? text;
}
