/**
 * Speaker pay, from the event log (issue 12). Facts are folded from conversation and speaking
 * events; lines are computed from the facts. The rules (docs/decisions/payroll.md, "Payroll"):
 * - A lesson is paid when it was held (it started), or when the speaker opened the room and the
 *   student never came (stopped as unused after being opened). Canceled ones never are, nor
 *   interviews or test calls, nor a room the speaker never opened, nor one marked 'Speaker Issue'
 *   (reserved_with_user_issue: the student got the minutes back and a bonus for the speaker's
 *   fault). A later marking decides: marked otherwise again, it is paid again.
 * - It is paid for its reserved minutes at the speaker's pay rate in force when it started (when it
 *   was opened, for one the student missed), in cents per hour.
 * - A gap of 1 to 15 minutes between the end of a paid conversation and the start of the speaker's
 *   next paid one is idle time, paid at the rate of the conversation before it, attached to it.
 * - Months are calendar months in PAYROLL_TIME_ZONE; idle time across a month's end is split there.
 * - Each line's amount is rounded to the cent (half up); a month's total is the sum of its lines.
 */
import { DateTime } from 'luxon';
import { IDLE_GAP_MAX_MINUTES, PAYROLL_TIME_ZONE } from '../../../contracts/payroll';
import type { ConversationEvent, ConversationKind } from '../conversations/events';
import type { SpeakingEvent } from './events';

const MINUTE = 60_000;

/** What payroll knows of one conversation. */
export interface PayFacts {
  conversationId: string;
  kind: ConversationKind;
  speakerId: string;
  start: Date;
  end: Date;
  minutes: number;
  canceled: boolean;
  /** The rate (cents per hour) in force when the speaker opened the room; null until then. */
  openedAtRate: number | null;
  startedAtRate: number | null;
  stoppedAs: 'stopped' | 'unused' | null;
  /** Its latest marking is 'Speaker Issue' (reserved_with_user_issue). */
  speakerIssue: boolean;
}

export interface PayrollFacts {
  conversations: Map<string, PayFacts>;
  rates: Map<string, number>;
}

export const initialPayrollFacts = (): PayrollFacts => ({ conversations: new Map(), rates: new Map() });

/** The events payroll follows. */
export const PAYROLL_EVENT_TYPES = [
  'SpeakingSettingsChanged',
  'ConversationReserved',
  'ConversationCanceled',
  'ConversationTransferred',
  'ConversationOpened',
  'ConversationStarted',
  'ConversationStopped',
  'ConversationMarked',
] as const;

/** An event of PAYROLL_EVENT_TYPES. */
export type PayrollFactsEvent = ConversationEvent | SpeakingEvent;

/** Folds one event into the facts (mutating them: a projector folds millions). */
export function evolvePayrollFacts(facts: PayrollFacts, event: PayrollFactsEvent): PayrollFacts {
  const touch = (id: string, change: (c: PayFacts) => Partial<PayFacts>) => {
    const c = facts.conversations.get(id);
    if (c) Object.assign(c, change(c));
  };
  switch (event.type) {
    case 'SpeakingSettingsChanged':
      facts.rates.set(event.data.speakerId, event.data.payRate);
      break;
    case 'ConversationReserved': {
      const d = event.data;
      facts.conversations.set(d.conversationId, {
        conversationId: d.conversationId,
        kind: d.kind,
        speakerId: d.reservedWith,
        start: new Date(d.reservedStart),
        end: new Date(d.reservedEnd),
        minutes: d.duration,
        canceled: false,
        openedAtRate: null,
        startedAtRate: null,
        stoppedAs: null,
        speakerIssue: false,
      });
      break;
    }
    case 'ConversationCanceled':
      touch(event.data.conversationId, () => ({ canceled: true }));
      break;
    case 'ConversationTransferred':
      touch(event.data.conversationId, () => ({ speakerId: event.data.toSpeakerId }));
      break;
    case 'ConversationOpened':
      touch(event.data.conversationId, (c) => ({ openedAtRate: facts.rates.get(c.speakerId) ?? 0 }));
      break;
    case 'ConversationStarted':
      touch(event.data.conversationId, (c) => ({ startedAtRate: facts.rates.get(c.speakerId) ?? 0 }));
      break;
    case 'ConversationStopped':
      touch(event.data.conversationId, () => ({ stoppedAs: event.data.reason === 'unused' ? 'unused' : 'stopped' }));
      break;
    case 'ConversationMarked':
      touch(event.data.conversationId, () => ({ speakerIssue: event.data.markedAs === 'reserved_with_user_issue' }));
      break;
  }
  return facts;
}

export interface PaidConversation {
  conversationId: string;
  speakerId: string;
  start: Date;
  end: Date;
  minutes: number;
  /** Cents per hour. */
  rate: number;
}

/** The conversation as paid, or null when it is not (see the module comment). */
export function paidConversation(c: PayFacts): PaidConversation | null {
  if (c.kind !== 'lesson' || c.canceled || c.speakerIssue) return null;
  const rate = c.startedAtRate ?? (c.stoppedAs === 'unused' ? c.openedAtRate : null);
  if (rate === null) return null;
  return { conversationId: c.conversationId, speakerId: c.speakerId, start: c.start, end: c.end, minutes: c.minutes, rate };
}

export interface PayrollLine {
  speakerId: string;
  /** 'YYYY-MM' in PAYROLL_TIME_ZONE. */
  month: string;
  kind: 'conversation' | 'idle';
  /** When the paid time begins. */
  time: Date;
  minutes: number;
  rate: number;
  amount: number;
  /** The conversation the line comes from (for idle time, the one before it). */
  conversationId: string;
}

/**
 * A year's month starts in PAYROLL_TIME_ZONE (its twelve, then the next year's first), made the
 * first time an instant of that year is asked about: finding an instant's month is then a search
 * of thirteen numbers instead of a time-zone conversion (a rebuild asks millions of times). Made
 * by year, not for a whole century at once: that table took ~150 ms of luxon, a pause of the
 * event loop in the first request or batch of a process that asked (the live bench's payroll
 * batch, issue 31).
 */
const yearStarts = new Map<number, number[]>();
let lastYear: { year: number; starts: number[] } | null = null;
function monthStartsOf(year: number): number[] {
  let starts = yearStarts.get(year);
  if (!starts) {
    const first = DateTime.fromObject({ year, month: 1 }, { zone: PAYROLL_TIME_ZONE });
    starts = Array.from({ length: 13 }, (_, i) => first.plus({ months: i }).toMillis());
    yearStarts.set(year, starts);
  }
  return starts;
}

/** The pay month holding `ms`: its year, its index (0-11) and that year's month starts. */
function payMonthAt(ms: number): { year: number; month: number; starts: number[] } {
  let at = lastYear;
  if (!at || ms < at.starts[0] || ms >= at.starts[12]) {
    // The zone's year differs from UTC's for a few hours around New Year.
    let year = new Date(ms).getUTCFullYear();
    if (ms < monthStartsOf(year)[0]) year -= 1;
    else if (ms >= monthStartsOf(year)[12]) year += 1;
    at = lastYear = { year, starts: monthStartsOf(year) };
  }
  let month = 11;
  while (at.starts[month] > ms) month -= 1;
  return { year: at.year, month, starts: at.starts };
}

/** 'YYYY-MM' of the month `t` falls in, in `zone` (PAYROLL_TIME_ZONE unless a test says otherwise). */
export function payMonthOf(t: Date, zone = PAYROLL_TIME_ZONE): string {
  if (zone !== PAYROLL_TIME_ZONE) return DateTime.fromJSDate(t, { zone }).toFormat('yyyy-MM');
  const { year, month } = payMonthAt(t.getTime());
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`;
}

/** The first instant of pay month 'YYYY-MM'. */
export const payMonthStart = (month: string): Date => DateTime.fromFormat(month, 'yyyy-MM', { zone: PAYROLL_TIME_ZONE }).toJSDate();

/** The start of the month after the one `t` falls in. */
function nextMonthStart(t: Date, zone: string): Date {
  if (zone !== PAYROLL_TIME_ZONE) return DateTime.fromJSDate(t, { zone }).startOf('month').plus({ months: 1 }).toJSDate();
  const { month, starts } = payMonthAt(t.getTime());
  return new Date(starts[month + 1]);
}
/** Cents for `minutes` at `rate` cents an hour, to the cent, half up. */
export const amountFor = (minutes: number, rate: number) => Math.round((minutes * rate) / 60);

/** One speaker's lines, from their paid conversations in any order. */
export function payrollLines(
  paid: readonly PaidConversation[],
  zone = PAYROLL_TIME_ZONE,
  idleGapMaxMinutes = IDLE_GAP_MAX_MINUTES,
): PayrollLine[] {
  const sorted = [...paid].sort(
    (a, b) =>
      a.start.getTime() - b.start.getTime() || (a.conversationId < b.conversationId ? -1 : a.conversationId > b.conversationId ? 1 : 0),
  );
  const lines: PayrollLine[] = [];
  sorted.forEach((c, i) => {
    lines.push({
      speakerId: c.speakerId,
      month: payMonthOf(c.start, zone),
      kind: 'conversation',
      time: c.start,
      minutes: c.minutes,
      rate: c.rate,
      amount: amountFor(c.minutes, c.rate),
      conversationId: c.conversationId,
    });
    const next = sorted[i + 1];
    if (!next) return;
    const gap = Math.round((next.start.getTime() - c.end.getTime()) / MINUTE);
    if (gap < 1 || gap > idleGapMaxMinutes) return;
    // Split at every month's end inside the gap.
    for (let from = c.end; from < next.start; ) {
      const monthEnd = nextMonthStart(from, zone);
      const to = new Date(Math.min(monthEnd.getTime(), next.start.getTime()));
      const minutes = Math.round((to.getTime() - from.getTime()) / MINUTE);
      if (minutes > 0) {
        lines.push({
          speakerId: c.speakerId,
          month: payMonthOf(from, zone),
          kind: 'idle',
          time: from,
          minutes,
          rate: c.rate,
          amount: amountFor(minutes, c.rate),
          conversationId: c.conversationId,
        });
      }
      from = to;
    }
  });
  return lines;
}

export interface PayrollSummary {
  speakerId: string;
  month: string;
  conversationPayMinutes: number;
  /** The rate of the month's last conversation (each line carries its own). */
  conversationPayRate: number;
  conversationPayAmount: number;
  idlePayMinutes: number;
  idlePayRate: number;
  idlePayAmount: number;
  totalPay: number;
}

/** A speaker's month from their lines of that month. */
export function summarize(speakerId: string, month: string, lines: readonly PayrollLine[]): PayrollSummary {
  const of = (kind: PayrollLine['kind']) => lines.filter((l) => l.kind === kind);
  const sum = (ls: readonly PayrollLine[], f: (l: PayrollLine) => number) => ls.reduce((s, l) => s + f(l), 0);
  const conversations = of('conversation');
  const idle = of('idle');
  return {
    speakerId,
    month,
    conversationPayMinutes: sum(conversations, (l) => l.minutes),
    conversationPayRate: conversations.at(-1)?.rate ?? 0,
    conversationPayAmount: sum(conversations, (l) => l.amount),
    idlePayMinutes: sum(idle, (l) => l.minutes),
    idlePayRate: idle.at(-1)?.rate ?? 0,
    idlePayAmount: sum(idle, (l) => l.amount),
    totalPay: sum(lines, (l) => l.amount),
  };
}
