/**
 * `npm run bench -- payroll`: the payroll read model rebuilt from a generated log of at least
 * 1,000,000 events (BENCH_PAYROLL_SPEAKERS speakers, a year of conversations each, in time order:
 * reserved, opened, started, stopped; one in twenty canceled; a raise for one speaker in ten; each
 * month closed by an admin on the 5th of the next), beside
 * the raw read rate of the same log in the same run; then the admin's month query (every
 * speaker's row, through GraphQL) p50 and p99.
 */
import { DateTime } from 'luxon';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import { createAdmin, startTestApp } from '../../tests/support/app';
import { formatRate, Table } from './lib';
import { chronologicalLog, CONVERSATIONS_PER_SPEAKER, SPEAKERS } from './payrollLog';

const QUERY_SAMPLES = Number(process.env.BENCH_PAYROLL_QUERIES ?? 200);

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
    table.add(
      'raw read of the log (readAll, batches of 2,000)',
      read.toLocaleString('en-US'),
      formatRate(read / readSeconds),
      (readSeconds * 1000).toFixed(0),
    );
    table.add(
      'payroll rebuild (fresh tables, swapped in)',
      rebuild.events.toLocaleString('en-US'),
      formatRate(rebuild.events / (rebuild.ms / 1000)),
      rebuild.ms,
    );
    table.add(`admin month query, ${rows} speakers: p50 / p99`, '', '', `${at(0.5)} / ${at(0.99)}`);
    const closed = await app.runtime.pool.query(
      'SELECT (SELECT count(*) FROM rm_payroll.closed_months)::int AS months, (SELECT count(*) FROM rm_payroll.adjustments)::int AS adjustments',
    );
    console.log(`\nPayroll benchmark: ${SPEAKERS} speakers, ${CONVERSATIONS_PER_SPEAKER} conversations each over a year\n`);
    table.print();
    console.log(
      `\n${closed.rows[0].months} months closed in the log; ${closed.rows[0].adjustments} adjustments after the rebuild (0: every close matched the rules).`,
    );
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
