/**
 * Time for scheduling, with luxon: rules are wall-clock times in a zone, turned into UTC instants
 * occurrence by occurrence, so a weekly repeat keeps its local time across daylight-saving changes.
 * Every instant the domain stores is UTC.
 */
import { DateTime } from 'luxon';
import { isIanaZone } from '../../../contracts/calendarDate';
import { SLOT_MINUTES } from '../../../contracts/scheduling';
import type { AvailabilityRule } from './events';

export interface Interval {
  start: Date;
  end: Date;
}

export const isValidZone = (zone: string | null | undefined): zone is string =>
  typeof zone === 'string' && zone.length > 0 && zone.length <= 64 && isIanaZone(zone);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** An instant on the 15-minute grid (every IANA offset in use is a multiple of 15 minutes). */
export const onSlot = (instant: Date) => instant.getTime() % (SLOT_MINUTES * MINUTE) === 0;

/** The local day and wall-clock times of an interval in a zone, or why it is not a rule's shape. */
export function localShape(
  interval: Interval,
  zone: string,
): { localDate: string; startTime: string; endTime: string } | 'order' | 'same_day' | 'slot' {
  if (interval.end.getTime() <= interval.start.getTime()) return 'order';
  if (!onSlot(interval.start) || !onSlot(interval.end)) return 'slot';
  const start = DateTime.fromJSDate(interval.start, { zone });
  const end = DateTime.fromJSDate(interval.end, { zone });
  const sameDay =
    start.toISODate() === end.toISODate() ||
    (end.hour === 0 && end.minute === 0 && end.minus({ days: 1 }).toISODate() === start.toISODate());
  if (!sameDay) return 'same_day';
  return {
    localDate: start.toISODate()!,
    startTime: start.toFormat('HH:mm'),
    // Midnight at the end means the end of the start's day.
    endTime: end.hour === 0 && end.minute === 0 && end.toISODate() !== start.toISODate() ? '24:00' : end.toFormat('HH:mm'),
  };
}

function at(localDate: string, time: string, zone: string): DateTime {
  if (time === '24:00') return DateTime.fromISO(`${localDate}T00:00`, { zone }).plus({ days: 1 });
  return DateTime.fromISO(`${localDate}T${time}`, { zone });
}

/** The rule's occurrences that overlap [from, to), in order. */
export function occurrences(
  rule: Pick<AvailabilityRule, 'zoneName' | 'localDate' | 'startTime' | 'endTime' | 'repeatsWeekly'>,
  from: Date,
  to: Date,
): Interval[] {
  const first = DateTime.fromISO(rule.localDate, { zone: rule.zoneName });
  const out: Interval[] = [];
  let week = 0;
  if (rule.repeatsWeekly) {
    // Start a week early: an occurrence that began before `from` may still overlap it.
    week = Math.max(0, Math.floor((from.getTime() - first.toMillis()) / (7 * DAY)) - 1);
  }
  for (;;) {
    const day = first.plus({ weeks: week }).toISODate()!;
    const start = at(day, rule.startTime, rule.zoneName);
    const end = at(day, rule.endTime, rule.zoneName);
    if (start.toMillis() >= to.getTime()) break;
    if (end.toMillis() > from.getTime() && end > start) out.push({ start: start.toJSDate(), end: end.toJSDate() });
    if (!rule.repeatsWeekly) break;
    week += 1;
  }
  return out;
}

export const overlaps = (a: Interval, b: Interval, gapMs = 0) =>
  a.start.getTime() < b.end.getTime() + gapMs && b.start.getTime() < a.end.getTime() + gapMs;

/** The UTC days ([start, end), end exclusive) an interval touches, as YYYY-MM-DD. */
export function utcDays(interval: Interval): string[] {
  const days: string[] = [];
  const last = new Date(interval.end.getTime() - 1).toISOString().slice(0, 10);
  for (let t = Date.parse(interval.start.toISOString().slice(0, 10)); ; t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(day);
    if (day >= last) break;
  }
  return days;
}

export const addMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);

/**
 * ICU (and so Node) lists some zones by their old names; people look for the current IANA ones.
 * Both stay valid zones: this only picks the name shown.
 */
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

/** Every zone a person can choose, with its name and its offset now. */
export function timeZones(now = new Date()) {
  const listed = (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  const ids = [...new Set([...listed.map((id) => CURRENT_NAMES[id] ?? id), 'UTC'])];
  return ids
    .filter((id) => isIanaZone(id))
    .map((identifier) => {
      const offset = DateTime.fromJSDate(now, { zone: identifier }).toFormat('ZZ');
      return {
        identifier,
        friendlyIdentifier: `(GMT${offset}) ${identifier.replace(/_/g, ' ')}`,
        formattedOffset: offset,
        minutes: DateTime.fromJSDate(now, { zone: identifier }).offset,
      };
    })
    .sort((a, b) => a.minutes - b.minutes || a.identifier.localeCompare(b.identifier))
    .map(({ minutes: _minutes, ...zone }) => zone);
}
