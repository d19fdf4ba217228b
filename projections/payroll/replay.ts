/**
 * The payroll's replay (a rebuild into empty tables): the whole read model is built in memory and
 * written once at the end, one COPY per table, instead of read and written back batch by batch.
 * The log's pay facts are folded as they come; at a month event (a close or a reopen) the lines
 * the facts changed since the last one are recomputed, then the month rows, closes, adjustments
 * and history change exactly as months.ts changes the tables (the same steps, on maps), so their
 * order stays the log's. Memory grows with the log: about 300 bytes a conversation and 200 a line.
 * tests/integration/payroll-projection.test.ts compares it with the batches on random histories
 * with closes and reopens.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Replay } from '../../services/feed/projector';
import type { PayrollMonthEvent } from '../../services/domain/speaking/payrollClosing';
import {
  evolvePayrollFacts,
  initialPayrollFacts,
  paidConversation,
  type PaidConversation,
  type PayFacts,
  type PayrollFactsEvent,
  type PayrollLine,
} from '../../services/domain/speaking/payroll';
import { bulkInto, copyRows } from '../../services/feed/bulk';
import { linesOf, ownersOf, paidBySpeaker, upsertFacts, upsertRates } from './lines';
import type { Pair } from './months';

/** As index.ts's reach around a changed conversation. */
const REACH_MS = 2 * 3600_000;

const key = (speakerId: string, month: string) => `${speakerId}\u0000${month}`;

/** 'YYYY-MM' of the month after `month`. */
function monthAfter(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** A row of the months table, in its columns' order. */
type MonthRow = [
  speakerId: string,
  month: string,
  cm: number,
  cr: number,
  ca: number,
  im: number,
  ir: number,
  ia: number,
  adjustment: number,
  total: number,
  closed: boolean,
];
interface Adjustment {
  speakerId: string;
  from: string;
  to: string;
  amount: number;
}

/** The read model's tables as maps, changed as months.ts and lines.ts change the tables. */
class PayrollTables {
  /** Lines by the conversation they come from. */
  readonly linesOf = new Map<string, PayrollLine[]>();
  /** Lines by speaker-month. */
  readonly linesIn = new Map<string, Set<PayrollLine>>();
  readonly months = new Map<string, MonthRow>();
  readonly closedMonths = new Map<string, { closedAt: string; closedBy: string | null; total: number }>();
  readonly closedTotals = new Map<string, { speakerId: string; month: string; total: number }>();
  /** By `speaker from to` (the table's key), and by speaker. */
  readonly adjustments = new Map<string, Adjustment>();
  private readonly adjustmentsBy = new Map<string, Set<Adjustment>>();
  readonly history: unknown[][] = [];

  /** replaceLines: the owners' lines replaced; returns the speaker-months whose lines changed. */
  replaceLines(owners: Set<string>, lines: PayrollLine[]): Pair[] {
    const pairs = new Map<string, Pair>();
    const touch = (l: PayrollLine) => pairs.set(key(l.speakerId, l.month), [l.speakerId, l.month]);
    for (const id of owners) {
      const old = this.linesOf.get(id);
      if (!old) continue;
      this.linesOf.delete(id);
      for (const l of old) {
        this.linesIn.get(key(l.speakerId, l.month))!.delete(l);
        touch(l);
      }
    }
    for (const l of lines) {
      const own = this.linesOf.get(l.conversationId);
      if (own) own.push(l);
      else this.linesOf.set(l.conversationId, [l]);
      const k = key(l.speakerId, l.month);
      const set = this.linesIn.get(k);
      if (set) set.add(l);
      else this.linesIn.set(k, new Set([l]));
      touch(l);
    }
    return [...pairs.values()];
  }

  private addAdjustment(a: Adjustment) {
    const k = `${a.speakerId}\u0000${a.from}\u0000${a.to}`;
    if (this.adjustments.has(k)) throw new Error(`payroll replay: adjustment ${a.speakerId} ${a.from} ${a.to} twice`);
    this.adjustments.set(k, a);
    const set = this.adjustmentsBy.get(a.speakerId);
    if (set) set.add(a);
    else this.adjustmentsBy.set(a.speakerId, new Set([a]));
  }

  private deleteAdjustment(k: string, a: Adjustment) {
    this.adjustments.delete(k);
    this.adjustmentsBy.get(a.speakerId)!.delete(a);
  }

  private adjustmentSums(speakerId: string, month: string) {
    let to = 0;
    let fromToClosed = 0;
    for (const a of this.adjustmentsBy.get(speakerId) ?? []) {
      if (a.to === month) to += a.amount;
      if (a.from === month && this.closedMonths.has(a.to)) fromToClosed += a.amount;
    }
    return { to, fromToClosed };
  }

  /** settleMonths */
  settle(pairs: Pair[]) {
    if (!pairs.length) return;
    const open = new Map<string, Pair>();
    const closedPairs: Pair[] = [];
    for (const p of pairs) this.closedMonths.has(p[1]) ? closedPairs.push(p) : open.set(key(...p), p);
    for (const p of this.adjustClosed(closedPairs)) open.set(key(...p), p);
    this.rewriteOpenMonths([...open.values()]);
  }

  /** adjustClosed: each closed speaker-month's difference as the one adjustment into the next open month. */
  adjustClosed(pairs: Pair[]): Pair[] {
    if (!pairs.length) return [];
    const owed = pairs.map(([s, m]) => {
      let lines = 0;
      for (const l of this.linesIn.get(key(s, m)) ?? []) lines += l.amount;
      const { to, fromToClosed } = this.adjustmentSums(s, m);
      return lines + to - (this.closedTotals.get(key(s, m))?.total ?? 0) - fromToClosed;
    });
    const changed: Pair[] = [];
    const wanted = new Set(pairs.map(([s, m]) => key(s, m)));
    for (const [k, a] of this.adjustments) {
      if (wanted.has(key(a.speakerId, a.from)) && !this.closedMonths.has(a.to)) {
        this.deleteAdjustment(k, a);
        changed.push([a.speakerId, a.to]);
      }
    }
    pairs.forEach(([s, m], i) => {
      if (owed[i] === 0) return;
      let to = monthAfter(m);
      while (this.closedMonths.has(to)) to = monthAfter(to);
      changed.push([s, to]);
      this.addAdjustment({ speakerId: s, from: m, to, amount: owed[i] });
    });
    return changed;
  }

  /** rewriteOpenMonths: the rows again from their lines and adjustments; none when neither (each pair once). */
  rewriteOpenMonths(pairs: Pair[]) {
    const seen = new Set<string>();
    for (const [s, m] of pairs) {
      const k = key(s, m);
      if (seen.has(k)) continue;
      seen.add(k);
      this.months.delete(k);
      let n = 0;
      let cm = 0,
        ca = 0,
        im = 0,
        ia = 0,
        total = 0;
      let lastConversation: PayrollLine | null = null;
      let lastIdle: PayrollLine | null = null;
      const later = (a: PayrollLine, b: PayrollLine | null) =>
        !b || a.time.getTime() > b.time.getTime() || (a.time.getTime() === b.time.getTime() && a.conversationId > b.conversationId);
      for (const l of this.linesIn.get(k) ?? []) {
        n += 1;
        total += l.amount;
        if (l.kind === 'conversation') {
          cm += l.minutes;
          ca += l.amount;
          if (later(l, lastConversation)) lastConversation = l;
        } else {
          im += l.minutes;
          ia += l.amount;
          if (later(l, lastIdle)) lastIdle = l;
        }
      }
      const { to, fromToClosed } = this.adjustmentSums(s, m);
      const amount = to - fromToClosed;
      if (n > 0 || amount !== 0)
        this.months.set(k, [s, m, cm, lastConversation?.rate ?? 0, ca, im, lastIdle?.rate ?? 0, ia, amount, total + amount, false]);
    }
  }

  /** pairsOf: the speaker-months with anything in `months`. */
  pairsOf(months: Set<string>): Pair[] {
    const out = new Map<string, Pair>();
    const add = (s: string, m: string) => months.has(m) && out.set(key(s, m), [s, m]);
    for (const set of this.linesIn.values()) {
      const first = set.values().next();
      if (!first.done) add(first.value.speakerId, first.value.month);
    }
    for (const a of this.adjustments.values()) {
      add(a.speakerId, a.to);
      add(a.speakerId, a.from);
    }
    for (const c of this.closedTotals.values()) add(c.speakerId, c.month);
    return [...out.values()];
  }

  /** applyMonthEvent */
  monthEvent(stored: StoredEvent) {
    const e = stored as unknown as PayrollMonthEvent;
    const at = stored.metadata.occurredAt;
    const month = e.data.month;
    const inMonth = (m: string) => (k: string) => k.endsWith(`\u0000${m}`);
    if (e.type === 'PayrollMonthClosed') {
      for (const k of [...this.months.keys()].filter(inMonth(month))) this.months.delete(k);
      for (const k of [...this.closedTotals.keys()].filter(inMonth(month))) this.closedTotals.delete(k);
      for (const r of e.data.rows) {
        const k = key(r.speakerId, month);
        if (this.months.has(k)) throw new Error(`payroll replay: ${month} closes ${r.speakerId} twice`);
        this.months.set(k, [
          r.speakerId,
          month,
          r.conversationPayMinutes,
          r.conversationPayRate,
          r.conversationPayAmount,
          r.idlePayMinutes,
          r.idlePayRate,
          r.idlePayAmount,
          r.adjustmentAmount,
          r.totalPay,
          true,
        ]);
        this.closedTotals.set(k, { speakerId: r.speakerId, month, total: r.totalPay });
      }
      this.closedMonths.set(month, { closedAt: at, closedBy: e.data.closedBy, total: e.data.totalPay });
      this.history.push([month, 'closed', at, e.data.closedBy, null, e.data.totalPay, stored.position]);
      this.rewriteOpenMonths(this.adjustClosed(this.pairsOf(new Set([month]))));
      return;
    }
    if (e.type === 'PayrollMonthReopened') {
      const total = this.closedMonths.get(month)?.total ?? 0;
      this.closedMonths.delete(month);
      for (const k of [...this.closedTotals.keys()].filter(inMonth(month))) this.closedTotals.delete(k);
      this.history.push([month, 'reopened', at, e.data.reopenedBy, e.data.reason, total, stored.position]);
      const dropped: Pair[] = [];
      for (const [k, a] of this.adjustments) {
        if (a.from === month && !this.closedMonths.has(a.to)) {
          this.deleteAdjustment(k, a);
          dropped.push([a.speakerId, a.to]);
        }
      }
      const earlier = new Set([...this.closedMonths.keys()].filter((m) => m < month));
      const changed = this.adjustClosed(this.pairsOf(earlier));
      this.rewriteOpenMonths([...changed, ...dropped, ...this.pairsOf(new Set([month]))]);
    }
  }

  /** Writes every table (empty: a fresh schema) but facts and rates. */
  async write(db: pg.PoolClient) {
    await bulkInto(db, 'lines', () =>
      copyRows(
        db,
        'lines',
        (function* (linesOf) {
          for (const lines of linesOf.values())
            for (const l of lines) yield [l.speakerId, l.month, l.kind, l.time, l.minutes, l.rate, l.amount, l.conversationId];
        })(this.linesOf),
      ),
    );
    await copyRows(db, 'months', this.months.values());
    await copyRows(
      db,
      'closed_months',
      (function* (closed) {
        for (const [month, c] of closed) yield [month, c.closedAt, c.closedBy, c.total];
      })(this.closedMonths),
    );
    await copyRows(
      db,
      'closed_totals',
      (function* (totals) {
        for (const c of totals.values()) yield [c.speakerId, c.month, c.total];
      })(this.closedTotals),
    );
    await copyRows(
      db,
      'adjustments',
      (function* (adjustments) {
        for (const a of adjustments.values()) yield [a.speakerId, a.from, a.to, a.amount];
      })(this.adjustments),
    );
    await copyRows(db, 'month_history', this.history);
  }
}

export function payrollReplay(idleGapMaxMinutes: number): Replay {
  const facts = initialPayrollFacts();
  const tables = new PayrollTables();
  /** Conversations changed since the last month event, as they were then (null: new since). */
  let changed = new Map<string, PayFacts | null>();

  /**
   * Each speaker's conversations (any that were ever theirs: a transfer adds, never removes), kept
   * in start order, so a settle looks only around the changed ones, as a batch does (index.ts).
   */
  const ofSpeaker = new Map<string, { list: PayFacts[]; sorted: boolean }>();
  const note = (speakerId: string, c: PayFacts) => {
    const entry = ofSpeaker.get(speakerId);
    if (!entry) return void ofSpeaker.set(speakerId, { list: [c], sorted: true });
    const last = entry.list[entry.list.length - 1];
    if (last.start.getTime() > c.start.getTime()) entry.sorted = false;
    entry.list.push(c);
  };
  /** Around the changed conversations: wider than the idle gap, as a batch's reach (index.ts). */
  const reach = Math.max(REACH_MS, (idleGapMaxMinutes + 60) * 60_000);
  /** The first index of `list` (in start order) starting at or after `at`. */
  const from = (list: PayFacts[], at: number) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].start.getTime() < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** The lines the facts changed since the last time can touch, recomputed, and the months they fall in. */
  function settle() {
    if (!changed.size) return;
    const windows: PayFacts[] = [];
    for (const [id, before] of changed) {
      const after = facts.conversations.get(id);
      if (after) windows.push(after);
      if (before) windows.push(before);
    }
    // Per speaker, the span the changes reach; the paid conversations in it.
    const spans = new Map<string, [number, number]>();
    for (const w of windows) {
      const span = spans.get(w.speakerId);
      const lo = w.start.getTime() - reach;
      const hi = w.end.getTime() + reach;
      if (!span) spans.set(w.speakerId, [lo, hi]);
      else {
        if (lo < span[0]) span[0] = lo;
        if (hi > span[1]) span[1] = hi;
      }
    }
    const paid: PaidConversation[] = [];
    for (const [speakerId, [lo, hi]] of spans) {
      const entry = ofSpeaker.get(speakerId);
      if (!entry) continue;
      if (!entry.sorted) {
        entry.list.sort((a, b) => a.start.getTime() - b.start.getTime());
        entry.sorted = true;
      }
      const seen = new Set<string>();
      for (let i = from(entry.list, lo); i < entry.list.length && entry.list[i].start.getTime() < hi; i++) {
        const c = entry.list[i];
        if (c.speakerId !== speakerId || seen.has(c.conversationId) || facts.conversations.get(c.conversationId) !== c) continue;
        seen.add(c.conversationId);
        const p = paidConversation(c);
        if (p) paid.push(p);
      }
    }
    const bySpeaker = paidBySpeaker(paid);
    const owners = ownersOf(windows, bySpeaker);
    tables.settle(tables.replaceLines(owners, linesOf(bySpeaker, owners, idleGapMaxMinutes)));
    changed = new Map();
  }

  return {
    async add(events: StoredEvent[]) {
      for (const e of events) {
        const type = e.type;
        if (type === 'PayrollMonthClosed' || type === 'PayrollMonthReopened') {
          settle();
          tables.monthEvent(e);
          continue;
        }
        if (type === 'SpeakingSettingsChanged') {
          evolvePayrollFacts(facts, e as unknown as PayrollFactsEvent);
          continue;
        }
        const id = e.data.conversationId as string;
        const before = facts.conversations.get(id);
        if (!changed.has(id)) changed.set(id, before ? { ...before } : null);
        evolvePayrollFacts(facts, e as unknown as PayrollFactsEvent);
        const after = facts.conversations.get(id);
        if (after && (after !== before || type === 'ConversationTransferred')) note(after.speakerId, after);
      }
    },
    async finish(db: pg.PoolClient) {
      settle();
      await tables.write(db);
      await upsertRates(db, facts.rates);
      await bulkInto(db, 'facts', () => upsertFacts(db, [...facts.conversations.values()], true));
    },
  };
}
