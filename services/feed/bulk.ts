/**
 * Writing a read model's tables in bulk, for replays and rebuilds into empty tables: rows by COPY,
 * a table's indexes and keys made once after its load, and trigram indexes (searches only) put off
 * until a rebuild has read the whole log.
 */
import type pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';

const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** A value in COPY's text format: NULL as \N; backslash, tab, newline and carriage return escaped. */
function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (v instanceof Date) return v.toISOString();
  const s = String(v);
  return NEEDS_ESCAPE.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : s;
}

/** Writes many rows with COPY (a stream, not one parameter per value): the fast path for a replay's writes. */
export async function copyRows(db: pg.PoolClient, table: string, rows: Iterable<unknown[]>) {
  const chunks = (function* () {
    let chunk = '';
    let n = 0;
    for (const r of rows) {
      let line = '';
      for (let i = 0; i < r.length; i++) line += (i ? '\t' : '') + copyValue(r[i]);
      chunk += `${line}\n`;
      if (++n === 2000) {
        yield chunk;
        chunk = '';
        n = 0;
      }
    }
    if (chunk) yield chunk;
  })();
  const first = chunks.next();
  if (first.done) return;
  await pipeline(
    Readable.from(
      (function* () {
        yield first.value;
        yield* chunks;
      })(),
    ),
    db.query(copyFrom(`COPY ${table} FROM STDIN`)),
  );
}

/**
 * Fills an empty table fast: its indexes and keys are dropped, `write` runs, and they are made
 * again from their definitions (one sort per index instead of one insertion per row).
 */
export async function bulkInto(db: pg.PoolClient, table: string, write: () => Promise<unknown>) {
  const remake = await dropIndexes(db, table);
  await write();
  await remake(db);
}

/**
 * Drops `table`'s indexes and keys (the table as seen from the search path) and returns what makes
 * them again, on any connection whose search path sees it the same way: for a replay that loads a
 * table over several transactions (a batch each) and keys it once at the end.
 */
export async function dropIndexes(db: pg.PoolClient, table: string): Promise<(db: pg.PoolClient) => Promise<void>> {
  const { rows } = await db.query(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS index_def, c.conname AS constraint_name, pg_get_constraintdef(c.oid) AS constraint_def
     FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
     LEFT JOIN pg_constraint c ON c.conindid = i.oid AND c.conrelid = t.oid
     WHERE t.relname = $1 AND t.relnamespace = current_schema()::regnamespace`,
    [table],
  );
  for (const r of rows)
    await db.query(r.constraint_name ? `ALTER TABLE ${table} DROP CONSTRAINT "${r.constraint_name}"` : `DROP INDEX "${r.name}"`);
  return async (on) => {
    for (const r of rows)
      await on.query(r.constraint_name ? `ALTER TABLE ${table} ADD CONSTRAINT "${r.constraint_name}" ${r.constraint_def}` : r.index_def);
  };
}

/**
 * Drops the trigram indexes of `schema` and returns the statements that make them again (names as
 * seen with `schema` first in the search_path): a rebuild loads its tables without them and makes
 * each once at the end, one bulk build instead of a GIN insertion per row. Only trigram indexes:
 * they serve searches (ILIKE, similarity), never an apply's lookups, so the batches in between keep
 * their plans (a GIN index on an array can serve an apply's `@>`, and stays).
 */
export async function dropTrigramIndexes(db: pg.PoolClient, schema: string): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def FROM pg_class i
      WHERE i.relkind = 'i' AND i.relnamespace = $1::regnamespace AND pg_get_indexdef(i.oid) LIKE '%gin_trgm_ops%' ORDER BY i.relname`,
    [schema],
  );
  for (const r of rows) await db.query(`DROP INDEX "${schema}"."${r.name}"`);
  return rows.map((r) => r.def as string);
}
