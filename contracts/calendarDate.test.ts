import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  addDays,
  addMonths,
  datesOnEarth,
  hasBegun,
  isCalendarDate,
  isIanaZone,
  isOver,
  mondayOf,
  offsetMinutesAt,
  startOfDayIn,
  todayIn,
} from './calendarDate';

describe('calendar dates', () => {
  it('accepts real days written YYYY-MM-DD from 2000 to 2100 only', () => {
    for (const ok of ['2026-11-23', '2000-01-01', '2100-12-31', '2028-02-29']) assert.equal(isCalendarDate(ok), true, ok);
    for (const bad of [
      '2026-02-30',
      '2027-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-11-00',
      '1',
      '',
      '2026-11-23T00:00:00Z',
      '2026-1-23',
      ' 2026-11-23',
      '1999-12-31',
      '2101-01-01',
      20261123,
      null,
    ]) {
      assert.equal(isCalendarDate(bad), false, String(bad));
    }
  });

  it("gives today's date in a time zone, the default (America/New_York) when missing or invalid", () => {
    const now = new Date('2026-11-22T03:00:00Z');
    assert.equal(todayIn(null, now), '2026-11-21');
    assert.equal(todayIn('Mars/Olympus_Mons', now), '2026-11-21');
    assert.equal(todayIn('UTC', now), '2026-11-22');
    assert.equal(todayIn('Asia/Tokyo', now), '2026-11-22');
    // Half-hour and quarter-hour zones: Kolkata is UTC+5:30, Chatham UTC+13:45 in its summer.
    assert.equal(todayIn('Asia/Kolkata', new Date('2026-11-22T18:29:00Z')), '2026-11-22');
    assert.equal(todayIn('Asia/Kolkata', new Date('2026-11-22T18:30:00Z')), '2026-11-23');
    assert.equal(todayIn('Pacific/Chatham', new Date('2026-11-22T10:14:00Z')), '2026-11-22');
    assert.equal(todayIn('Pacific/Chatham', new Date('2026-11-22T10:15:00Z')), '2026-11-23');
    assert.equal(offsetMinutesAt(Date.parse('2026-11-22T10:15:00Z'), 'Pacific/Chatham'), 825);
    assert.equal(offsetMinutesAt(Date.parse('2026-07-01T00:00:00Z'), 'Pacific/Chatham'), 765);
    assert.equal(offsetMinutesAt(Date.parse('2026-07-01T00:00:00Z'), 'UTC'), 0);
  });

  it('knows IANA zones only', () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC']) assert.equal(isIanaZone(zone), true, zone);
    for (const zone of ['Mars/Olympus_Mons', '', 'Not a zone']) assert.equal(isIanaZone(zone), false, zone);
  });

  it('finds the Monday of a week and the start of a day in a zone, across DST changes', () => {
    const now = new Date('2025-03-10T03:30:00Z'); // Sunday 9 March, 23:30 in New York, just after it sprang forward
    assert.equal(mondayOf(now, 'America/New_York'), '2025-03-03');
    assert.equal(mondayOf(now, 'Europe/Madrid'), '2025-03-10', 'already Monday in Madrid');
    assert.equal(mondayOf(new Date('2025-03-02T12:00:00Z'), 'UTC'), '2025-02-24', 'a Sunday closes its week');
    assert.equal(
      startOfDayIn('2025-03-30', 'Europe/Madrid').toISOString(),
      '2025-03-29T23:00:00.000Z',
      'winter midnight on the change day',
    );
    assert.equal(startOfDayIn('2025-03-31', 'Europe/Madrid').toISOString(), '2025-03-30T22:00:00.000Z');
    assert.equal(startOfDayIn('2025-03-04', 'Asia/Kolkata').toISOString(), '2025-03-03T18:30:00.000Z');
    // Santiago skips from 00:00 to 01:00 when it springs forward: its day begins at 01:00.
    assert.equal(startOfDayIn('2025-09-07', 'America/Santiago').toISOString(), '2025-09-07T04:00:00.000Z');
    // Havana falls back from 01:00 to 00:00: its day begins at the first of its two midnights.
    assert.equal(startOfDayIn('2025-11-02', 'America/Havana').toISOString(), '2025-11-02T04:00:00.000Z');
    assert.equal(startOfDayIn('2025-03-04', 'Mars/Olympus_Mons').toISOString(), '2025-03-04T05:00:00.000Z', 'the default zone');
  });

  it('adds days and months', () => {
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(addDays('2026-03-01', -1), '2026-02-28');
    assert.equal(addMonths('2026-11-30', 3), '2027-02-28');
    assert.equal(addMonths('2028-01-31', 1), '2028-02-29', 'a leap year');
    assert.equal(addMonths('2026-03-31', 1), '2026-04-30');
    assert.equal(addMonths('2026-03-31', -1), '2026-02-28');
    assert.equal(addMonths('2026-01-15', -13), '2024-12-15');
    assert.equal(addMonths('2026-05-20', 0), '2026-05-20');
  });

  it('knows which dates it is somewhere on Earth (UTC−12 to UTC+14)', () => {
    const now = new Date('2026-11-22T11:00:00Z');
    assert.deepEqual(datesOnEarth(now), { earliest: '2026-11-21', latest: '2026-11-23' });
    assert.equal(hasBegun('2026-11-23', now), true, 'it is already the 23rd in Kiritimati');
    assert.equal(hasBegun('2026-11-24', now), false);
    assert.equal(isOver('2026-11-21', now), false, 'it is still the 21st on Baker Island');
    assert.equal(isOver('2026-11-21', new Date('2026-11-22T12:00:00Z')), true);
  });
});
