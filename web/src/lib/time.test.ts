import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, userZone } from './time';

describe('time', () => {
  it('formats an instant in the user time zone', () => {
    const text = formatDateTime('2025-03-04T14:30:00Z', 'Europe/Madrid', 'en-US');
    assert.match(text, /Mar 4, 2025/);
    assert.match(text, /3:30/);
    assert.match(text, /GMT\+1|CET/);
  });
  it('falls back to America/New_York for a missing or invalid zone', () => {
    assert.equal(userZone(null), DEFAULT_TIME_ZONE);
    assert.equal(userZone('Mars/Olympus_Mons'), DEFAULT_TIME_ZONE);
    assert.match(formatDateTime('2025-03-04T14:30:00Z', 'Mars/Olympus_Mons', 'en-US'), /9:30/);
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
});
