/**
 * Payroll read model (issue 12): each conversation's pay facts, the speakers' rates, and from them
 * the itemized lines and month summaries of services/domain/speaking/payroll.ts. A batch folds its
 * events into the facts it touches, then rewrites only the lines those facts can change: the lines
 * of each touched conversation and of the paid conversation before it (whose idle time may now end
 * at it, or no longer), computed by the same rules from the facts around it; then the summaries of
 * the months those lines fall in. Nobody busy waits for it: background lane.
 *
 * Closed months (PayrollMonthClosed) keep the rows their event carries. Lines keep following the
 * rules; where a closed month's lines (with the corrections paid in it) no longer add up to what
 * it closed on and what was already paid for it elsewhere, the difference is an adjustment in the
 * next open month. Reopening a month makes its row live again. Month events split a batch, so the
 * order of a correction and a close is the log's whatever the batches.
 */
import type pg from 'pg';
import { IDLE_GAP_MAX_MINUTES } from '../../contracts/payroll';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { PAYROLL_MONTH_EVENT_TYPES } from '../../services/domain/speaking/payrollClosing';
import {
  PAYROLL_EVENT_TYPES,
  evolvePayrollFacts,
  initialPayrollFacts,
  paidConversation,
  type PayFacts,
  type PayrollFactsEvent,
} from '../../services/domain/speaking/payroll';
import { linesOf, ownersOf, paidBySpeaker, replaceLines, toFacts, upsertFacts, upsertRates } from './lines';
import { applyMonthEvent, settleMonths } from './months';
import { payrollReplay } from './replay';

export * from './queries';

/**
 * The payroll projector under today's rules. A rule change is a new version (see
 * tests/integration/payroll-rule-change.test.ts): the read model is rebuilt by replay on the next
 * start, and closed months keep what they closed on.
 */
export const createPayrollProjector = (
  rules: { version: number; idleGapMaxMinutes: number } = { version: 4, idleGapMaxMinutes: IDLE_GAP_MAX_MINUTES },
): Projector => ({
  name: 'payroll',
  version: rules.version,
  lane: 'background',
  handles: [...PAYROLL_EVENT_TYPES, ...PAYROLL_MONTH_EVENT_TYPES],
  schema: `
    CREATE TABLE rates (speaker_id text PRIMARY KEY, pay_rate int NOT NULL);
    CREATE TABLE facts (
      conversation_id text PRIMARY KEY, kind text NOT NULL, speaker_id text NOT NULL, start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL, minutes int NOT NULL, canceled boolean NOT NULL, opened_rate int, started_rate int, stopped_as text,
      speaker_issue boolean NOT NULL);
    CREATE INDEX facts_speaker_start ON facts (speaker_id, start_at);
    CREATE TABLE lines (
      speaker_id text NOT NULL, month text NOT NULL, kind text NOT NULL, time timestamptz NOT NULL, minutes int NOT NULL,
      rate int NOT NULL, amount bigint NOT NULL, conversation_id text NOT NULL, PRIMARY KEY (conversation_id, kind, time));
    CREATE INDEX lines_speaker_month ON lines (speaker_id, month, time);
    CREATE TABLE months (
      speaker_id text NOT NULL, month text NOT NULL, conversation_minutes bigint NOT NULL, conversation_rate int NOT NULL,
      conversation_amount bigint NOT NULL, idle_minutes bigint NOT NULL, idle_rate int NOT NULL, idle_amount bigint NOT NULL,
      adjustment_amount bigint NOT NULL, total bigint NOT NULL, closed boolean NOT NULL, PRIMARY KEY (speaker_id, month));
    CREATE INDEX months_month ON months (month, speaker_id);
    CREATE TABLE closed_months (month text PRIMARY KEY, closed_at timestamptz NOT NULL, closed_by text, total bigint NOT NULL);
    -- What each speaker's closed month closed on (the event's rows).
    CREATE TABLE closed_totals (speaker_id text NOT NULL, month text NOT NULL, total bigint NOT NULL, PRIMARY KEY (speaker_id, month));
    CREATE TABLE adjustments (
      speaker_id text NOT NULL, from_month text NOT NULL, to_month text NOT NULL, amount bigint NOT NULL,
      PRIMARY KEY (speaker_id, from_month, to_month));
    CREATE INDEX adjustments_to ON adjustments (to_month, speaker_id);
    CREATE TABLE month_history (
      month text NOT NULL, kind text NOT NULL, at timestamptz NOT NULL, by_id text, reason text, total bigint NOT NULL, position bigint NOT NULL);
    CREATE INDEX month_history_month ON month_history (month, position);`,
  replay: () => payrollReplay(rules.idleGapMaxMinutes),
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    let segment: StoredEvent[] = [];
    for (const e of events) {
      if (!(PAYROLL_MONTH_EVENT_TYPES as readonly string[]).includes(e.type)) {
        segment.push(e);
        continue;
      }
      if (segment.length) await applyPayEvents(db, segment, rules.idleGapMaxMinutes);
      segment = [];
      await applyMonthEvent(db, e);
    }
    if (segment.length) await applyPayEvents(db, segment, rules.idleGapMaxMinutes);
  },
});

export const payrollProjector = createPayrollProjector();

/** Conversation and rate events: the facts they touch, then the lines and months those can change. */
async function applyPayEvents(db: pg.PoolClient, events: StoredEvent[], idleGapMaxMinutes: number): Promise<void> {
  const conversationIds = [
    ...new Set(events.filter((e) => e.type !== 'SpeakingSettingsChanged').map((e) => e.data.conversationId as string)),
  ];
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
  for (const e of events) evolvePayrollFacts(facts, e as unknown as PayrollFactsEvent);
  const touched = conversationIds.map((id) => facts.conversations.get(id)).filter((c): c is PayFacts => !!c);
  windows.push(...touched);

  await upsertRates(db, facts.rates);
  await upsertFacts(db, touched);
  await settleMonths(db, await rewriteLines(db, windows, idleGapMaxMinutes));
}

/** Around a touched conversation, the facts that can change its lines or its predecessor's. */
const REACH_MS = 2 * 3600_000;

/** The lines `windows` (changed conversations, before and after) can touch, from the facts around them. */
async function rewriteLines(db: pg.PoolClient, windows: PayFacts[], idleGapMaxMinutes: number) {
  if (!windows.length) return [];
  // One range per speaker and time (a conversation's window before and after the batch is mostly
  // the same); LATERAL makes each an index range scan rather than a join over the speaker's year.
  const ranges = new Map<string, [string, Date, Date]>();
  for (const w of windows)
    ranges.set(`${w.speakerId} ${w.start.getTime()} ${w.end.getTime()}`, [
      w.speakerId,
      new Date(w.start.getTime() - REACH_MS),
      new Date(w.end.getTime() + REACH_MS),
    ]);
  const r = [...ranges.values()];
  const { rows } = await db.query(
    `SELECT DISTINCT f.* FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS w(speaker_id, from_at, to_at)
     CROSS JOIN LATERAL (SELECT * FROM facts WHERE speaker_id = w.speaker_id AND start_at >= w.from_at AND start_at < w.to_at) AS f`,
    [r.map((x) => x[0]), r.map((x) => x[1]), r.map((x) => x[2])],
  );
  const paid = paidBySpeaker(rows.map((row) => paidConversation(toFacts(row))).filter((c) => c !== null));
  const owners = ownersOf(windows, paid);
  return replaceLines(db, owners, linesOf(paid, owners, idleGapMaxMinutes));
}
