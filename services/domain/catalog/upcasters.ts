/**
 * Upcasters of the catalog's events, registered on import (services/domain/upcasters.ts imports
 * every context's). Stored events are never rewritten; old shapes are lifted when read.
 *
 * CourseCreated v1 → v2: startDate and endDate were ISO instants and are calendar dates now.
 */
import { utcDateOf } from '../../../contracts/calendarDate';
import { registerUpcaster } from '../../eventstore/upcasting';

const HOUR = 3_600_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar date the creator meant by an instant stored before course dates were dates. The
 * creator's time zone was not recorded. The web sent the chosen start day as its midnight in the
 * browser's zone and the chosen end day as its last millisecond (23:59:59.999) there; API clients
 * and the seed sent other instants (midnight UTC in the report, or "now ± n days").
 *
 * - An instant one millisecond before a whole minute is the end of a local day: the day that ends
 *   there, for any zone from UTC−11 (exclusive) to UTC+13.
 * - Any other instant is taken as the start of a local day: the day that begins there, for the same
 *   zones (midnight UTC stays its own date). Arithmetically: the UTC date 13 hours later.
 *
 * So every date picked in the web form from UTC−10 to UTC+13 (the Americas, Europe, Africa, Asia,
 * Australia, New Zealand in summer) comes back as picked; UTC−11 and UTC+14 come back a day off.
 * An instant that was never a day boundary (the seed's) gets the date in UTC+13.
 */
export function calendarDateOfLegacyInstant(value: string): string {
  if (DATE_ONLY.test(value)) return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  if ((ms + 1) % 60_000 === 0) return utcDateOf(ms + 1 - 11 * HOUR);
  return utcDateOf(ms + 13 * HOUR);
}

export function upcastCourseCreatedV1(data: { startDate: string; endDate: string | null }) {
  return {
    ...data,
    startDate: calendarDateOfLegacyInstant(data.startDate),
    endDate: data.endDate === null || data.endDate === undefined ? null : calendarDateOfLegacyInstant(data.endDate),
  };
}

registerUpcaster('CourseCreated', 1, upcastCourseCreatedV1);
