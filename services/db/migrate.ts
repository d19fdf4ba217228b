/**
 * Schema migrations on Knex's migrator (docs/decisions/schema-migrations-and-admin-lists-on-knex.md, "Schema migrations"). Each module (event
 * store, projections, live room, rate limits, mail outbox, local gateway, relay) owns its list: the
 * list is the Knex migration source, each entry an `up` and a `down` that really reverses it.
 * Bookkeeping is one Knex table per owner in the schema `migrations` (`migrations.eventstore`, and
 * Knex's `migrations.eventstore_lock`); a batch of pending migrations runs in one transaction.
 *
 * Several processes starting together: everything (table creation, the old runner's adoption, the
 * batch) runs under one PostgreSQL advisory lock held by a session of its own, the key the old runner
 * used, so processes queue instead of failing on Knex's lock table ("already locked").
 *
 * Databases migrated by the old runner (its `schema_migrations (owner, id, applied_at)`): the first
 * run of an owner moves that owner's rows into its Knex table as batch 1 with their times, in one
 * transaction, so nothing runs twice; `schema_migrations` is dropped once it is empty.
 *
 * Read models are not migrations: the projection runner creates them from each projector's schema
 * and rebuilds them into versioned schemas (services/feed/runner.ts).
 */
import knexFactory, { type Knex } from 'knex';
import type pg from 'pg';

/** SQL text (one or more statements) or a function over Knex (its schema builder, raw, ...). */
export type MigrationStep = string | ((knex: Knex) => Promise<unknown> | Knex.SchemaBuilder | Knex.Raw);

export interface Migration {
  id: string;
  up: MigrationStep;
  /** Reverses `up`: after it the database is as it was before `up`. */
  down: MigrationStep;
}

/** A module's migrations. Never edit a shipped migration: add one. */
export interface MigrationOwner {
  owner: string;
  migrations: readonly Migration[];
}

export const MIGRATIONS_SCHEMA = 'migrations';
/** The old runner's table, adopted and dropped. */
const LEGACY_TABLE = 'schema_migrations';
/** The key of the advisory lock (the old runner's too, so old and new exclude each other). */
export const MIGRATION_LOCK = 720_001;

const OWNER_NAME = /^[a-z][a-z0-9_]{0,40}$/;

function checkOwner(owner: string, migrations: readonly Migration[]) {
  if (!OWNER_NAME.test(owner)) throw new Error(`Migration owner "${owner}" must match ${OWNER_NAME}`);
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`Migration ${owner}/${m.id} is listed twice`);
    ids.add(m.id);
  }
}

/**
 * Knex positions `?` as bindings even in raw text without any: escape them, so SQL with jsonb's `?`
 * operators runs as written.
 */
const rawSql = (sql: string) => sql.replace(/\?/g, '\\?');

function runStep(step: MigrationStep, knex: Knex) {
  return typeof step === 'string' ? knex.raw(rawSql(step)) : step(knex);
}

/** The owner's list as a Knex migration source (no files on disk). */
function migrationSource(migrations: readonly Migration[]): Knex.MigrationSource<Migration> {
  return {
    getMigrations: async () => [...migrations],
    getMigrationName: (m) => m.id,
    getMigration: async (m) => ({ up: (knex: Knex) => runStep(m.up, knex), down: (knex: Knex) => runStep(m.down, knex) }),
  };
}

const configFor = (owner: string, migrations: readonly Migration[]): Knex.MigratorConfig => ({
  migrationSource: migrationSource(migrations),
  tableName: owner,
  schemaName: MIGRATIONS_SCHEMA,
});

/** A Knex on the pool's database with connections of its own (a migration run is short). */
function knexFor(pool: pg.Pool): Knex {
  // The pool's connection settings (pg.Client reads them as the pool does); its sizing stays behind.
  const { max: _max, min: _min, idleTimeoutMillis: _idle, ...connection } = pool.options as pg.PoolConfig;
  return knexFactory({ client: 'pg', connection: connection as Knex.PgConnectionConfig, pool: { min: 0, max: 2 } });
}

/**
 * Runs `work` with the migration lock held (a session lock on a connection of its own, released
 * however `work` ends, and by PostgreSQL if the process dies), with a Knex on the same database.
 */
export async function withMigrationLock<T>(pool: pg.Pool, work: (knex: Knex, client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let knex: Knex | null = null;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${MIGRATIONS_SCHEMA}`);
      knex = knexFor(pool);
      return await work(knex, client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
    await knex?.destroy();
  }
}

/** The owner's applied migrations, oldest first (empty when its table does not exist yet). */
async function appliedIds(client: pg.PoolClient, owner: string): Promise<string[] | null> {
  const { rows } = await client.query('SELECT to_regclass($1) AS t', [`${MIGRATIONS_SCHEMA}.${owner}`]);
  if (!rows[0].t) return null;
  const applied = await client.query(`SELECT name FROM ${MIGRATIONS_SCHEMA}.${owner} ORDER BY id`);
  return applied.rows.map((r) => r.name);
}

/**
 * Moves the old runner's record of `owner` into the owner's Knex table (which must exist), in one
 * transaction: a crash leaves either the old record or the new one. Returns the ids moved.
 */
async function adoptLegacy(client: pg.PoolClient, owner: string, migrations: readonly Migration[]): Promise<string[]> {
  const { rows: legacy } = await client.query('SELECT to_regclass($1) AS t', [`public.${LEGACY_TABLE}`]);
  if (!legacy[0].t) return [];
  await client.query('BEGIN');
  try {
    const { rows } = await client.query(`SELECT id, applied_at FROM public.${LEGACY_TABLE} WHERE owner = $1 FOR UPDATE`, [owner]);
    const position = (id: string) => {
      const i = migrations.findIndex((m) => m.id === id);
      return i < 0 ? migrations.length : i;
    };
    rows.sort((a, b) => position(a.id) - position(b.id) || (a.id < b.id ? -1 : 1));
    const table = `${MIGRATIONS_SCHEMA}.${owner}`;
    const { rows: known } = await client.query(`SELECT name FROM ${table}`);
    const recorded = new Set(known.map((r) => r.name));
    const { rows: batch } = await client.query(`SELECT coalesce(max(batch), 0) + 1 AS b FROM ${table}`);
    const moved: string[] = [];
    for (const r of rows) {
      if (recorded.has(r.id)) continue;
      await client.query(`INSERT INTO ${table} (name, batch, migration_time) VALUES ($1, $2, $3)`, [r.id, batch[0].b, r.applied_at]);
      moved.push(r.id);
    }
    await client.query(`DELETE FROM public.${LEGACY_TABLE} WHERE owner = $1`, [owner]);
    const { rows: left } = await client.query(`SELECT 1 FROM public.${LEGACY_TABLE} LIMIT 1`);
    if (!left.length) await client.query(`DROP TABLE public.${LEGACY_TABLE}`);
    await client.query('COMMIT');
    return moved;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** Creates the owner's Knex tables if missing and adopts the old runner's record. */
async function prepareOwner(knex: Knex, client: pg.PoolClient, owner: string, migrations: readonly Migration[]) {
  // list() creates Knex's table and lock table when missing (and checks the list against the record).
  await knex.migrate.list({ ...configFor(owner, migrations), disableMigrationsListValidation: true });
  await adoptLegacy(client, owner, migrations);
}

/**
 * Applies the owner's pending migrations (Knex's `latest`: one batch, one transaction). Returns the
 * ids applied. A restart with nothing pending costs two queries under the lock.
 */
export async function migrate(pool: pg.Pool, owner: string, migrations: readonly Migration[]): Promise<string[]> {
  checkOwner(owner, migrations);
  return withMigrationLock(pool, async (knex, client) => {
    const applied = await appliedIds(client, owner);
    const legacy = await client.query('SELECT to_regclass($1) AS t', [`public.${LEGACY_TABLE}`]);
    if (applied && !legacy.rows[0].t && migrations.every((m) => applied.includes(m.id))) return [];
    await prepareOwner(knex, client, owner, migrations);
    const [, log] = await knex.migrate.latest(configFor(owner, migrations));
    return log as string[];
  });
}

/**
 * Reverses the owner's last applied migration (`all`: every one, newest first), each `down` in one
 * transaction with its record. Returns the ids reversed.
 */
export async function migrateDown(
  pool: pg.Pool,
  owner: string,
  migrations: readonly Migration[],
  options: { all?: boolean } = {},
): Promise<string[]> {
  checkOwner(owner, migrations);
  return withMigrationLock(pool, async (knex, client) => {
    await prepareOwner(knex, client, owner, migrations);
    if (options.all) {
      const [, log] = await knex.migrate.rollback(configFor(owner, migrations), true);
      return log as string[];
    }
    const [, log] = await knex.migrate.down(configFor(owner, migrations));
    return log as string[];
  });
}

export interface MigrationStatus {
  owner: string;
  applied: { id: string; batch: number; appliedAt: Date }[];
  pending: string[];
  /** Recorded as applied but not in the owner's list (a newer version of the code ran here). */
  unknown: string[];
}

export async function migrationStatus(pool: pg.Pool, owner: string, migrations: readonly Migration[]): Promise<MigrationStatus> {
  checkOwner(owner, migrations);
  return withMigrationLock(pool, async (knex, client) => {
    await prepareOwner(knex, client, owner, migrations);
    const { rows } = await client.query(`SELECT name, batch, migration_time FROM ${MIGRATIONS_SCHEMA}.${owner} ORDER BY id`);
    const done = new Set(rows.map((r) => r.name));
    const ids = new Set(migrations.map((m) => m.id));
    return {
      owner,
      applied: rows.filter((r) => ids.has(r.name)).map((r) => ({ id: r.name, batch: r.batch, appliedAt: r.migration_time })),
      pending: migrations.filter((m) => !done.has(m.id)).map((m) => m.id),
      unknown: rows.filter((r) => !ids.has(r.name)).map((r) => r.name),
    };
  });
}
