/** The speaker calendar screens' helpers in lib/time.ts (ranges, zones, weeks). */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { describeZone, formatTimeRange, inZone, weekOf } from './time';

describe('time for the speaker screens', () => {
  it('shows a span on one day, the end day only when it differs', () => {
    assert.equal(formatTimeRange('2025-03-04T14:30:00Z', '2025-03-04T14:45:00Z', 'America/New_York', 'en-US'), 'Tue, Mar 4, 9:30AM–9:45AM');
    assert.equal(
      formatTimeRange('2025-03-05T04:00:00Z', '2025-03-05T05:00:00Z', 'America/New_York', 'en-US'),
      'Tue, Mar 4, 11:00PM–12:00AM',
      'an end at midnight closes the day',
    );
    assert.equal(
      formatTimeRange('2025-03-05T04:00:00Z', '2025-03-05T05:15:00Z', 'America/New_York', 'en-US'),
      'Tue, Mar 4, 11:00PM–Wed, Mar 5, 12:15AM',
    );
    assert.equal(
      formatTimeRange('2025-10-06T23:30:00Z', '2025-10-06T23:45:00Z', 'Asia/Kolkata', 'en-US'),
      'Tue, Oct 7, 5:00AM–5:15AM',
      'a half-hour zone',
    );
    assert.equal(formatTimeRange(null, '2025-03-04T14:45:00Z'), '—');
  });
  it('describes a zone with its abbreviation and offset at an instant', () => {
    assert.equal(describeZone('America/New_York', new Date('2025-01-15T12:00:00Z')), 'America/New_York (EST, UTC-5)');
    assert.equal(describeZone('America/New_York', new Date('2025-07-15T12:00:00Z')), 'America/New_York (EDT, UTC-4)');
    assert.equal(describeZone('Asia/Kolkata', new Date('2025-07-15T12:00:00Z')), 'Asia/Kolkata (UTC+5:30)');
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    assert.equal(
      describeZone('Mars/Base', new Date('2025-01-15T12:00:00Z')),
      describeZone(browser, new Date('2025-01-15T12:00:00Z')),
      "the browser's zone",
    );
  });
  it('finds last, this and next week (Monday to Monday) in the zone, across a DST change', () => {
    const now = new Date('2025-03-10T03:30:00Z'); // Sunday 9 March, 23:30 in New York (just after spring forward)
    const thisWeek = weekOf('America/New_York', 0, now);
    assert.equal(thisWeek.start.toISO(), '2025-03-03T00:00:00.000-05:00');
    assert.equal(thisWeek.end.toISO(), '2025-03-10T00:00:00.000-04:00');
    assert.equal(weekOf('America/New_York', -1, now).start.toISODate(), '2025-02-24');
    assert.equal(weekOf('America/New_York', 1, now).start.toISODate(), '2025-03-10');
    assert.equal(weekOf('Europe/Madrid', 0, now).start.toISODate(), '2025-03-10', 'already Monday in Madrid');
  });
  it('reads instants in the zone', () => {
    assert.equal(inZone('2025-03-04T14:30:00Z', 'Europe/Madrid')?.hour, 15);
    assert.equal(inZone('nope'), null);
  });
  it('describes quarter-hour zones and UTC, and spans across a DST change', () => {
    assert.equal(describeZone('Pacific/Chatham', new Date('2025-03-04T14:30:00Z')), 'Pacific/Chatham (UTC+13:45)');
    assert.equal(describeZone('UTC', new Date('2025-03-04T14:30:00Z')), 'UTC (UTC+0)');
    assert.equal(
      formatTimeRange('2025-03-09T06:30:00Z', '2025-03-09T07:30:00Z', 'America/New_York', 'en-US'),
      'Sun, Mar 9, 1:30AM–3:30AM',
      'an hour across spring forward',
    );
    assert.equal(
      formatTimeRange('2025-03-09T04:30:00Z', '2025-03-10T04:00:00Z', 'America/New_York', 'en-US'),
      'Sat, Mar 8, 11:30PM–Mon, Mar 10, 12:00AM',
    );
  });
  it("starts a week at its Monday's first instant, past a gap at midnight", () => {
    // Santiago springs forward at midnight on Sunday 2025-09-07: that Monday's midnight is there, the week before began at -04:00.
    assert.equal(weekOf('America/Santiago', 0, new Date('2025-09-10T12:00:00Z')).start.toISO(), '2025-09-08T00:00:00.000-03:00');
    assert.equal(weekOf('America/Santiago', -1, new Date('2025-09-10T12:00:00Z')).start.toISO(), '2025-09-01T00:00:00.000-04:00');
    const week = weekOf('Asia/Kolkata', 0, new Date('2025-03-09T19:00:00Z')); // Monday 10 March, 00:30 in Kolkata
    assert.equal(week.start.toISO(), '2025-03-10T00:00:00.000+05:30');
    assert.equal(week.end.minus({ days: 1 }).toISODate(), '2025-03-16');
    assert.equal(week.end.toMillis() - week.start.toMillis(), 7 * 86_400_000);
  });
});
