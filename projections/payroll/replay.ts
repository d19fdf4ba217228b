/**
 * The payroll's replay (a rebuild into empty tables): the whole log's pay facts are folded in
 * memory and written once, instead of read and written back batch by batch. A month event (a close
 * or a reopen) needs the tables as they stand at that point of the log, so the facts changed since
 * the last write are written first, with the lines they can touch, exactly as a batch would. Memory
 * grows with the log: about 300 bytes per conversation. The facts table (what later batches read)
 * is written once, at the end.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Replay } from '../../services/feed/projector';
import { PAYROLL_MONTH_EVENT_TYPES } from '../../services/domain/speaking/payrollClosing';
import { evolvePayrollFacts, initialPayrollFacts, paidConversation, type PaidConversation, type PayFacts } from '../../services/domain/speaking/payroll';
import { bulkInto, linesOf, ownersOf, paidBySpeaker, replaceLines, upsertFacts, upsertRates } from './lines';
import { applyMonthEvent, settleMonths } from './months';

export function payrollReplay(idleGapMaxMinutes: number): Replay {
  const facts = initialPayrollFacts();
  /** Conversations changed since the last write, as they were at the last write (null: new since). */
  let changed = new Map<string, PayFacts | null>();
  let written = false;

  async function write(db: pg.PoolClient) {
    if (!changed.size) return;
    const after = [...changed.keys()].map((id) => facts.conversations.get(id)).filter((c): c is PayFacts => !!c);
    const windows = [...after, ...[...changed.values()].filter((c): c is PayFacts => c !== null)];
    const speakers = new Set(windows.map((w) => w.speakerId));
    const paid: PaidConversation[] = [];
    for (const c of facts.conversations.values()) {
      if (!speakers.has(c.speakerId)) continue;
      const p = paidConversation(c);
      if (p) paid.push(p);
    }
    const bySpeaker = paidBySpeaker(paid);
    const owners = ownersOf(windows, bySpeaker);
    const lines = linesOf(bySpeaker, owners, idleGapMaxMinutes);
    // Facts are only read by later batches, never by the replay: they are written once, at the end.
    if (written) await settleMonths(db, await replaceLines(db, owners, lines));
    else {
      // The first write fills an empty table.
      let pairs: Awaited<ReturnType<typeof replaceLines>> = [];
      await bulkInto(db, 'lines', async () => (pairs = await replaceLines(db, owners, lines, true)));
      await settleMonths(db, pairs);
    }
    changed = new Map();
    written = true;
  }

  return {
    async add(events: StoredEvent[], db: pg.PoolClient) {
      for (const e of events) {
        if ((PAYROLL_MONTH_EVENT_TYPES as readonly string[]).includes(e.type)) {
          await write(db);
          await applyMonthEvent(db, e);
          continue;
        }
        if (e.type !== 'SpeakingSettingsChanged') {
          const id = e.data.conversationId as string;
          if (!changed.has(id)) {
            const before = facts.conversations.get(id);
            changed.set(id, before ? { ...before } : null);
          }
        }
        evolvePayrollFacts(facts, e as any);
      }
    },
    async finish(db: pg.PoolClient) {
      await write(db);
      await upsertRates(db, facts.rates);
      await bulkInto(db, 'facts', () => upsertFacts(db, [...facts.conversations.values()], true));
    },
  };
}
