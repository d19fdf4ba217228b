/**
 * Which language the web speaks (issue 32): the account's setting, else this device's last choice
 * (the sign-in page's switcher, or the setting last seen here), else the browser's languages, else
 * English.
 */
import { type Locale, isSupportedLocale, negotiateLocale } from '../../../contracts/i18n/locales';
/** The pseudo-locale (./pseudo.ts), set on a device by a developer or a test; never offered in the settings. */
export const PSEUDO_LOCALE = 'en-XA';

/** What the pages may be shown in: a locale, or the pseudo-locale a developer or a test sets on the device (./pseudo.ts). */
export type PageLanguage = Locale | typeof PSEUDO_LOCALE;

const STORAGE_KEY = 'tertulia.locale';

export function storedLocale(): Locale | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isSupportedLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale | null): void {
  try {
    if (locale) window.localStorage.setItem(STORAGE_KEY, locale);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

export const browserLocale = (): Locale =>
  negotiateLocale(typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);

function pseudoChosen(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === PSEUDO_LOCALE;
  } catch {
    return false;
  }
}

/** The language to start in, before the account's setting is known. */
export const initialLocale = (): PageLanguage => (pseudoChosen() ? PSEUDO_LOCALE : (storedLocale() ?? browserLocale()));
