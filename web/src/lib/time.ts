import {
  DEFAULT_TIME_ZONE,
  type WallClock,
  addDays,
  dateAt,
  dateOfWallClock,
  instantOfWallClock,
  isCalendarDate,
  isIsoDay,
  mondayOfDate,
  offsetMinutesAt,
  startOfDayIn,
  todayIn,
  wallClockAt,
  wallClockMs,
  zoneOrDefault,
} from '../../../contracts/calendarDate';
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
  return formatter(localeOf(locale), 'UTC', 'date').format(Date.parse(date));
}

/**
 * An ISO instant shown in the user's time zone: its day with the year in the browser's locale, its
 * time in the spec's h:mma (as every schedule time), the zone's short name: 'Mar 4, 2025, 3:30PM
 * GMT+1' ('4 Mar 2025, 3:30PM CET' in en-GB); '—' when missing.
 */
export function formatDateTime(iso: string | null | undefined, tzIdentifier?: string | null, locale?: string): string {
  const instant = parseInstant(iso);
  if (instant === null) return '—';
  const zone = userZone(tzIdentifier);
  const language = localeOf(locale);
  return `${formatter(language, zone, 'date').format(instant)}, ${formatTime(iso, tzIdentifier, locale)} ${zoneName(instant, zone, language)}`;
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

/** The spec's schedule time format (section 9, in luxon's tokens), for English; other languages write times their own way. */
export const SCHEDULE_TIME_FORMAT = 'h:mma';

/**
 * An ISO instant's wall-clock time in the user's zone: in English the spec's `h:mma` ('9:30AM'),
 * in other languages their own ('9:30', '09:30'); '—' when missing.
 */
export function formatTime(iso: string | null | undefined, tzIdentifier?: string | null, locale?: string): string {
  const instant = parseInstant(iso);
  if (instant === null) return '—';
  const zone = userZone(tzIdentifier);
  const language = localeOf(locale);
  if (!isEnglish(language)) return formatter(language, zone, 'time').format(instant);
  const { hour, minute } = wallClockAt(instant, zone);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'AM' : 'PM'}`;
}

/** The calendar date 'YYYY-MM-DD' an ISO instant falls on in the user's zone ('' when invalid). */
export function localDateOf(iso: string, tzIdentifier?: string | null): string {
  const instant = parseInstant(iso);
  return instant === null ? '' : dateAt(instant, userZone(tzIdentifier));
}

/** A calendar date as a short weekday heading, e.g. 'Sun, Mar 29' (the day itself, no zone). */
export function formatDay(date: string, locale?: string): string {
  if (!isCalendarDate(date)) return '—';
  return formatter(localeOf(locale), 'UTC', 'day').format(Date.parse(date));
}

/** A calendar date as its month and day, e.g. 'Mar 29' (a week on a chart's axis; the day itself, no zone). */
export function formatMonthDay(date: string, locale?: string): string {
  if (!isCalendarDate(date)) return '—';
  return formatter(localeOf(locale), 'UTC', 'monthDay').format(Date.parse(date));
}

/** A month 'YYYY-MM' as the page's language names it: 'November 2026', 'noviembre de 2026'; 'Nov' when short (the month alone). */
export function formatMonth(month: string, length: 'long' | 'short' = 'long', locale?: string): string {
  const first = `${month}-01`;
  if (!isIsoDay(first)) return '—';
  return formatter(localeOf(locale), 'UTC', length === 'long' ? 'monthYear' : 'shortMonth').format(Date.parse(first));
}

/** An ISO instant as its local day and `h:mma` time in the user's zone: 'Sun, Mar 29 at 9:30AM'. */
export function formatDayAndTime(iso: string | null | undefined, tzIdentifier?: string | null, locale?: string): string {
  if (!iso || parseInstant(iso) === null) return '—';
  const day = formatDay(localDateOf(iso, tzIdentifier), locale);
  const time = formatTime(iso, tzIdentifier, locale);
  return translateOr('time.dayAtTime', `${day} at ${time}`, { day, time });
}

/** An instant's day with its weekday and year in the user's zone, e.g. 'Wed, Mar 5, 2025'; '—' when missing. */
export function formatWeekdayDate(iso: string | null | undefined, tzIdentifier?: string | null, locale?: string): string {
  const instant = parseInstant(iso);
  return instant === null ? '—' : formatter(localeOf(locale), userZone(tzIdentifier), 'weekdayDate').format(instant);
}

/**
 * A wall time typed in the user's zone (a datetime-local field's '2025-03-04T09:30') as the ISO
 * instant it is, in UTC; null when it is not one.
 */
export function instantOfLocalTime(value: string, tzIdentifier?: string | null): string | null {
  const instant = parseInstant(value, userZone(tzIdentifier));
  return instant === null ? null : new Date(instant).toISOString();
}

/** The short name of the user's zone at an instant, e.g. 'CEST' or 'GMT+2'. */
export function zoneAbbreviation(iso: string, tzIdentifier?: string | null, locale?: string): string {
  const instant = parseInstant(iso);
  return instant === null ? '—' : zoneName(instant, userZone(tzIdentifier), localeOf(locale));
}

/** `days` + 1 calendar dates from today in the user's zone: today through today + days (the reserve search's date filter). */
export function datesFromToday(days: number, tzIdentifier?: string | null, now: Date = new Date()): string[] {
  const today = todayIn(userZone(tzIdentifier), now);
  return Array.from({ length: days + 1 }, (_, i) => addDays(today, i));
}

/** The range [now, now + days] as ISO instants (the openings query's startTime and endTime). */
export function rangeFromNow(days: number, now: Date = new Date()): { startTime: string; endTime: string } {
  const start = now.getTime() - mod(now.getTime(), 60_000);
  return { startTime: new Date(start).toISOString(), endTime: new Date(start + days * 86_400_000).toISOString() };
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

/** An ISO instant as a ZonedDateTime in the user's zone (null when missing or invalid). */
export function inZone(iso: string | null | undefined, tzIdentifier?: string | null): ZonedDateTime | null {
  const instant = parseInstant(iso);
  return instant === null ? null : new ZonedDateTime(instant, userZone(tzIdentifier));
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
  const nextMidnight = startOfDayIn(addDays(start.toISODate(), 1), start.zone).getTime();
  const sameDay = start.toISODate() === end.toISODate() || end.toMillis() === nextMidnight;
  const endTime = formatTime(endIso, tzIdentifier, locale);
  const endText = sameDay ? endTime : `${formatDay(end.toISODate(), locale)}, ${endTime}`;
  return `${formatDay(start.toISODate(), locale)}, ${formatTime(startIso, tzIdentifier, locale)}–${endText}`;
}

/** The zone as people read it, e.g. 'America/New_York (EST, UTC-5)': its abbreviation and offset now. */
export function describeZone(tzIdentifier?: string | null, now: Date = new Date()): string {
  const zone = userZone(tzIdentifier);
  const short = zoneName(now.getTime(), zone, 'en-US');
  const offset = `UTC${narrowOffset(offsetMinutesAt(now.getTime(), zone))}`;
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
): { start: ZonedDateTime; end: ZonedDateTime } {
  const zone = userZone(tzIdentifier);
  const start = ZonedDateTime.startOfDay(addDays(mondayOfDate(dateAt(now.getTime(), zone)), 7 * offset), zone);
  return { start, end: start.plus({ weeks: 1 }) };
}

/** How long ago an instant was, in the page's language: 'now', '2 hours ago', 'yesterday' (Intl.RelativeTimeFormat). */
export function formatTimeAgo(iso: string, now: Date = new Date(), locale?: string): string {
  const seconds = (Date.parse(iso) - now.getTime()) / 1000;
  const language = localeOf(locale);
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * An instant in a zone, with its wall clock (inZone, weekOf): what the pages ask of one, in luxon's
 * names (the web's dates were luxon DateTimes until issue 31 took luxon off the first pages).
 */
export class ZonedDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** Minutes ahead of UTC (-300 in New York's winter, +330 in Kolkata). */
  readonly offset: number;

  readonly zone: string;
  private readonly instant: number;

  constructor(instant: number, zone: string) {
    this.instant = instant;
    this.zone = zone;
    ({
      year: this.year,
      month: this.month,
      day: this.day,
      hour: this.hour,
      minute: this.minute,
      second: this.second,
      millisecond: this.millisecond,
    } = wallClockAt(instant, zone));
    this.offset = offsetMinutesAt(instant, zone);
  }

  /** The day's first instant in the zone (its midnight, or the first hour after a gap). */
  static startOfDay(date: string, zone: string): ZonedDateTime {
    return new ZonedDateTime(startOfDayIn(date, zone).getTime(), zone);
  }

  toMillis(): number {
    return this.instant;
  }

  valueOf(): number {
    return this.instant;
  }

  /** The local date, 'YYYY-MM-DD'. */
  toISODate(): string {
    return dateOfWallClock(this);
  }

  /** The local date and time with the offset, '2025-03-03T00:00:00.000-05:00' ('…Z' in UTC). */
  toISO(): string {
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    const time = `${pad(this.hour)}:${pad(this.minute)}:${pad(this.second)}.${pad(this.millisecond, 3)}`;
    const sign = this.offset < 0 ? '-' : '+';
    const offset = isUtc(this.zone) ? 'Z' : `${sign}${pad(Math.trunc(Math.abs(this.offset) / 60))}:${pad(Math.abs(this.offset) % 60)}`;
    return `${this.toISODate()}T${time}${offset}`;
  }

  /** Days and weeks later, on the wall clock: the same local time (past a gap when it falls in one). */
  plus({ days = 0, weeks = 0 }: { days?: number; weeks?: number }): ZonedDateTime {
    const date = addDays(this.toISODate(), days + 7 * weeks);
    const [year, month, day] = date.split('-').map(Number);
    const clock: WallClock = { ...this.wallClock(), year, month, day };
    return new ZonedDateTime(instantOfWallClock(clock, this.zone), this.zone);
  }

  minus({ days = 0, weeks = 0 }: { days?: number; weeks?: number }): ZonedDateTime {
    return this.plus({ days: -days, weeks: -weeks });
  }

  private wallClock(): WallClock {
    const { year, month, day, hour, minute, second, millisecond } = this;
    return { year, month, day, hour, minute, second, millisecond };
  }
}

/** 'UTC' and 'GMT' are UTC itself, its ISO offset written Z (an IANA zone at +00:00, such as Europe/London, is not). */
const isUtc = (zone: string) => /^(utc|gmt)$/i.test(zone);

const mod = (n: number, m: number) => ((n % m) + m) % m;

/** An offset in minutes as people write it after 'UTC': '+0', '-5', '+5:30'. */
function narrowOffset(minutes: number): string {
  const [hours, rest] = [Math.trunc(Math.abs(minutes) / 60), Math.abs(minutes) % 60];
  return `${minutes < 0 ? '-' : '+'}${hours}${rest > 0 ? `:${rest}` : ''}`;
}

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * An ISO 8601 instant in milliseconds ('2025-03-04T14:30:00Z', '2025-03-04T15:30:00.000+01:00'),
 * null when missing or not a real one; without an offset it is a wall time in `localZone` (the device's).
 */
function parseInstant(iso: string | null | undefined, localZone?: string): number | null {
  const match = iso ? ISO_INSTANT.exec(iso) : null;
  if (!match || !isIsoDay(match[1])) return null;
  const [year, month, day] = match[1].split('-').map(Number);
  const [hour, minute, second] = match.slice(2, 5).map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return null;
  const millisecond = Math.floor(Number(`0.${match[5] ?? 0}`) * 1000);
  const clock: WallClock = { year, month, day, hour, minute, second, millisecond };
  const offset = match[6];
  if (!offset) return instantOfWallClock(clock, localZone ?? deviceZoneName());
  const local = wallClockMs(clock);
  if (offset === 'Z') return local;
  const digits = offset.replace(':', '');
  const offsetHours = Number(digits.slice(1, 3));
  const offsetMinutes = Number(digits.slice(3) || 0);
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  return local - (offset[0] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** The device's zone as Intl names it (any, even one the server would refuse: it reads the device's own clock). */
const deviceZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What each kind of text shows (luxon's DATE_MED, DATE_MED_WITH_WEEKDAY and TIME_SIMPLE, a weekday heading, an axis day). */
const FORMATS = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  weekdayDate: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: 'numeric' },
  day: { weekday: 'short', month: 'short', day: 'numeric' },
  monthDay: { month: 'short', day: 'numeric' },
  monthYear: { month: 'long', year: 'numeric' },
  shortMonth: { month: 'short' },
  zoneName: {
    timeZoneName: 'short',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * Formatters kept by locale, zone and kind: building one costs tens of microseconds to a
 * millisecond, and a page of conversations formats hundreds of times. Bounded whatever the input.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, zone: string, kind: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${locale} ${zone} ${kind}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...FORMATS[kind], timeZone: zone });
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/** The zone's short name at an instant in a language: 'CET', 'GMT+1', 'EST', 'UTC'. */
function zoneName(instant: number, zone: string, locale: string): string {
  if (isUtc(zone)) return 'UTC';
  return (
    formatter(locale, zone, 'zoneName')
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}
