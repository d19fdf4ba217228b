/**
 * Calendar dates: a course's start and end, a lesson's due date. They are days, not instants, so
 * they travel and are stored as ISO 'YYYY-MM-DD' strings and are never converted through a time
 * zone. The one date helper of the web and the server (docs/decisions/enrollment-and-payments.md, "Course dates").
 */
/** The domain's range: nothing the product does needs a day outside it. */
export const CALENDAR_DATE_MIN = '2000-01-01';
export const CALENDAR_DATE_MAX = '2100-12-31';

/** Used when a user has no (valid) time zone stored (spec 3, section 9): profiles do not store one yet. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

const FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** A real day written YYYY-MM-DD within CALENDAR_DATE_MIN..CALENDAR_DATE_MAX (no times, no offsets). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = FORMAT.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  return value >= CALENDAR_DATE_MIN && value <= CALENDAR_DATE_MAX;
}

/** The UTC calendar date of an instant given in milliseconds. */
export function utcDateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Whether `zone` is an IANA zone this runtime knows. Answers are kept (asking builds a formatter,
 * dear enough to show in every mail rendered); the cache is bounded, whatever callers pass.
 */
const knownZones = new Map<string, boolean>();
export function isIanaZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    known = runtimeKnowsZone(zone);
    if (knownZones.size >= 1000) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known;
}

/** Whether Intl formats in `zone` (it throws a RangeError for a zone it does not know). */
export function runtimeKnowsZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
    return true;
  } catch {
    return false;
  }
}

/** A valid IANA zone, else the default one. */
export function zoneOrDefault(zone: string | null | undefined): string {
  return zone && isIanaZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** A wall clock: what a clock on the wall of a zone shows (month 1 to 12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** One formatter per zone reads wall clocks (building one costs tens of microseconds or more). */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (wallClockFormats.size >= 100) wallClockFormats.clear();
    wallClockFormats.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` (an IANA zone the runtime knows) at an instant in milliseconds. */
export function wallClockAt(ms: number, zone: string): WallClock {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, millisecond: mod(ms, 1000) };
  for (const { type, value } of wallClockFormat(zone).formatToParts(ms)) if (type in clock) clock[type as keyof WallClock] = Number(value);
  // Some engines write midnight as 24 even with h23.
  if (clock.hour === 24) clock.hour = 0;
  return clock;
}

/** The wall clock's reading as if it were UTC, in milliseconds (years 0 to 99 are not 1900 to 1999). */
export function wallClockMs(clock: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  date.setUTCHours(clock.hour, clock.minute, clock.second, clock.millisecond);
  return date.getTime();
}

/** The zone's offset from UTC in minutes at an instant (+330 in Asia/Kolkata, -300 in New York's winter). */
export function offsetMinutesAt(ms: number, zone: string): number {
  return Math.round((wallClockMs(wallClockAt(ms, zone)) - ms) / MINUTE);
}

/**
 * The instant a wall clock shows a time in a zone. A time the clock skips (a spring-forward gap) is
 * read with the offset before the change, so it lands as far past the gap as it was into it (02:30 is
 * 03:30 where 02:00 jumps to 03:00); a time the clock shows twice (falling back) is its first.
 */
export function instantOfWallClock(clock: WallClock, zone: string): number {
  const local = wallClockMs(clock);
  const before = offsetMinutesAt(local - DAY, zone);
  const after = offsetMinutesAt(local + DAY, zone);
  const fits = [before, after]
    .map((offset) => local - offset * MINUTE)
    .filter((instant) => wallClockMs(wallClockAt(instant, zone)) === local);
  return fits.length > 0 ? Math.min(...fits) : local - before * MINUTE;
}

/** A wall clock's calendar date, 'YYYY-MM-DD'. */
export function dateOfWallClock({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date 'YYYY-MM-DD' an instant falls on in a zone (an IANA zone the runtime knows). */
export function dateAt(ms: number, zone: string): string {
  return dateOfWallClock(wallClockAt(ms, zone));
}

/** Today's date in a time zone (the default one when the zone is missing or invalid). */
export function todayIn(zone: string | null | undefined, now: Date = new Date()): string {
  return dateAt(now.getTime(), zoneOrDefault(zone));
}

/** The Monday that opens the week (ISO: Monday to Sunday) a date falls in. */
export function mondayOfDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(wallClockMs({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 })).getUTCDay();
  return addDays(date, -mod(weekday - 1, 7));
}

/** The Monday that opens the week (ISO: Monday to Sunday) an instant falls in, in a time zone. */
export function mondayOf(instant: Date, zone: string | null | undefined): string {
  return mondayOfDate(todayIn(zone, instant));
}

/** The instant a day begins in a time zone (its midnight, or the first hour after a gap). */
export function startOfDayIn(date: string, zone: string | null | undefined): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(instantOfWallClock({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 }, zoneOrDefault(zone)));
}

const mod = (n: number, m: number) => ((n % m) + m) % m;

/** A date some days later (or earlier, with a negative count). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return utcDateOf(Date.UTC(year, month - 1, day + days));
}

/** A date some months later (or earlier): the same day of the month, clamped to the month's length. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const index = year * 12 + month - 1 + Math.trunc(months);
  const [toYear, toMonth] = [Math.floor(index / 12), mod(index, 12) + 1];
  const length = new Date(
    wallClockMs({ year: toYear, month: toMonth + 1, day: 0, hour: 0, minute: 0, second: 0, millisecond: 0 }),
  ).getUTCDate();
  return dateOfWallClock({ year: toYear, month: toMonth, day: Math.min(day, length) });
}

/**
 * The dates it is somewhere on Earth at `now`: from the latest zone (UTC−12, `earliest`) to the
 * earliest one (UTC+14, `latest`). A day has begun somewhere once it is ≤ `latest`, and has ended
 * everywhere once it is < `earliest`. The rule for "current" (started, not ended) is the same for
 * every viewer: a course is current from its start date through its end date anywhere on Earth.
 */
export function datesOnEarth(now: Date): { earliest: string; latest: string } {
  return { earliest: utcDateOf(now.getTime() - 12 * HOUR), latest: utcDateOf(now.getTime() + 14 * HOUR) };
}

/** A day has begun once it has begun anywhere (in UTC+14). */
export const hasBegun = (date: string, now: Date) => date <= datesOnEarth(now).latest;
/** A day is over once it is over everywhere (in UTC−12). */
export const isOver = (date: string, now: Date) => date < datesOnEarth(now).earliest;

// --- Profiles (birthdays): days outside CALENDAR_DATE_MIN..MAX, checked with the same rules ---

/** A real day written YYYY-MM-DD, any year from 1000 to 9999 (a birthday lies before 2000). */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = FORMAT.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whole years from a birthday to a day (both YYYY-MM-DD): 17 the day of the 17th birthday. */
export function yearsBetween(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
