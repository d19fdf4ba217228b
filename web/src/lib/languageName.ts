/**
 * A language's name in the page's language (issue 32): English keeps the spec's names (contracts/enrollment.ts);
 * the others take the browser's own (Intl.DisplayNames: 'español', 'allemand'), lower-case as
 * they are inside a sentence, except Mandarin, which Intl calls 'Chinese' and the catalogs name.
 */
import { languageName as englishName } from '../../../contracts/enrollment';
import type { Locale } from '../../../contracts/i18n/locales';
import { activeLocale, translateOr } from '../i18n/translate';

const displayNames = new Map<Locale, Intl.DisplayNames>();

export function languageName(code: string): string {
  if (code === 'zh') return translateOr('common.mandarin', englishName(code));
  const locale = activeLocale();
  if (locale === 'en') return englishName(code);
  const names = displayNames.get(locale) ?? new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
  displayNames.set(locale, names);
  try {
    return names.of(code) ?? englishName(code);
  } catch {
    return englishName(code);
  }
}
