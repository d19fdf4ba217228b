/**
 * Which language the web speaks (issue 32): the account's setting, else this device's last choice
 * (the sign-in page's switcher, or the setting last seen here), else the browser's languages, else
 * English.
 */
import { type Locale, isSupportedLocale, negotiateLocale } from '../../../contracts/i18n/locales';

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

/** The language to start in, before the account's setting is known. */
export const initialLocale = (): Locale => storedLocale() ?? browserLocale();
