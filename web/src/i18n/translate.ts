/**
 * Translation outside React (snackbars, the API's error link, form rules): the active locale's
 * messages, set by LocaleProvider. Before any are loaded (unit tests, the first instant) the known
 * messages stay in their English.
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/i18n/locales';
import { translateKnownText } from '../../../contracts/i18n/knownMessages';
import type { MessageId, Messages } from './catalog';

const cache = createIntlCache();
let current: IntlShape | null = null;

export function createLocaleIntl(locale: Locale, messages: Messages): IntlShape {
  return createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE, onError: reportIntlError }, cache);
}

export function setActiveIntl(intl: IntlShape): void {
  current = intl;
}

export const activeLocale = (): Locale => (current?.locale as Locale | undefined) ?? DEFAULT_LOCALE;

/** A message of the active locale; its id when none is loaded yet. */
export function translate(id: MessageId, values?: Record<string, string | number | Date>): string {
  return current ? current.formatMessage({ id }, values) : id;
}

/**
 * A message whose English the caller also knows (pure helpers that run before any catalog, and in
 * unit tests): the active locale's, else that English.
 */
export function translateOr(id: MessageId, english: string, values?: Record<string, string | number | Date>): string {
  return current ? current.formatMessage({ id }, values) : english;
}

/**
 * A text that may be one of the contracts' known English messages (a form rule's, a server
 * message not yet translated), in the active locale; any other text as it is.
 */
export function localizeKnown(text: string): string;
export function localizeKnown(text: string | null | undefined): string | null | undefined;
export function localizeKnown(text: string | null | undefined) {
  if (!text || !current) return text;
  const intl = current;
  return translateKnownText(text, (id) => intl.formatMessage({ id })) ?? text;
}

/** A missing message is a bug the checks catch; in the browser it is logged, never thrown. */
function reportIntlError(error: unknown): void {
  console.error(error);
}
