/**
 * The payroll's facts and itemized lines: which lines a change can touch (the changed
 * conversations and the paid one before each), computed by the domain's rules, and written back.
 * Shared by the projector's batches and its replay. Tables unqualified (the runner's search_path).
 */
import type pg from 'pg';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import { payrollLines, type PaidConversation, type PayFacts, type PayrollLine } from '../../services/domain/speaking/payroll';
import { copyRows } from '../../services/feed/bulk';
import type { Pair } from './months';

export const toFacts = (r: any): PayFacts => ({
  conversationId: r.conversation_id,
  kind: r.kind,
  speakerId: r.speaker_id,
  start: r.start_at,
  end: r.end_at,
  minutes: r.minutes,
  canceled: r.canceled,
  openedAtRate: r.opened_rate,
  startedAtRate: r.started_rate,
  stoppedAs: r.stopped_as,
  speakerIssue: r.speaker_issue,
});

/** Rows per statement when writing many (PostgreSQL's parameters are arrays, so this bounds memory, not a limit). */
const CHUNK = 20_000;
async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

export async function upsertRates(db: pg.PoolClient, rates: Map<string, number>) {
  const r = [...rates];
  if (!r.length) return;
  await db.query(
    `INSERT INTO rates (speaker_id, pay_rate) SELECT * FROM unnest($1::text[], $2::int[])
     ON CONFLICT (speaker_id) DO UPDATE SET pay_rate = excluded.pay_rate`,
    [r.map(([id]) => id), r.map(([, rate]) => rate)],
  );
}

/** Writes conversations' facts: new or changed (`fresh`: the table is empty, copied in). */
export async function upsertFacts(db: pg.PoolClient, facts: PayFacts[], fresh = false) {
  if (fresh) {
    await copyRows(
      db,
      'facts',
      facts.map((c) => [
        c.conversationId,
        c.kind,
        c.speakerId,
        c.start,
        c.end,
        c.minutes,
        c.canceled,
        c.openedAtRate,
        c.startedAtRate,
        c.stoppedAs,
        c.speakerIssue,
      ]),
    );
    return;
  }
  await inChunks(facts, (chunk) => {
    const col = <T>(f: (c: PayFacts) => T) => chunk.map(f);
    return db.query(
      `INSERT INTO facts SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int[],
         $7::boolean[], $8::int[], $9::int[], $10::text[], $11::boolean[])
       ON CONFLICT (conversation_id) DO UPDATE SET speaker_id = excluded.speaker_id, canceled = excluded.canceled,
         opened_rate = excluded.opened_rate, started_rate = excluded.started_rate, stopped_as = excluded.stopped_as,
         speaker_issue = excluded.speaker_issue`,
      [
        col((c) => c.conversationId),
        col((c) => c.kind),
        col((c) => c.speakerId),
        col((c) => c.start),
        col((c) => c.end),
        col((c) => c.minutes),
        col((c) => c.canceled),
        col((c) => c.openedAtRate),
        col((c) => c.startedAtRate),
        col((c) => c.stoppedAs),
        col((c) => c.speakerIssue),
      ],
    );
  });
}

/** Paid conversations by speaker, each list in start order (ties by id, as payrollLines sorts). */
export function paidBySpeaker(paid: Iterable<PaidConversation>): Map<string, PaidConversation[]> {
  const out = new Map<string, PaidConversation[]>();
  for (const c of paid) {
    const list = out.get(c.speakerId);
    if (list) list.push(c);
    else out.set(c.speakerId, [c]);
  }
  for (const list of out.values()) {
    list.sort(
      (a, b) =>
        a.start.getTime() - b.start.getTime() || (a.conversationId < b.conversationId ? -1 : a.conversationId > b.conversationId ? 1 : 0),
    );
  }
  return out;
}

/**
 * Whose lines a change can touch: each changed conversation (as it was and as it is: `windows`)
 * and the paid conversation before it on that speaker, whose idle time may now end at it or not.
 */
export function ownersOf(windows: readonly PayFacts[], paid: Map<string, PaidConversation[]>): Set<string> {
  const owners = new Set<string>();
  for (const w of windows) {
    owners.add(w.conversationId);
    const list = paid.get(w.speakerId);
    if (!list) continue;
    // The last paid conversation starting before w.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].start < w.start) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) owners.add(list[lo - 1].conversationId);
  }
  return owners;
}

/**
 * The lines of `owners`, from the paid conversations around them (`paid` as paidBySpeaker sorts
 * it): a conversation's lines depend on it and the next one only.
 */
export function linesOf(paid: Map<string, PaidConversation[]>, owners: Set<string>, idleGapMaxMinutes: number): PayrollLine[] {
  const out: PayrollLine[] = [];
  for (const list of paid.values()) {
    list.forEach((c, i) => {
      if (!owners.has(c.conversationId)) return;
      for (const l of payrollLines(list.slice(i, i + 2), PAYROLL_TIME_ZONE, idleGapMaxMinutes))
        if (l.conversationId === c.conversationId) out.push(l);
    });
  }
  return out;
}

/**
 * Replaces the lines of `owners` with `lines` (`fresh`: none are stored yet, nothing to delete).
 * Returns the speaker-months whose lines changed.
 */
export async function replaceLines(db: pg.PoolClient, owners: Set<string>, lines: PayrollLine[], fresh = false): Promise<Pair[]> {
  const pairs = new Map<string, Pair>();
  const touch = (speakerId: string, month: string) => pairs.set(`${speakerId} ${month}`, [speakerId, month]);
  if (!fresh) {
    await inChunks([...owners], async (chunk) => {
      const { rows } = await db.query('DELETE FROM lines WHERE conversation_id = ANY($1::text[]) RETURNING speaker_id, month', [chunk]);
      for (const r of rows) touch(r.speaker_id, r.month);
    });
  }
  await copyRows(
    db,
    'lines',
    lines.map((l) => [l.speakerId, l.month, l.kind, l.time, l.minutes, l.rate, l.amount, l.conversationId]),
  );
  for (const l of lines) touch(l.speakerId, l.month);
  return [...pairs.values()];
}
