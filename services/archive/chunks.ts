/**
 * The chunks of a recording being uploaded (issue 10): which indexes arrived, and where each is
 * stored. Not a read model: short-lived working state of the upload (a chunk is not a fact anyone
 * needs once the archive is processed), so a table of its own, emptied when the archive is made.
 * The bytes live in the storage port's private `archive-chunks` folder under a key derived from the
 * conversation and the index, so storing a chunk again writes the same key.
 */
import type pg from 'pg';
import { migrate, type Migration } from '../db/migrate';
import type { FileStorage } from '../integrations/storage';

const CREATE_CHUNKS = `CREATE SCHEMA IF NOT EXISTS archive;
  CREATE TABLE archive.chunks (
    conversation_id text NOT NULL, idx int NOT NULL, storage_key text NOT NULL, bytes int NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (conversation_id, idx));`;

export const archiveChunkMigrations: Migration[] = [
  { id: '001_archive_chunks', up: CREATE_CHUNKS, down: 'DROP TABLE archive.chunks; DROP SCHEMA archive;' },
];

export async function migrateArchiveChunks(pool: pg.Pool) {
  await migrate(pool, 'archive', archiveChunkMigrations);
}

/**
 * `archive-chunks/<32 hex>.webm`: the same conversation and index always give the same key, which
 * only the server can work out (it was a plain hash of the two, readable through a public bucket by
 * anyone who knew the conversation's id). Keys already stored stay in the table as they were.
 */
export function chunkKey(storage: Pick<FileStorage, 'namedKey'>, conversationId: string, index: number): string {
  return storage.namedKey('archive-chunks', 'webm', `archive-chunk:${conversationId}:${index}`);
}

export interface ChunkRow {
  index: number;
  key: string;
  bytes: number;
}

export function archiveChunks(pool: pg.Pool) {
  return {
    async has(conversationId: string, index: number): Promise<boolean> {
      const { rowCount } = await pool.query('SELECT 1 FROM archive.chunks WHERE conversation_id = $1 AND idx = $2', [
        conversationId,
        index,
      ]);
      return !!rowCount;
    },
    /** Records a stored chunk; false when that index was already there (nothing changes). */
    async add(conversationId: string, chunk: ChunkRow): Promise<boolean> {
      const { rowCount } = await pool.query(
        'INSERT INTO archive.chunks (conversation_id, idx, storage_key, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [conversationId, chunk.index, chunk.key, chunk.bytes],
      );
      return !!rowCount;
    },
    async list(conversationId: string): Promise<ChunkRow[]> {
      const { rows } = await pool.query('SELECT idx, storage_key, bytes FROM archive.chunks WHERE conversation_id = $1 ORDER BY idx', [
        conversationId,
      ]);
      return rows.map((r) => ({ index: r.idx, key: r.storage_key, bytes: r.bytes }));
    },
    async clear(conversationId: string): Promise<void> {
      await pool.query('DELETE FROM archive.chunks WHERE conversation_id = $1', [conversationId]);
    },
  };
}

export type ArchiveChunks = ReturnType<typeof archiveChunks>;

/** The indexes 0..count-1 not received. */
export function missingChunks(received: readonly number[], count: number): number[] {
  const have = new Set(received);
  const missing: number[] = [];
  for (let i = 0; i < count; i++) if (!have.has(i)) missing.push(i);
  return missing;
}
