/**
 * The payroll's month rows: open months summed from their lines and the corrections paid in them,
 * closed months as their PayrollMonthClosed event carries them, and the adjustments between them
 * (see index.ts). Runs in the projector's transaction, tables unqualified.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { PayrollMonthEvent } from '../../services/domain/speaking/payrollClosing';

export type Pair = [speakerId: string, month: string];
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
export async function settleMonths(db: pg.PoolClient, pairs: Pair[]) {
  if (!pairs.length) return;
  const closed = await closedMonths(db);
  const open = new Map<string, Pair>();
  const closedPairs: Pair[] = [];
  for (const p of pairs) closed.has(p[1]) ? closedPairs.push(p) : open.set(pairKey(p), p);
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
  const added = rows
    .filter((r) => Number(r.owed) !== 0)
    .map((r) => {
      let to = monthAfter(r.month);
      while (closed.has(to)) to = monthAfter(to);
      changed.push([r.speaker_id, to]);
      return [r.speaker_id, r.month, to, r.owed] as const;
    });
  if (added.length) {
    await db.query('INSERT INTO adjustments SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])', [
      added.map((a) => a[0]),
      added.map((a) => a[1]),
      added.map((a) => a[2]),
      added.map((a) => a[3]),
    ]);
  }
  return changed;
}

/**
 * Open speaker-months from their lines as summarize() in the domain defines them (sums, and the
 * rate of the month's last line of each kind), plus the corrections paid in them, less (for a
 * reopened month) what was already paid for it in closed months. A month with neither has no row.
 */
async function rewriteOpenMonths(db: pg.PoolClient, given: Pair[]) {
  // Each pair once: a reopen's list can name a speaker-month twice (a new adjustment into it, and its lines).
  const pairs = [...new Map(given.map((p) => [pairKey(p), p])).values()];
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

export async function applyMonthEvent(db: pg.PoolClient, stored: StoredEvent) {
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
        [
          month,
          col((r) => r.speakerId),
          col((r) => r.conversationPayMinutes),
          col((r) => r.conversationPayRate),
          col((r) => r.conversationPayAmount),
          col((r) => r.idlePayMinutes),
          col((r) => r.idlePayRate),
          col((r) => r.idlePayAmount),
          col((r) => r.adjustmentAmount),
          col((r) => r.totalPay),
        ],
      );
      await db.query('INSERT INTO closed_totals SELECT s, $1, t FROM unnest($2::text[], $3::bigint[]) AS r(s, t)', [
        month,
        col((r) => r.speakerId),
        col((r) => r.totalPay),
      ]);
    }
    await db.query(
      'INSERT INTO closed_months VALUES ($1, $2, $3, $4) ON CONFLICT (month) DO UPDATE SET closed_at = excluded.closed_at, closed_by = excluded.closed_by, total = excluded.total',
      [month, at, e.data.closedBy, e.data.totalPay],
    );
    await db.query('INSERT INTO month_history VALUES ($1, $2, $3, $4, NULL, $5, $6)', [
      month,
      'closed',
      at,
      e.data.closedBy,
      e.data.totalPay,
      stored.position,
    ]);
    // Anything the rows no longer match (a rule replayed since) is an adjustment from here on.
    const closed = await closedMonths(db);
    await rewriteOpenMonths(db, await adjustClosed(db, await pairsOf(db, [month]), closed));
    return;
  }
  if (e.type === 'PayrollMonthReopened') {
    const { rows } = await db.query('DELETE FROM closed_months WHERE month = $1 RETURNING total', [month]);
    await db.query('DELETE FROM closed_totals WHERE month = $1', [month]);
    await db.query('INSERT INTO month_history VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      month,
      'reopened',
      at,
      e.data.reopenedBy,
      e.data.reason,
      rows[0]?.total ?? 0,
      stored.position,
    ]);
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
