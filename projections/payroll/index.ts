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
import type { StoredEvent } from '../../services/eventstore/port';
import { IDLE_GAP_MAX_MINUTES, PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import type { ConnectionField, ConnectionSource } from '../../services/api/connections';
import type { Projector } from '../../services/feed/projector';
import { PAYROLL_MONTH_EVENT_TYPES, type PayrollMonthEvent } from '../../services/domain/speaking/payrollClosing';
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

/**
 * The payroll projector under today's rules. A rule change is a new version (see
 * tests/integration/payroll-rule-change.test.ts): the read model is rebuilt by replay on the next
 * start, and closed months keep what they closed on.
 */
export const createPayrollProjector = (rules: { version: number; idleGapMaxMinutes: number } = { version: 3, idleGapMaxMinutes: IDLE_GAP_MAX_MINUTES }): Projector => ({
  name: 'payroll',
  version: rules.version,
  lane: 'background',
  handles: [...PAYROLL_EVENT_TYPES, ...PAYROLL_MONTH_EVENT_TYPES],
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
    await settleMonths(db, await rewriteLines(db, windows, idleGapMaxMinutes));
}

/** Around a touched conversation, the facts that can change its lines or its predecessor's. */
const REACH_MS = 2 * 3600_000;

async function rewriteLines(db: pg.PoolClient, windows: PayFacts[], idleGapMaxMinutes: number) {
  if (!windows.length) return [];
  // One range per speaker and time (a conversation's window before and after the batch is mostly
  // the same); LATERAL makes each an index range scan rather than a join over the speaker's year.
  const ranges = new Map<string, [string, Date, Date]>();
  for (const w of windows) ranges.set(`${w.speakerId} ${w.start.getTime()} ${w.end.getTime()}`, [w.speakerId, new Date(w.start.getTime() - REACH_MS), new Date(w.end.getTime() + REACH_MS)]);
  const r = [...ranges.values()];
  const { rows } = await db.query(
    `SELECT DISTINCT f.* FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS w(speaker_id, from_at, to_at)
     CROSS JOIN LATERAL (SELECT * FROM facts WHERE speaker_id = w.speaker_id AND start_at >= w.from_at AND start_at < w.to_at) AS f`,
    [r.map((x) => x[0]), r.map((x) => x[1]), r.map((x) => x[2])],
  );
  const paidBySpeaker = new Map<string, PaidConversation[]>();
  for (const r of rows) {
    const paid = paidConversation(toFacts(r));
    if (!paid) continue;
    const list = paidBySpeaker.get(paid.speakerId);
    if (list) list.push(paid);
    else paidBySpeaker.set(paid.speakerId, [paid]);
  }
  // Whose lines to rewrite: each touched conversation, and the paid one before it.
  const owners = new Set<string>();
  for (const w of windows) {
    owners.add(w.conversationId);
    const before = (paidBySpeaker.get(w.speakerId) ?? []).filter((c) => c.start < w.start && c.conversationId !== w.conversationId);
    const previous = before.reduce<PaidConversation | null>((latest, c) => (!latest || c.start > latest.start ? c : latest), null);
    if (previous) owners.add(previous.conversationId);
  }
  const lines = [...paidBySpeaker.values()].flatMap((paid) => payrollLines(paid, PAYROLL_TIME_ZONE, idleGapMaxMinutes)).filter((l) => owners.has(l.conversationId));
  const { rows: removed } = await db.query('DELETE FROM lines WHERE conversation_id = ANY($1::text[]) RETURNING speaker_id, month', [[...owners]]);
  if (lines.length) {
    const col = <T>(f: (l: PayrollLine) => T) => lines.map(f);
    await db.query(
      `INSERT INTO lines SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::bigint[], $8::text[])`,
      [col((l) => l.speakerId), col((l) => l.month), col((l) => l.kind), col((l) => l.time), col((l) => l.minutes), col((l) => l.rate), col((l) => l.amount), col((l) => l.conversationId)],
    );
  }
  // The speaker-months whose lines changed.
  const pairs = new Map<string, Pair>();
  for (const r of [...removed, ...lines.map((l) => ({ speaker_id: l.speakerId, month: l.month }))]) pairs.set(`${r.speaker_id} ${r.month}`, [r.speaker_id, r.month]);
  return [...pairs.values()];
}

type Pair = [speakerId: string, month: string];
const pairKey = ([s, m]: Pair) => `${s} ${m}`;

/** 'YYYY-MM' of the month after `month`. */
function monthAfter(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

async function closedMonths(db: pg.PoolClient): Promise<Set<string>> {
  const { rows } = await db.query('SELECT month FROM closed_months');
  return new Set(rows.map((r) => r.month));
}

/**
 * After lines changed for `pairs`: a closed month's difference goes to the next open month as an
 * adjustment (replacing the one it had there); every open month touched gets its row again.
 */
async function settleMonths(db: pg.PoolClient, pairs: Pair[]) {
  if (!pairs.length) return;
  const closed = await closedMonths(db);
  const open = new Map<string, Pair>();
  const closedPairs: Pair[] = [];
  for (const p of pairs) (closed.has(p[1]) ? closedPairs.push(p) : open.set(pairKey(p), p));
  for (const p of await adjustClosed(db, closedPairs, closed)) open.set(pairKey(p), p);
  await rewriteOpenMonths(db, [...open.values()]);
}

/**
 * For closed speaker-months: what the month owes now (its lines and the corrections paid in it)
 * less what it closed on and what was already paid for it in other closed months, as the one
 * adjustment into the next open month. Returns the speaker-months whose adjustments changed.
 */
async function adjustClosed(db: pg.PoolClient, pairs: Pair[], closed: Set<string>): Promise<Pair[]> {
  if (!pairs.length) return [];
  const speakers = pairs.map(([s]) => s);
  const months = pairs.map(([, m]) => m);
  const { rows } = await db.query(
    `SELECT p.speaker_id, p.month,
       coalesce((SELECT sum(amount) FROM lines l WHERE l.speaker_id = p.speaker_id AND l.month = p.month), 0)
       + coalesce((SELECT sum(amount) FROM adjustments a WHERE a.speaker_id = p.speaker_id AND a.to_month = p.month), 0)
       - coalesce((SELECT total FROM closed_totals c WHERE c.speaker_id = p.speaker_id AND c.month = p.month), 0)
       - coalesce((SELECT sum(amount) FROM adjustments a WHERE a.speaker_id = p.speaker_id AND a.from_month = p.month
                     AND a.to_month IN (SELECT month FROM closed_months)), 0) AS owed
     FROM unnest($1::text[], $2::text[]) AS p(speaker_id, month)`,
    [speakers, months],
  );
  const { rows: replaced } = await db.query(
    `DELETE FROM adjustments a USING unnest($1::text[], $2::text[]) AS p(speaker_id, month)
     WHERE a.speaker_id = p.speaker_id AND a.from_month = p.month AND a.to_month NOT IN (SELECT month FROM closed_months)
     RETURNING a.speaker_id, a.to_month`,
    [speakers, months],
  );
  const changed: Pair[] = replaced.map((r) => [r.speaker_id, r.to_month]);
  const added = rows.filter((r) => Number(r.owed) !== 0).map((r) => {
    let to = monthAfter(r.month);
    while (closed.has(to)) to = monthAfter(to);
    changed.push([r.speaker_id, to]);
    return [r.speaker_id, r.month, to, r.owed] as const;
  });
  if (added.length) {
    await db.query(
      'INSERT INTO adjustments SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])',
      [added.map((a) => a[0]), added.map((a) => a[1]), added.map((a) => a[2]), added.map((a) => a[3])],
    );
  }
  return changed;
}

/**
 * Open speaker-months from their lines as summarize() in the domain defines them (sums, and the
 * rate of the month's last line of each kind), plus the corrections paid in them, less (for a
 * reopened month) what was already paid for it in closed months. A month with neither has no row.
 */
async function rewriteOpenMonths(db: pg.PoolClient, pairs: Pair[]) {
  if (!pairs.length) return;
  const speakers = pairs.map(([s]) => s);
  const months = pairs.map(([, m]) => m);
  await db.query(
    `DELETE FROM months t USING unnest($1::text[], $2::text[]) AS p(speaker_id, month) WHERE t.speaker_id = p.speaker_id AND t.month = p.month`,
    [speakers, months],
  );
  await db.query(
    `INSERT INTO months
     SELECT p.speaker_id, p.month, l.cm, l.cr, l.ca, l.im, l.ir, l.ia, a.amount, l.total + a.amount, false
     FROM unnest($1::text[], $2::text[]) AS p(speaker_id, month)
     CROSS JOIN LATERAL (
       SELECT count(*) AS n,
         coalesce(sum(minutes) FILTER (WHERE kind = 'conversation'), 0) AS cm,
         coalesce((array_agg(rate ORDER BY time DESC, conversation_id COLLATE "C" DESC) FILTER (WHERE kind = 'conversation'))[1], 0) AS cr,
         coalesce(sum(amount) FILTER (WHERE kind = 'conversation'), 0) AS ca,
         coalesce(sum(minutes) FILTER (WHERE kind = 'idle'), 0) AS im,
         coalesce((array_agg(rate ORDER BY time DESC, conversation_id COLLATE "C" DESC) FILTER (WHERE kind = 'idle'))[1], 0) AS ir,
         coalesce(sum(amount) FILTER (WHERE kind = 'idle'), 0) AS ia,
         coalesce(sum(amount), 0) AS total
       FROM lines WHERE speaker_id = p.speaker_id AND month = p.month) AS l
     CROSS JOIN LATERAL (
       SELECT coalesce((SELECT sum(amount) FROM adjustments WHERE speaker_id = p.speaker_id AND to_month = p.month), 0)
         - coalesce((SELECT sum(amount) FROM adjustments WHERE speaker_id = p.speaker_id AND from_month = p.month
                       AND to_month IN (SELECT month FROM closed_months)), 0) AS amount) AS a
     WHERE l.n > 0 OR a.amount <> 0`,
    [speakers, months],
  );
}

/** The speaker-months with anything in `month`: lines, adjustments either way, or a closed row. */
async function pairsOf(db: pg.PoolClient, months: string[]): Promise<Pair[]> {
  const { rows } = await db.query(
    `SELECT speaker_id, month FROM lines WHERE month = ANY($1::text[])
     UNION SELECT speaker_id, to_month FROM adjustments WHERE to_month = ANY($1::text[])
     UNION SELECT speaker_id, from_month FROM adjustments WHERE from_month = ANY($1::text[])
     UNION SELECT speaker_id, month FROM closed_totals WHERE month = ANY($1::text[])`,
    [months],
  );
  return rows.map((r) => [r.speaker_id, r.month]);
}

async function applyMonthEvent(db: pg.PoolClient, stored: StoredEvent) {
  const e = stored as unknown as PayrollMonthEvent;
  const at = stored.metadata.occurredAt;
  const month = e.data.month;
  if (e.type === 'PayrollMonthClosed') {
    const rows = e.data.rows;
    await db.query('DELETE FROM months WHERE month = $1', [month]);
    await db.query('DELETE FROM closed_totals WHERE month = $1', [month]);
    if (rows.length) {
      const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
      await db.query(
        `INSERT INTO months SELECT s, $1, cm, cr, ca, im, ir, ia, adj, total, true
         FROM unnest($2::text[], $3::bigint[], $4::int[], $5::bigint[], $6::bigint[], $7::int[], $8::bigint[], $9::bigint[], $10::bigint[])
           AS r(s, cm, cr, ca, im, ir, ia, adj, total)`,
        [month, col((r) => r.speakerId), col((r) => r.conversationPayMinutes), col((r) => r.conversationPayRate), col((r) => r.conversationPayAmount),
          col((r) => r.idlePayMinutes), col((r) => r.idlePayRate), col((r) => r.idlePayAmount), col((r) => r.adjustmentAmount), col((r) => r.totalPay)],
      );
      await db.query('INSERT INTO closed_totals SELECT s, $1, t FROM unnest($2::text[], $3::bigint[]) AS r(s, t)', [month, col((r) => r.speakerId), col((r) => r.totalPay)]);
    }
    await db.query(
      'INSERT INTO closed_months VALUES ($1, $2, $3, $4) ON CONFLICT (month) DO UPDATE SET closed_at = excluded.closed_at, closed_by = excluded.closed_by, total = excluded.total',
      [month, at, e.data.closedBy, e.data.totalPay],
    );
    await db.query('INSERT INTO month_history VALUES ($1, $2, $3, $4, NULL, $5, $6)', [month, 'closed', at, e.data.closedBy, e.data.totalPay, stored.position]);
    // Anything the rows no longer match (a rule replayed since) is an adjustment from here on.
    const closed = await closedMonths(db);
    await rewriteOpenMonths(db, await adjustClosed(db, await pairsOf(db, [month]), closed));
    return;
  }
  if (e.type === 'PayrollMonthReopened') {
    const { rows } = await db.query('DELETE FROM closed_months WHERE month = $1 RETURNING total', [month]);
    await db.query('DELETE FROM closed_totals WHERE month = $1', [month]);
    await db.query('INSERT INTO month_history VALUES ($1, $2, $3, $4, $5, $6, $7)', [month, 'reopened', at, e.data.reopenedBy, e.data.reason, rows[0]?.total ?? 0, stored.position]);
    // The month is live again: its own corrections go, and the closed months before it may now pay theirs in it.
    const { rows: dropped } = await db.query(
      'DELETE FROM adjustments WHERE from_month = $1 AND to_month NOT IN (SELECT month FROM closed_months) RETURNING speaker_id, to_month',
      [month],
    );
    const closed = await closedMonths(db);
    const earlier = [...closed].filter((m) => m < month);
    const changed = await adjustClosed(db, await pairsOf(db, earlier), closed);
    await rewriteOpenMonths(db, [...changed, ...dropped.map((r): Pair => [r.speaker_id, r.to_month]), ...(await pairsOf(db, [month]))]);
  }
}

/** A speaker's month as the API shows it: the summary, the corrections paid in it, closed or not. */
export interface PayrollMonthRow extends PayrollSummary {
  adjustmentAmount: number;
  closed: boolean;
}

const toRow = (r: any): PayrollMonthRow => ({
  speakerId: r.speaker_id, month: r.month, conversationPayMinutes: Number(r.conversation_minutes), conversationPayRate: r.conversation_rate,
  conversationPayAmount: Number(r.conversation_amount), idlePayMinutes: Number(r.idle_minutes), idlePayRate: r.idle_rate,
  idlePayAmount: Number(r.idle_amount), adjustmentAmount: Number(r.adjustment_amount), totalPay: Number(r.total), closed: r.closed,
});

/** The rows of months `from`..`to` ('YYYY-MM', inclusive): one speaker's, or every speaker's; by month, then speaker. */
export async function payrollMonths(pool: pg.Pool, from: string, to: string, speakerId: string | null): Promise<PayrollMonthRow[]> {
  const { rows } = speakerId
    ? await pool.query('SELECT * FROM rm_payroll.months WHERE speaker_id = $3 AND month BETWEEN $1 AND $2 ORDER BY month', [from, to, speakerId])
    : await pool.query('SELECT * FROM rm_payroll.months WHERE month BETWEEN $1 AND $2 ORDER BY month, speaker_id', [from, to]);
  return rows.map(toRow);
}

/** One month's rows for the admin grid, with the speakers' names to sort and filter on. */
export function payrollRowsSource(month: string): ConnectionSource<PayrollMonthRow & { speaker: { id: string; givenName: string | null; surname: string | null } }> {
  const amount = (column: string): ConnectionField => ({ column, type: 'bigint' });
  return {
    from: `(SELECT m.*, p.given_name, p.surname FROM rm_payroll.months m LEFT JOIN rm_directory.people p ON p.id = m.speaker_id) AS payroll_rows`,
    key: 'speaker_id',
    fields: {
      speaker_givenName: { column: 'given_name', type: 'text', nullable: true },
      speaker_surname: { column: 'surname', type: 'text', nullable: true },
      conversationPayMinutes: amount('conversation_minutes'),
      conversationPayAmount: amount('conversation_amount'),
      idlePayMinutes: amount('idle_minutes'),
      idlePayAmount: amount('idle_amount'),
      adjustmentAmount: amount('adjustment_amount'),
      totalPay: amount('total'),
    },
    defaultSort: [{ field: 'speaker_surname', direction: 'ASC' }],
    scope: (param) => `month = ${param(month)}`,
    toNode: (r) => ({ ...toRow(r), speaker: { id: r.speaker_id, givenName: r.given_name, surname: r.surname } }),
  };
}

export interface PayrollMonthState {
  month: string;
  closed: boolean;
  closedAt: Date | null;
  closedBy: string | null;
  totalPay: number;
  speakerCount: number;
  adjustments: { speakerId: string; fromMonth: string; toMonth: string; amount: number }[];
  history: { kind: string; at: Date; by: string | null; reason: string | null; totalPay: number }[];
}

/** A month's closing state, its totals, the corrections found for it since it closed, and its history. */
export async function payrollMonthState(pool: pg.Pool, month: string): Promise<PayrollMonthState> {
  const [closed, totals, adjustments, history] = await Promise.all([
    pool.query('SELECT * FROM rm_payroll.closed_months WHERE month = $1', [month]),
    pool.query('SELECT coalesce(sum(total), 0) AS total, count(*)::int AS n FROM rm_payroll.months WHERE month = $1', [month]),
    pool.query('SELECT * FROM rm_payroll.adjustments WHERE from_month = $1 ORDER BY to_month, speaker_id', [month]),
    pool.query('SELECT * FROM rm_payroll.month_history WHERE month = $1 ORDER BY position DESC', [month]),
  ]);
  const c = closed.rows[0];
  return {
    month,
    closed: !!c,
    closedAt: c?.closed_at ?? null,
    closedBy: c?.closed_by ?? null,
    totalPay: Number(totals.rows[0].total),
    speakerCount: totals.rows[0].n,
    adjustments: adjustments.rows.map((r) => ({ speakerId: r.speaker_id, fromMonth: r.from_month, toMonth: r.to_month, amount: Number(r.amount) })),
    history: history.rows.map((r) => ({ kind: r.kind, at: r.at, by: r.by_id, reason: r.reason, totalPay: Number(r.total) })),
  };
}

/** A month's line as the API shows it: a rule's line, or a correction to a closed month. */
export type ItemizedLine = Omit<PayrollLine, 'kind' | 'conversationId'> & {
  kind: PayrollLine['kind'] | 'adjustment';
  conversationId: string | null;
  adjustsMonth: string | null;
};

/**
 * Itemized lines of the month in time order, for one speaker or all (by speaker). Corrections paid
 * in the month come first, at the month's first instant (`monthStart`).
 */
export async function itemizedPayroll(pool: pg.Pool, speakerId: string | null, month: string, monthStart: Date): Promise<ItemizedLine[]> {
  const [adjustments, lines] = await Promise.all([
    pool.query(
      `SELECT * FROM rm_payroll.adjustments WHERE to_month = $1 AND ($2::text IS NULL OR speaker_id = $2) ORDER BY speaker_id COLLATE "C", from_month`,
      [month, speakerId],
    ),
    pool.query(
      `SELECT * FROM rm_payroll.lines WHERE month = $1 AND ($2::text IS NULL OR speaker_id = $2) ORDER BY speaker_id COLLATE "C", time, kind, conversation_id COLLATE "C"`,
      [month, speakerId],
    ),
  ]);
  const out: ItemizedLine[] = [];
  const bySpeaker = new Map<string, ItemizedLine[]>();
  const push = (l: ItemizedLine) => bySpeaker.set(l.speakerId, [...(bySpeaker.get(l.speakerId) ?? []), l]);
  for (const r of adjustments.rows) {
    push({ speakerId: r.speaker_id, month, kind: 'adjustment', time: monthStart, minutes: 0, rate: 0, amount: Number(r.amount), conversationId: null, adjustsMonth: r.from_month });
  }
  for (const r of lines.rows) {
    push({ speakerId: r.speaker_id, month: r.month, kind: r.kind, time: r.time, minutes: r.minutes, rate: r.rate, amount: Number(r.amount), conversationId: r.conversation_id, adjustsMonth: null });
  }
  for (const id of [...bySpeaker.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out.push(...bySpeaker.get(id)!);
  return out;
}
