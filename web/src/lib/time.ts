import { DateTime } from 'luxon';

/** Used when a user has no (valid) time zone stored (spec 3, section 9). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** A valid IANA zone for the user, else the default. */
export function userZone(tzIdentifier: string | null | undefined): string {
  return tzIdentifier && DateTime.now().setZone(tzIdentifier).isValid ? tzIdentifier : DEFAULT_TIME_ZONE;
}

/** An ISO instant shown in the user's time zone, e.g. 'Mar 4, 2025, 9:30 AM EST'; '—' when missing. */
export function formatDateTime(iso: string | null | undefined, tzIdentifier?: string | null, locale?: string): string {
  if (!iso) return '—';
  const instant = DateTime.fromISO(iso, { setZone: false });
  if (!instant.isValid) return '—';
  return instant
    .setZone(userZone(tzIdentifier))
    .setLocale(locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.language))
    .toLocaleString({ ...DateTime.DATETIME_MED, timeZoneName: 'short' });
}

export function currentYear(): number {
  return DateTime.now().year;
}
