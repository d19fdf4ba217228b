/**
 * The payroll read model rewrites only the lines a batch can change. Here random histories (lessons
 * reserved, held, missed, canceled and transferred among three speakers whose rates change,
 * appended in random chunks so that batches split anywhere) must give exactly the lines and month
 * summaries the rules give for the whole history at once, live and after a rebuild.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { fold } from '../../services/domain/shared/decider';
import {
  evolvePayrollFacts,
  initialPayrollFacts,
  paidConversation,
  payrollLines,
  summarize,
  type PaidConversation,
} from '../../services/domain/speaking/payroll';
import type { NewEvent } from '../../services/eventstore/port';
import { ProjectionRunner } from '../../services/feed/runner';
import { payrollProjector } from '../../projections/payroll';
import { startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { appendInChunks } from '../support/events';

let app: TestApp;
beforeAll(async () => (app = await startTestApp({}, 'payroll_projection')));
afterAll(async () => app?.close());

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function history(seed: number, run: string) {
  const rnd = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const speakers = [0, 1, 2].map((i) => `${run}-speaker-${i}`);
  const meta = { actorId: null, correlationId: 'c', causationId: null, occurredAt: '2026-03-01T00:00:00.000Z', schemaVersion: 1 };
  const at = (e: { type: string; data: unknown }, stream: string) => ({ stream, event: { ...e, metadata: meta } as NewEvent });
  const out: { stream: string; event: NewEvent }[] = speakers.map((speakerId) =>
    at({ type: 'SpeakingSettingsChanged', data: { speakerId, languages: ['es'], payRate: 1200 } }, `speaking-${speakerId}`),
  );
  // Slots on the 31st of March and 1st of April around midnight New York time (month's end inside gaps).
  const base = Date.parse('2026-04-01T02:00:00Z');
  const lifecycles: { stream: string; event: NewEvent }[][] = [];
  for (let i = 0; i < 24; i++) {
    const id = `${run}-c${i}`;
    const start = new Date(base + Math.floor(rnd() * 16) * 15 * 60_000 + pick([0, 5, 10]) * 60_000);
    const duration = pick([15, 30]);
    const end = new Date(start.getTime() + duration * 60_000);
    const speakerId = pick(speakers);
    const steps: { type: string; data: unknown }[] = [
      {
        type: 'ConversationReserved',
        data: {
          conversationId: id,
          kind: 'lesson',
          provider: 'local',
          reservedBy: 's',
          reservedWith: speakerId,
          reservedStart: start.toISOString(),
          reservedEnd: end.toISOString(),
          duration,
          learningLanguage: 'es',
          courseId: null,
          lessonId: null,
          minutes: duration,
        },
      },
    ];
    if (rnd() < 0.2)
      steps.push({
        type: 'ConversationTransferred',
        data: { conversationId: id, fromSpeakerId: speakerId, toSpeakerId: pick(speakers), transferredBy: null },
      });
    const fate = rnd();
    if (fate < 0.15)
      steps.push({
        type: 'ConversationCanceled',
        data: { conversationId: id, canceledBy: null, reason: 'student', minutesReturned: duration },
      });
    else if (fate < 0.3)
      steps.push(
        { type: 'ConversationOpened', data: { conversationId: id, openedBy: speakerId, at: start.toISOString() } },
        { type: 'ConversationStopped', data: { conversationId: id, at: end.toISOString(), reason: 'unused' } },
      );
    else if (fate < 0.9)
      steps.push(
        { type: 'ConversationOpened', data: { conversationId: id, openedBy: speakerId, at: start.toISOString() } },
        { type: 'ConversationStarted', data: { conversationId: id, at: start.toISOString(), stopsAt: end.toISOString() } },
        { type: 'ConversationStopped', data: { conversationId: id, at: end.toISOString(), reason: 'time_up' } },
      );
    // Some held ones are marked afterwards, a speaker issue (not paid) or completed, at times corrected.
    if (fate >= 0.3 && fate < 0.9 && rnd() < 0.4) {
      const markings =
        rnd() < 0.5
          ? ['reserved_with_user_issue']
          : rnd() < 0.5
            ? ['reserved_with_user_issue', 'completed']
            : ['completed', 'reserved_with_user_issue'];
      for (const markedAs of markings) {
        steps.push({
          type: 'ConversationMarked',
          data: { conversationId: id, markedAs, previous: null, markedBy: speakerId, refundedMinutes: 0, bonusMinutes: 0, promotion: null },
        });
      }
    }
    lifecycles.push(steps.map((e) => at(e, `conversation-${id}`)));
  }
  // Interleave the lifecycles (each in its own order), with rate changes among them.
  while (lifecycles.some((l) => l.length)) {
    if (rnd() < 0.05) {
      const speakerId = pick(speakers);
      out.push(
        at(
          { type: 'SpeakingSettingsChanged', data: { speakerId, languages: ['es'], payRate: 1000 + Math.floor(rnd() * 1000) } },
          `speaking-${speakerId}`,
        ),
      );
    }
    out.push(pick(lifecycles.filter((l) => l.length)).shift()!);
  }
  return { speakers, out, rnd };
}

async function readModel(speakers: string[]) {
  const lines = await app.runtime.pool.query(
    `SELECT conversation_id, kind, time, minutes, rate, amount, month FROM rm_payroll.lines WHERE speaker_id = ANY($1) ORDER BY speaker_id, time, kind, conversation_id COLLATE "C"`,
    [speakers],
  );
  const months = await app.runtime.pool.query(`SELECT * FROM rm_payroll.months WHERE speaker_id = ANY($1) ORDER BY speaker_id, month`, [
    speakers,
  ]);
  return {
    lines: lines.rows.map((r) => [r.conversation_id, r.kind, r.time.toISOString(), r.minutes, r.rate, Number(r.amount), r.month]),
    months: months.rows.map((r) => [
      r.speaker_id,
      r.month,
      Number(r.conversation_minutes),
      r.conversation_rate,
      Number(r.conversation_amount),
      Number(r.idle_minutes),
      r.idle_rate,
      Number(r.idle_amount),
      Number(r.total),
    ]),
  };
}

function expected(speakers: string[], events: NewEvent[]) {
  const facts = fold(evolvePayrollFacts, initialPayrollFacts(), events as any);
  const paid = [...facts.conversations.values()].map(paidConversation).filter((c): c is PaidConversation => !!c);
  const lines = speakers.flatMap((s) => payrollLines(paid.filter((c) => c.speakerId === s)));
  const months = speakers.flatMap((s) =>
    [...new Set(lines.filter((l) => l.speakerId === s).map((l) => l.month))].sort().map((m) =>
      summarize(
        s,
        m,
        lines.filter((l) => l.speakerId === s && l.month === m),
      ),
    ),
  );
  return {
    lines: lines.map((l) => [l.conversationId, l.kind, l.time.toISOString(), l.minutes, l.rate, l.amount, l.month]),
    months: months.map((m) => [
      m.speakerId,
      m.month,
      m.conversationPayMinutes,
      m.conversationPayRate,
      m.conversationPayAmount,
      m.idlePayMinutes,
      m.idlePayRate,
      m.idlePayAmount,
      m.totalPay,
    ]),
  };
}

it('gives the lines and summaries of the whole history, whatever the batches, live and rebuilt', async () => {
  const wanted = new Map<number, ReturnType<typeof expected>>();
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const { speakers, out, rnd } = history(seed, `run${seed}`);
    // The log's order: a chunk is appended stream by stream, so events of one stream come together.
    const logged = await appendInChunks(app.runtime.store, out, () => 1 + Math.floor(rnd() * 12));
    await readModelsCaughtUp(app, ['payroll']);
    const want = expected(speakers, logged);
    wanted.set(seed, want);
    assert.ok(want.lines.length > 0, `seed ${seed} pays something`);
    const failed = (await app.runtime.runner.status()).find((s) => s.name === 'payroll')?.failure;
    assert.equal(failed, null, `seed ${seed}: the payroll read model stopped`);
    assert.deepEqual(await readModel(speakers), want, `seed ${seed}, live`);
  }
  // The replay (what a rebuild uses) gives the live tables exactly, without falling back to batches.
  const errors: unknown[] = [];
  const runner = new ProjectionRunner(app.runtime.pool, app.runtime.store, [payrollProjector], {
    onError: (_name, error) => errors.push(error),
  });
  const verified = await runner.verify('payroll');
  assert.deepEqual(errors, []);
  assert.deepEqual(verified.differences, []);
  await app.runtime.runner.rebuild('payroll');
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const { speakers } = history(seed, `run${seed}`);
    assert.deepEqual(await readModel(speakers), wanted.get(seed), `seed ${seed}, rebuilt`);
  }
});

it('replays closes and reopens among the corrections exactly as the batches apply them', async () => {
  const months = ['2026-03', '2026-04'];
  const closed = new Set<string>();
  for (const seed of [11, 12, 13, 14]) {
    const { speakers, out, rnd } = history(seed, `close${seed}`);
    const meta = { actorId: null, correlationId: 'c', causationId: null, occurredAt: '2026-05-02T00:00:00.000Z', schemaVersion: 1 };
    // Closes on made-up totals (so corrections and adjustments follow) and reopens, anywhere in the log.
    for (let i = 0; i < out.length; i++) {
      if (rnd() > 0.06) continue;
      const month = months[Math.floor(rnd() * months.length)];
      const event: NewEvent = closed.has(month)
        ? { type: 'PayrollMonthReopened', data: { month, reopenedBy: null, reason: 'checked again' }, metadata: meta }
        : {
            type: 'PayrollMonthClosed',
            metadata: meta,
            data: {
              month,
              closedBy: null,
              totalPay: 0,
              rows: speakers
                .filter(() => rnd() < 0.7)
                .map((speakerId) => ({
                  speakerId,
                  month,
                  conversationPayMinutes: 15,
                  conversationPayRate: 1200,
                  conversationPayAmount: 300,
                  idlePayMinutes: 0,
                  idlePayRate: 0,
                  idlePayAmount: 0,
                  adjustmentAmount: 0,
                  totalPay: Math.floor(rnd() * 2000),
                })),
            },
          };
      closed.has(month) ? closed.delete(month) : closed.add(month);
      out.splice(i, 0, { stream: `payroll-month-${month}`, event });
      i += 1;
    }
    for (let i = 0; i < out.length; ) {
      const n = 1 + Math.floor(rnd() * 12);
      const byStream = new Map<string, NewEvent[]>();
      for (const c of out.slice(i, i + n)) byStream.set(c.stream, [...(byStream.get(c.stream) ?? []), c.event]);
      i += n;
      await app.runtime.store.appendToStreams([...byStream].map(([stream, events]) => ({ stream, expected: 'any' as const, events })));
    }
  }
  await readModelsCaughtUp(app, ['payroll']);
  assert.equal((await app.runtime.runner.status()).find((s) => s.name === 'payroll')?.failure, null, 'the payroll read model stopped');
  const { rows } = await app.runtime.pool.query(
    `SELECT (SELECT count(*) FROM rm_payroll.adjustments)::int AS adjustments, (SELECT count(*) FROM rm_payroll.month_history WHERE kind = 'reopened')::int AS reopens`,
  );
  assert.ok(rows[0].adjustments > 0 && rows[0].reopens > 0, `the histories adjust and reopen: ${JSON.stringify(rows[0])}`);
  const errors: unknown[] = [];
  const runner = new ProjectionRunner(app.runtime.pool, app.runtime.store, [payrollProjector], {
    onError: (_name, error) => errors.push(error),
  });
  const verified = await runner.verify('payroll');
  assert.deepEqual(errors, []);
  assert.deepEqual(verified.differences, []);
});
