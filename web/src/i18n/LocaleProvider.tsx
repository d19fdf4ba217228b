import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '../../../contracts/i18n/locales';
import { hasAuthToken } from '../lib/authCookies';
import { type Messages, loadMessages } from './catalog';
import { type PageLanguage, PSEUDO_LOCALE, browserLocale, initialLocale, storeLocale } from './preference';
import { Catalog, setActiveCatalog } from './translate';

interface LocaleContextValue {
  locale: Locale;
  catalog: Catalog;
  /**
   * Speaks `locale` from now on and remembers it on this device; null follows the browser again
   * (an account whose setting was cleared).
   */
  chooseLocale(locale: Locale | null): void;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

/**
 * The pages' language: loads the locale's messages (its own chunk), then renders in it; a change
 * keeps the page in the old language until the new messages are in, so nothing flashes ids.
 */
/** How the provider shows messages loaded outside its own effect (the areas' at sign-in). */
let showMessages: ((language: PageLanguage, messages: Messages) => void) | null = null;
let shownLanguage: PageLanguage | null = null;

/**
 * Adds the areas' messages to the language on screen (catalogParts.ts) and resolves once the pages
 * can use them: called as someone signs in, before the first signed-in page renders.
 */
export async function loadAreaMessages(): Promise<void> {
  const language = shownLanguage ?? initialLocale();
  const messages = await loadMessages(language, true);
  if (language === shownLanguage) showMessages?.(language, messages);
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState<PageLanguage>(initialLocale);
  const [catalog, setCatalog] = useState<Catalog | null>(null);

  const show = useCallback((language: PageLanguage, messages: Messages) => {
    // The pseudo-locale formats dates and numbers as English does.
    const next = new Catalog(language === PSEUDO_LOCALE ? 'en' : language, messages);
    setActiveCatalog(next);
    shownLanguage = language;
    document.documentElement.lang = language;
    setCatalog(next);
  }, []);
  useEffect(() => {
    showMessages = show;
    return () => {
      showMessages = null;
    };
  }, [show]);

  useEffect(() => {
    let current = true;
    // Signed in already (a reload): the areas' messages come with the first page's.
    loadMessages(wanted, hasAuthToken()).then(
      (messages) => {
        if (current) show(wanted, messages);
      },
      (error: unknown) => console.error(`The ${wanted} messages did not load:`, error),
    );
    return () => {
      current = false;
    };
  }, [wanted, show]);

  const chooseLocale = useCallback((locale: Locale | null) => {
    storeLocale(locale);
    setWanted(locale ?? browserLocale());
  }, []);
  const value = useMemo(() => catalog && { locale: catalog.locale, catalog, chooseLocale }, [catalog, chooseLocale]);

  if (!value) return null;
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale needs a LocaleProvider');
  return value;
}
