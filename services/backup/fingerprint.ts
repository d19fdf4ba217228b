/**
 * A read model's tables as counts and order-free hashes: a backup records them as the read models
 * stood in its snapshot, and a restore compares its rebuild with them at the same point of the log.
 * Rows are hashed as PostgreSQL prints them, with the settings that shape that text fixed (a
 * timestamptz prints in the session's zone), and summed, so the order rows are stored in is moot.
 */
import type pg from 'pg';
import type { TableFingerprint } from './format';

export async function schemaFingerprint(db: pg.ClientBase, schema: string): Promise<Record<string, TableFingerprint>> {
  // Set for this statement's transaction and put back: a rebuild goes on in it with the server's own settings.
  const { rows: saved } = await db.query(
    `SELECT current_setting('TimeZone') AS tz, current_setting('DateStyle') AS ds, current_setting('extra_float_digits') AS efd`,
  );
  await db.query(
    `SELECT set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true), set_config('extra_float_digits', '1', true)`,
  );
  try {
    const { rows: tables } = await db.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
      [schema],
    );
    const out: Record<string, TableFingerprint> = {};
    for (const { table_name: table } of tables) {
      const { rows } = await db.query(
        `SELECT count(*)::bigint AS n, coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text AS h FROM "${schema}"."${table}" t`,
      );
      out[table] = { rows: Number(rows[0].n), hash: rows[0].h };
    }
    return out;
  } finally {
    await db.query(
      `SELECT set_config('TimeZone', $1, true), set_config('DateStyle', $2, true), set_config('extra_float_digits', $3, true)`,
      [saved[0].tz, saved[0].ds, saved[0].efd],
    );
  }
}

/** The tables whose fingerprints differ, with both sides. */
export function fingerprintDifferences(expected: Record<string, TableFingerprint>, actual: Record<string, TableFingerprint>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((t) => expected[t]?.rows !== actual[t]?.rows || expected[t]?.hash !== actual[t]?.hash)
    .map(
      (t) =>
        `${t}: ${expected[t] ? `${expected[t].rows} rows` : 'absent'} in the backup, ${actual[t] ? `${actual[t].rows} rows` : 'absent'} restored${expected[t]?.rows === actual[t]?.rows ? ' (rows differ)' : ''}`,
    );
}
