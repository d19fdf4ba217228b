/**
 * Backups that restore (issue 26): a backup taken while reservations stream in through the API,
 * restored into a second database and data folder, gives back the log as it stood and every read
 * model as the source had it at the same point; files that cannot be restored are refused before
 * anything is written.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { allProjectors } from '../../projections';
import { takeBackup } from '../../services/backup/backup';
import { BackupRefusedError } from '../../services/backup/format';
import { migrateInstallation } from '../../services/backup/installation';
import { existingBackupFile, newBackupFile } from '../../services/backup/paths';
import {
  assertDataFolderReady,
  assertRestorableInto,
  parseUntil,
  planRestore,
  restoreBackup,
  type RestorePlan,
} from '../../services/backup/restore';
import { liveSchema } from '../../services/feed/projector';
import { startTestApp, type TestApp } from '../support/app';
import { reserveConversation } from '../support/conversations';
import { createTestDatabase, dumpSchema, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { readModelsCaughtUp } from '../support/enrollment';
import { createSpeaker, createStudent } from '../support/scheduling';

const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'test-secret-not-for-production-0123456789';
let app: TestApp;
let work: string;
const targets: TestDatabase[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-backup-'));
  app = await startTestApp({ dataDir: path.join(work, 'source') }, 'backup_source');
});
afterAll(async () => {
  await app?.close();
  for (const t of targets) await t.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const backup = (name: string) =>
  takeBackup(
    {
      pool: app.runtime.pool,
      projectors: allProjectors,
      storage: { root: path.join(work, 'source', 'storage') },
      authSecret: { value: SECRET, fromDataDir: true },
    },
    path.join(work, name),
  );

async function emptyTarget(label: string) {
  const db = await createTestDatabase(label);
  targets.push(db);
  const dataDir = path.join(work, label);
  return {
    db,
    dataDir,
    target: {
      pool: db.pool,
      projectors: allProjectors,
      storageRoot: path.join(dataDir, 'storage'),
      authSecretFile: path.join(dataDir, 'auth-secret'),
      envAuthSecret: null,
    },
  };
}

async function restoreInto(label: string, plan: RestorePlan) {
  const t = await emptyTarget(label);
  assertDataFolderReady(t.dataDir, { embedded: false, localStorage: true, authSecretFromFile: true }, plan);
  await assertRestorableInto(t.db.pool, plan);
  const report = await restoreBackup(plan, t.target);
  return { ...t, report };
}

const LOG = `SELECT global_position::text AS p, stream_id, stream_version::int AS v, type, data, metadata, recorded_at FROM events`;

/** Every read model's tables, rows in a total order. */
async function dumpReadModels(pool: TestDatabase['pool']) {
  const out: Record<string, unknown> = {};
  for (const p of allProjectors) out[p.name] = await dumpSchema(pool, liveSchema(p));
  return out;
}

describe('a backup during a stream of reservations', () => {
  let during: RestorePlan;
  let headshot: Buffer;

  it('restores the log as backed up, and every read model as the source had it at the same point', async () => {
    const speakers = [await createSpeaker(app), await createSpeaker(app)];
    const students = await Promise.all([0, 1, 2].map(() => createStudent(app, 600)));
    headshot = Buffer.from('a headshot, byte for byte \0\xff');
    await app.runtime.storage.put(`headshots/${'ab'.repeat(16)}.png`, headshot, 'image/png');
    // Three clients reserving one after another; the backup runs while they do.
    let reserved = 0;
    let backedUp = false;
    let sixReserved = () => {};
    const sixth = new Promise<void>((resolve) => (sixReserved = resolve));
    const stream = Promise.all(
      students.map(async (student, i) => {
        for (let n = 0; n < 12 || !backedUp; n++) {
          await reserveConversation(app, student, speakers[(i + n) % 2]);
          if (++reserved === 6) sixReserved();
        }
      }),
    );
    await Promise.race([sixth, stream]);
    const taken = await backup('during.backup');
    backedUp = true;
    const atBackup = reserved;
    await stream;
    assert.ok(reserved > atBackup, 'reservations went on after the backup');
    assert.equal(taken.files, 2, 'the headshot and its content type');

    during = await planRestore(path.join(work, 'during.backup'), null);
    assert.equal(during.events, taken.events);
    const restored = await restoreInto('backup_during', during);
    for (const c of restored.report.checks) assert.equal(c.outcome, 'matches', `${c.name}: ${c.detail}`);
    assert.equal(restored.report.checks.length, allProjectors.length);

    // The log: every event the backup's snapshot held, as it was, and nothing after.
    const source = (await app.runtime.pool.query(`${LOG} ORDER BY global_position`)).rows;
    const back = (await restored.db.pool.query(`${LOG} ORDER BY global_position`)).rows;
    assert.equal(back.length, taken.events);
    const byPosition = new Map(source.map((e) => [e.p, e]));
    for (const e of back) assert.deepEqual(e, byPosition.get(e.p));
    assert.ok(source.length > back.length);
    // The feed's order is the source's, and what is appended after a restore comes after it.
    const order = (
      await restored.db.pool.query('SELECT global_position::text AS p FROM events ORDER BY transaction_id, global_position')
    ).rows.map((r) => r.p);
    const sourceOrder = (
      await app.runtime.pool.query('SELECT global_position::text AS p FROM events ORDER BY transaction_id, global_position')
    ).rows.map((r) => r.p);
    assert.deepEqual(
      order,
      sourceOrder.filter((p) => byPosition.has(p) && back.some((e) => e.p === p)),
    );
    const streams = await restored.db.pool.query('SELECT count(*)::int AS n, sum(version)::int AS v FROM streams');
    assert.deepEqual(streams.rows[0], { n: new Set(back.map((e) => e.stream_id)).size, v: back.length });

    assert.deepEqual(fs.readFileSync(path.join(restored.dataDir, 'storage', 'headshots', `${'ab'.repeat(16)}.png`)), headshot);
    assert.equal(fs.readFileSync(path.join(restored.dataDir, 'auth-secret'), 'utf8'), SECRET);
    assert.equal((await restored.db.pool.query('SELECT id::text FROM installation')).rows[0].id, during.header.installationId);
  });

  it('a backup of the settled product restores to the same rows in every read model table', async () => {
    // Nothing writes any more (the mail jobs append too), and every read model is at the log's end.
    await app.runtime.jobs.stop();
    await readModelsCaughtUp(
      app,
      allProjectors.map((p) => p.name),
    );
    await app.runtime.runner.stop();
    await backup('settled.backup');
    // A transaction left open in another database of the same server (here the source's) hides
    // the restored log from the feed, whose horizon is the server's: the restore waits for it to
    // end rather than build every read model from a short log (it built them empty once, beside a
    // busy test run).
    const blocker = await app.runtime.pool.connect();
    let restored: Awaited<ReturnType<typeof restoreInto>>;
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      const restoring = restoreInto('backup_settled', await planRestore(path.join(work, 'settled.backup'), null));
      const waiting = eventually(
        async () => {
          const { rows } = await app.runtime.pool.query(
            `SELECT 1 FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query LIKE '%max(transaction_id) FROM events) < (SELECT coalesce(%'`,
          );
          return rows.length > 0;
        },
        'the restore waiting for the feed to show its log',
        120_000,
      );
      waiting.catch(() => {});
      await Promise.race([restoring, waiting]);
      await blocker.query('COMMIT');
      restored = await restoring;
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
    }
    assert.deepEqual(await dumpReadModels(restored.db.pool), await dumpReadModels(app.runtime.pool));
  });

  it('--until a log position restores the log up to that append, whole, and compares what lies before it', async () => {
    const source = (
      await app.runtime.pool.query(
        `SELECT global_position::text AS p, transaction_id::text AS t FROM events ORDER BY transaction_id, global_position`,
      )
    ).rows;
    const inDuring = source.slice(0, during.header.log.events);
    // An event in the middle of a multi-event append (a reservation): the rest of the append comes too.
    const middle = inDuring.findIndex((e, i) => i > inDuring.length / 2 && inDuring[i + 1]?.t === e.t);
    const plan = await planRestore(path.join(work, 'during.backup'), parseUntil(inDuring[middle].p));
    const lastOfAppend = inDuring.findLastIndex((e) => e.t === inDuring[middle].t);
    assert.equal(plan.events, lastOfAppend + 1);
    const restored = await restoreInto('backup_until_position', plan);
    const back = (
      await restored.db.pool.query('SELECT global_position::text AS p FROM events ORDER BY transaction_id, global_position')
    ).rows.map((r) => r.p);
    assert.deepEqual(
      back,
      inDuring.slice(0, lastOfAppend + 1).map((e) => e.p),
    );
    assert.ok(restored.report.checks.every((c) => c.outcome !== 'differs'));
    assert.ok(
      restored.report.checks.some((c) => c.outcome === 'not compared'),
      'read models backed up past the point are not compared',
    );
  });

  it('--until an instant restores the events recorded by then', async () => {
    const { rows } = await app.runtime.pool.query(
      `SELECT (extract(epoch FROM recorded_at) * 1000000)::bigint::text AS us FROM events ORDER BY transaction_id, global_position`,
    );
    const inDuring = rows.slice(0, during.header.log.events).map((r) => Number(r.us));
    const cut = new Date(Math.floor(inDuring[Math.floor(inDuring.length / 3)] / 1000));
    const plan = await planRestore(path.join(work, 'during.backup'), parseUntil(cut.toISOString()));
    const expected = inDuring.findIndex((us) => us > cut.getTime() * 1000);
    assert.ok(expected > 0 && expected < inDuring.length);
    const restored = await restoreInto('backup_until_time', plan);
    const { rows: back } = await restored.db.pool.query('SELECT max(recorded_at) AS last, count(*)::int AS n FROM events');
    assert.ok(back[0].last.getTime() <= cut.getTime());
    assert.equal(back[0].n, expected);
  });

  it('refuses, before writing anything, a store that is not empty, another installation, and a truncated or damaged file', async () => {
    const file = path.join(work, 'during.backup');
    const before = (await app.runtime.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n;
    await assert.rejects(
      assertRestorableInto(app.runtime.pool, during),
      /^BackupRefusedError: Refused: this database already holds an event log/,
    );
    assert.equal((await app.runtime.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n, before);

    const other = await emptyTarget('backup_other');
    await migrateInstallation(other.db.pool);
    await assert.rejects(assertRestorableInto(other.db.pool, during), /this backup is of installation .* already belongs to installation/);

    const bytes = fs.readFileSync(file);
    fs.writeFileSync(path.join(work, 'truncated.backup'), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await assert.rejects(planRestore(path.join(work, 'truncated.backup'), null), /truncated or damaged/);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    fs.writeFileSync(path.join(work, 'damaged.backup'), damaged);
    await assert.rejects(planRestore(path.join(work, 'damaged.backup'), null), BackupRefusedError);
    fs.writeFileSync(path.join(work, 'not.backup'), 'hello');
    await assert.rejects(planRestore(path.join(work, 'not.backup'), null), /not a Tertulia backup/);

    await assert.rejects(planRestore(file, parseUntil('999999999')), /holds no event at log position 999999999/);
    await assert.rejects(planRestore(file, parseUntil('2001-01-01T00:00:00Z')), /Nothing in this backup was recorded by/);

    const folder = path.join(work, 'used-folder');
    fs.mkdirSync(path.join(folder, 'storage', 'headshots'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'storage', 'headshots', 'x'), 'x');
    assert.throws(
      () => assertDataFolderReady(folder, { embedded: false, localStorage: true, authSecretFromFile: true }, during),
      /already holds files/,
    );
    assert.throws(
      () => assertDataFolderReady(folder, { embedded: true, localStorage: true, authSecretFromFile: true }, during),
      /is not empty/,
    );
    fs.mkdirSync(path.join(work, 'secret-folder'));
    fs.writeFileSync(path.join(work, 'secret-folder', 'auth-secret'), 'another-installations-secret');
    assert.throws(
      () =>
        assertDataFolderReady(path.join(work, 'secret-folder'), { embedded: false, localStorage: true, authSecretFromFile: true }, during),
      /another installation's auth secret/,
    );
  });

  it('the restore command refuses a data folder that is not empty in one sentence, and writes nothing', () => {
    const folder = path.join(work, 'cli-folder');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'something'), 'kept');
    const env = { ...process.env, DATA_DIR: folder, DATABASE_URL: '', AUTH_SECRET: '', LOG_LEVEL: 'silent' };
    delete (env as Record<string, string | undefined>).DATABASE_URL;
    delete (env as Record<string, string | undefined>).AUTH_SECRET;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'services/cli/restore.ts'), path.join(work, 'during.backup')],
      { cwd: root, env, encoding: 'utf8' },
    );
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stderr.trim(), `Refused: the data folder ${folder} is not empty; restore into an empty (or new) data folder.`);
    assert.deepEqual(fs.readdirSync(folder), ['something']);
  });
});

describe('paths and points', () => {
  it('checks the paths it is given', () => {
    assert.throws(() => newBackupFile(''), /Say which backup file/);
    assert.throws(() => newBackupFile('a\0b'), /NUL/);
    assert.throws(() => newBackupFile('x'.repeat(5000)), /longer than 4096/);
    assert.throws(() => newBackupFile(path.join(root, 'package.json')), /already exists/);
    assert.throws(() => newBackupFile('/no/such/folder/file.backup'), /does not exist/);
    assert.throws(() => existingBackupFile('/no/such/file.backup'), /does not exist/);
    assert.throws(() => existingBackupFile(root), /is not a file/);
  });

  it('--until takes a real instant with its offset or a log position', () => {
    assert.deepEqual(parseUntil('1234'), { kind: 'position', position: '1234', text: '1234' });
    assert.equal((parseUntil('5678/1234') as { position: string }).position, '1234');
    const at = parseUntil('2026-05-01T12:00:00.250Z');
    assert.equal(at.kind === 'time' && at.micros, Date.parse('2026-05-01T12:00:00.250Z') * 1000);
    assert.throws(() => parseUntil('2026-11-31T11:00:00Z'), /not a real instant/);
    assert.throws(() => parseUntil('2026-05-01T12:00:00'), /with its offset/);
    assert.throws(() => parseUntil('yesterday'), /neither a log position nor an instant/);
    assert.throws(() => parseUntil(undefined), /needs an instant/);
  });
});
