/** Reads of the payroll read model (rm_payroll) for the API and the CSV downloads. */
import type pg from 'pg';
import type { ConnectionField, ConnectionSource } from '../connectionSource';
import type { PayrollLine, PayrollSummary } from '../../services/domain/speaking/payroll';

/** A speaker's month as the API shows it: the summary, the corrections paid in it, closed or not. */
export interface PayrollMonthRow extends PayrollSummary {
  adjustmentAmount: number;
  closed: boolean;
}

const toRow = (r: any): PayrollMonthRow => ({
  speakerId: r.speaker_id,
  month: r.month,
  conversationPayMinutes: Number(r.conversation_minutes),
  conversationPayRate: r.conversation_rate,
  conversationPayAmount: Number(r.conversation_amount),
  idlePayMinutes: Number(r.idle_minutes),
  idlePayRate: r.idle_rate,
  idlePayAmount: Number(r.idle_amount),
  adjustmentAmount: Number(r.adjustment_amount),
  totalPay: Number(r.total),
  closed: r.closed,
});

/** The rows of months `from`..`to` ('YYYY-MM', inclusive): one speaker's, or every speaker's; by month, then speaker. */
export async function payrollMonths(pool: pg.Pool, from: string, to: string, speakerId: string | null): Promise<PayrollMonthRow[]> {
  const { rows } = speakerId
    ? await pool.query('SELECT * FROM rm_payroll.months WHERE speaker_id = $3 AND month BETWEEN $1 AND $2 ORDER BY month', [
        from,
        to,
        speakerId,
      ])
    : await pool.query('SELECT * FROM rm_payroll.months WHERE month BETWEEN $1 AND $2 ORDER BY month, speaker_id', [from, to]);
  return rows.map(toRow);
}

/** One month's rows for the admin grid, sorted and filtered on the speakers' names too. */
export function payrollRowsSource(month: string): ConnectionSource<PayrollMonthRow> {
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
    toNode: toRow,
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
    adjustments: adjustments.rows.map((r) => ({
      speakerId: r.speaker_id,
      fromMonth: r.from_month,
      toMonth: r.to_month,
      amount: Number(r.amount),
    })),
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
    push({
      speakerId: r.speaker_id,
      month,
      kind: 'adjustment',
      time: monthStart,
      minutes: 0,
      rate: 0,
      amount: Number(r.amount),
      conversationId: null,
      adjustsMonth: r.from_month,
    });
  }
  for (const r of lines.rows) {
    push({
      speakerId: r.speaker_id,
      month: r.month,
      kind: r.kind,
      time: r.time,
      minutes: r.minutes,
      rate: r.rate,
      amount: Number(r.amount),
      conversationId: r.conversation_id,
      adjustsMonth: null,
    });
  }
  for (const id of [...bySpeaker.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out.push(...bySpeaker.get(id)!);
  return out;
}
