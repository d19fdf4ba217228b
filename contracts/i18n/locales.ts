/**
 * The languages Tertulia speaks (issue 32): English is the source, the others complete translations.
 * The web, the API's messages and the mails all choose among these.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'pt-BR', 'fr'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, for the language choices (never translated: a reader finds their own). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
};

/** The longest locale tag accepted anywhere (a stored setting, a header's entry). */
export const LOCALE_MAX_LENGTH = 35;

export const isSupportedLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/**
 * The supported locale closest to a BCP 47 tag: the exact tag, else its language ('es-MX' → 'es',
 * 'pt-PT' → 'pt-BR', 'fr-CA' → 'fr'); null when none speaks it.
 */
export function matchLocale(tag: string): Locale | null {
  const clean = tag.trim();
  if (!clean || clean.length > LOCALE_MAX_LENGTH) return null;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === clean.toLowerCase());
  if (exact) return exact;
  const language = clean.split(/[-_]/)[0].toLowerCase();
  return SUPPORTED_LOCALES.find((l) => l.split('-')[0].toLowerCase() === language) ?? null;
}

/** The first of the preferred tags (navigator.languages, in order) that a supported locale matches, else English. */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags by their q-weights, highest first (at most 20 entries are read). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      // A weight that is not a number leaves its entry out (NaN), as one of 0 does.
      const weight = params.find((p) => /^\s*q=/.test(p));
      const q = weight === undefined ? 1 : /^\s*q=([01](\.\d{0,3})?)\s*$/.test(weight) ? Number(weight.split('=')[1]) : Number.NaN;
      return { tag: tag.trim(), q, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/** The message for a locale setting that is none of the supported ones. */
export const LOCALE_INVALID_MESSAGE = `The language is not one Tertulia speaks. Please choose one from the list.`;

/** A locale setting: one of the supported tags, or blank/null (follow the browser). */
export function localeSettingError(value: string | null | undefined): string | null {
  if (value === null || value === undefined || !value.trim()) return null;
  return isSupportedLocale(value.trim()) ? null : LOCALE_INVALID_MESSAGE;
}
