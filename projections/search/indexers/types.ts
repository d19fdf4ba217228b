import type pg from 'pg';
import type { StoredEvent } from '../../../services/eventstore/port';

/** The groups quick search answers with (spec 3, Administrator sidebar). */
export type SearchKind = 'conversation' | 'course' | 'lesson' | 'person';

/** One searchable thing. A person's roles decide whether it shows as student, instructor or speaker. */
export interface SearchDocument {
  kind: SearchKind;
  refId: string;
  /** Roles (people) or other tags a group can select on. */
  tags: string[];
  /** Names, titles and locations: matched and shown always. */
  title: string | null;
  subtitle: string | null;
  location: string | null;
  /** Personal details (email address …): matched and shown only with the pii option. */
  pii: string | null;
}

/**
 * Feeds the search read model from one context's events. Each indexer owns its kinds' rows; the
 * search projector runs every indexer in `indexers/index.ts` (bump its version when adding one).
 */
export interface SearchIndexer {
  handles: readonly string[];
  apply(events: StoredEvent[], db: pg.PoolClient): Promise<void>;
}

/** Inserts or replaces a document; fields left undefined keep their stored value. */
export async function upsertDocument(db: pg.PoolClient, doc: Partial<SearchDocument> & { kind: SearchKind; refId: string }, at: string) {
  await db.query(
    `INSERT INTO documents (kind, ref_id, tags, title, subtitle, location, pii, updated_at)
     VALUES ($1, $2, coalesce($3, '{}'::text[]), $4, $5, $6, $7, $8)
     ON CONFLICT (kind, ref_id) DO UPDATE SET
       tags = coalesce($3, documents.tags),
       title = CASE WHEN $9 THEN $4 ELSE documents.title END,
       subtitle = CASE WHEN $10 THEN $5 ELSE documents.subtitle END,
       location = CASE WHEN $11 THEN $6 ELSE documents.location END,
       pii = CASE WHEN $12 THEN $7 ELSE documents.pii END,
       updated_at = $8`,
    [
      doc.kind,
      doc.refId,
      doc.tags ?? null,
      doc.title ?? null,
      doc.subtitle ?? null,
      doc.location ?? null,
      doc.pii ?? null,
      at,
      doc.title !== undefined,
      doc.subtitle !== undefined,
      doc.location !== undefined,
      doc.pii !== undefined,
    ],
  );
}

export async function removeDocument(db: pg.PoolClient, kind: SearchKind, refId: string) {
  await db.query('DELETE FROM documents WHERE kind = $1 AND ref_id = $2', [kind, refId]);
}
