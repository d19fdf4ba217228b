/**
 * Payroll read model (issue 12): each conversation's pay facts, the speakers' rates, and from them
 * the itemized lines and month summaries of services/domain/speaking/payroll.ts. A batch folds its
 * events into the facts it touches, then recomputes the lines of every speaker-month those facts
 * can change (the month of each touched conversation and its neighbours, since idle time is
 * attached across a month's end). Nobody busy waits for it: background lane.
 */
import type pg from 'pg';
import { DateTime } from 'luxon';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import {
  PAYROLL_EVENT_TYPES,
  evolvePayrollFacts,
  initialPayrollFacts,
  paidConversation,
  payMonthOf,
  payrollLines,
  summarize,
  type PaidConversation,
  type PayFacts,
  type PayrollLine,
  type PayrollSummary,
} from '../../services/domain/speaking/payroll';

const monthStart = (month: string) => DateTime.fromFormat(month, 'yyyy-MM', { zone: PAYROLL_TIME_ZONE });
const neighbours = (month: string) => [-1, 0, 1].map((d) => monthStart(month).plus({ months: d }).toFormat('yyyy-MM'));

const toFacts = (r: any): PayFacts => ({
  conversationId: r.conversation_id, kind: r.kind, speakerId: r.speaker_id, start: r.start_at, end: r.end_at, minutes: r.minutes,
  canceled: r.canceled, openedAtRate: r.opened_rate, startedAtRate: r.started_rate, stoppedAs: r.stopped_as,
});

export const payrollProjector: Projector = {
  name: 'payroll',
  version: 1,
  lane: 'background',
  handles: PAYROLL_EVENT_TYPES,
  schema: `
    CREATE TABLE rates (speaker_id text PRIMARY KEY, pay_rate int NOT NULL);
    CREATE TABLE facts (
      conversation_id text PRIMARY KEY, kind text NOT NULL, speaker_id text NOT NULL, start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL, minutes int NOT NULL, canceled boolean NOT NULL, opened_rate int, started_rate int, stopped_as text);
    CREATE INDEX facts_speaker_start ON facts (speaker_id, start_at);
    CREATE TABLE lines (
      speaker_id text NOT NULL, month text NOT NULL, kind text NOT NULL, time timestamptz NOT NULL, minutes int NOT NULL,
      rate int NOT NULL, amount bigint NOT NULL, conversation_id text NOT NULL, PRIMARY KEY (speaker_id, month, time, kind));
    CREATE TABLE months (
      speaker_id text NOT NULL, month text NOT NULL, conversation_minutes bigint NOT NULL, conversation_rate int NOT NULL,
      conversation_amount bigint NOT NULL, idle_minutes bigint NOT NULL, idle_rate int NOT NULL, idle_amount bigint NOT NULL,
      total bigint NOT NULL, PRIMARY KEY (speaker_id, month));
    CREATE INDEX months_month ON months (month, speaker_id);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const conversationIds = [...new Set(events.filter((e) => e.type !== 'SpeakingSettingsChanged').map((e) => e.data.conversationId as string))];
    const facts = initialPayrollFacts();
    const { rows: known } = await db.query('SELECT * FROM facts WHERE conversation_id = ANY($1::text[])', [conversationIds]);
    for (const r of known) facts.conversations.set(r.conversation_id, toFacts(r));
    const speakers = new Set<string>(known.map((r) => r.speaker_id));
    for (const e of events) {
      if (e.type === 'SpeakingSettingsChanged') speakers.add(e.data.speakerId);
      if (e.type === 'ConversationReserved') speakers.add(e.data.reservedWith);
      if (e.type === 'ConversationTransferred') speakers.add(e.data.toSpeakerId);
    }
    const { rows: rates } = await db.query('SELECT speaker_id, pay_rate FROM rates WHERE speaker_id = ANY($1::text[])', [[...speakers]]);
    for (const r of rates) facts.rates.set(r.speaker_id, r.pay_rate);

    // Where each touched conversation was paid before the batch, and where after: both need new lines.
    const affected = new Map<string, Set<string>>();
    const touch = (c: PayFacts) => {
      const months = affected.get(c.speakerId) ?? new Set<string>();
      for (const m of neighbours(payMonthOf(c.start))) months.add(m);
      affected.set(c.speakerId, months);
    };
    for (const c of facts.conversations.values()) touch({ ...c });
    for (const e of events) evolvePayrollFacts(facts, e as any);
    const touched = conversationIds.map((id) => facts.conversations.get(id)).filter((c): c is PayFacts => !!c);
    for (const c of touched) touch(c);

    if (facts.rates.size) {
      const r = [...facts.rates];
      await db.query(
        `INSERT INTO rates (speaker_id, pay_rate) SELECT * FROM unnest($1::text[], $2::int[])
         ON CONFLICT (speaker_id) DO UPDATE SET pay_rate = excluded.pay_rate`,
        [r.map(([id]) => id), r.map(([, rate]) => rate)],
      );
    }
    if (touched.length) {
      const col = <T>(f: (c: PayFacts) => T) => touched.map(f);
      await db.query(
        `INSERT INTO facts SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int[],
           $7::boolean[], $8::int[], $9::int[], $10::text[])
         ON CONFLICT (conversation_id) DO UPDATE SET speaker_id = excluded.speaker_id, canceled = excluded.canceled,
           opened_rate = excluded.opened_rate, started_rate = excluded.started_rate, stopped_as = excluded.stopped_as`,
        [col((c) => c.conversationId), col((c) => c.kind), col((c) => c.speakerId), col((c) => c.start), col((c) => c.end), col((c) => c.minutes),
          col((c) => c.canceled), col((c) => c.openedAtRate), col((c) => c.startedAtRate), col((c) => c.stoppedAs)],
      );
    }
    for (const [speakerId, months] of affected) await recomputeMonths(db, speakerId, [...months].sort());
  },
};

/** Replaces a speaker's lines and summaries of `months` (sorted) with what the rules make of the facts. */
async function recomputeMonths(db: pg.PoolClient, speakerId: string, months: string[]) {
  // A day either side: idle time reaches at most 15 minutes across a month's end.
  const from = monthStart(months[0]).minus({ days: 1 }).toJSDate();
  const to = monthStart(months.at(-1)!).plus({ months: 1, days: 1 }).toJSDate();
  const { rows } = await db.query('SELECT * FROM facts WHERE speaker_id = $1 AND start_at >= $2 AND start_at < $3', [speakerId, from, to]);
  const paid = rows.map(toFacts).map(paidConversation).filter((c): c is PaidConversation => !!c);
  const lines = payrollLines(paid).filter((l) => months.includes(l.month));
  await db.query('DELETE FROM lines WHERE speaker_id = $1 AND month = ANY($2::text[])', [speakerId, months]);
  await db.query('DELETE FROM months WHERE speaker_id = $1 AND month = ANY($2::text[])', [speakerId, months]);
  if (!lines.length) return;
  const col = <T>(f: (l: PayrollLine) => T) => lines.map(f);
  await db.query(
    `INSERT INTO lines SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::bigint[], $8::text[])`,
    [col((l) => l.speakerId), col((l) => l.month), col((l) => l.kind), col((l) => l.time), col((l) => l.minutes), col((l) => l.rate), col((l) => l.amount), col((l) => l.conversationId)],
  );
  const summaries = months.map((m) => summarize(speakerId, m, lines.filter((l) => l.month === m))).filter((s) => lines.some((l) => l.month === s.month));
  const s = <T>(f: (x: PayrollSummary) => T) => summaries.map(f);
  await db.query(
    `INSERT INTO months SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::bigint[], $6::bigint[], $7::int[], $8::bigint[], $9::bigint[])`,
    [s((x) => x.speakerId), s((x) => x.month), s((x) => x.conversationPayMinutes), s((x) => x.conversationPayRate), s((x) => x.conversationPayAmount),
      s((x) => x.idlePayMinutes), s((x) => x.idlePayRate), s((x) => x.idlePayAmount), s((x) => x.totalPay)],
  );
}

const toSummary = (r: any): PayrollSummary => ({
  speakerId: r.speaker_id, month: r.month, conversationPayMinutes: Number(r.conversation_minutes), conversationPayRate: r.conversation_rate,
  conversationPayAmount: Number(r.conversation_amount), idlePayMinutes: Number(r.idle_minutes), idlePayRate: r.idle_rate,
  idlePayAmount: Number(r.idle_amount), totalPay: Number(r.total),
});

/** The month's summaries: one speaker's, or every speaker's (by speaker id). */
export async function payrollMonth(pool: pg.Pool, month: string, speakerId: string | null): Promise<PayrollSummary[]> {
  const { rows } = speakerId
    ? await pool.query('SELECT * FROM rm_payroll.months WHERE month = $1 AND speaker_id = $2', [month, speakerId])
    : await pool.query('SELECT * FROM rm_payroll.months WHERE month = $1 ORDER BY speaker_id', [month]);
  return rows.map(toSummary);
}

/** A speaker's itemized lines of the month, in time order. */
export async function itemizedPayroll(pool: pg.Pool, speakerId: string, month: string): Promise<PayrollLine[]> {
  const { rows } = await pool.query('SELECT * FROM rm_payroll.lines WHERE speaker_id = $1 AND month = $2 ORDER BY time, kind', [speakerId, month]);
  return rows.map((r) => ({
    speakerId: r.speaker_id, month: r.month, kind: r.kind, time: r.time, minutes: r.minutes, rate: r.rate, amount: Number(r.amount), conversationId: r.conversation_id,
  }));
}
