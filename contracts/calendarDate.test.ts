import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { addDays, addMonths, datesOnEarth, hasBegun, isCalendarDate, isOver, todayIn } from './calendarDate';

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
  });

  it('adds days and months', () => {
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(addDays('2026-03-01', -1), '2026-02-28');
    assert.equal(addMonths('2026-11-30', 3), '2027-02-28');
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
