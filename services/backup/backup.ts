/**
 * `npm run backup -- <file>` (services/cli/backup.ts): everything that cannot be rebuilt, in one
 * file, while the product runs and writes. The event log and the read models' states are read in
 * one REPEATABLE READ snapshot, so the file holds the log as it stood at one instant: every event
 * committed by then, none after (docs/decisions/backup-restore.md); stored files are copied after.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Projector } from '../feed/projector';
import { liveSchema } from '../feed/projector';
import type { S3StorageConfig } from '../integrations/storage/s3';
import { BackupWriter, BACKUP_FORMAT, secretFingerprint, type BackupHeader, type PersonalKeyRow, type ReadModelState } from './format';
import { schemaFingerprint } from './fingerprint';
import { installationId } from './installation';

export interface BackupSource {
  pool: pg.Pool;
  projectors: readonly Projector[];
  /** Local storage's folder ($DATA_DIR/storage), or the S3 settings (then only where the files are is recorded). */
  storage: { root: string } | { s3: S3StorageConfig };
  /** The auth secret, and whether it lives in the data folder (then the backup keeps it). */
  authSecret: { value: string; fromDataDir: boolean };
}

export type BackupProgress = (phase: 'read models' | 'events' | 'files', done: number, total: number) => void;

export interface BackupResult {
  header: BackupHeader;
  events: number;
  files: number;
  bytes: number;
  ms: number;
}

/** The columns of a backed-up event, in the order its COPY text holds them. */
export const EVENT_COLUMNS = [
  'global_position',
  'transaction_id',
  'stream_id',
  'stream_version',
  'type',
  'data',
  'metadata',
  'recorded_at',
] as const;

export async function takeBackup(source: BackupSource, file: string, progress?: BackupProgress): Promise<BackupResult> {
  const started = Date.now();
  const writer = new BackupWriter(file);
  const db = await source.pool.connect();
  try {
    await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // Timestamps as UTC text in the file, whatever the server's zone.
    await db.query(`SET LOCAL TimeZone TO 'UTC'`);
    const id = await installationId(db);
    if (!id) throw new Error('This database has no installation id yet: start the product on it once (or run `npm run migrate`).');
    const log = await db.query(`SELECT count(*)::bigint AS n, min(recorded_at) AS first, max(recorded_at) AS last,
        (SELECT transaction_id::text || '/' || global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1) AS head
      FROM events`);
    const events = Number(log.rows[0].n);
    const readModels = await readModelStates(db, source.projectors, (done) => progress?.('read models', done, source.projectors.length));
    const head = log.rows[0].head as string | null;
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      product: 'tertulia',
      installationId: id,
      createdAt: new Date().toISOString(),
      log: {
        events,
        position: head ? { transactionId: head.split('/')[0], position: head.split('/')[1] } : null,
        firstRecordedAt: log.rows[0].first?.toISOString() ?? null,
        lastRecordedAt: log.rows[0].last?.toISOString() ?? null,
      },
      readModels,
      storage:
        'root' in source.storage
          ? { kind: 'local' }
          : {
              kind: 's3',
              bucket: source.storage.s3.bucket,
              prefix: source.storage.s3.prefix,
              endpoint: source.storage.s3.endpoint,
              region: source.storage.s3.region,
            },
      authSecret: {
        kept: source.authSecret.fromDataDir ? source.authSecret.value : null,
        fingerprint: secretFingerprint(source.authSecret.value),
      },
    };
    await writer.json('H', header);
    let lines = 0;
    const copy = db.query(
      copyTo(`COPY (SELECT ${EVENT_COLUMNS.join(', ')} FROM events ORDER BY transaction_id, global_position) TO STDOUT`),
    );
    for await (const chunk of copy as AsyncIterable<Buffer>) {
      await writer.frame('E', chunk);
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines += 1;
      progress?.('events', lines, events);
    }
    await copyPersonalKeys(db, writer);
    await db.query('COMMIT');
    if (lines !== events) throw new Error(`The log's copy held ${lines} events where the snapshot counted ${events}.`);
    const files = 'root' in source.storage ? await copyStoredFiles(writer, source.storage.root, progress) : 0;
    await writer.close({ events, files });
    return { header, events, files, bytes: fs.statSync(file).size, ms: Date.now() - started };
  } catch (error) {
    await db.query('ROLLBACK').catch(() => {});
    await writer.abort();
    throw error;
  } finally {
    db.release();
  }
}

/**
 * The key store in the same snapshot as the log, as K frames: without it a restore could open no
 * personal field. Wrapped keys only (the server secret unwraps them), tombstones as rows without one.
 */
async function copyPersonalKeys(db: pg.ClientBase, writer: BackupWriter): Promise<void> {
  if (!(await db.query(`SELECT to_regclass('public.personal_keys') AS t`)).rows[0].t) return;
  const { rows } = await db.query<PersonalKeyRow>(
    `SELECT subject, encode(wrapped_key, 'base64') AS wrapped, created_at AS "createdAt", erased_at AS "erasedAt" FROM personal_keys ORDER BY subject`,
  );
  for (let at = 0; at < rows.length; at += 5000) await writer.json('K', rows.slice(at, at + 5000));
}

/** Each read model's version, checkpoint and tables as the snapshot sees them. */
async function readModelStates(db: pg.ClientBase, projectors: readonly Projector[], done: (n: number) => void): Promise<ReadModelState[]> {
  const names = projectors.filter((p) => !p.fromHead).map((p) => p.name);
  const { rows } = await db.query(
    'SELECT name, version, transaction_id, position, failed_at FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name',
    [names],
  );
  const out: ReadModelState[] = [];
  for (const r of rows) {
    out.push({
      name: r.name,
      version: r.version,
      checkpoint: r.transaction_id ? { transactionId: r.transaction_id, position: r.position } : null,
      failed: r.failed_at !== null,
      tables: await schemaFingerprint(db, liveSchema(r)),
    });
    done(out.length);
  }
  return out;
}

/** Every file under the storage folder (the half-written `.tmp` ones aside), as F and D frames. */
async function copyStoredFiles(writer: BackupWriter, root: string, progress?: BackupProgress): Promise<number> {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) found.push(full);
    }
  };
  if (fs.existsSync(root)) walk(root);
  let copied = 0;
  for (const full of found) {
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(full);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted meanwhile (retention)
      throw error;
    }
    await writer.json('F', { path: path.relative(root, full).split(path.sep).join('/'), bytes: bytes.length });
    await writer.frame('D', bytes);
    copied += 1;
    progress?.('files', copied, found.length);
  }
  return copied;
}
