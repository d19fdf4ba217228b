/**
 * `npm run bench -- restore`: backup and restore of a generated installation (the payroll bench's
 * year: BENCH_PAYROLL_SPEAKERS speakers, at least 1,000,000 events at the default 500), each with
 * its events/s beside the raw read of the same log in the same run. The restore is whole: the file
 * checked, the log copied in, every read model rebuilt in one read of the log and compared with the
 * source's; then each read model's share of that rebuild, to find the heavy ones. Target: the whole
 * restore under 60 s for 1,000,000 events.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import { allProjectors } from '../../projections';
import { takeBackup } from '../../services/backup/backup';
import { assertRestorableInto, planRestore, restoreBackup } from '../../services/backup/restore';
import { startTestApp } from '../../tests/support/app';
import { createTestDatabase } from '../../tests/support/database';
import { formatRate, Table } from './lib';
import { chronologicalLog, CONVERSATIONS_PER_SPEAKER, SPEAKERS } from './payrollLog';

const seconds = (ms: number) => (ms / 1000).toFixed(1);
let shown = 0;
/** A progress line, at most once a second. */
const show = (text: string) => {
  if (Date.now() - shown < 1000) return;
  shown = Date.now();
  process.stdout.write(`\r${text}`);
};

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-bench-restore-'));
  const app = await startTestApp({ rateLimits: false, logLevel: 'silent', dataDir: path.join(work, 'source') }, 'bench_restore');
  const target = await createTestDatabase('bench_restore_target');
  try {
    await app.runtime.runner.stop();
    await app.runtime.jobs.stop();
    const yearStart = DateTime.now().setZone(PAYROLL_TIME_ZONE).startOf('month').minus({ months: 11 }).toJSDate();
    let appended = 0;
    const writing = performance.now();
    for (const group of chronologicalLog(yearStart)) {
      for (let i = 0; i < group.length; i += 200) {
        const chunk = group.slice(i, i + 200);
        await app.runtime.store.appendToStreams(chunk.map((c) => ({ stream: c.stream, expected: 'any' as const, events: c.events })));
        appended += chunk.reduce((n, c) => n + c.events.length, 0);
      }
      show(`writing the log: ${appended.toLocaleString('en-US')} events`);
    }
    process.stdout.write(`\rwrote ${appended.toLocaleString('en-US')} events in ${seconds(performance.now() - writing)} s\n`);
    // The source's read models at the log's end, so the backup records them for the restore to compare.
    const sourceBuild = await app.runtime.runner.rebuildAll({
      onProgress: (n) => show(`source read models: ${n.toLocaleString('en-US')} events`),
    });
    process.stdout.write('\n');

    const readStarted = performance.now();
    let read = 0;
    for (let after = null as { transactionId: string; position: string } | null; ; ) {
      const batch = await app.runtime.store.readAll(after, 10_000);
      if (!batch.length) break;
      read += batch.length;
      after = { transactionId: batch[batch.length - 1].transactionId, position: batch[batch.length - 1].position };
    }
    const readMs = performance.now() - readStarted;

    const file = path.join(work, 'bench.backup');
    const backup = await takeBackup(
      {
        pool: app.runtime.pool,
        projectors: allProjectors,
        storage: { root: path.join(work, 'source', 'storage') },
        authSecret: { value: app.runtime.config.authSecret, fromDataDir: false },
      },
      file,
    );
    const restoreStarted = performance.now();
    const plan = await planRestore(file, null);
    const planMs = performance.now() - restoreStarted;
    await assertRestorableInto(target.pool, plan);
    const report = await restoreBackup(
      plan,
      {
        pool: target.pool,
        projectors: allProjectors,
        storageRoot: path.join(work, 'target', 'storage'),
        authSecretFile: null,
        envAuthSecret: app.runtime.config.authSecret,
      },
      (phase, done) => {
        show(`restoring, ${phase}: ${done.toLocaleString('en-US')}`);
      },
    );
    const restoreMs = performance.now() - restoreStarted;
    process.stdout.write('\n');

    const n = backup.events;
    const table = new Table(['measurement', 'events', 'events/s', 's']);
    table.add(
      'raw read of the log (readAll, batches of 10,000)',
      read.toLocaleString('en-US'),
      formatRate(read / (readMs / 1000)),
      seconds(readMs),
    );
    table.add(
      `backup (snapshot, COPY, gzip; ${(backup.bytes / 1e6).toFixed(0)} MB)`,
      n.toLocaleString('en-US'),
      formatRate(n / (backup.ms / 1000)),
      seconds(backup.ms),
    );
    table.add('restore: the file checked whole', n.toLocaleString('en-US'), formatRate(n / (planMs / 1000)), seconds(planMs));
    table.add('restore: the log copied in', n.toLocaleString('en-US'), formatRate(n / (report.loadMs / 1000)), seconds(report.loadMs));
    table.add(
      `restore: ${allProjectors.length} read models rebuilt (one read) and compared`,
      n.toLocaleString('en-US'),
      formatRate(n / (report.rebuildMs / 1000)),
      seconds(report.rebuildMs),
    );
    table.add('restore, whole', n.toLocaleString('en-US'), formatRate(n / (restoreMs / 1000)), seconds(restoreMs));
    table.add(
      '(source) every read model rebuilt in one read of the log',
      sourceBuild.events.toLocaleString('en-US'),
      formatRate(sourceBuild.events / (sourceBuild.ms / 1000)),
      seconds(sourceBuild.ms),
    );
    console.log(
      `\nRestore benchmark: ${SPEAKERS} speakers, ${CONVERSATIONS_PER_SPEAKER} conversations each over a year; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    table.print();
    console.log(
      `\nEach read model's share of the restore's rebuild (${report.perModel.length} at once, up to 3 side by side; its folds, applies, finish, check and swap):\n`,
    );
    const shares = new Table(['read model', 'events handled', 's (restore)', 's (source)']);
    const sourceMs = new Map(sourceBuild.perModel.map((m) => [m.name, m.ms]));
    for (const m of [...report.perModel].sort((a, b) => b.ms - a.ms)) {
      shares.add(m.name, m.events.toLocaleString('en-US'), seconds(m.ms), seconds(sourceMs.get(m.name) ?? 0));
    }
    shares.print();
    const outcomes: Record<string, number> = {};
    for (const c of report.checks) outcomes[c.outcome] = (outcomes[c.outcome] ?? 0) + 1;
    console.log(
      `\nRead models compared with the source: ${Object.entries(outcomes)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}.`,
    );
    for (const c of report.checks.filter((x) => x.outcome !== 'matches')) console.log(`  ${c.name}: ${c.outcome} (${c.detail})`);
    console.log('\nTarget: the whole restore under 60 s for 1,000,000 events.');
  } finally {
    await app.close();
    await target.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit())
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
