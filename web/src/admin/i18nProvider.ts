/**
 * react-admin's words in the page's language (issue 32): react-admin asks its i18nProvider for its
 * own keys (`ra.*`) and for the labels the back-office gives it, which are already the catalogs'
 * words. The few `ra.*` messages the back-office can show (its tables' sort tooltip, its loading and
 * error screens) are messages of the product's catalogs (`admin.ra.*`); any other key keeps
 * react-admin's English (its default provider, already in the bundle), a label comes back as given.
 */
import { defaultI18nProvider, type I18nProvider } from 'react-admin';
import type { MessageId } from '../i18n/catalog';
import type { Values } from '../i18n/translate';
import type { Translate } from '../i18n/useT';

export const REACT_ADMIN_MESSAGES: Readonly<Record<string, MessageId>> = {
  'ra.sort.sort_by': 'admin.ra.sortBy',
  'ra.sort.ASC': 'admin.ra.ascending',
  'ra.sort.DESC': 'admin.ra.descending',
  'ra.action.sort': 'admin.ra.sort',
  'ra.page.loading': 'admin.ra.loading',
  'ra.message.loading': 'admin.ra.pleaseWait',
  'ra.page.error': 'admin.ra.error',
  'ra.message.error': 'admin.ra.errorDetail',
  'ra.notification.http_error': 'admin.ra.httpError',
  'ra.action.close': 'admin.ra.close',
  'ra.action.undo': 'admin.ra.undo',
};

/** The values react-admin passes (polyglot's `%{name}`), as the catalogs' ICU arguments. */
function valuesOf(options: Record<string, unknown> | undefined): Values | undefined {
  if (!options) return undefined;
  const values: Values = {};
  for (const [name, value] of Object.entries(options)) if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  return values;
}

export function backOfficeI18nProvider(t: Translate, locale: string): I18nProvider {
  return {
    ...defaultI18nProvider,
    translate: (key, options) => {
      const id = REACT_ADMIN_MESSAGES[key];
      return id ? t(id, valuesOf(options)) : defaultI18nProvider.translate(key, options);
    },
    getLocale: () => locale,
  };
}
