import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE, addDays, isCalendarDate, todayIn, zoneOrDefault } from '../../../contracts/calendarDate';
import { isValidTimeZone } from '../../../contracts/validation/profile';
import { activeLocale, translateOr } from '../i18n/translate';

/** Used when a user has no (valid) time zone stored (spec 3, section 9). */
export { DEFAULT_TIME_ZONE };

/**
 * The one rule for times (issue 28): the viewer's saved zone, else the browser's, else the default.
 * Every instant on a page goes through it (formatDateTime, formatTime and the rest below).
 */
export function userZone(tzIdentifier: string | null | undefined): string {
  return isValidTimeZone(tzIdentifier) ? tzIdentifier! : zoneOrDefault(browserTimeZone());
}

/** How long the device's zone is taken as read: every time on a page asks, a device seldom moves. */
const DEVICE_ZONE_TTL_MS = 60_000;
let deviceZone: { zone: string | null; readAt: number } | null = null;

/** The browser's IANA zone, when it is one the server accepts (else null). */
export function browserTimeZone(): string | null {
  const now = Date.now();
  if (deviceZone && now - deviceZone.readAt < DEVICE_ZONE_TTL_MS && now >= deviceZone.readAt) return deviceZone.zone;
  let zone: string | null = null;
  try {
    const read = Intl.DateTimeFormat().resolvedOptions().timeZone;
    zone = isValidTimeZone(read) ? read : null;
  } catch {
    zone = null;
  }
  deviceZone = { zone, readAt: now };
  return zone;
}

/** Today's calendar date 'YYYY-MM-DD' in the user's time zone (the default one until profiles store it). */
export function userToday(tzIdentifier?: string | null): string {
  return todayIn(userZone(tzIdentifier));
}

/**
 * A calendar date 'YYYY-MM-DD' (a course's start or end, a due date) as the day it is, e.g.
 * 'Nov 23, 2026': never through a time zone, so every viewer sees the same day. '—' when missing.
 */
export function formatDate(date: string | null | undefined, locale?: string): string {
  if (!date || !isCalendarDate(date)) return '—';
  return DateTime.fromISO(date, { zone: 'utc' }).setLocale(localeOf(locale)).toLocaleString(DateTime.DATE_MED);
}

/**
 * An ISO instant shown in the user's time zone: its day with the year in the browser's locale, its
 * time in the spec's h:mma (as every schedule time), the zone's short name: 'Mar 4, 2025, 3:30PM
 * GMT+1' ('4 Mar 2025, 3:30PM CET' in en-GB); '—' when missing.
 */
export function formatDateTime(iso: string | null | undefined, tzIdentifier?: string | null, locale?: string): string {
  if (!iso) return '—';
  const instant = DateTime.fromISO(iso, { setZone: false });
  if (!instant.isValid) return '—';
  const local = instant.setZone(userZone(tzIdentifier)).setLocale(localeOf(locale));
  return `${local.toLocaleString(DateTime.DATE_MED)}, ${formatTime(iso, tzIdentifier, locale)} ${local.toFormat('ZZZZ')}`;
}

export { currentYear } from './year';

/**
 * The locale dates and times are written in (issue 32): the page's language, in the browser's
 * region when the browser speaks that language ('en-GB' on an English page in London, 'es-MX' on a
 * Spanish one in Mexico City).
 */
export function formattingLocale(): string {
  const page = activeLocale();
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  if (browser && browser.split('-')[0].toLowerCase() === page.split('-')[0].toLowerCase()) return browser;
  return page === 'en' ? 'en-US' : page;
}

const localeOf = (locale?: string) => locale ?? formattingLocale();
const isEnglish = (locale: string) => /^en(-|$)/i.test(locale);

/** The spec's schedule time format (section 9), for English; other languages write times their own way. */
export const SCHEDULE_TIME_FORMAT = 'h:mma';

/**
 * An ISO instant's wall-clock time in the user's zone: in English the spec's `h:mma` ('9:30AM'),
 * in other languages their own ('9:30', '09:30'); '—' when missing.
 */
export function formatTime(iso: string | null | undefined, tzIdentifier?: string | null, locale?: string): string {
  if (!iso) return '—';
  const instant = DateTime.fromISO(iso);
  if (!instant.isValid) return '—';
  const local = instant.setZone(userZone(tzIdentifier));
  const language = localeOf(locale);
  return isEnglish(language)
    ? local.setLocale('en-US').toFormat(SCHEDULE_TIME_FORMAT)
    : local.setLocale(language).toLocaleString(DateTime.TIME_SIMPLE);
}

/** The calendar date 'YYYY-MM-DD' an ISO instant falls on in the user's zone ('' when invalid). */
export function localDateOf(iso: string, tzIdentifier?: string | null): string {
  const instant = DateTime.fromISO(iso);
  return instant.isValid ? instant.setZone(userZone(tzIdentifier)).toISODate()! : '';
}

/** A calendar date as a short weekday heading, e.g. 'Sun, Mar 29' (the day itself, no zone). */
export function formatDay(date: string, locale?: string): string {
  if (!isCalendarDate(date)) return '—';
  return DateTime.fromISO(date, { zone: 'utc' })
    .setLocale(localeOf(locale))
    .toLocaleString({ weekday: 'short', month: 'short', day: 'numeric' });
}

/** A calendar date as its month and day, e.g. 'Mar 29' (a week on a chart's axis; the day itself, no zone). */
export function formatMonthDay(date: string, locale?: string): string {
  if (!isCalendarDate(date)) return '—';
  return DateTime.fromISO(date, { zone: 'utc' }).setLocale(localeOf(locale)).toLocaleString({ month: 'short', day: 'numeric' });
}

/** An ISO instant as its local day and `h:mma` time in the user's zone: 'Sun, Mar 29 at 9:30AM'. */
export function formatDayAndTime(iso: string | null | undefined, tzIdentifier?: string | null, locale?: string): string {
  if (!iso || !DateTime.fromISO(iso).isValid) return '—';
  const day = formatDay(localDateOf(iso, tzIdentifier), locale);
  const time = formatTime(iso, tzIdentifier, locale);
  return translateOr('time.dayAtTime', `${day} at ${time}`, { day, time });
}

/** The short name of the user's zone at an instant, e.g. 'CEST' or 'GMT+2'. */
export function zoneAbbreviation(iso: string, tzIdentifier?: string | null, locale?: string): string {
  return DateTime.fromISO(iso).setZone(userZone(tzIdentifier)).setLocale(localeOf(locale)).toFormat('ZZZZ');
}

/** `days` + 1 calendar dates from today in the user's zone: today through today + days (the reserve search's date filter). */
export function datesFromToday(days: number, tzIdentifier?: string | null, now: Date = new Date()): string[] {
  const today = todayIn(userZone(tzIdentifier), now);
  return Array.from({ length: days + 1 }, (_, i) => addDays(today, i));
}

/** The range [now, now + days] as ISO instants (the openings query's startTime and endTime). */
export function rangeFromNow(days: number, now: Date = new Date()): { startTime: string; endTime: string } {
  const start = DateTime.fromJSDate(now).toUTC().startOf('minute');
  return { startTime: start.toISO()!, endTime: start.plus({ days }).toISO()! };
}

/** Items with an ISO `startTimestamp` grouped by their local date in the user's zone, in time order. */
export function groupByLocalDate<T extends { startTimestamp: string }>(
  items: readonly T[],
  tzIdentifier?: string | null,
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => Date.parse(a.startTimestamp) - Date.parse(b.startTimestamp))) {
    const day = localDateOf(item.startTimestamp, tzIdentifier);
    groups.set(day, [...(groups.get(day) ?? []), item]);
  }
  return groups;
}

/** An ISO instant as a luxon DateTime in the user's zone (null when missing or invalid). */
export function inZone(iso: string | null | undefined, tzIdentifier?: string | null): DateTime | null {
  if (!iso) return null;
  const instant = DateTime.fromISO(iso);
  return instant.isValid ? instant.setZone(userZone(tzIdentifier)) : null;
}

/**
 * A span of time in the user's zone: 'Wed, Mar 5, 9:30AM–9:45AM', the end's day added when it
 * falls on another day (an end at midnight closes the start's day); '—' when either is missing.
 */
export function formatTimeRange(
  startIso: string | null | undefined,
  endIso: string | null | undefined,
  tzIdentifier?: string | null,
  locale?: string,
): string {
  const start = inZone(startIso, tzIdentifier);
  const end = inZone(endIso, tzIdentifier);
  if (!start || !end) return '—';
  const sameDay = start.hasSame(end, 'day') || +end === +start.plus({ days: 1 }).startOf('day');
  const endTime = formatTime(endIso, tzIdentifier, locale);
  const endText = sameDay ? endTime : `${formatDay(end.toISODate()!, locale)}, ${endTime}`;
  return `${formatDay(start.toISODate()!, locale)}, ${formatTime(startIso, tzIdentifier, locale)}–${endText}`;
}

/** The zone as people read it, e.g. 'America/New_York (EST, UTC-5)': its abbreviation and offset now. */
export function describeZone(tzIdentifier?: string | null, now: Date = new Date()): string {
  const zone = userZone(tzIdentifier);
  const time = DateTime.fromJSDate(now, { zone }).setLocale('en-US');
  const short = time.toFormat('ZZZZ');
  const offset = `UTC${time.toFormat('Z')}`;
  return /^(GMT|UTC)/.test(short) ? `${zone} (${offset})` : `${zone} (${short}, ${offset})`;
}

/**
 * A week (ISO: Monday to Monday) around `now` in the user's zone: `offset` 0 is this week, -1 last
 * week, 1 next week; the instants that open and close it there.
 */
export function weekOf(
  tzIdentifier: string | null | undefined,
  offset: number,
  now: Date = new Date(),
): { start: DateTime; end: DateTime } {
  const start = DateTime.fromJSDate(now, { zone: userZone(tzIdentifier) })
    .startOf('week')
    .plus({ weeks: offset });
  return { start, end: start.plus({ weeks: 1 }) };
}

/** How long ago an instant was, in the page's language: 'now', '2 hours ago', 'yesterday' (Intl.RelativeTimeFormat). */
export function formatTimeAgo(iso: string, now: Date = new Date(), locale?: string): string {
  const seconds = (Date.parse(iso) - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(localeOf(locale), { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}
