/**
 * A speaker's availability (stream availability-<speakerId>): rules that may not overlap each other
 * and start and end on the same local day, on the 15-minute grid, in a known zone; and a change may
 * not strand a reservation (decided on the speaker's bookings the handler reads).
 */
import { ErrorCode } from '../../../contracts/errors';
import { SchedulingMessages } from '../../../contracts/scheduling';
import { DomainError, badInput, notFound } from '../shared/errors';
import type { AvailabilityEvent, AvailabilityRule, Booking } from './events';
import { isValidZone, localShape, occurrences, overlaps, type Interval } from './time';
import { AvailabilityMessages } from './messages';

export interface AvailabilityState {
  rules: Map<string, AvailabilityRule>;
}
export const initialAvailability = (): AvailabilityState => ({ rules: new Map() });

export function evolveAvailability(state: AvailabilityState, event: AvailabilityEvent): AvailabilityState {
  const rules = new Map(state.rules);
  switch (event.type) {
    case 'AvailabilityAdded':
      rules.set(event.data.availabilityId, event.data);
      break;
    case 'AvailabilityChanged': {
      const rule = rules.get(event.data.availabilityId);
      if (rule) rules.set(rule.availabilityId, { ...rule, ...event.data });
      break;
    }
    case 'AvailabilityRemoved':
      rules.delete(event.data.availabilityId);
      break;
  }
  return { rules };
}

/** How far ahead two rules are compared for overlap: weekly rules repeat, so a few months suffice. */
const OVERLAP_WINDOW_WEEKS = 20;

function shapeOrThrow(interval: Interval, zoneName: string) {
  if (!isValidZone(zoneName))
    throw new DomainError(ErrorCode.INVALID_TIMEZONE, SchedulingMessages.invalidTimezone, { zoneName: SchedulingMessages.invalidTimezone });
  const shape = localShape(interval, zoneName);
  if (shape === 'order') throw badInput(SchedulingMessages.availabilityOrder, { endTime: SchedulingMessages.availabilityOrder });
  if (shape === 'same_day') throw badInput(SchedulingMessages.availabilitySameDay, { endTime: SchedulingMessages.availabilitySameDay });
  if (shape === 'slot') throw badInput(SchedulingMessages.availabilityNotOnSlot, { startTime: SchedulingMessages.availabilityNotOnSlot });
  return shape;
}

function assertNoOverlap(state: AvailabilityState, candidate: AvailabilityRule, now: Date) {
  const from = new Date(Math.min(now.getTime(), Date.parse(`${candidate.localDate}T00:00:00Z`)) - 2 * 24 * 3600_000);
  const to = new Date(Math.max(now.getTime(), Date.parse(`${candidate.localDate}T00:00:00Z`)) + OVERLAP_WINDOW_WEEKS * 7 * 24 * 3600_000);
  const mine = occurrences(candidate, from, to);
  for (const other of state.rules.values()) {
    if (other.availabilityId === candidate.availabilityId) continue;
    const theirs = occurrences(other, from, to);
    if (mine.some((a) => theirs.some((b) => overlaps(a, b)))) {
      throw badInput(SchedulingMessages.availabilityOverlap, { startTime: SchedulingMessages.availabilityOverlap });
    }
  }
}

export function decideAddAvailability(
  state: AvailabilityState,
  cmd: { availabilityId: string; speakerId: string; interval: Interval; zoneName: string; repeatsWeekly: boolean },
  now: Date,
): AvailabilityEvent[] {
  const shape = shapeOrThrow(cmd.interval, cmd.zoneName);
  const rule: AvailabilityRule = {
    availabilityId: cmd.availabilityId,
    speakerId: cmd.speakerId,
    zoneName: cmd.zoneName,
    repeatsWeekly: cmd.repeatsWeekly,
    ...shape,
  };
  assertNoOverlap(state, rule, now);
  return [{ type: 'AvailabilityAdded', data: rule }];
}

export function decideChangeAvailability(
  state: AvailabilityState,
  cmd: { availabilityId: string; interval: Interval; zoneName: string },
  now: Date,
): AvailabilityEvent[] {
  const shape = shapeOrThrow(cmd.interval, cmd.zoneName);
  const rule = state.rules.get(cmd.availabilityId);
  if (!rule) throw notFound(AvailabilityMessages.notFound);
  assertNoOverlap(state, { ...rule, zoneName: cmd.zoneName, ...shape }, now);
  return [{ type: 'AvailabilityChanged', data: { availabilityId: rule.availabilityId, zoneName: cmd.zoneName, ...shape } }];
}

export function decideRemoveAvailability(state: AvailabilityState, cmd: { availabilityId: string }): AvailabilityEvent[] {
  if (!state.rules.has(cmd.availabilityId)) throw notFound(AvailabilityMessages.notFound);
  return [{ type: 'AvailabilityRemoved', data: { availabilityId: cmd.availabilityId } }];
}

/**
 * A change of one rule may not strand a reservation: every speaker booking still ahead that lay
 * inside the rule before must lie inside the availability after the change.
 */
export function assertKeepsBookings(
  change: { availabilityId: string; before: AvailabilityState; after: AvailabilityState },
  bookings: readonly Booking[],
  now: Date,
) {
  const old = change.before.rules.get(change.availabilityId);
  if (!old) return;
  for (const booking of bookings) {
    if (booking.role !== 'speaker' || Date.parse(booking.end) <= now.getTime()) continue;
    const interval = { start: new Date(booking.start), end: new Date(booking.end) };
    if (withinAvailability([old], interval) && !withinAvailability(change.after.rules.values(), interval)) {
      throw new DomainError(ErrorCode.CONFLICT, SchedulingMessages.availabilityHasReservations);
    }
  }
}

/** Whether `interval` lies inside one occurrence of the rules. */
export function withinAvailability(rules: Iterable<AvailabilityRule>, interval: Interval): boolean {
  for (const rule of rules) {
    for (const o of occurrences(rule, interval.start, interval.end)) {
      if (o.start.getTime() <= interval.start.getTime() && interval.end.getTime() <= o.end.getTime()) return true;
    }
  }
  return false;
}
