import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '../../../contracts/i18n/locales';
import { loadMessages } from './catalog';
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
 * The pages' language: loads the locale's messages (the first page's part and the parts wanted so
 * far, i18n/withMessages.ts), then renders in it; a change keeps the page in the old language until
 * the new messages are in, so nothing flashes ids.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState<PageLanguage>(initialLocale);
  const [catalog, setCatalog] = useState<Catalog | null>(null);

  const show = useCallback((language: PageLanguage, { messages, parts }: Awaited<ReturnType<typeof loadMessages>>) => {
    // The pseudo-locale formats dates and numbers as English does.
    const next = new Catalog(language === PSEUDO_LOCALE ? 'en' : language, language, messages, parts);
    setActiveCatalog(next);
    document.documentElement.lang = language;
    setCatalog(next);
  }, []);

  useEffect(() => {
    let current = true;
    loadMessages(wanted).then(
      (loaded) => {
        if (current) show(wanted, loaded);
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
