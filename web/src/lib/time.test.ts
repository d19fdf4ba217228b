import assert from 'node:assert/strict';
import { describe, it, vi } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  datesFromToday,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayAndTime,
  formatMonth,
  formatMonthDay,
  formatTime,
  formatWeekdayDate,
  groupByLocalDate,
  inZone,
  instantOfLocalTime,
  localDateOf,
  rangeFromNow,
  userZone,
} from './time';

describe('time', () => {
  it('formats an instant in the user time zone', () => {
    // The time as every schedule time (h:mma), whatever the locale's clock.
    assert.match(formatDateTime('2025-03-04T14:30:00Z', 'Europe/Madrid', 'en-US'), /^Mar 4, 2025, 3:30PM (GMT\+1|CET)$/);
    assert.match(formatDateTime('2025-03-04T14:30:00Z', 'Europe/Madrid', 'en-GB'), /^4 Mar 2025, 3:30PM (GMT\+1|CET)$/);
  });
  it("falls back to the browser's zone for a missing or invalid zone, else to America/New_York", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    assert.equal(userZone(null), browser);
    assert.equal(userZone('Mars/Olympus_Mons'), browser);
    assert.equal(formatTime('2025-03-04T14:30:00Z', 'Mars/Olympus_Mons'), formatTime('2025-03-04T14:30:00Z', browser));
    const real = Intl.DateTimeFormat;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = () => ({ resolvedOptions: () => ({ timeZone: 'Nowhere/At_All' }) });
      // The device's zone is read once a minute at most (every time on a page asks for it).
      assert.equal(userZone(null), browser);
      vi.setSystemTime(Date.now() + 61_000);
      assert.equal(userZone(null), DEFAULT_TIME_ZONE);
    } finally {
      Intl.DateTimeFormat = real;
      vi.useRealTimers();
    }
  });
  it('shows a dash when there is no instant', () => {
    assert.equal(formatDateTime(null, 'UTC'), '—');
    assert.equal(formatDateTime('not a date', 'UTC'), '—');
  });
  it('shows a calendar date as that day, never through a time zone', () => {
    // The process's own zone does not matter either: the tests run under several TZ values.
    assert.equal(formatDate('2026-11-23', 'en-US'), 'Nov 23, 2026');
    assert.equal(formatDate('2000-01-01', 'en-US'), 'Jan 1, 2000');
    assert.equal(formatDate(null), '—');
    assert.equal(formatDate('2026-11-23T00:00:00Z'), '—');
  });

  it('shows a time in the spec h:mma format in the user zone, across a DST change', () => {
    assert.equal(formatTime('2025-03-04T14:30:00Z', 'Europe/Madrid'), '3:30PM');
    assert.equal(
      formatTime('2025-03-04T14:30:00Z', null),
      formatTime('2025-03-04T14:30:00Z', Intl.DateTimeFormat().resolvedOptions().timeZone),
      "the browser's zone by default",
    );
    // Madrid moves to summer time on 2025-03-30: the same 09:00 wall clock is a different UTC hour.
    assert.equal(formatTime('2025-03-29T08:00:00Z', 'Europe/Madrid'), '9:00AM');
    assert.equal(formatTime('2025-03-31T07:00:00Z', 'Europe/Madrid'), '9:00AM');
    assert.equal(formatTime('2025-10-06T23:30:00Z', 'Asia/Kolkata'), '5:00AM', 'a half-hour zone');
    assert.equal(formatTime(null), '—');
  });
  it('finds the local day of an instant and groups openings by it', () => {
    assert.equal(localDateOf('2025-03-04T23:30:00Z', 'Europe/Madrid'), '2025-03-05');
    assert.equal(localDateOf('2025-03-04T23:30:00Z', 'America/New_York'), '2025-03-04');
    const groups = groupByLocalDate(
      [{ startTimestamp: '2025-03-05T09:00:00Z' }, { startTimestamp: '2025-03-04T23:30:00Z' }, { startTimestamp: '2025-03-04T08:00:00Z' }],
      'Europe/Madrid',
    );
    assert.deepEqual([...groups.keys()], ['2025-03-04', '2025-03-05']);
    assert.deepEqual(
      groups.get('2025-03-05')!.map((o) => o.startTimestamp),
      ['2025-03-04T23:30:00Z', '2025-03-05T09:00:00Z'],
    );
    assert.equal(formatDay('2025-03-05', 'en-US'), 'Wed, Mar 5');
    assert.equal(formatMonthDay('2025-03-05', 'en-US'), 'Mar 5');
    assert.equal(formatMonthDay('2025-03-05', 'fr'), '5 mars');
    assert.equal(formatDayAndTime('2025-03-04T23:30:00Z', 'Europe/Madrid', 'en-US'), 'Wed, Mar 5 at 12:30AM');
  });
  it('lists today through +7 days in the user zone and the openings range', () => {
    const now = new Date('2025-03-04T23:30:00Z');
    assert.deepEqual(datesFromToday(7, 'Europe/Madrid', now), [
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
    ]);
    assert.equal(datesFromToday(7, 'America/New_York', now)[0], '2025-03-04');
    assert.deepEqual(rangeFromNow(7, new Date('2025-03-04T23:30:17.250Z')), {
      startTime: '2025-03-04T23:30:00.000Z',
      endTime: '2025-03-11T23:30:00.000Z',
    });
  });

  it('writes English times h:mma and other languages their own way, in any zone', () => {
    assert.equal(formatTime('2025-03-04T09:30:00Z', 'UTC', 'en-US'), '9:30AM');
    assert.equal(formatTime('2025-03-04T00:05:00Z', 'UTC', 'en-GB'), '12:05AM', 'midnight is 12 in h:mma');
    assert.equal(formatTime('2025-03-04T12:05:00Z', 'UTC', 'en'), '12:05PM');
    for (const language of ['es', 'es-ES', 'pt-BR', 'fr'])
      assert.equal(formatTime('2025-03-04T14:30:00Z', 'Europe/Madrid', language), '15:30', language);
    assert.equal(formatTime('2025-03-04T08:05:00Z', 'Europe/Madrid', 'fr'), '09:05');
    assert.equal(formatDate('2026-11-23', 'es'), '23 nov 2026');
    assert.equal(formatDate('2026-11-23', 'pt-BR'), '23 de nov. de 2026');
    assert.equal(formatDay('2025-03-05', 'es'), 'mié, 5 mar');
  });
  it('writes the zone by its short name, UTC as UTC, and reads quarter-hour zones', () => {
    assert.equal(formatDateTime('2025-03-04T14:30:00Z', 'UTC', 'en-US'), 'Mar 4, 2025, 2:30PM UTC');
    assert.equal(formatDateTime('2025-03-04T14:30:00Z', 'Pacific/Chatham', 'en-US'), 'Mar 5, 2025, 4:15AM GMT+13:45');
    assert.equal(formatDateTime('2025-07-04T14:30:00Z', 'Pacific/Chatham', 'en-US'), 'Jul 5, 2025, 3:15AM GMT+12:45', 'its winter');
    assert.match(formatDateTime('2025-03-04T14:30:00Z', 'Europe/Madrid', 'es'), /^4 mar 2025, 15:30 (CET|GMT\+1)$/);
    assert.equal(
      formatDateTime('2025-03-04T14:30:00Z', 'Mars/Olympus_Mons'),
      formatDateTime('2025-03-04T14:30:00Z', null),
      'an invalid zone',
    );
  });
  it('follows the wall clock across DST changes', () => {
    // New York springs forward at 2:00 (7:00Z) on 2025-03-09 and falls back at 2:00 (6:00Z) on 2025-11-02.
    assert.equal(formatTime('2025-03-09T06:59:00Z', 'America/New_York'), '1:59AM');
    assert.equal(formatTime('2025-03-09T07:00:00Z', 'America/New_York'), '3:00AM');
    assert.equal(formatTime('2025-11-02T05:30:00Z', 'America/New_York'), '1:30AM');
    assert.equal(formatTime('2025-11-02T06:30:00Z', 'America/New_York'), '1:30AM', 'the hour shown twice');
    assert.equal(formatDateTime('2025-11-02T05:30:00Z', 'America/New_York', 'en-US'), 'Nov 2, 2025, 1:30AM EDT');
    assert.equal(formatDateTime('2025-11-02T06:30:00Z', 'America/New_York', 'en-US'), 'Nov 2, 2025, 1:30AM EST');
    assert.equal(localDateOf('2025-03-30T21:59:00Z', 'Europe/Madrid'), '2025-03-30');
    assert.equal(localDateOf('2025-03-30T22:00:00Z', 'Europe/Madrid'), '2025-03-31');
  });
  it('reads ISO instants with any offset and refuses what is not one', () => {
    assert.equal(formatTime('2025-03-04T20:00:00+05:30', 'UTC'), '2:30PM');
    assert.equal(formatTime('2025-03-04T09:30:00.123456-0500', 'UTC'), '2:30PM');
    assert.equal(inZone('2025-03-04T14:30:00Z', 'Asia/Kolkata')?.toISO(), '2025-03-04T20:00:00.000+05:30');
    assert.equal(inZone('2025-03-04T14:30:00Z', 'UTC')?.toISO(), '2025-03-04T14:30:00.000Z');
    for (const bad of ['2025-02-30T10:00:00Z', '2025-03-04T24:00:00Z', 'March 4, 2025', '2025-03-04 10:00:00Z', '']) {
      assert.equal(formatTime(bad, 'UTC'), '—', bad);
      assert.equal(localDateOf(bad, 'UTC'), '', bad);
    }
  });
  it('writes an instant as its weekday and date in the zone, and reads a wall time typed there', () => {
    assert.equal(formatWeekdayDate('2025-03-04T23:30:00Z', 'Europe/Madrid', 'en-US'), 'Wed, Mar 5, 2025');
    assert.equal(formatWeekdayDate('2025-03-04T23:30:00Z', 'America/New_York', 'en-US'), 'Tue, Mar 4, 2025');
    assert.equal(formatWeekdayDate(null), '—');
    assert.equal(instantOfLocalTime('2025-03-04T09:30', 'Europe/Madrid'), '2025-03-04T08:30:00.000Z');
    assert.equal(instantOfLocalTime('2025-03-04T09:30', 'Asia/Kolkata'), '2025-03-04T04:00:00.000Z');
    assert.equal(
      instantOfLocalTime('2025-03-09T02:30', 'America/New_York'),
      '2025-03-09T07:30:00.000Z',
      'a time the clock skips: 3:30 EDT',
    );
    assert.equal(instantOfLocalTime('2025-11-02T01:30', 'America/New_York'), '2025-11-02T05:30:00.000Z', 'a time shown twice: its first');
    assert.equal(instantOfLocalTime('2025-03-04T09:30Z', 'Europe/Madrid'), '2025-03-04T09:30:00.000Z', 'an offset of its own');
    assert.equal(instantOfLocalTime('not a time', 'Europe/Madrid'), null);
  });
  it('names a month in the page language', () => {
    assert.equal(formatMonth('2026-11', 'long', 'en-US'), 'November 2026');
    assert.equal(formatMonth('2026-05', 'long', 'es'), 'mayo de 2026');
    assert.equal(formatMonth('2026-11', 'short', 'en-US'), 'Nov');
    assert.equal(formatMonth('2026-13', 'long', 'en-US'), '—');
  });
});
