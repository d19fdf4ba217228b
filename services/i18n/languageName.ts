/**
 * A language's name in a mail's language (issue 32), as the web's `languageName`: English keeps the
 * spec's names (contracts/enrollment.ts); the others take Intl's ('español', 'allemand'), lower-case
 * as inside a sentence, except Mandarin, which Intl calls 'Chinese' and the catalog names.
 */
import { languageName as englishName } from '../../contracts/enrollment';
import { DEFAULT_LOCALE, type Locale } from '../../contracts/i18n/locales';
import { translate } from './translate';

const displayNames = new Map<Locale, Intl.DisplayNames>();

export function languageNameIn(locale: Locale, code: string): string {
  if (code === 'zh') return translate(locale, 'language.mandarin');
  if (locale === DEFAULT_LOCALE) return englishName(code);
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? englishName(code);
  } catch {
    return englishName(code);
  }
}
