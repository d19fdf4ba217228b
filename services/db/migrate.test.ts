/**
 * Schema migrations on Knex (services/db/migrate.ts, services/cli/migrate.ts): every owner up from an
 * empty database, down to empty and up again with an identical schema; a database migrated by the
 * old runner adopted without running anything twice; several processes migrating at once.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { MIGRATION_OWNERS, runMigrateCommand } from '../cli/migrate';
import { createPostgresEventStore } from '../eventstore/postgres';
import { MIGRATIONS_SCHEMA, migrate, migrateDown, migrationStatus } from './migrate';
import type { Pool } from './pool';

const root = path.resolve(import.meta.dirname, '../..');

/** The schema as information_schema and pg_catalog describe it, the migrations' own bookkeeping left out. */
async function schemaOf(pool: Pool) {
  const keep = `NOT IN ('pg_catalog', 'information_schema', '${MIGRATIONS_SCHEMA}')`;
  const q = async (sql: string) => (await pool.query(sql)).rows.map((r) => Object.values(r).join('|'));
  return {
    schemata: await q(
      `SELECT schema_name FROM information_schema.schemata WHERE schema_name NOT IN ('pg_catalog', 'information_schema', 'public', '${MIGRATIONS_SCHEMA}') AND schema_name NOT LIKE 'pg\\_%' ORDER BY 1`,
    ),
    columns: await q(`SELECT table_schema, table_name, column_name, ordinal_position, data_type, is_nullable, column_default, is_identity
      FROM information_schema.columns WHERE table_schema ${keep} ORDER BY 1, 2, 4`),
    constraints:
      await q(`SELECT tc.table_schema, tc.table_name, tc.constraint_type, string_agg(k.column_name, ',' ORDER BY k.ordinal_position)
      FROM information_schema.table_constraints tc LEFT JOIN information_schema.key_column_usage k
        ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name
      WHERE tc.table_schema ${keep} AND tc.constraint_type <> 'CHECK' GROUP BY 1, 2, 3, tc.constraint_name ORDER BY 1, 2, 3, 4`),
    indexes: await q(
      `SELECT schemaname, tablename, indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', '${MIGRATIONS_SCHEMA}') ORDER BY 1, 2, 3`,
    ),
    // Functions of the product (an extension's own, pg_trgm's, come and go with the extension).
    routines:
      await q(`SELECT n.nspname, p.proname, md5(pg_get_functiondef(p.oid)) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1, 2, 3`),
    extensions: await q(`SELECT extname FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY 1`),
  };
}

const upAll = async (pool: Pool) => {
  for (const o of MIGRATION_OWNERS) await migrate(pool, o.owner, o.migrations);
};

const recorded = async (pool: Pool, owner: string) =>
  (await pool.query(`SELECT name, batch FROM ${MIGRATIONS_SCHEMA}.${owner} ORDER BY id`)).rows;

describe('schema migrations (Knex)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('migrate');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('up from empty, down to empty, up again: the same schema; every owner recorded once', async () => {
    const empty = await schemaOf(db.pool);
    await upAll(db.pool);
    const first = await schemaOf(db.pool);
    assert.ok(first.columns.some((c) => c.startsWith('public|events|global_position|')));
    assert.ok(first.columns.some((c) => c.startsWith('live|presence|')));
    assert.ok(first.routines.some((r) => r.startsWith('public|eventstore_append|')));
    assert.deepEqual(first.extensions, ['pg_trgm']);
    for (const o of MIGRATION_OWNERS) {
      assert.deepEqual(
        (await recorded(db.pool, o.owner)).map((r) => r.name),
        o.migrations.map((m) => m.id),
        o.owner,
      );
    }
    // A second run applies nothing.
    for (const o of MIGRATION_OWNERS) assert.deepEqual(await migrate(db.pool, o.owner, o.migrations), []);

    for (const o of [...MIGRATION_OWNERS].reverse()) {
      const reversed = await migrateDown(db.pool, o.owner, o.migrations, { all: true });
      assert.deepEqual(reversed, o.migrations.map((m) => m.id).reverse(), o.owner);
      assert.deepEqual(await recorded(db.pool, o.owner), []);
    }
    assert.deepEqual(await schemaOf(db.pool), empty);

    await upAll(db.pool);
    assert.deepEqual(await schemaOf(db.pool), first);
  });

  it('down reverses one migration at a time, newest first, and up applies it again', async () => {
    const owner = MIGRATION_OWNERS.find((o) => o.owner === 'mail_outbox')!;
    const columns = async () =>
      (
        await db.pool.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'dev_mailbox' ORDER BY ordinal_position`)
      ).rows.map((r) => r.column_name);
    assert.ok((await columns()).includes('attachments'));
    assert.deepEqual(await migrateDown(db.pool, owner.owner, owner.migrations), ['002_dev_mailbox_attachments']);
    assert.ok(!(await columns()).includes('attachments'));
    assert.ok((await columns()).includes('subject'));
    const status = await migrationStatus(db.pool, owner.owner, owner.migrations);
    assert.deepEqual(
      status.applied.map((a) => a.id),
      ['001_dev_mailbox'],
    );
    assert.deepEqual(status.pending, ['002_dev_mailbox_attachments']);
    assert.deepEqual(await migrate(db.pool, owner.owner, owner.migrations), ['002_dev_mailbox_attachments']);
    assert.ok((await columns()).includes('attachments'));
  });

  it('a migration that fails leaves its batch unapplied and unrecorded', async () => {
    const migrations = [
      { id: '001_a', up: 'CREATE TABLE knex_probe_a (x int)', down: 'DROP TABLE knex_probe_a' },
      { id: '002_b', up: 'CREATE TABLE knex_probe_b (x int); SELECT 1/0', down: 'DROP TABLE knex_probe_b' },
    ];
    await assert.rejects(migrate(db.pool, 'probe', migrations), /division by zero/);
    assert.deepEqual(await recorded(db.pool, 'probe'), []);
    const { rows } = await db.pool.query(`SELECT to_regclass('knex_probe_a') AS a, to_regclass('knex_probe_b') AS b`);
    assert.deepEqual(rows[0], { a: null, b: null });
  });

  it("the projections' pg_trgm step goes down with the read models that need it, and a start builds them again", async () => {
    const owner = MIGRATION_OWNERS.find((o) => o.owner === 'projections')!;
    // A read model as the runner makes one (live and half-built rebuild), with a trigram index.
    for (const schema of ['rm_probe', 'rm_probe__next']) {
      await db.pool.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.things (name text);
        CREATE INDEX things_trgm ON ${schema}.things USING gin (name gin_trgm_ops)`);
    }
    await db.pool.query(`INSERT INTO projection_checkpoints (name, version) VALUES ('probe', 1)`);
    assert.deepEqual(await migrateDown(db.pool, owner.owner, owner.migrations), ['004_operations']);
    assert.deepEqual(await migrateDown(db.pool, owner.owner, owner.migrations), ['003_failures']);
    assert.deepEqual(await migrateDown(db.pool, owner.owner, owner.migrations), ['002_pg_trgm']);
    const { rows } = await db.pool.query(`SELECT to_regnamespace('rm_probe') AS live, to_regnamespace('rm_probe__next') AS next,
      (SELECT count(*)::int FROM projection_checkpoints) AS checkpoints, (SELECT count(*)::int FROM pg_extension WHERE extname = 'pg_trgm') AS trgm`);
    assert.deepEqual(rows[0], { live: null, next: null, checkpoints: 0, trgm: 0 });
    assert.deepEqual(await migrate(db.pool, owner.owner, owner.migrations), ['002_pg_trgm', '003_failures', '004_operations']);
  });

  it('SQL with a jsonb ? operator runs as written (Knex does not take it for a binding)', async () => {
    const migrations = [
      {
        id: '001_question_mark',
        up: `CREATE TABLE knex_probe_q (doc jsonb); CREATE INDEX knex_probe_q_has ON knex_probe_q ((doc ? 'k'))`,
        down: 'DROP TABLE knex_probe_q',
      },
    ];
    assert.deepEqual(await migrate(db.pool, 'probe_q', migrations), ['001_question_mark']);
    const { rows } = await db.pool.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'knex_probe_q_has'`);
    assert.match(rows[0].indexdef, /\? 'k'/);
    assert.deepEqual(await migrateDown(db.pool, 'probe_q', migrations, { all: true }), ['001_question_mark']);
  });
});

describe('a database migrated by the old runner', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('migrate_legacy');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('is adopted: nothing runs twice, times kept, what is new applied, schema_migrations dropped', async () => {
    // What the old runner (before Knex) did: every migration's SQL in one transaction, recorded in
    // schema_migrations (owner, id, applied_at). The outbox's newest migration had not shipped yet.
    const appliedAt = '2026-01-02T03:04:05.000Z';
    await db.pool.query(`CREATE TABLE schema_migrations (
      owner text NOT NULL, id text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (owner, id))`);
    const old = MIGRATION_OWNERS.filter((o) => o.owner !== 'relay' && o.owner !== 'installation').map((o) =>
      o.owner === 'mail_outbox' ? { ...o, migrations: o.migrations.slice(0, 1) } : o,
    );
    for (const o of old) {
      for (const m of o.migrations) {
        await db.pool.query(m.up as string);
        await db.pool.query('INSERT INTO schema_migrations (owner, id, applied_at) VALUES ($1, $2, $3)', [o.owner, m.id, appliedAt]);
      }
    }
    const store = createPostgresEventStore(db.pool);
    const metadata = { actorId: null, correlationId: 'c-1', causationId: null, occurredAt: appliedAt, schemaVersion: 1 };
    await store.appendToStreams([{ stream: 'legacy-1', expected: 'no_stream', events: [{ type: 'Legacy', data: { n: 1 }, metadata }] }]);
    await store.close();

    // The owners come one by one (a start migrates them in turn): schema_migrations shrinks to nothing.
    const [first, ...rest] = MIGRATION_OWNERS;
    assert.deepEqual(await migrate(db.pool, first.owner, first.migrations), []);
    const left = (await db.pool.query('SELECT DISTINCT owner FROM schema_migrations ORDER BY owner')).rows.map((r) => r.owner);
    assert.ok(!left.includes(first.owner) && left.length > 0);
    const applied: Record<string, string[]> = {};
    for (const o of rest) applied[o.owner] = await migrate(db.pool, o.owner, o.migrations);
    const expected = Object.fromEntries(rest.map((o) => [o.owner, [] as string[]]));
    expected.mail_outbox = ['002_dev_mailbox_attachments'];
    expected.relay = ['001_relay_checkpoints'];
    expected.installation = ['001_installation'];
    assert.deepEqual(applied, expected);
    const { rows } = await db.pool.query(`SELECT to_regclass('public.schema_migrations') AS t`);
    assert.equal(rows[0].t, null);

    const status = await migrationStatus(db.pool, 'eventstore', first.migrations);
    assert.deepEqual(
      status.applied.map((a) => [a.id, a.batch, a.appliedAt.toISOString()]),
      [
        ['001_events_and_streams', 1, appliedAt],
        ['002_append_function', 1, appliedAt],
      ],
    );
    assert.deepEqual(status.pending, []);
    const outbox = await migrationStatus(db.pool, 'mail_outbox', MIGRATION_OWNERS.find((o) => o.owner === 'mail_outbox')!.migrations);
    assert.deepEqual(
      outbox.applied.map((a) => [a.id, a.batch]),
      [
        ['001_dev_mailbox', 1],
        ['002_dev_mailbox_attachments', 2],
      ],
    );
    // The log survived and still appends.
    const events = await db.pool.query('SELECT stream_id FROM events');
    assert.deepEqual(events.rows, [{ stream_id: 'legacy-1' }]);

    // And adopted migrations reverse like any other.
    assert.deepEqual(
      await migrateDown(db.pool, 'mail_outbox', MIGRATION_OWNERS.find((o) => o.owner === 'mail_outbox')!.migrations, { all: true }),
      ['002_dev_mailbox_attachments', '001_dev_mailbox'],
    );
    assert.equal((await db.pool.query(`SELECT to_regclass('public.dev_mailbox') AS t`)).rows[0].t, null);
  });

  it('npm run migrate -- down eventstore refuses to drop a log that holds events, unless --force', async () => {
    const lines: string[] = [];
    assert.equal(await runMigrateCommand(db.pool, ['down', 'eventstore', '--all'], (l) => lines.push(l)), 1);
    assert.match(lines.join('\n'), /Refused: this would drop the event log/);
    // One step down (the append function) drops no events.
    assert.equal(await runMigrateCommand(db.pool, ['down', 'eventstore'], (l) => lines.push(l)), 0);
    assert.equal(await runMigrateCommand(db.pool, ['down', 'eventstore'], (l) => lines.push(l)), 1);
    assert.equal((await db.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n, 1);
    assert.equal(await runMigrateCommand(db.pool, ['down', 'eventstore', '--force'], (l) => lines.push(l)), 0);
    assert.equal((await db.pool.query(`SELECT to_regclass('public.events') AS t`)).rows[0].t, null);
    assert.equal(await runMigrateCommand(db.pool, ['status', 'eventstore'], (l) => lines.push(l)), 0);
    assert.match(lines.at(-2)!, /pending {2}001_events_and_streams/);
    assert.match(lines.at(-1)!, /pending {2}002_append_function/);
  });
});

describe('several processes migrating at once', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('migrate_race');
  });
  afterAll(async () => {
    await db?.drop();
  });

  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/cli/migrate.ts'), ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: db.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, out }));
    });

  it('two processes and this one on an empty database: each migration runs once, nobody fails', async () => {
    const [one, two] = await Promise.all([run([]), run(['latest']), upAll(db.pool)]);
    assert.equal(one.code, 0, one.out);
    assert.equal(two.code, 0, two.out);
    for (const o of MIGRATION_OWNERS) {
      const rows = await recorded(db.pool, o.owner);
      assert.deepEqual(
        rows.map((r) => r.name),
        o.migrations.map((m) => m.id),
        o.owner,
      );
      assert.equal(new Set(rows.map((r) => r.batch)).size, 1, `${o.owner} applied in one batch`);
    }
    // At most one of the processes applied the event store's migrations (this one may have).
    assert.ok((`${one.out}${two.out}`.match(/eventstore\s+applied/g)?.length ?? 0) <= 1);
    const status = await run(['status']);
    assert.equal(status.code, 0, status.out);
    assert.doesNotMatch(status.out, /[1-9]\d* pending| {2}pending /);
  });
});
