import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { mondayOf, startOfDayIn } from './calendarDate';
import { type HeldConversation, progressWeeks } from './studentProgress';

const held = (startedAt: string, over: Partial<HeldConversation> = {}): HeldConversation => ({
  startedAt: new Date(startedAt),
  heldSeconds: 900,
  spokenSeconds: 600,
  corrections: 0,
  newWords: 0,
  ...over,
});
// Saturday 28 November 2026, 10:00 UTC.
const now = new Date('2026-11-28T10:00:00Z');

describe("the student's progress in weeks", () => {
  it('names a week by its Monday in the student’s zone, and a day by its midnight there', () => {
    // Sunday 23:30 in New York is already Monday in UTC and Tokyo.
    const sundayNight = new Date('2026-11-23T04:30:00Z');
    assert.equal(mondayOf(sundayNight, 'America/New_York'), '2026-11-16');
    assert.equal(mondayOf(sundayNight, 'Asia/Tokyo'), '2026-11-23');
    assert.equal(mondayOf(sundayNight, null), '2026-11-16', 'the default zone is New York');
    assert.equal(startOfDayIn('2026-11-23', 'Asia/Tokyo').toISOString(), '2026-11-22T15:00:00.000Z');
  });

  it('gives every week up to this one, oldest first, with zeros where nothing was held', () => {
    const weeks = progressWeeks([], 'UTC', 4, now);
    assert.deepEqual(
      weeks.map((w) => w.weekOf),
      ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'],
    );
    assert.deepEqual(weeks[0], {
      weekOf: '2026-11-02',
      conversationsHeld: 0,
      secondsHeld: 0,
      secondsSpoken: 0,
      speakingShare: null,
      corrections: 0,
      newWords: 0,
    });
  });

  it('adds up each week’s conversations in the student’s zone, and leaves out older ones', () => {
    const conversations = [
      held('2026-11-24T10:00:00Z', { corrections: 2, newWords: 1 }),
      held('2026-11-26T10:00:00Z', { heldSeconds: 1800, spokenSeconds: 900, newWords: 3 }),
      // Sunday night in New York, Monday in UTC: last week for the student.
      held('2026-11-23T04:30:00Z', { corrections: 1 }),
      held('2026-10-01T10:00:00Z', { corrections: 9 }),
    ];
    const [last, current] = progressWeeks(conversations, 'America/New_York', 2, now);
    assert.deepEqual(current, {
      weekOf: '2026-11-23',
      conversationsHeld: 2,
      secondsHeld: 2700,
      secondsSpoken: 1500,
      speakingShare: 1500 / 2700,
      corrections: 2,
      newWords: 4,
    });
    assert.equal(last.weekOf, '2026-11-16');
    assert.equal(last.conversationsHeld, 1);
    assert.equal(last.corrections, 1);
  });

  it('shares only over measured conversations: one without a report is not silence', () => {
    const [week] = progressWeeks([held('2026-11-24T10:00:00Z'), held('2026-11-25T10:00:00Z', { spokenSeconds: null })], 'UTC', 1, now);
    assert.equal(week.conversationsHeld, 2);
    assert.equal(week.secondsHeld, 1800);
    assert.equal(week.speakingShare, 600 / 900);
    const [unmeasured] = progressWeeks([held('2026-11-24T10:00:00Z', { spokenSeconds: null })], 'UTC', 1, now);
    assert.equal(unmeasured.speakingShare, null);
  });
});
