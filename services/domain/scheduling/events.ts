/**
 * Events of scheduling. Streams:
 * - availability-<speakerId>: the speaker's availability rules (one-off or weekly, wall-clock times
 *   in a zone, so a weekly repeat keeps its local time across daylight-saving changes).
 * - schedule-<accountId>-<YYYY-MM-DD>: one person's bookings on one UTC day. A booking is written to
 *   every UTC day its interval touches (a speaker's padded by the buffer), so two bookings that would
 *   conflict always share a stream and its expected version stops the second. An availability change
 *   writes a marker to the days it affects, so a reservation racing it conflicts too.
 */
import type { DomainEvent } from '../shared/decider';

export const availabilityStream = (speakerId: string) => `availability-${speakerId}`;
export const scheduleStream = (accountId: string, utcDay: string) => `schedule-${accountId}-${utcDay}`;

/** A rule: on `localDate` (and every 7 days after when weekly) from `startTime` to `endTime` in `zoneName`. */
export interface AvailabilityRule {
  availabilityId: string;
  speakerId: string;
  zoneName: string;
  /** YYYY-MM-DD in the zone: the (first) day. */
  localDate: string;
  /** HH:mm wall-clock times in the zone, on the same day; end after start. */
  startTime: string;
  endTime: string;
  repeatsWeekly: boolean;
}

export type AvailabilityAdded = DomainEvent<'AvailabilityAdded', AvailabilityRule>;
export type AvailabilityChanged = DomainEvent<'AvailabilityChanged', Omit<AvailabilityRule, 'speakerId' | 'repeatsWeekly'>>;
export type AvailabilityRemoved = DomainEvent<'AvailabilityRemoved', { availabilityId: string }>;
export type AvailabilityEvent = AvailabilityAdded | AvailabilityChanged | AvailabilityRemoved;

export interface Booking {
  conversationId: string;
  /** ISO instants. */
  start: string;
  end: string;
  role: 'speaker' | 'student';
}
export type TimeBooked = DomainEvent<'TimeBooked', Booking>;
export type TimeReleased = DomainEvent<'TimeReleased', { conversationId: string }>;
/** Written to a speaker's day when availability touching it changed (see the module comment). */
export type AvailabilityMarked = DomainEvent<'AvailabilityMarked', { availabilityId: string }>;
export type ScheduleEvent = TimeBooked | TimeReleased | AvailabilityMarked;
