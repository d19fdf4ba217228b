/**
 * The installation's id: made once, when a product first starts on a database, and carried by every
 * backup of it. A restore refuses a backup of another installation into a database that already is
 * one, and gives a restored database the id of its backup (docs/decisions/backup-restore.md).
 */
import type pg from 'pg';
import { migrate, type Migration } from '../db/migrate';

export const installationMigrations: Migration[] = [
  {
    id: '001_installation',
    up: `CREATE TABLE installation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT now(),
        one_row boolean NOT NULL DEFAULT true UNIQUE CHECK (one_row));
      INSERT INTO installation DEFAULT VALUES;`,
    down: 'DROP TABLE installation',
  },
];

export async function migrateInstallation(pool: pg.Pool): Promise<void> {
  await migrate(pool, 'installation', installationMigrations);
}

/** This database's installation id, or null before any product started on it. */
export async function installationId(db: pg.Pool | pg.ClientBase): Promise<string | null> {
  const { rows } = await db.query(`SELECT to_regclass('public.installation') AS t`);
  if (!rows[0].t) return null;
  const found = await db.query<{ id: string }>('SELECT id::text AS id FROM installation');
  return found.rows[0]?.id ?? null;
}
