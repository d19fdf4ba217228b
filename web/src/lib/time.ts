import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE, isCalendarDate, todayIn, zoneOrDefault } from '../../../contracts/calendarDate';

/** Used when a user has no (valid) time zone stored (spec 3, section 9). */
export { DEFAULT_TIME_ZONE };

/** A valid IANA zone for the user, else the default. */
export function userZone(tzIdentifier: string | null | undefined): string {
  return zoneOrDefault(tzIdentifier);
}

/** Today's calendar date 'YYYY-MM-DD' in the user's time zone (the default one until profiles store it). */
export function userToday(tzIdentifier?: string | null): string {
  return todayIn(tzIdentifier);
}

/**
 * A calendar date 'YYYY-MM-DD' (a course's start or end, a due date) as the day it is, e.g.
 * 'Nov 23, 2026': never through a time zone, so every viewer sees the same day. '—' when missing.
 */
export function formatDate(date: string | null | undefined, locale?: string): string {
  if (!date || !isCalendarDate(date)) return '—';
  return DateTime.fromISO(date, { zone: 'utc' })
    .setLocale(locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.language))
    .toLocaleString(DateTime.DATE_MED);
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
