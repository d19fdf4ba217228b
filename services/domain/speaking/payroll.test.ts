/** Payroll rules, given events, when the lines are computed, then these lines (issue 12). */
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describe, it } from 'vitest';
import { PAYROLL_TIME_ZONE } from '../../../contracts/payroll';
import { fold } from '../shared/decider';
import type { ConversationEvent } from '../conversations/events';
import type { SpeakingEvent } from './events';
import {
  evolvePayrollFacts,
  initialPayrollFacts,
  paidConversation,
  payMonthOf,
  payrollLines,
  summarize,
  type PaidConversation,
} from './payroll';

type Event = ConversationEvent | SpeakingEvent;
const SPEAKER = 'speaker-1';
const rate = (payRate: number, speakerId = SPEAKER): Event => ({
  type: 'SpeakingSettingsChanged',
  data: { speakerId, languages: ['es'], payRate },
});

/** A lesson at `start` (ISO) of `duration` minutes with the speaker, then what happened to it. */
function lesson(
  id: string,
  start: string,
  duration: 15 | 30,
  then: ('opened' | 'started' | 'stopped' | 'unused' | 'canceled')[] = ['opened', 'started', 'stopped'],
): Event[] {
  const end = new Date(Date.parse(start) + duration * 60_000).toISOString();
  const events: Event[] = [
    {
      type: 'ConversationReserved',
      data: {
        conversationId: id,
        kind: 'lesson',
        provider: 'local',
        reservedBy: 'student-1',
        reservedWith: SPEAKER,
        reservedStart: start,
        reservedEnd: end,
        duration,
        learningLanguage: 'es',
        courseId: null,
        lessonId: null,
        minutes: duration,
      },
    },
  ];
  for (const step of then) {
    if (step === 'opened') events.push({ type: 'ConversationOpened', data: { conversationId: id, openedBy: SPEAKER, at: start } });
    if (step === 'started') events.push({ type: 'ConversationStarted', data: { conversationId: id, at: start, stopsAt: end } });
    if (step === 'stopped') events.push({ type: 'ConversationStopped', data: { conversationId: id, at: end, reason: 'time_up' } });
    if (step === 'unused') events.push({ type: 'ConversationStopped', data: { conversationId: id, at: end, reason: 'unused' } });
    if (step === 'canceled')
      events.push({
        type: 'ConversationCanceled',
        data: { conversationId: id, canceledBy: 'student-1', reason: 'student', minutesReturned: duration },
      });
  }
  return events;
}

function given(events: Event[]) {
  const facts = fold(evolvePayrollFacts, initialPayrollFacts(), events);
  const paid = [...facts.conversations.values()].map(paidConversation).filter((c): c is PaidConversation => !!c);
  const lines = payrollLines(paid);
  return {
    thenLines(expected: [month: string, kind: string, time: string, minutes: number, amount: number, conversationId: string][]) {
      assert.deepEqual(
        lines.map((l) => [l.month, l.kind, l.time.toISOString(), l.minutes, l.amount, l.conversationId]),
        expected,
      );
    },
    lines,
  };
}

describe('payroll rules', () => {
  it('pays a held lesson its minutes at the rate, and nothing for a canceled one or one the speaker never opened', () => {
    given([
      rate(1500),
      ...lesson('a', '2026-03-02T15:00:00Z', 30),
      ...lesson('b', '2026-03-03T15:00:00Z', 15, ['canceled']),
      ...lesson('c', '2026-03-04T15:00:00Z', 15, ['unused']),
    ]).thenLines([['2026-03', 'conversation', '2026-03-02T15:00:00.000Z', 30, 750, 'a']]);
  });

  it("pays nothing for a conversation marked 'Speaker Issue', and pays it again when the marking is corrected", () => {
    const marked = (id: string, markedAs: 'completed' | 'reserved_with_user_issue'): Event => ({
      type: 'ConversationMarked',
      data: { conversationId: id, markedAs, previous: null, markedBy: SPEAKER, refundedMinutes: 0, bonusMinutes: 0, promotion: null },
    });
    given([
      rate(1500),
      ...lesson('a', '2026-03-02T15:00:00Z', 15),
      marked('a', 'reserved_with_user_issue'),
      ...lesson('b', '2026-03-02T15:20:00Z', 15),
      marked('b', 'completed'),
    ]).thenLines([['2026-03', 'conversation', '2026-03-02T15:20:00.000Z', 15, 375, 'b']]);
    given([
      rate(1500),
      ...lesson('a', '2026-03-02T15:00:00Z', 15),
      marked('a', 'reserved_with_user_issue'),
      marked('a', 'completed'),
    ]).thenLines([['2026-03', 'conversation', '2026-03-02T15:00:00.000Z', 15, 375, 'a']]);
  });

  it('pays the speaker who opened the room when the student never came', () => {
    given([rate(1500), ...lesson('a', '2026-03-02T15:00:00Z', 15, ['opened', 'unused'])]).thenLines([
      ['2026-03', 'conversation', '2026-03-02T15:00:00.000Z', 15, 375, 'a'],
    ]);
  });

  it('pays gaps of up to 15 minutes between back-to-back conversations as idle time: 0 and 16 are not', () => {
    given([
      rate(1200),
      ...lesson('a', '2026-03-02T15:00:00Z', 15), // ends 15:15; next at 15:15: a gap of 0
      ...lesson('b', '2026-03-02T15:15:00Z', 15), // ends 15:30; next at 15:45: 15 idle minutes
      ...lesson('c', '2026-03-02T15:45:00Z', 15), // ends 16:00; next at 16:16: 16, not idle
      ...lesson('d', '2026-03-02T16:16:00Z', 15),
    ]).thenLines([
      ['2026-03', 'conversation', '2026-03-02T15:00:00.000Z', 15, 300, 'a'],
      ['2026-03', 'conversation', '2026-03-02T15:15:00.000Z', 15, 300, 'b'],
      ['2026-03', 'idle', '2026-03-02T15:30:00.000Z', 15, 300, 'b'],
      ['2026-03', 'conversation', '2026-03-02T15:45:00.000Z', 15, 300, 'c'],
      ['2026-03', 'conversation', '2026-03-02T16:16:00.000Z', 15, 300, 'd'],
    ]);
  });

  it('splits idle time at the end of a month, months being New York months', () => {
    // 23:40–23:55 New York time on 31 March (UTC−4), the next at 00:05 on 1 April: 5 idle minutes in each month.
    given([rate(1500), ...lesson('a', '2026-04-01T03:40:00Z', 15), ...lesson('b', '2026-04-01T04:05:00Z', 15)]).thenLines([
      ['2026-03', 'conversation', '2026-04-01T03:40:00.000Z', 15, 375, 'a'],
      ['2026-03', 'idle', '2026-04-01T03:55:00.000Z', 5, 125, 'a'],
      ['2026-04', 'idle', '2026-04-01T04:00:00.000Z', 5, 125, 'a'],
      ['2026-04', 'conversation', '2026-04-01T04:05:00.000Z', 15, 375, 'b'],
    ]);
  });

  it('pays each conversation at the rate in force when it started, and idle time at the rate before it', () => {
    given([
      rate(1500),
      ...lesson('a', '2026-03-10T15:00:00Z', 30),
      rate(1800), // changed mid-month, between a and b
      ...lesson('b', '2026-03-10T15:45:00Z', 30),
    ]).thenLines([
      ['2026-03', 'conversation', '2026-03-10T15:00:00.000Z', 30, 750, 'a'],
      ['2026-03', 'idle', '2026-03-10T15:30:00.000Z', 15, 375, 'a'],
      ['2026-03', 'conversation', '2026-03-10T15:45:00.000Z', 30, 900, 'b'],
    ]);
  });

  it('counts real minutes across a daylight-saving change (1:45 to 3:00 on the clock is 15 minutes)', () => {
    // New York springs forward on 8 March 2026 at 2:00 (07:00 UTC).
    given([rate(1500), ...lesson('a', '2026-03-08T06:30:00Z', 15), ...lesson('b', '2026-03-08T07:00:00Z', 15)]).thenLines([
      ['2026-03', 'conversation', '2026-03-08T06:30:00.000Z', 15, 375, 'a'],
      ['2026-03', 'idle', '2026-03-08T06:45:00.000Z', 15, 375, 'a'],
      ['2026-03', 'conversation', '2026-03-08T07:00:00.000Z', 15, 375, 'b'],
    ]);
  });

  it('pays the speaker it was transferred to, and leaves canceled conversations out of idle gaps', () => {
    const transferred: Event = {
      type: 'ConversationTransferred',
      data: { conversationId: 'x', fromSpeakerId: 'speaker-0', toSpeakerId: SPEAKER, transferredBy: null },
    };
    const reservedWithOther = lesson('x', '2026-03-12T15:00:00Z', 15).map((e) =>
      e.type === 'ConversationReserved' ? { ...e, data: { ...e.data, reservedWith: 'speaker-0' } } : e,
    );
    given([
      rate(1500),
      rate(900, 'speaker-0'),
      reservedWithOther[0],
      transferred,
      ...reservedWithOther.slice(1),
      ...lesson('y', '2026-03-12T15:30:00Z', 15, ['canceled']),
      ...lesson('z', '2026-03-12T15:45:00Z', 15),
    ]).thenLines([
      ['2026-03', 'conversation', '2026-03-12T15:00:00.000Z', 15, 375, 'x'],
      ['2026-03', 'conversation', '2026-03-12T15:45:00.000Z', 15, 375, 'z'],
    ]);
  });

  it('rounds each line to the cent and totals the lines', () => {
    const { lines } = given([rate(1999), ...lesson('a', '2026-03-02T15:00:00Z', 15), ...lesson('b', '2026-03-02T15:25:00Z', 15)]);
    // 15 min at $19.99/h = 499.75 cents → 500; 10 idle minutes = 333.17 → 333.
    assert.deepEqual(
      lines.map((l) => l.amount),
      [500, 333, 500],
    );
    assert.deepEqual(summarize(SPEAKER, '2026-03', lines), {
      speakerId: SPEAKER,
      month: '2026-03',
      conversationPayMinutes: 30,
      conversationPayRate: 1999,
      conversationPayAmount: 1000,
      idlePayMinutes: 10,
      idlePayRate: 1999,
      idlePayAmount: 333,
      totalPay: 1333,
    });
  });
});

describe('the pay month of an instant', () => {
  it("is the month luxon finds in the payroll's zone, around New Year, month ends and DST, in any order of years", () => {
    const instants: number[] = [];
    for (const year of [2031, 1999, 2026, 2100, 2101, 1970, 2025, 2027]) {
      for (let month = 1; month <= 12; month++) {
        const start = DateTime.fromObject({ year, month }, { zone: PAYROLL_TIME_ZONE }).toMillis();
        instants.push(start - 1, start, start + 1, start + 36e5 * 11);
      }
    }
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      instants.push(Date.UTC(1990, 0, 1) + (seed / 2 ** 31) * 150 * 365 * 864e5);
    }
    for (const ms of instants) {
      const expected = DateTime.fromMillis(ms, { zone: PAYROLL_TIME_ZONE }).toFormat('yyyy-MM');
      assert.equal(payMonthOf(new Date(ms)), expected, new Date(ms).toISOString());
    }
  });
});
