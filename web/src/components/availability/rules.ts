/**
 * The calendar's rules for availability (spec 3, Availability), pure so they are tested beside
 * themselves: 15-minute slots (contracts/scheduling.ts), one day per availability, no overlaps.
 * The server enforces the same rules; these only keep the calendar from offering what it refuses.
 */
import { DateTime } from 'luxon';
import { SLOT_MINUTES } from '../../../../contracts/scheduling';
import { translateOr } from '../../i18n/translate';

export interface Occurrence {
  sourceId: string;
  startTimestamp: string;
  endTimestamp: string;
  repeatsWeekly: boolean;
}

/** The calendar's slot, 'HH:mm:ss'. */
export const SLOT_DURATION = `00:${String(SLOT_MINUTES).padStart(2, '0')}:00`;

/**
 * Whether a span starts and ends on the same day in the zone the times are in. An end at the
 * next midnight closes the start's day (an availability until 24:00 is on one day).
 */
export function withinOneDay(start: DateTime, end: DateTime): boolean {
  if (!start.isValid || !end.isValid || end <= start) return false;
  return start.hasSame(end.minus({ milliseconds: 1 }), 'day');
}

/** Whether both ends fall on the 15-minute grid. */
export function onSlots(start: DateTime, end: DateTime): boolean {
  const on = (t: DateTime) => t.second === 0 && t.millisecond === 0 && t.minute % SLOT_MINUTES === 0;
  return on(start) && on(end);
}

/** Whether [start, end) overlaps any occurrence except those of `ignoreSourceId`'s one occurrence starting at `ignoreStart`. */
export function overlapsAny(
  start: DateTime,
  end: DateTime,
  occurrences: readonly Occurrence[],
  ignore?: { sourceId: string; startTimestamp: string },
): boolean {
  return occurrences.some((o) => {
    if (ignore && o.sourceId === ignore.sourceId && o.startTimestamp === ignore.startTimestamp) return false;
    return Date.parse(o.startTimestamp) < end.toMillis() && start.toMillis() < Date.parse(o.endTimestamp);
  });
}

/** A calendar event's id: one availability rule has one occurrence per week. */
export const eventIdOf = (o: Pick<Occurrence, 'sourceId' | 'startTimestamp'>) => `${o.sourceId}@${o.startTimestamp}`;

/** The occurrences as FullCalendar events (ISO instants; the calendar shows them in its zone), titled in the page's language. */
export function toEvents(occurrences: readonly Occurrence[]) {
  return occurrences.map((o) => ({
    id: eventIdOf(o),
    groupId: o.repeatsWeekly ? o.sourceId : undefined,
    title: translateOr('availability.eventTitle', o.repeatsWeekly ? 'Available (weekly)' : 'Available', {
      weekly: o.repeatsWeekly ? 'yes' : 'no',
    }),
    start: o.startTimestamp,
    end: o.endTimestamp,
    extendedProps: { sourceId: o.sourceId, repeatsWeekly: o.repeatsWeekly },
  }));
}

/** A date 'YYYY-MM-DD' and times 'HH:mm' in a zone as the instants they mean there (null when invalid). */
export function spanFromFields(date: string, startTime: string, endTime: string, zone: string): { start: DateTime; end: DateTime } | null {
  const start = DateTime.fromISO(`${date}T${startTime}`, { zone });
  // '00:00' as the end means the midnight that closes the day.
  const end =
    endTime === '00:00' || endTime === '24:00' ? start.startOf('day').plus({ days: 1 }) : DateTime.fromISO(`${date}T${endTime}`, { zone });
  return start.isValid && end.isValid ? { start, end } : null;
}

/** Why a span the person typed cannot be availability, in the server's words; null when it can. */
export function spanProblem(
  start: DateTime,
  end: DateTime,
  messages: { order: string; sameDay: string; notOnSlot: string },
): string | null {
  if (end <= start) return messages.order;
  if (!withinOneDay(start, end)) return messages.sameDay;
  if (!onSlots(start, end)) return messages.notOnSlot;
  return null;
}
