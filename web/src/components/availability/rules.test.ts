import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { DateTime } from 'luxon';
import { onSlots, overlapsAny, spanFromFields, spanProblem, toEvents, withinOneDay } from './rules';

const at = (iso: string, zone = 'America/New_York') => DateTime.fromISO(iso, { zone });
const messages = { order: 'order', sameDay: 'same day', notOnSlot: 'slot' };

describe('availability rules', () => {
  it('keeps an availability on one day in its zone, an end at midnight included', () => {
    assert.equal(withinOneDay(at('2025-03-04T09:00'), at('2025-03-04T17:00')), true);
    assert.equal(withinOneDay(at('2025-03-04T23:00'), at('2025-03-05T00:00')), true);
    assert.equal(withinOneDay(at('2025-03-04T23:00'), at('2025-03-05T00:15')), false);
    assert.equal(withinOneDay(at('2025-03-04T10:00'), at('2025-03-04T10:00')), false);
    // The same instants are one day in New York and two in Kolkata.
    const start = at('2025-03-04T12:00');
    const end = at('2025-03-04T15:00');
    assert.equal(withinOneDay(start.setZone('Asia/Kolkata'), end.setZone('Asia/Kolkata')), false);
  });
  it('wants the 15-minute grid, also in a half-hour zone', () => {
    assert.equal(onSlots(at('2025-03-04T09:15'), at('2025-03-04T09:45')), true);
    assert.equal(onSlots(at('2025-03-04T09:10'), at('2025-03-04T09:45')), false);
    assert.equal(onSlots(at('2025-03-04T09:30', 'Asia/Kolkata'), at('2025-03-04T10:00', 'Asia/Kolkata')), true);
  });
  it('finds overlaps, leaving out the occurrence being moved', () => {
    const occurrences = [
      { sourceId: 'a', startTimestamp: '2025-03-04T14:00:00.000Z', endTimestamp: '2025-03-04T15:00:00.000Z', repeatsWeekly: true },
    ];
    assert.equal(overlapsAny(at('2025-03-04T09:30'), at('2025-03-04T10:30'), occurrences), true);
    assert.equal(overlapsAny(at('2025-03-04T10:00'), at('2025-03-04T11:00'), occurrences), false, 'touching is fine');
    assert.equal(
      overlapsAny(at('2025-03-04T09:30'), at('2025-03-04T10:30'), occurrences, {
        sourceId: 'a',
        startTimestamp: '2025-03-04T14:00:00.000Z',
      }),
      false,
    );
  });
  it('reads typed fields in the zone and names the problem', () => {
    const span = spanFromFields('2025-03-09', '01:00', '04:00', 'America/New_York')!;
    assert.equal(span.end.diff(span.start, 'hours').hours, 2, 'the spring-forward night is an hour short');
    const late = spanFromFields('2025-03-04', '23:00', '00:00', 'America/New_York')!;
    assert.equal(late.end.toISO(), '2025-03-05T00:00:00.000-05:00');
    assert.equal(spanProblem(late.start, late.end, messages), null);
    assert.equal(spanProblem(span.end, span.start, messages), 'order');
    const odd = spanFromFields('2025-03-04', '09:05', '10:00', 'America/New_York')!;
    assert.equal(spanProblem(odd.start, odd.end, messages), 'slot');
    assert.equal(spanFromFields('2025-02-30', '09:00', '10:00', 'UTC'), null);
  });
  it('maps occurrences to events grouped by their weekly rule', () => {
    const [weekly, once] = toEvents([
      { sourceId: 'w', startTimestamp: '2025-03-04T14:00:00Z', endTimestamp: '2025-03-04T15:00:00Z', repeatsWeekly: true },
      { sourceId: 'o', startTimestamp: '2025-03-05T14:00:00Z', endTimestamp: '2025-03-05T15:00:00Z', repeatsWeekly: false },
    ]);
    assert.equal(weekly.groupId, 'w');
    assert.equal(weekly.title, 'Available (weekly)');
    assert.equal(once.groupId, undefined);
    assert.equal(once.id, 'o@2025-03-05T14:00:00Z');
  });
});
