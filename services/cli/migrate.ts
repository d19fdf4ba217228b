/**
 * `npm run migrate` — the schema migrations of every owner (services/db/migrate.ts, Knex's migrator):
 *
 *   npm run migrate                          apply what is pending, every owner (as a start does)
 *   npm run migrate -- latest [owner]        the same, one owner
 *   npm run migrate -- status [owner]        applied (with batch and time) and pending, per owner
 *   npm run migrate -- down <owner>          reverse the owner's last migration
 *   npm run migrate -- down <owner> --all    reverse every migration of the owner, newest first
 *
 * Works on the database the product uses: DATABASE_URL, or the embedded one under .data/. Reversing
 * the event store's first migration drops the log: refused while it holds events, unless --force.
 * Read models are not migrations (`npm run projections`).
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../app/config';
import { exitWithError } from '../app/shutdown';
import { resolveDatabase } from '../app/database';
import { migrate, migrateDown, migrationStatus, type MigrationOwner } from '../db/migrate';
import { createPool, type Pool } from '../db/pool';
import { EVENT_STORE_OWNER, eventStoreMigrations } from '../eventstore/postgres/migrations';
import { projectionRunnerMigrations } from '../feed/runner';
import { outboxMigrations } from '../integrations/mail/outbox';
import { localGatewayMigrations } from '../integrations/payments/local';
import { liveMigrations } from '../live/store';
import { archiveChunkMigrations } from '../archive/chunks';
import { installationMigrations } from '../backup/installation';
import { PERSONAL_KEYS_OWNER, personalKeyMigrations } from '../eventstore/personal/keyStore';
import { relayMigrations } from '../relay/index';
import { rateLimitMigrations } from '../security/rateLimit';
import { ltiMigrations } from '../integrations/lti/store';

/** Every owner, in the order a start applies them (reversed for taking everything down). */
export const MIGRATION_OWNERS: readonly MigrationOwner[] = [
  { owner: EVENT_STORE_OWNER, migrations: eventStoreMigrations },
  { owner: 'rate_limits', migrations: rateLimitMigrations },
  { owner: 'mail_outbox', migrations: outboxMigrations },
  { owner: 'live', migrations: liveMigrations },
  { owner: 'archive', migrations: archiveChunkMigrations },
  { owner: 'projections', migrations: projectionRunnerMigrations },
  { owner: 'payments_local', migrations: localGatewayMigrations },
  { owner: 'relay', migrations: relayMigrations },
  { owner: 'installation', migrations: installationMigrations },
  { owner: PERSONAL_KEYS_OWNER, migrations: personalKeyMigrations },
  { owner: 'lti', migrations: ltiMigrations },
];

const USAGE = `usage: npm run migrate [-- latest [owner] | status [owner] | down <owner> [--all] [--force]]
owners: ${MIGRATION_OWNERS.map((o) => o.owner).join(', ')}`;

export class UsageError extends Error {}

function ownerOf(name: string | undefined): MigrationOwner {
  const found = MIGRATION_OWNERS.find((o) => o.owner === name);
  if (!found) throw new UsageError(name ? `Unknown owner "${name}".\n${USAGE}` : `Say which owner.\n${USAGE}`);
  return found;
}

/**
 * Sessions on this database other than this command's own (same application name): reversing a
 * migration under a running product is refused, as it would pull tables from under it.
 */
async function otherConnections(pool: Pool): Promise<number> {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
        AND application_name IS DISTINCT FROM current_setting('application_name')`,
  );
  return rows[0].n;
}

/** Runs one command of the CLI on `pool`, printing to `out`; returns the exit code. */
export async function runMigrateCommand(pool: Pool, args: string[], out: (line: string) => void = console.log): Promise<number> {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const [command = 'latest', name] = args.filter((a) => !a.startsWith('--'));
  for (const flag of flags) {
    if (!['--all', '--force'].includes(flag)) throw new UsageError(`Unknown option ${flag}.\n${USAGE}`);
  }
  const selected = name ? [ownerOf(name)] : MIGRATION_OWNERS;
  switch (command) {
    case 'latest': {
      for (const o of selected) {
        const applied = await migrate(pool, o.owner, o.migrations);
        out(`${o.owner.padEnd(16)} ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
      }
      return 0;
    }
    case 'status': {
      let unknown = false;
      for (const o of selected) {
        const s = await migrationStatus(pool, o.owner, o.migrations);
        out(`${o.owner}: ${s.applied.length} applied, ${s.pending.length} pending`);
        for (const a of s.applied) out(`  applied  ${a.id.padEnd(32)} batch ${a.batch}  ${a.appliedAt.toISOString()}`);
        for (const id of s.pending) out(`  pending  ${id}`);
        for (const id of s.unknown) out(`  UNKNOWN  ${id} (applied by another version of the code)`);
        unknown ||= s.unknown.length > 0;
      }
      return unknown ? 1 : 0;
    }
    case 'down': {
      const o = ownerOf(name);
      const others = await otherConnections(pool);
      if (others) {
        out(
          `Refused: ${others} other connection(s) use this database (the product, a worker or another command), and reversing a migration under them breaks them; stop them first. Nothing was changed.`,
        );
        return 1;
      }
      if (o.owner === EVENT_STORE_OWNER && !flags.has('--force')) {
        const { rows } = await pool.query(`SELECT to_regclass('public.events') AS t`);
        const held = rows[0].t ? (await pool.query('SELECT EXISTS (SELECT 1 FROM events) AS held')).rows[0].held : false;
        const status = await migrationStatus(pool, o.owner, o.migrations);
        const dropsLog = flags.has('--all') || status.applied.length === 1;
        if (held && dropsLog) {
          out('Refused: this would drop the event log, which holds events. Add --force to drop it.');
          return 1;
        }
      }
      const reversed = await migrateDown(pool, o.owner, o.migrations, { all: flags.has('--all') });
      out(`${o.owner.padEnd(16)} ${reversed.length ? `reversed ${reversed.join(', ')}` : 'nothing to reverse'}`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  }
}

async function main() {
  const config = loadConfig();
  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const db = await resolveDatabase(config, log);
  const pool = createPool(db.url, 3, { applicationName: 'tertulia-migrate' });
  let code: number;
  try {
    code = await runMigrateCommand(pool, process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    code = 2;
  } finally {
    await pool.end();
    await db.embedded?.stop();
  }
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main().catch(exitWithError);
