/**
 * `npm run restore -- <file> [--until <ISO instant | log position>]` (services/cli/restore.ts): a
 * backup into an empty store. The file is read through once and refused whole (truncated, damaged,
 * another installation's, a point it does not hold) before anything is written; then the log is
 * copied in, every read model rebuilt from it reading the log once, and each compared with the
 * backed-up installation's at the same point of the log (docs/decisions/backup-restore.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { DateTime } from 'luxon';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateEventStore } from '../eventstore/postgres';
import type { GlobalCheckpoint } from '../eventstore/port';
import type { Projector } from '../feed/projector';
import { ProjectionRunner, type ReadModelBuildTime } from '../feed/runner';
import { createPostgresEventStore } from '../eventstore/postgres';
import { preparePersonalData, withPersonalData } from '../eventstore/personal';
import { migratePersonalKeys } from '../eventstore/personal/keyStore';
import { FEED_HORIZON_SQL } from '../eventstore/postgres/statements';
import {
  BACKUP_FORMAT,
  BackupRefusedError,
  LineSplitter,
  readFrames,
  secretFingerprint,
  type BackupEnd,
  type BackupHeader,
  type PersonalKeyRow,
} from './format';
import { fingerprintDifferences, schemaFingerprint } from './fingerprint';
import { installationId, migrateInstallation } from './installation';
import { storedFilePath } from './paths';

export type Until = { kind: 'time'; at: Date; micros: number; text: string } | { kind: 'position'; position: string; text: string };

/** `--until`: an instant with its offset (2026-05-01T12:00:00Z), or a log position (`1234` or `status`'s `5678/1234`). */
export function parseUntil(value: string | undefined): Until {
  if (!value)
    throw new BackupRefusedError(
      '--until needs an instant (2026-05-01T12:00:00Z) or a log position (1234, or 5678/1234 as `npm run projections -- status` prints it).',
    );
  if (value.length > 64 || value.includes('\0'))
    throw new BackupRefusedError('--until is an instant or a log position: that value is not one.');
  const position = /^(?:\d{1,19}\/)?(\d{1,19})$/.exec(value);
  if (position) return { kind: 'position', position: String(BigInt(position[1])), text: value };
  if (!/[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    throw new BackupRefusedError(`--until ${value} is neither a log position nor an instant with its offset (2026-05-01T12:00:00Z).`);
  }
  const at = DateTime.fromISO(value.replace(' ', 'T'), { setZone: true });
  if (!at.isValid) throw new BackupRefusedError(`--until ${value} is not a real instant (${at.invalidExplanation ?? at.invalidReason}).`);
  const fraction = /\.(\d{1,6})/.exec(value)?.[1] ?? '';
  const micros = Math.floor(at.toMillis() / 1000) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  return { kind: 'time', at: at.toJSDate(), micros, text: value };
}

/** `2026-05-01 12:00:00.123456+00` (COPY's text of a UTC timestamptz) in microseconds since the epoch. */
function recordedMicros(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?\+00$/.exec(text);
  if (!m) throw new BackupRefusedError('The backup file holds an event time it cannot read: it is damaged.');
  const seconds = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000;
  return seconds * 1_000_000 + Number((m[7] ?? '').padEnd(6, '0'));
}

/** What a restore of a file will do, known from a full read of it (nothing written yet). */
export interface RestorePlan {
  file: string;
  header: BackupHeader;
  end: BackupEnd;
  /** Events to restore: the first `events` of the file's log (all of them without --until). */
  events: number;
  /** The last restored event's time and position (null when none). */
  lastRestored: { position: string; recordedAt: string } | null;
  /** Read models whose backed-up state lies within the restored events: they can be compared. */
  comparable: Set<string>;
  until: Until | null;
}

/** Splits a backed-up event's COPY line: position, transaction, the columns a restore writes, and its time. */
function fieldsOf(line: string) {
  const a = line.indexOf('\t');
  const b = line.indexOf('\t', a + 1);
  return {
    position: line.slice(0, a),
    transactionId: line.slice(a + 1, b),
    rest: line.slice(b + 1),
    recordedAt: () => line.slice(line.lastIndexOf('\t') + 1),
  };
}

/**
 * Reads the whole file: its header, its end and checksum, and where --until cuts its log (never
 * inside an append: the rest of the cut event's transaction comes with it). Throws
 * BackupRefusedError for a file that cannot be restored as asked.
 */
export async function planRestore(file: string, until: Until | null, onProgress?: (bytesOfEvents: number) => void): Promise<RestorePlan> {
  let header: BackupHeader | null = null;
  let end: BackupEnd | null = null;
  const lines = new LineSplitter();
  let events = 0;
  let cut: number | null = until ? null : Infinity;
  let cutTransaction: string | null = null;
  let last: { position: string; recordedAt: string } | null = null;
  const checkpointIndex = new Map<string, number>();
  let wanted = new Set<string>();
  for await (const frame of readFrames(file)) {
    if (!header) {
      if (frame.kind !== 'H') throw new BackupRefusedError('The backup file has no header: it is damaged.');
      header = JSON.parse(frame.payload.toString()) as BackupHeader;
      if (header.product !== 'tertulia' || header.format !== BACKUP_FORMAT) {
        throw new BackupRefusedError(
          `This backup is in format ${header.format}; this version of Tertulia restores format ${BACKUP_FORMAT}.`,
        );
      }
      wanted = new Set(header.readModels.flatMap((r) => (r.checkpoint ? [r.checkpoint.position] : [])));
      continue;
    }
    if (frame.kind === 'Z') end = JSON.parse(frame.payload.toString()) as BackupEnd;
    if (frame.kind !== 'E') continue;
    for (const line of lines.lines(frame.payload)) {
      const f = fieldsOf(line);
      if (cut === null) {
        if (cutTransaction !== null && f.transactionId !== cutTransaction) cut = events;
        else if (until?.kind === 'position' && f.position === until.position) cutTransaction = f.transactionId;
        else if (until?.kind === 'time' && cutTransaction === null && recordedMicros(f.recordedAt()) > until.micros) cut = events;
      }
      if (cut === null || events < cut) {
        last = { position: f.position, recordedAt: f.recordedAt() };
        if (wanted.has(f.position)) checkpointIndex.set(f.position, events);
      }
      events += 1;
    }
    onProgress?.(events);
  }
  if (!header || !end) throw new BackupRefusedError('The backup file is truncated or damaged: nothing was restored.');
  if (!lines.whole || events !== header.log.events || events !== end.events)
    throw new BackupRefusedError('The backup file holds fewer events than its header says: it is damaged. Nothing was restored.');
  if (until?.kind === 'position' && cutTransaction === null) {
    throw new BackupRefusedError(
      `This backup holds no event at log position ${until.position}${header.log.position ? ` (its log ends at ${header.log.position.transactionId}/${header.log.position.position})` : ''}.`,
    );
  }
  const restored = Math.min(cut ?? events, events);
  if (until && restored === 0)
    throw new BackupRefusedError(
      `Nothing in this backup was recorded by ${until.text}: its first event was recorded ${header.log.firstRecordedAt}.`,
    );
  const comparable = new Set(
    header.readModels
      .filter((r) => !r.failed && (r.checkpoint === null || (checkpointIndex.get(r.checkpoint.position) ?? Infinity) < restored))
      .map((r) => r.name),
  );
  return { file, header, end, events: restored, lastRestored: restored ? last : null, comparable, until };
}

/** One sentence when the database is not an empty one this backup may go into; nothing is written. */
export async function assertRestorableInto(pool: pg.Pool, plan: RestorePlan): Promise<void> {
  const { rows } = await pool.query(`SELECT to_regclass('public.events') IS NOT NULL AS has_log`);
  if (rows[0].has_log) {
    const held = await pool.query('SELECT EXISTS (SELECT 1 FROM events) AS held');
    if (held.rows[0].held)
      throw new BackupRefusedError('Refused: this database already holds an event log; restore into an empty database or data folder.');
  }
  const id = await installationId(pool);
  if (id && id !== plan.header.installationId) {
    throw new BackupRefusedError(
      `Refused: this backup is of installation ${plan.header.installationId}, and this database already belongs to installation ${id}.`,
    );
  }
}

/** One sentence when the data folder holds something the restore would write; nothing is written. */
export function assertDataFolderReady(
  dataDir: string,
  options: { embedded: boolean; localStorage: boolean; authSecretFromFile: boolean },
  plan: RestorePlan,
): void {
  if (dataDir.includes('\0') || dataDir.length > 4096) throw new BackupRefusedError('DATA_DIR is not a usable path.');
  const stat = fs.statSync(dataDir, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) throw new BackupRefusedError(`Refused: ${dataDir} (DATA_DIR) is a file, not a folder.`);
  if (options.embedded && fs.readdirSync(dataDir).length)
    throw new BackupRefusedError(`Refused: the data folder ${dataDir} is not empty; restore into an empty (or new) data folder.`);
  const storage = path.join(dataDir, 'storage');
  if (options.localStorage && fs.existsSync(storage) && fs.readdirSync(storage).length)
    throw new BackupRefusedError(`Refused: ${storage} already holds files; restore into an empty data folder.`);
  const secret = path.join(dataDir, 'auth-secret');
  if (
    options.authSecretFromFile &&
    fs.existsSync(secret) &&
    secretFingerprint(fs.readFileSync(secret, 'utf8').trim()) !== plan.header.authSecret.fingerprint
  ) {
    throw new BackupRefusedError(`Refused: ${secret} holds another installation's auth secret; restore into an empty data folder.`);
  }
}

export interface RestoreTarget {
  pool: pg.Pool;
  projectors: readonly Projector[];
  /** Local storage's folder for the backed-up files; null when the files stay in S3. */
  storageRoot: string | null;
  /** Where the auth secret goes ($DATA_DIR/auth-secret) when the backup kept it and AUTH_SECRET is unset; null otherwise. */
  authSecretFile: string | null;
  /** AUTH_SECRET of the restored product, when set: compared with the backup's. */
  envAuthSecret: string | null;
}

export type RestorePhase = 'events' | 'files' | 'read models';

export interface ReadModelCheck {
  name: string;
  outcome: 'matches' | 'differs' | 'not compared';
  detail: string;
}

export interface RestoreReport {
  events: number;
  files: number;
  loadMs: number;
  rebuildMs: number;
  /** Each read model's share of the rebuild. */
  perModel: ReadModelBuildTime[];
  checks: ReadModelCheck[];
  notes: string[];
}

/**
 * The backup's keys into the target's key store, never over a row already there: a tombstone of a
 * person erased after the backup was taken stays a tombstone (docs/decisions/erasure.md).
 */
async function restorePersonalKeys(db: pg.ClientBase, rows: PersonalKeyRow[]): Promise<void> {
  await db.query(
    `INSERT INTO personal_keys (subject, wrapped_key, created_at, erased_at)
       SELECT r.subject, decode(r.wrapped, 'base64'), r."createdAt", r."erasedAt"
         FROM jsonb_to_recordset($1::jsonb) AS r(subject text, wrapped text, "createdAt" timestamptz, "erasedAt" timestamptz)
     ON CONFLICT (subject) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** Restores a planned backup into an empty database (assertRestorableInto first). */
export async function restoreBackup(
  plan: RestorePlan,
  target: RestoreTarget,
  progress?: (phase: RestorePhase, done: number, total: number) => void,
): Promise<RestoreReport> {
  const notes: string[] = [];
  const secret = target.envAuthSecret ?? plan.header.authSecret.kept;
  if (!secret) {
    throw new BackupRefusedError(
      "Refused: the log's personal data opens with the backed-up installation's AUTH_SECRET, which the backup does not hold: set it and restore again.",
    );
  }
  await migrateEventStore(target.pool);
  await migrateInstallation(target.pool);
  await migratePersonalKeys(target.pool);
  await target.pool.query('UPDATE installation SET id = $1', [plan.header.installationId]);

  const loadStarted = Date.now();
  const files = await loadLogAndFiles(plan, target, progress);
  const loadMs = Date.now() - loadStarted;

  if (plan.header.authSecret.kept && target.authSecretFile && !fs.existsSync(target.authSecretFile)) {
    fs.mkdirSync(path.dirname(target.authSecretFile), { recursive: true });
    fs.writeFileSync(target.authSecretFile, plan.header.authSecret.kept, { mode: 0o600, flag: 'wx' });
  } else if (target.envAuthSecret && secretFingerprint(target.envAuthSecret) !== plan.header.authSecret.fingerprint) {
    notes.push(
      "AUTH_SECRET differs from the backed-up installation's: everyone signs in again, and links in mail already sent stop working.",
    );
  }
  if (plan.header.storage.kind === 's3') {
    const s3 = plan.header.storage;
    notes.push(
      `Stored files stay in S3: bucket ${s3.bucket}${s3.prefix ? `, prefix ${s3.prefix}` : ''}${s3.endpoint ? ` at ${s3.endpoint}` : ''} (region ${s3.region}); point STORAGE_S3_* at it.`,
    );
  }

  const rebuildStarted = Date.now();
  const { checks, perModel } = await rebuildAndCompare(plan, target, secret, (n) => progress?.('read models', n, plan.events));
  return { events: plan.events, files, loadMs, rebuildMs: Date.now() - rebuildStarted, perModel, checks, notes };
}

/**
 * The log goes in with COPY, each event with its position, stream, version, data, metadata and time
 * as backed up; its transaction id is the restoring transaction's own (the backed-up cluster's
 * numbers mean nothing here, and the feed must see the restored log before anything appended
 * later). The feed orders by (transaction, position): a run of events whose positions rise goes in
 * one transaction, and an event whose position is below the one before it (a later append that
 * committed first) starts the next, so the restored feed has the backed-up one's order.
 */
async function loadLogAndFiles(
  plan: RestorePlan,
  target: RestoreTarget,
  progress?: (phase: RestorePhase, done: number, total: number) => void,
): Promise<number> {
  const db = await target.pool.connect();
  let copy: Writable | null = null;
  let copyDone: Promise<unknown> | null = null;
  let pending: string[] = [];
  let previous = -1;
  let loaded = 0;
  let files = 0;
  let file: { out: fs.WriteStream; left: number; path: string } | null = null;
  const flush = async () => {
    if (!pending.length || !copy) return;
    const text = pending.join('');
    pending = [];
    if (!copy.write(text)) await new Promise((resolve) => copy!.once('drain', resolve));
  };
  const closeRun = async () => {
    if (!copy) return;
    await flush();
    copy.end();
    await copyDone;
    copy = null;
    await db.query('COMMIT');
  };
  const openRun = async () => {
    // The restore's own runs need no flush each: the last commit below is synchronous and flushes them all.
    await db.query(`BEGIN; SET LOCAL synchronous_commit TO off`);
    const stream = db.query(
      copyFrom('COPY events (global_position, stream_id, stream_version, type, data, metadata, recorded_at) FROM STDIN'),
    );
    copyDone = new Promise((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    copyDone.catch(() => {});
    copy = stream;
  };
  try {
    const lines = new LineSplitter();
    for await (const frame of readFrames(plan.file)) {
      if (frame.kind === 'E' && loaded < plan.events) {
        for (const line of lines.lines(frame.payload)) {
          if (loaded >= plan.events) break;
          const f = fieldsOf(line);
          const position = Number(f.position);
          if (!copy || position < previous) {
            await closeRun();
            await openRun();
          }
          previous = position;
          pending.push(`${f.position}\t${f.rest}\n`);
          loaded += 1;
          if (pending.length >= 2000) await flush();
        }
        progress?.('events', loaded, plan.events);
      } else if (frame.kind === 'K') {
        await closeRun();
        await restorePersonalKeys(db, JSON.parse(frame.payload.toString()) as PersonalKeyRow[]);
      } else if (frame.kind === 'F' && target.storageRoot) {
        await closeRun();
        const entry = JSON.parse(frame.payload.toString()) as { path: unknown; bytes: number };
        const to = storedFilePath(target.storageRoot, entry.path);
        fs.mkdirSync(path.dirname(to), { recursive: true });
        file = { out: fs.createWriteStream(to, { flags: 'wx' }), left: entry.bytes, path: to };
        if (file.left === 0) {
          file.out.end();
          file = null;
          files += 1;
        }
      } else if (frame.kind === 'D' && file) {
        if (!file.out.write(frame.payload)) await new Promise((resolve) => file!.out.once('drain', () => resolve(null)));
        file.left -= frame.payload.length;
        if (file.left <= 0) {
          const done = file.out;
          await new Promise((resolve, reject) => done.end((error?: Error | null) => (error ? reject(error) : resolve(null))));
          file = null;
          files += 1;
          progress?.('files', files, plan.end.files);
        }
      }
    }
    await closeRun();
    await db.query(`INSERT INTO streams (stream_id, version) SELECT stream_id, max(stream_version) FROM events GROUP BY stream_id`);
    await db.query(
      `SELECT setval(pg_get_serial_sequence('events', 'global_position'), coalesce((SELECT max(global_position) FROM events), 1), (SELECT count(*) > 0 FROM events))`,
    );
    return files;
  } catch (error) {
    if (copy) (copy as Writable).destroy();
    await db.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    db.release();
  }
}

/**
 * Waits until the feed shows the whole restored log. Its horizon is the PostgreSQL cluster's: a
 * transaction left open in another database of the same server holds back the restored
 * transactions, all newer, and the rebuild would read a short log (it read none once, beside a busy
 * test run). Refuses after `timeoutMs`, naming why, before anything is built.
 */
async function feedShowsEveryEvent(pool: pg.Pool, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 1000)) {
    const { rows } = await pool.query(`SELECT coalesce((SELECT max(transaction_id) FROM events) < (${FEED_HORIZON_SQL}), true) AS visible`);
    if (rows[0].visible) return;
    if (Date.now() > deadline) {
      throw new BackupRefusedError(
        `The log is restored, but a transaction open elsewhere on this PostgreSQL server has hidden it from the feed for over ${timeoutMs / 1000} s (pg_stat_activity shows it): end it, then build the read models with npm run projections -- rebuild --all --reason "after a restore".`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * Every read model rebuilt in one read of the log; each one whose backed-up state lies within the
 * restored log is compared with it at its backed-up checkpoint (the same event, by its position).
 */
async function rebuildAndCompare(
  plan: RestorePlan,
  target: RestoreTarget,
  secret: string,
  onProgress: (events: number) => void,
): Promise<{ checks: ReadModelCheck[]; perModel: ReadModelBuildTime[] }> {
  const store = withPersonalData(createPostgresEventStore(target.pool, { notify: 'off' }), await preparePersonalData(target.pool, secret));
  const runner = new ProjectionRunner(target.pool, store, target.projectors, { batchSize: 10_000 });
  const checks: ReadModelCheck[] = [];
  let perModel: ReadModelBuildTime[] = [];
  try {
    await feedShowsEveryEvent(target.pool);
    await runner.prepare();
    const backedUp = new Map(plan.header.readModels.map((r) => [r.name, r]));
    const positions = [...plan.comparable].flatMap((n) => (backedUp.get(n)!.checkpoint ? [backedUp.get(n)!.checkpoint!.position] : []));
    const { rows } = await target.pool.query(
      'SELECT global_position::text AS p, transaction_id::text AS t FROM events WHERE global_position = ANY($1::bigint[])',
      [positions],
    );
    const here = new Map(rows.map((r) => [r.p, r.t]));
    const checkAt = new Map<string, GlobalCheckpoint | null>();
    for (const p of target.projectors) {
      const state = backedUp.get(p.name);
      if (p.fromHead) continue;
      if (!state) checks.push({ name: p.name, outcome: 'not compared', detail: 'the backed-up installation had no such read model' });
      else if (state.version !== p.version)
        checks.push({
          name: p.name,
          outcome: 'not compared',
          detail: `backed up at version ${state.version}, rebuilt at version ${p.version}`,
        });
      else if (state.failed) checks.push({ name: p.name, outcome: 'not compared', detail: 'it was stopped at a failure when backed up' });
      else if (!plan.comparable.has(p.name))
        checks.push({ name: p.name, outcome: 'not compared', detail: `its backed-up state lies after ${plan.until?.text}` });
      else
        checkAt.set(
          p.name,
          state.checkpoint ? { transactionId: here.get(state.checkpoint.position)!, position: state.checkpoint.position } : null,
        );
    }
    const result = await runner.rebuildAll({
      onProgress,
      checkAt,
      check: async (p, schema, db) => {
        const differences = fingerprintDifferences(backedUp.get(p.name)!.tables, await schemaFingerprint(db, schema));
        checks.push(
          differences.length
            ? { name: p.name, outcome: 'differs', detail: differences.join('; ') }
            : { name: p.name, outcome: 'matches', detail: 'every table as backed up' },
        );
      },
    });
    perModel = result.perModel;
    for (const name of result.onTheirOwn) {
      const i = checks.findIndex((c) => c.name === name);
      if (i < 0) checks.push({ name, outcome: 'not compared', detail: 'rebuilt on its own after its replay failed' });
    }
  } finally {
    await store.close();
  }
  const order = new Map(target.projectors.map((p, i) => [p.name, i]));
  return { checks: checks.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0)), perModel };
}
