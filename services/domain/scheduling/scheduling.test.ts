import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { DateTime } from 'luxon';
import { SchedulingMessages } from '../../../contracts/scheduling';
import {
  assertKeepsBookings,
  decideAddAvailability,
  decideChangeAvailability,
  decideRemoveAvailability,
  evolveAvailability,
  initialAvailability,
  withinAvailability,
} from './availability';
import { assertDomainError } from '../shared/spec';
import type { AvailabilityRule, Booking } from './events';
import { openings } from './openings';
import { localShape, occurrences, utcDays } from './time';

const rule = (over: Partial<AvailabilityRule> = {}): AvailabilityRule => ({
  availabilityId: 'r1',
  speakerId: 's',
  zoneName: 'America/New_York',
  localDate: '2027-03-08',
  startTime: '09:00',
  endTime: '11:00',
  repeatsWeekly: true,
  ...over,
});
const local = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
const iso = (d: Date) => d.toISOString().slice(0, 16);

describe('weekly availability keeps its wall-clock time', () => {
  it('across the spring daylight-saving change (New York, 2027-03-14)', () => {
    const o = occurrences(rule(), new Date('2027-03-01T00:00:00Z'), new Date('2027-03-23T00:00:00Z'));
    assert.deepEqual(
      o.map((x) => local(x.start, 'America/New_York')),
      ['2027-03-08T09:00', '2027-03-15T09:00', '2027-03-22T09:00'],
    );
    assert.deepEqual(
      o.map((x) => iso(x.start)),
      ['2027-03-08T14:00', '2027-03-15T13:00', '2027-03-22T13:00'],
    );
  });
  it('across the autumn change (New York, 2027-11-07)', () => {
    const o = occurrences(rule({ localDate: '2027-11-01' }), new Date('2027-10-30T00:00:00Z'), new Date('2027-11-16T00:00:00Z'));
    assert.deepEqual(
      o.map((x) => iso(x.start)),
      ['2027-11-01T13:00', '2027-11-08T14:00', '2027-11-15T14:00'],
    );
  });
  it('in a half-hour zone without daylight saving (Asia/Kolkata)', () => {
    const o = occurrences(rule({ zoneName: 'Asia/Kolkata' }), new Date('2027-03-01T00:00:00Z'), new Date('2027-03-16T00:00:00Z'));
    assert.deepEqual(
      o.map((x) => iso(x.start)),
      ['2027-03-08T03:30', '2027-03-15T03:30'],
    );
  });
  it('one-off availability happens once', () => {
    assert.equal(occurrences(rule({ repeatsWeekly: false }), new Date('2027-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z')).length, 1);
  });
});

describe('the shape of availability', () => {
  it('starts and ends on the same local day, on the quarter hour, end after start', () => {
    assert.deepEqual(localShape({ start: new Date('2027-03-08T14:00:00Z'), end: new Date('2027-03-08T16:00:00Z') }, 'America/New_York'), {
      localDate: '2027-03-08',
      startTime: '09:00',
      endTime: '11:00',
    });
    assert.equal(
      localShape({ start: new Date('2027-03-09T03:00:00Z'), end: new Date('2027-03-09T06:00:00Z') }, 'America/New_York'),
      'same_day',
    );
    assert.equal(localShape({ start: new Date('2027-03-08T14:10:00Z'), end: new Date('2027-03-08T16:00:00Z') }, 'UTC'), 'slot');
    assert.equal(localShape({ start: new Date('2027-03-08T16:00:00Z'), end: new Date('2027-03-08T14:00:00Z') }, 'UTC'), 'order');
    // Up to midnight is the end of the same day.
    assert.deepEqual(localShape({ start: new Date('2027-03-08T22:00:00Z'), end: new Date('2027-03-09T00:00:00Z') }, 'UTC'), {
      localDate: '2027-03-08',
      startTime: '22:00',
      endTime: '24:00',
    });
  });
  it('refuses a rule overlapping another, even in another zone', () => {
    const state = evolveAvailability(initialAvailability(), { type: 'AvailabilityAdded', data: rule() });
    const now = new Date('2027-03-01T00:00:00Z');
    assert.throws(
      () =>
        decideAddAvailability(
          state,
          {
            availabilityId: 'r2',
            speakerId: 's',
            interval: { start: new Date('2027-03-15T13:30:00Z'), end: new Date('2027-03-15T14:30:00Z') },
            zoneName: 'Europe/London',
            repeatsWeekly: false,
          },
          now,
        ),
      (e: Error) => e.message === SchedulingMessages.availabilityOverlap,
    );
    // Moving the rule itself over its own old time is fine.
    assert.equal(
      decideChangeAvailability(
        state,
        {
          availabilityId: 'r1',
          interval: { start: new Date('2027-03-08T15:00:00Z'), end: new Date('2027-03-08T17:00:00Z') },
          zoneName: 'America/New_York',
        },
        now,
      ).length,
      1,
    );
  });
  it('tells whether an interval lies inside one occurrence', () => {
    assert.equal(withinAvailability([rule()], { start: new Date('2027-03-15T13:00:00Z'), end: new Date('2027-03-15T13:30:00Z') }), true);
    assert.equal(withinAvailability([rule()], { start: new Date('2027-03-15T14:45:00Z'), end: new Date('2027-03-15T15:15:00Z') }), false);
  });
});

describe('changing availability keeps the reservations', () => {
  const now = new Date('2027-03-07T12:00:00Z');
  const before = evolveAvailability(initialAvailability(), { type: 'AvailabilityAdded', data: rule({ repeatsWeekly: false }) });
  const booking = (start: string, end: string, role: Booking['role'] = 'speaker'): Booking => ({ conversationId: 'c', start, end, role });
  const inside = booking('2027-03-08T14:30:00Z', '2027-03-08T14:45:00Z');
  const stateAfter = (events: ReturnType<typeof decideRemoveAvailability>) => events.reduce(evolveAvailability, before);
  it('refuses to remove or shrink availability that holds a reservation still ahead', () => {
    const removed = stateAfter(decideRemoveAvailability(before, { availabilityId: 'r1' }));
    assertDomainError(
      () => assertKeepsBookings({ availabilityId: 'r1', before, after: removed }, [inside], now),
      'CONFLICT',
      SchedulingMessages.availabilityHasReservations,
    );
    const shrunk = stateAfter(
      decideChangeAvailability(
        before,
        {
          availabilityId: 'r1',
          interval: { start: new Date('2027-03-08T14:00:00Z'), end: new Date('2027-03-08T14:30:00Z') },
          zoneName: 'America/New_York',
        },
        now,
      ),
    );
    assertDomainError(
      () => assertKeepsBookings({ availabilityId: 'r1', before, after: shrunk }, [inside], now),
      'CONFLICT',
      SchedulingMessages.availabilityHasReservations,
    );
  });
  it('allows it when the reservation stays inside, is past, is a student booking, or lay outside the rule', () => {
    const removed = stateAfter(decideRemoveAvailability(before, { availabilityId: 'r1' }));
    const moved = stateAfter(
      decideChangeAvailability(
        before,
        {
          availabilityId: 'r1',
          interval: { start: new Date('2027-03-08T14:30:00Z'), end: new Date('2027-03-08T17:00:00Z') },
          zoneName: 'America/New_York',
        },
        now,
      ),
    );
    assertKeepsBookings({ availabilityId: 'r1', before, after: moved }, [inside], now);
    assertKeepsBookings({ availabilityId: 'r1', before, after: removed }, [inside], new Date('2027-03-08T14:45:00Z'));
    assertKeepsBookings({ availabilityId: 'r1', before, after: removed }, [{ ...inside, role: 'student' }], now);
    assertKeepsBookings({ availabilityId: 'r1', before, after: removed }, [booking('2027-03-08T18:00:00Z', '2027-03-08T18:15:00Z')], now);
  });
  it('refuses a zone that does not exist, before anything else', () => {
    const interval = { start: new Date('2027-03-09T14:00:00Z'), end: new Date('2027-03-09T15:00:00Z') };
    assertDomainError(
      () =>
        decideAddAvailability(
          before,
          { availabilityId: 'r2', speakerId: 's', interval, zoneName: 'Mars/Olympus', repeatsWeekly: false },
          now,
        ),
      'INVALID_TIMEZONE',
      SchedulingMessages.invalidTimezone,
    );
    assertDomainError(
      () => decideChangeAvailability(before, { availabilityId: 'gone', interval, zoneName: 'Mars/Olympus' }, now),
      'INVALID_TIMEZONE',
      SchedulingMessages.invalidTimezone,
    );
  });
});

describe('openings', () => {
  const now = new Date('2027-03-07T12:00:00Z');
  it('steps by 15 minutes inside availability, from the notice to the horizon, around bookings and their buffer', () => {
    const found = openings(
      [rule({ repeatsWeekly: false })],
      [{ start: new Date('2027-03-08T14:30:00Z'), end: new Date('2027-03-08T14:45:00Z') }],
      {
        from: new Date('2027-03-08T00:00:00Z'),
        to: new Date('2027-03-09T00:00:00Z'),
        duration: 15,
        now,
      },
    );
    assert.deepEqual(
      found.map((o) => iso(o.start).slice(11)),
      ['14:00', '15:00', '15:15', '15:30', '15:45'],
    );
    // Nothing sooner than the minimum notice; the next week's occurrence (13:00Z on 2027-03-14) is past the 7-day horizon.
    const weekly = openings([rule({ localDate: '2027-03-07', repeatsWeekly: true })], [], {
      from: now,
      to: new Date('2027-03-30T00:00:00Z'),
      duration: 30,
      now,
    });
    assert.deepEqual(
      weekly.map((o) => iso(o.start)),
      ['14:00', '14:15', '14:30', '14:45', '15:00', '15:15', '15:30'].map((t) => `2027-03-07T${t}`),
    );
    const later = openings([rule({ localDate: '2027-03-07', repeatsWeekly: true })], [], {
      from: now,
      to: new Date('2027-03-30T00:00:00Z'),
      duration: 30,
      now: new Date('2027-03-08T12:00:00Z'),
    });
    assert.deepEqual([...new Set(later.map((o) => iso(o.start).slice(0, 10)))], ['2027-03-14']);
  });
  it('writes a booking to every UTC day it touches', () => {
    assert.deepEqual(utcDays({ start: new Date('2027-03-08T23:45:00Z'), end: new Date('2027-03-09T00:15:00Z') }), [
      '2027-03-08',
      '2027-03-09',
    ]);
    assert.deepEqual(utcDays({ start: new Date('2027-03-08T23:45:00Z'), end: new Date('2027-03-09T00:00:00Z') }), ['2027-03-08']);
  });
});
