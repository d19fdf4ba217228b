/**
 * The payroll bench's generated year (BENCH_PAYROLL_SPEAKERS speakers, BENCH_PAYROLL_CONVERSATIONS
 * conversations each: at least 1,000,000 events), shared with the restore bench.
 */
import crypto from 'node:crypto';
import { DateTime } from 'luxon';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import type { NewEvent } from '../../services/eventstore/port';
import { payMonthOf, payrollLines, summarize, type PaidConversation } from '../../services/domain/speaking/payroll';
import type { ClosedPayrollRow } from '../../services/domain/speaking/payrollClosing';

export const SPEAKERS = Number(process.env.BENCH_PAYROLL_SPEAKERS ?? 500);
export const CONVERSATIONS_PER_SPEAKER = Number(process.env.BENCH_PAYROLL_CONVERSATIONS ?? 520);
/** An admin closes each month on the 5th of the next (BENCH_PAYROLL_CLOSE=0: never). */
const CLOSE_MONTHS = process.env.BENCH_PAYROLL_CLOSE !== '0';
const MINUTE = 60_000;

const meta = (at: Date) => ({
  actorId: null,
  correlationId: crypto.randomUUID(),
  causationId: null,
  occurredAt: at.toISOString(),
  schemaVersion: 1,
});
const event = (type: string, data: unknown, at: Date): NewEvent => ({ type, data, metadata: meta(at) });

/** Conversation `i` of a speaker's year: about one every 17 hours, in pairs 15 minutes apart (paid idle time). */
function conversation(speakerId: string, i: number, yearStart: Date) {
  const day = Math.floor((i * 365) / CONVERSATIONS_PER_SPEAKER);
  const start = new Date(yearStart.getTime() + day * 24 * 60 * MINUTE + 14 * 60 * MINUTE + (i % 2) * 30 * MINUTE);
  const end = new Date(start.getTime() + 15 * MINUTE);
  const conversationId = `${speakerId}-c${i}`;
  const stream = `conversation-${conversationId}`;
  const reserved = event(
    'ConversationReserved',
    {
      conversationId,
      kind: 'lesson',
      provider: 'local',
      reservedBy: `student-${i % 50}`,
      reservedWith: speakerId,
      reservedStart: start.toISOString(),
      reservedEnd: end.toISOString(),
      duration: 15,
      learningLanguage: 'es',
      courseId: null,
      lessonId: null,
      minutes: 15,
    },
    new Date(start.getTime() - 24 * 60 * MINUTE),
  );
  const lifecycle =
    i % 20 === 7
      ? [event('ConversationCanceled', { conversationId, canceledBy: null, reason: 'student', minutesReturned: 15 }, start)]
      : [
          event('ConversationOpened', { conversationId, openedBy: speakerId, at: start.toISOString() }, start),
          event('ConversationStarted', { conversationId, at: start.toISOString(), stopsAt: end.toISOString() }, start),
          event('ConversationStopped', { conversationId, at: end.toISOString(), reason: 'time_up' }, end),
        ];
  return { stream, reserved, lifecycle, start };
}

const RAISE_AT = Math.floor(CONVERSATIONS_PER_SPEAKER / 2);

/**
 * Every speaker's rows of every month, by the domain's rules over what the log below holds: what
 * an admin closing each month would close on.
 */
function monthRows(speakers: string[], yearStart: Date): Map<string, ClosedPayrollRow[]> {
  const byMonth = new Map<string, ClosedPayrollRow[]>();
  for (const [s, speakerId] of speakers.entries()) {
    const paid: PaidConversation[] = [];
    for (let i = 0; i < CONVERSATIONS_PER_SPEAKER; i++) {
      if (i % 20 === 7) continue;
      const c = conversation(speakerId, i, yearStart);
      const rate = s % 10 === 0 && i > RAISE_AT ? 1800 : 1500;
      paid.push({
        conversationId: c.stream.slice('conversation-'.length),
        speakerId,
        start: c.start,
        end: new Date(c.start.getTime() + 15 * MINUTE),
        minutes: 15,
        rate,
      });
    }
    const lines = payrollLines(paid);
    for (const month of new Set(lines.map((l) => l.month))) {
      const row = {
        ...summarize(
          speakerId,
          month,
          lines.filter((l) => l.month === month),
        ),
        adjustmentAmount: 0,
      };
      byMonth.set(month, [...(byMonth.get(month) ?? []), row]);
    }
  }
  return byMonth;
}

/**
 * The log in time order, as the product writes it: at each step every speaker's next conversation
 * is reserved ahead and the one before it is held (or canceled); a speaker in ten gets a raise
 * half-way through the year; on the 5th of each month an admin closes the month before (on the
 * 5th, so the close lands among the next month's events, as it would). Yields groups of streams to
 * append together.
 */
export function* chronologicalLog(yearStart: Date) {
  const speakers = Array.from({ length: SPEAKERS }, (_, s) => `bench-speaker-${s}`);
  const rows = monthRows(speakers, yearStart);
  const thisMonth = payMonthOf(new Date());
  let lastClosed = payMonthOf(new Date(yearStart.getTime() - 1));
  yield speakers.map((speakerId) => ({
    stream: `speaking-${speakerId}`,
    events: [event('SpeakingSettingsChanged', { speakerId, languages: ['es'], payRate: 1500 }, yearStart)],
  }));
  for (let i = 0; i <= CONVERSATIONS_PER_SPEAKER; i++) {
    const group: { stream: string; events: NewEvent[] }[] = [];
    for (const [s, speakerId] of speakers.entries()) {
      if (i < CONVERSATIONS_PER_SPEAKER) {
        const next = conversation(speakerId, i, yearStart);
        group.push({ stream: next.stream, events: [next.reserved] });
      }
      if (i > 0) {
        const held = conversation(speakerId, i - 1, yearStart);
        group.push({ stream: held.stream, events: held.lifecycle });
        if (s % 10 === 0 && i - 1 === RAISE_AT) {
          group.push({
            stream: `speaking-${speakerId}`,
            events: [event('SpeakingSettingsChanged', { speakerId, languages: ['es'], payRate: 1800 }, held.start)],
          });
        }
      }
    }
    yield group;
    if (!CLOSE_MONTHS || i === 0) continue;
    const heldAt = DateTime.fromJSDate(conversation(speakers[0], i - 1, yearStart).start, { zone: PAYROLL_TIME_ZONE });
    const previous = heldAt.minus({ months: 1 }).toFormat('yyyy-MM');
    if (heldAt.day >= 5 && previous > lastClosed && previous < thisMonth) {
      lastClosed = previous;
      const closing = rows.get(previous) ?? [];
      const totalPay = closing.reduce((sum, r) => sum + r.totalPay, 0);
      yield [
        {
          stream: `payroll-month-${previous}`,
          events: [event('PayrollMonthClosed', { month: previous, closedBy: null, totalPay, rows: closing }, heldAt.toJSDate())],
        },
      ];
    }
  }
}
