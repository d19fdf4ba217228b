/**
 * Payroll read model (issue 12): each conversation's pay facts, the speakers' rates, and from them
 * the itemized lines and month summaries of services/domain/speaking/payroll.ts. A batch folds its
 * events into the facts it touches, then rewrites only the lines those facts can change: the lines
 * of each touched conversation and of the paid conversation before it (whose idle time may now end
 * at it, or no longer), computed by the same rules from the facts around it; then the summaries of
 * the months those lines fall in. Nobody busy waits for it: background lane.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import {
  PAYROLL_EVENT_TYPES,
  evolvePayrollFacts,
  initialPayrollFacts,
  paidConversation,
  payrollLines,
  type PaidConversation,
  type PayFacts,
  type PayrollLine,
  type PayrollSummary,
} from '../../services/domain/speaking/payroll';


const toFacts = (r: any): PayFacts => ({
  conversationId: r.conversation_id, kind: r.kind, speakerId: r.speaker_id, start: r.start_at, end: r.end_at, minutes: r.minutes,
  canceled: r.canceled, openedAtRate: r.opened_rate, startedAtRate: r.started_rate, stoppedAs: r.stopped_as,
});

export const payrollProjector: Projector = {
  name: 'payroll',
  version: 2,
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
      rate int NOT NULL, amount bigint NOT NULL, conversation_id text NOT NULL, PRIMARY KEY (conversation_id, kind, time));
    CREATE INDEX lines_speaker_month ON lines (speaker_id, month, time);
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

    // Each touched conversation as it was before the batch and as it is after: both places need new lines.
    const windows: PayFacts[] = [...facts.conversations.values()].map((c) => ({ ...c }));
    for (const e of events) evolvePayrollFacts(facts, e as any);
    const touched = conversationIds.map((id) => facts.conversations.get(id)).filter((c): c is PayFacts => !!c);
    windows.push(...touched);

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
    await rewriteLines(db, windows);
  },
};

/** Around a touched conversation, the facts that can change its lines or its predecessor's. */
const REACH_MS = 2 * 3600_000;

async function rewriteLines(db: pg.PoolClient, windows: PayFacts[]) {
  if (!windows.length) return;
  const { rows } = await db.query(
    `SELECT DISTINCT f.* FROM facts f JOIN unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS w(speaker_id, from_at, to_at)
       ON f.speaker_id = w.speaker_id AND f.start_at >= w.from_at AND f.start_at < w.to_at`,
    [windows.map((w) => w.speakerId), windows.map((w) => new Date(w.start.getTime() - REACH_MS)), windows.map((w) => new Date(w.end.getTime() + REACH_MS))],
  );
  const paidBySpeaker = new Map<string, PaidConversation[]>();
  for (const r of rows) {
    const paid = paidConversation(toFacts(r));
    if (paid) paidBySpeaker.set(paid.speakerId, [...(paidBySpeaker.get(paid.speakerId) ?? []), paid]);
  }
  // Whose lines to rewrite: each touched conversation, and the paid one before it.
  const owners = new Set<string>();
  for (const w of windows) {
    owners.add(w.conversationId);
    const before = (paidBySpeaker.get(w.speakerId) ?? []).filter((c) => c.start < w.start && c.conversationId !== w.conversationId);
    const previous = before.reduce<PaidConversation | null>((latest, c) => (!latest || c.start > latest.start ? c : latest), null);
    if (previous) owners.add(previous.conversationId);
  }
  const lines = [...paidBySpeaker.values()].flatMap((paid) => payrollLines(paid)).filter((l) => owners.has(l.conversationId));
  const { rows: removed } = await db.query('DELETE FROM lines WHERE conversation_id = ANY($1::text[]) RETURNING speaker_id, month', [[...owners]]);
  if (lines.length) {
    const col = <T>(f: (l: PayrollLine) => T) => lines.map(f);
    await db.query(
      `INSERT INTO lines SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::bigint[], $8::text[])`,
      [col((l) => l.speakerId), col((l) => l.month), col((l) => l.kind), col((l) => l.time), col((l) => l.minutes), col((l) => l.rate), col((l) => l.amount), col((l) => l.conversationId)],
    );
  }
  const pairs = new Map<string, [string, string]>();
  for (const r of [...removed, ...lines.map((l) => ({ speaker_id: l.speakerId, month: l.month }))]) pairs.set(`${r.speaker_id} ${r.month}`, [r.speaker_id, r.month]);
  if (!pairs.size) return;
  const [speakers, months] = [[...pairs.values()].map(([s]) => s), [...pairs.values()].map(([, m]) => m)];
  await db.query(
    `DELETE FROM months t USING unnest($1::text[], $2::text[]) AS p(speaker_id, month) WHERE t.speaker_id = p.speaker_id AND t.month = p.month`,
    [speakers, months],
  );
  // The month's totals as summarize() in the domain defines them: sums of the lines, and the rate of
  // the month's last line of each kind.
  await db.query(
    `INSERT INTO months
     SELECT l.speaker_id, l.month,
       coalesce(sum(l.minutes) FILTER (WHERE l.kind = 'conversation'), 0),
       coalesce((array_agg(l.rate ORDER BY l.time DESC, l.conversation_id COLLATE "C" DESC) FILTER (WHERE l.kind = 'conversation'))[1], 0),
       coalesce(sum(l.amount) FILTER (WHERE l.kind = 'conversation'), 0),
       coalesce(sum(l.minutes) FILTER (WHERE l.kind = 'idle'), 0),
       coalesce((array_agg(l.rate ORDER BY l.time DESC, l.conversation_id COLLATE "C" DESC) FILTER (WHERE l.kind = 'idle'))[1], 0),
       coalesce(sum(l.amount) FILTER (WHERE l.kind = 'idle'), 0),
       sum(l.amount)
     FROM lines l JOIN unnest($1::text[], $2::text[]) AS p(speaker_id, month) ON l.speaker_id = p.speaker_id AND l.month = p.month
     GROUP BY l.speaker_id, l.month`,
    [speakers, months],
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
  const { rows } = await pool.query('SELECT * FROM rm_payroll.lines WHERE speaker_id = $1 AND month = $2 ORDER BY time, kind, conversation_id COLLATE "C"', [speakerId, month]);
  return rows.map((r) => ({
    speakerId: r.speaker_id, month: r.month, kind: r.kind, time: r.time, minutes: r.minutes, rate: r.rate, amount: Number(r.amount), conversationId: r.conversation_id,
  }));
}
