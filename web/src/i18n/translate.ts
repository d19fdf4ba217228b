/**
 * Messages in the active locale, for React (useT, Message) and outside it (snackbars, the API's
 * error link, form rules): the compiled catalog of the locale LocaleProvider loaded, formatted by
 * ./format.ts. Before any is loaded (unit tests, the first instant) the known messages stay in
 * their English.
 */
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/i18n/locales';
import { knownEnglish, translateKnownText } from '../../../contracts/i18n/knownMessages';
import type { MessageId, Messages } from './catalog';
import type { Part } from './catalogParts';
import type { PageLanguage } from './preference';
import { type MessageValue, formatParts } from './format';

export type Values = Record<string, string | number | Date>;

/**
 * One language's messages: the first page's and the parts loaded so far (catalogParts.ts). A part
 * added later only adds ids (an id's message is the same whichever part brings it), so what was
 * formatted before stays as it was.
 */
export class Catalog {
  private readonly messages: Messages;
  private readonly parts: Set<Part>;

  constructor(
    /** How dates and numbers are written (the pseudo-locale's are English). */
    readonly locale: Locale,
    /** The language of the messages, which further parts are loaded in. */
    readonly language: PageLanguage,
    messages: Messages,
    parts: Part[] = [],
  ) {
    this.messages = { ...messages };
    this.parts = new Set(parts);
  }

  /** Whether `id` is loaded (its part may not be). */
  knows(id: MessageId): boolean {
    return id in this.messages;
  }

  has(part: Part): boolean {
    return this.parts.has(part);
  }

  add(part: Part, messages: Messages): void {
    Object.assign(this.messages, messages);
    this.parts.add(part);
  }

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
let firstShown: (catalog: Catalog) => void;
const shown = new Promise<Catalog>((resolve) => {
  firstShown = resolve;
});

/** The catalog on screen; null (unit tests) goes back to none, as before the first is loaded. */
export function setActiveCatalog(catalog: Catalog | null): void {
  current = catalog;
  if (catalog) firstShown(catalog);
}

/** The catalog on screen, once there is one. */
export const shownCatalog = (): Promise<Catalog> => (current ? Promise.resolve(current) : shown);

export const activeCatalog = (): Catalog | null => current;

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
  // A known message of a part not loaded here (the notes' refusals, signed in) stays in English.
  return translateKnownText(text, (id, values) => (catalog.knows(id) ? catalog.format(id, values) : knownEnglish(id, values))) ?? text;
}
