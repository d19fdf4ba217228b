/**
 * Calendar dates: a course's start and end, a lesson's due date. They are days, not instants, so
 * they travel and are stored as ISO 'YYYY-MM-DD' strings and are never converted through a time
 * zone. The one date helper of the web and the server (docs/decisions/enrollment-and-payments.md, "Course dates").
 */
import { DateTime, IANAZone } from 'luxon';

/** The domain's range: nothing the product does needs a day outside it. */
export const CALENDAR_DATE_MIN = '2000-01-01';
export const CALENDAR_DATE_MAX = '2100-12-31';

/** Used when a user has no (valid) time zone stored (spec 3, section 9): profiles do not store one yet. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

const FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR = 3_600_000;

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
    known = IANAZone.isValidZone(zone);
    if (knownZones.size >= 1000) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known;
}

/** A valid IANA zone, else the default one. */
export function zoneOrDefault(zone: string | null | undefined): string {
  return zone && isIanaZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** Today's date in a time zone (the default one when the zone is missing or invalid). */
export function todayIn(zone: string | null | undefined, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: zoneOrDefault(zone) }).toISODate()!;
}

/** The Monday that opens the week (ISO: Monday to Sunday) an instant falls in, in a time zone. */
export function mondayOf(instant: Date, zone: string | null | undefined): string {
  return DateTime.fromJSDate(instant, { zone: zoneOrDefault(zone) })
    .startOf('week')
    .toISODate()!;
}

/** The instant a day begins in a time zone (its midnight, or the first hour after a gap). */
export function startOfDayIn(date: string, zone: string | null | undefined): Date {
  return DateTime.fromISO(date, { zone: zoneOrDefault(zone) })
    .startOf('day')
    .toJSDate();
}

/** A date some days later (or earlier, with a negative count). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return utcDateOf(Date.UTC(year, month - 1, day + days));
}

/** A date some months later (the day clamped to the month's length, as luxon does). */
export function addMonths(date: string, months: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ months }).toISODate()!;
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
