/**
 * `npm run bench -- payroll`: the payroll read model rebuilt from a generated log of at least
 * 1,000,000 events (BENCH_PAYROLL_SPEAKERS speakers, a year of conversations each, in time order:
 * reserved, opened, started, stopped; one in twenty canceled; a raise for one speaker in ten; each
 * month closed by an admin on the 5th of the next), beside
 * the raw read rate of the same log in the same run; then the admin's month query (every
 * speaker's row, through GraphQL) p50 and p99.
 */
import crypto from 'node:crypto';
import { DateTime } from 'luxon';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import { createAdmin, startTestApp } from '../../tests/support/app';
import type { NewEvent } from '../../services/eventstore/port';
import { payMonthOf, payrollLines, summarize, type PaidConversation } from '../../services/domain/speaking/payroll';
import type { ClosedPayrollRow } from '../../services/domain/speaking/payrollClosing';
import { formatRate, Table } from './lib';

const SPEAKERS = Number(process.env.BENCH_PAYROLL_SPEAKERS ?? 500);
const CONVERSATIONS_PER_SPEAKER = Number(process.env.BENCH_PAYROLL_CONVERSATIONS ?? 520);
const QUERY_SAMPLES = Number(process.env.BENCH_PAYROLL_QUERIES ?? 200);
/** An admin closes each month on the 5th of the next (BENCH_PAYROLL_CLOSE=0: never). */
const CLOSE_MONTHS = process.env.BENCH_PAYROLL_CLOSE !== '0';
const MINUTE = 60_000;

const meta = (at: Date) => ({ actorId: null, correlationId: crypto.randomUUID(), causationId: null, occurredAt: at.toISOString(), schemaVersion: 1 });
const event = (type: string, data: unknown, at: Date): NewEvent => ({ type, data, metadata: meta(at) });

/** Conversation `i` of a speaker's year: about one every 17 hours, in pairs 15 minutes apart (paid idle time). */
function conversation(speakerId: string, i: number, yearStart: Date) {
  const day = Math.floor((i * 365) / CONVERSATIONS_PER_SPEAKER);
  const start = new Date(yearStart.getTime() + day * 24 * 60 * MINUTE + 14 * 60 * MINUTE + (i % 2) * 30 * MINUTE);
  const end = new Date(start.getTime() + 15 * MINUTE);
  const conversationId = `${speakerId}-c${i}`;
  const stream = `conversation-${conversationId}`;
  const reserved = event('ConversationReserved', {
    conversationId, kind: 'lesson', provider: 'local', reservedBy: `student-${i % 50}`, reservedWith: speakerId, reservedStart: start.toISOString(),
    reservedEnd: end.toISOString(), duration: 15, learningLanguage: 'es', courseId: null, lessonId: null, minutes: 15,
  }, new Date(start.getTime() - 24 * 60 * MINUTE));
  const lifecycle = i % 20 === 7
    ? [event('ConversationCanceled', { conversationId, canceledBy: null, reason: 'student', minutesReturned: 15 }, start)]
    : [
        event('ConversationOpened', { conversationId, openedBy: speakerId, at: start.toISOString() }, start),
        event('ConversationStarted', { conversationId, at: start.toISOString(), stopsAt: end.toISOString() }, start),
        event('ConversationStopped', { conversationId, at: end.toISOString(), reason: 'time_up' }, end),
      ];
  return { stream, reserved, lifecycle, start };
}

const RAISE_AT = Math.floor(CONVERSATIONS_PER_SPEAKER / 2);

/**
 * Every speaker's rows of every month, by the domain's rules over what the log below holds: what
 * an admin closing each month would close on.
 */
function monthRows(speakers: string[], yearStart: Date): Map<string, ClosedPayrollRow[]> {
  const byMonth = new Map<string, ClosedPayrollRow[]>();
  for (const [s, speakerId] of speakers.entries()) {
    const paid: PaidConversation[] = [];
    for (let i = 0; i < CONVERSATIONS_PER_SPEAKER; i++) {
      if (i % 20 === 7) continue;
      const c = conversation(speakerId, i, yearStart);
      const rate = s % 10 === 0 && i > RAISE_AT ? 1800 : 1500;
      paid.push({ conversationId: c.stream.slice('conversation-'.length), speakerId, start: c.start, end: new Date(c.start.getTime() + 15 * MINUTE), minutes: 15, rate });
    }
    const lines = payrollLines(paid);
    for (const month of new Set(lines.map((l) => l.month))) {
      const row = { ...summarize(speakerId, month, lines.filter((l) => l.month === month)), adjustmentAmount: 0 };
      byMonth.set(month, [...(byMonth.get(month) ?? []), row]);
    }
  }
  return byMonth;
}

/**
 * The log in time order, as the product writes it: at each step every speaker's next conversation
 * is reserved ahead and the one before it is held (or canceled); a speaker in ten gets a raise
 * half-way through the year; on the 5th of each month an admin closes the month before (on the
 * 5th, so the close lands among the next month's events, as it would). Yields groups of streams to
 * append together.
 */
function* chronologicalLog(yearStart: Date) {
  const speakers = Array.from({ length: SPEAKERS }, (_, s) => `bench-speaker-${s}`);
  const rows = monthRows(speakers, yearStart);
  const thisMonth = payMonthOf(new Date());
  let lastClosed = payMonthOf(new Date(yearStart.getTime() - 1));
  yield speakers.map((speakerId) => ({ stream: `speaking-${speakerId}`, events: [event('SpeakingSettingsChanged', { speakerId, languages: ['es'], payRate: 1500 }, yearStart)] }));
  for (let i = 0; i <= CONVERSATIONS_PER_SPEAKER; i++) {
    const group: { stream: string; events: NewEvent[] }[] = [];
    for (const [s, speakerId] of speakers.entries()) {
      if (i < CONVERSATIONS_PER_SPEAKER) {
        const next = conversation(speakerId, i, yearStart);
        group.push({ stream: next.stream, events: [next.reserved] });
      }
      if (i > 0) {
        const held = conversation(speakerId, i - 1, yearStart);
        group.push({ stream: held.stream, events: held.lifecycle });
        if (s % 10 === 0 && i - 1 === RAISE_AT) {
          group.push({ stream: `speaking-${speakerId}`, events: [event('SpeakingSettingsChanged', { speakerId, languages: ['es'], payRate: 1800 }, held.start)] });
        }
      }
    }
    yield group;
    if (!CLOSE_MONTHS || i === 0) continue;
    const heldAt = DateTime.fromJSDate(conversation(speakers[0], i - 1, yearStart).start, { zone: PAYROLL_TIME_ZONE });
    const previous = heldAt.minus({ months: 1 }).toFormat('yyyy-MM');
    if (heldAt.day >= 5 && previous > lastClosed && previous < thisMonth) {
      lastClosed = previous;
      const closing = rows.get(previous) ?? [];
      const totalPay = closing.reduce((sum, r) => sum + r.totalPay, 0);
      yield [{ stream: `payroll-month-${previous}`, events: [event('PayrollMonthClosed', { month: previous, closedBy: null, totalPay, rows: closing }, heldAt.toJSDate())] }];
    }
  }
}

async function main() {
  const app = await startTestApp({ rateLimits: false, logLevel: 'silent' }, 'bench_payroll');
  try {
    const admin = await createAdmin(app);
    await app.runtime.runner.stop(); // the rebuild below is what is measured
    const yearStart = DateTime.now().setZone(PAYROLL_TIME_ZONE).startOf('month').minus({ months: 11 }).toJSDate();
    const started = performance.now();
    let appended = 0;
    let groups = 0;
    for (const group of chronologicalLog(yearStart)) {
      for (let i = 0; i < group.length; i += 200) {
        const chunk = group.slice(i, i + 200);
        await app.runtime.store.appendToStreams(chunk.map((c) => ({ stream: c.stream, expected: 'any' as const, events: c.events })));
        appended += chunk.reduce((n, c) => n + c.events.length, 0);
      }
      if (++groups % 20 === 0) process.stdout.write(`\rwriting the log: ${appended.toLocaleString('en-US')} events`);
    }
    process.stdout.write(`\rwrote ${appended.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);

    // The raw read of the same log, as the rebuild reads it (batches in feed order).
    const readStarted = performance.now();
    let read = 0;
    for (let after = null as Awaited<ReturnType<typeof app.runtime.store.readAll>>[number] | null; ; ) {
      const batch = await app.runtime.store.readAll(after && { transactionId: after.transactionId, position: after.position }, 2000);
      if (!batch.length) break;
      read += batch.length;
      after = batch[batch.length - 1];
    }
    const readSeconds = (performance.now() - readStarted) / 1000;

    let lastPrint = 0;
    const rebuild = await app.runtime.runner.rebuild('payroll', (n) => {
      if (Date.now() - lastPrint > 1000) {
        process.stdout.write(`\rrebuilding payroll: ${n.toLocaleString('en-US')} events`);
        lastPrint = Date.now();
      }
    });
    process.stdout.write('\n');

    const month = DateTime.now().setZone(PAYROLL_TIME_ZONE).startOf('month').minus({ months: 1 });
    const query = `query($from: DateTime!, $to: DateTime!) { payroll(startTime: $from, endTime: $to, all: true) { id speaker { id givenName surname } totalPay } }`;
    const variables = { from: month.toUTC().toISO(), to: month.plus({ months: 1 }).toUTC().toISO() };
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < QUERY_SAMPLES; i++) {
      const t0 = performance.now();
      const res = await app.gql(query, variables, admin.token);
      times.push(performance.now() - t0);
      if (res.errors) throw new Error(res.errors[0].message);
      rows = res.data.payroll.length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);

    const table = new Table(['measurement', 'events', 'events/s', 'ms']);
    table.add('raw read of the log (readAll, batches of 2,000)', read.toLocaleString('en-US'), formatRate(read / readSeconds), (readSeconds * 1000).toFixed(0));
    table.add('payroll rebuild (fresh tables, swapped in)', rebuild.events.toLocaleString('en-US'), formatRate(rebuild.events / (rebuild.ms / 1000)), rebuild.ms);
    table.add(`admin month query, ${rows} speakers: p50 / p99`, '', '', `${at(0.5)} / ${at(0.99)}`);
    const closed = await app.runtime.pool.query('SELECT (SELECT count(*) FROM rm_payroll.closed_months)::int AS months, (SELECT count(*) FROM rm_payroll.adjustments)::int AS adjustments');
    console.log(`\nPayroll benchmark: ${SPEAKERS} speakers, ${CONVERSATIONS_PER_SPEAKER} conversations each over a year\n`);
    table.print();
    console.log(`\n${closed.rows[0].months} months closed in the log; ${closed.rows[0].adjustments} adjustments after the rebuild (0: every close matched the rules).`);
    console.log('\nTargets: rebuild at least 50,000 events/s; month query p99 under 100 ms.');
  } finally {
    await app.close();
  }
}

main()
  .then(() => process.exit())
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
