import { useQuery } from '@apollo/client';
import { useEffect } from 'react';
import { isSupportedLocale } from '../../../contracts/i18n/locales';
import { useLocale } from './LocaleProvider';
import { ACCOUNT_LOCALE } from './operations';

/** Signed in: the pages speak the account's language setting, when it has one (loaded with Apollo). */
export function AccountLocale() {
  const { data } = useQuery(ACCOUNT_LOCALE);
  const { locale, chooseLocale } = useLocale();
  const setting = data?.me?.locale;
  useEffect(() => {
    if (isSupportedLocale(setting) && setting !== locale) chooseLocale(setting);
  }, [setting, locale, chooseLocale]);
  return null;
}
