/**
 * `npm run restore -- <file> [--until <ISO instant | log position>]`: a backup into an empty data
 * folder ($DATA_DIR) or an empty DATABASE_URL; every read model rebuilt and compared with the
 * backed-up installation's (services/backup/restore.ts; README, "Backup and restore"). The file is
 * checked whole, and the target found empty, before anything is written.
 */
import path from 'node:path';
import pino from 'pino';
import { allProjectors } from '../../projections';
import { loadConfig } from '../app/config';
import { runCommand } from '../app/shutdown';
import { resolveDatabase } from '../app/database';
import { existingBackupFile } from '../backup/paths';
import { assertDataFolderReady, assertRestorableInto, parseUntil, planRestore, restoreBackup, type Until } from '../backup/restore';
import { createPool } from '../db/pool';
import { progressLine, rate } from './progress';

const USAGE = 'usage: npm run restore -- <backup file> [--until <ISO instant with offset | log position>]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  let until: Until | null = null;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--until') until = parseUntil(args[++i]);
    else if (args[i].startsWith('--until=')) until = parseUntil(args[i].slice('--until='.length));
    else if (args[i].startsWith('--')) {
      console.error(`Unknown option ${args[i].slice(0, 100)}.\n${USAGE}`);
      return 2;
    } else rest.push(args[i]);
  }
  if (rest.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const file = existingBackupFile(rest[0]);
  const envSecret = process.env.AUTH_SECRET || null;
  // Read without making an auth secret in the data folder: the restore puts the backup's there.
  const config = loadConfig({ ...process.env, AUTH_SECRET: envSecret ?? 'restore-makes-no-secret' });
  if (config.kurrentdbUrl) {
    console.error(
      'Refused: with KURRENTDB_URL the event log lives in KurrentDB; `npm run restore` restores the PostgreSQL event store only (restore KurrentDB with its own tools, then `npm run projections -- rebuild --all`).',
    );
    return 2;
  }
  const progress = progressLine();
  const plan = await planRestore(file, until, (n) => progress.update('checking the file', n, 0, 'events'));
  progress.clear();
  const localStorage = !config.storageS3;
  assertDataFolderReady(config.dataDir, { embedded: !config.databaseUrl, localStorage, authSecretFromFile: !envSecret }, plan);

  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  let db: Awaited<ReturnType<typeof resolveDatabase>> | null = null;
  let pool: ReturnType<typeof createPool> | null = null;
  try {
    if (config.databaseUrl) {
      pool = createPool(config.databaseUrl, 6);
      await assertRestorableInto(pool, plan);
    } else {
      db = await resolveDatabase(config, log);
      pool = createPool(db.url, 6);
    }
    console.log(
      `Restoring ${plan.events.toLocaleString('en-US')} of ${plan.header.log.events.toLocaleString('en-US')} events${until ? ` (up to ${until.text})` : ''} of installation ${plan.header.installationId}, backed up ${plan.header.createdAt}.`,
    );
    const report = await restoreBackup(
      plan,
      {
        pool,
        projectors: allProjectors,
        storageRoot: localStorage ? path.join(config.dataDir, 'storage') : null,
        authSecretFile: envSecret ? null : path.join(config.dataDir, 'auth-secret'),
        envAuthSecret: envSecret,
      },
      (phase, done, total) => progress.update(phase, done, total, phase === 'files' ? 'files' : 'events'),
    );
    progress.clear();
    console.log(
      `Log: ${report.events.toLocaleString('en-US')} events in ${(report.loadMs / 1000).toFixed(1)} s (${rate(report.events, report.loadMs)}), ${report.files} stored files${plan.lastRestored ? `; the last one recorded ${plan.lastRestored.recordedAt}, at position ${plan.lastRestored.position}` : ''}.`,
    );
    console.log(
      `Read models rebuilt in one read of the log in ${(report.rebuildMs / 1000).toFixed(1)} s (${rate(report.events, report.rebuildMs)}):`,
    );
    for (const c of report.checks) console.log(`  ${c.name.padEnd(16)} ${c.outcome.padEnd(13)} ${c.detail}`);
    for (const note of report.notes) console.log(note);
    if (!localStorage && plan.header.storage.kind === 'local' && plan.end.files) {
      console.log(
        `The backup's ${plan.end.files} stored files were not restored: this product stores files in S3 (STORAGE_S3_BUCKET); restore into local storage and copy them over.`,
      );
    }
    const differ = report.checks.filter((c) => c.outcome === 'differs');
    if (differ.length) {
      console.log(
        `\n${differ.map((c) => c.name).join(', ')} differ from the backed-up installation's at the same point of the log: the log is restored whole; 'npm run projections -- verify <name>' shows the rows.`,
      );
      return 1;
    }
    console.log('\nRestored. Start the product (npm start) on this data folder or database.');
    return 0;
  } finally {
    progress.clear();
    await pool?.end();
    await db?.embedded?.stop();
  }
}

runCommand(main);
