/**
 * `npm run backup -- <file>`: everything of this installation that cannot be rebuilt, in one new
 * file, while the product runs (services/backup/backup.ts; README, "Backup and restore"). Works on
 * the database the product uses: DATABASE_URL, or the embedded one under $DATA_DIR.
 */
import pino from 'pino';
import { allProjectors } from '../../projections';
import { loadConfig } from '../app/config';
import { runCommand } from '../app/shutdown';
import { resolveDatabase } from '../app/database';
import { takeBackup } from '../backup/backup';
import { newBackupFile } from '../backup/paths';
import { createPool } from '../db/pool';
import { progressLine } from './progress';

const USAGE = 'usage: npm run backup -- <new file>';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('--')) {
    console.error(USAGE);
    return 2;
  }
  const file = newBackupFile(args[0]);
  const config = loadConfig();
  if (config.kurrentdbUrl) {
    console.error(
      'Refused: with KURRENTDB_URL the event log lives in KurrentDB, which `npm run backup` cannot read in one snapshot with the rest; back KurrentDB up with its own tools and PostgreSQL with pg_dump.',
    );
    return 2;
  }
  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const db = await resolveDatabase(config, log);
  const pool = createPool(db.url, 2);
  const progress = progressLine();
  try {
    const result = await takeBackup(
      {
        pool,
        projectors: allProjectors,
        storage: config.storageS3 ? { s3: config.storageS3 } : { root: `${config.dataDir}/storage` },
        authSecret: { value: config.authSecret, fromDataDir: !process.env.AUTH_SECRET },
      },
      file,
      (phase, done, total) => progress.update(phase, done, total, phase === 'read models' ? 'read models' : phase),
    );
    progress.clear();
    const at = result.header.log.position;
    console.log(
      `Backed up ${result.events.toLocaleString('en-US')} events (log position ${at ? `${at.transactionId}/${at.position}` : 'empty'}), ${result.header.readModels.length} read models' states and ${result.files} stored files`,
    );
    console.log(
      `into ${file} (${(result.bytes / 1e6).toFixed(1)} MB) in ${(result.ms / 1000).toFixed(1)} s; installation ${result.header.installationId}.`,
    );
    if (result.header.authSecret.kept) console.log("It holds the auth secret and everyone's data: keep it as safe as the server.");
    if (result.header.storage.kind === 's3')
      console.log('Stored files stay in S3: the file records where (back the bucket up on its own).');
    return 0;
  } finally {
    progress.clear();
    await pool.end();
    await db.embedded?.stop();
  }
}

runCommand(main);
