/**
 * Archives read model (issue 10): one row per conversation's recording with its status and
 * progress, for Conversation.archive, conversationArchive, the media redirect and the retention
 * sweep. Notifies `conversationChanged` for the conversation at commit, so pages showing the
 * archive's status refresh as processing moves.
 */
import type pg from 'pg';
import type { ArchiveSource, ArchiveStatus } from '../../services/domain/archive/archive';
import type { RetentionFacts } from '../../services/domain/archive/retention';
import type { StoredEvent } from '../../services/eventstore/port';
import { notifyChange, type Projector } from '../../services/feed/projector';

export const archivesProjector: Projector = {
  name: 'archives',
  version: 1,
  handles: [
    'ArchiveRecordingStarted',
    'ArchiveEnqueued',
    'ArchiveProcessingStarted',
    'ArchiveProgressed',
    'ArchiveAvailable',
    'ArchiveFailed',
    'ArchiveExpired',
    'ArchiveRemoved',
  ],
  schema: `
    CREATE TABLE archives (
      conversation_id text PRIMARY KEY, source text NOT NULL, status text NOT NULL, percent int NOT NULL DEFAULT 0,
      attempts int NOT NULL DEFAULT 0, chunk_count int, duration_seconds int, media_key text, bytes bigint,
      failure text, started_on timestamptz NOT NULL, enqueued_on timestamptz, available_on timestamptz, expires_on timestamptz,
      ended_on timestamptz, updated_at timestamptz NOT NULL);
    CREATE INDEX archives_expiry ON archives (expires_on) WHERE status = 'available';
    CREATE INDEX archives_pending ON archives (status) WHERE status IN ('enqueued', 'started');`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const changed = new Set<string>();
    for (const e of events) {
      const d = e.data;
      const at = e.metadata.occurredAt;
      changed.add(d.conversationId);
      switch (e.type) {
        case 'ArchiveRecordingStarted':
          await db.query(
            `INSERT INTO archives (conversation_id, source, status, started_on, updated_at) VALUES ($1, $2, 'recording', $3, $3) ON CONFLICT DO NOTHING`,
            [d.conversationId, d.source, d.at],
          );
          break;
        case 'ArchiveEnqueued':
          await db.query(
            `UPDATE archives SET status = 'enqueued', percent = 0, chunk_count = $2, duration_seconds = $3, enqueued_on = $4, updated_at = $4 WHERE conversation_id = $1`,
            [d.conversationId, d.chunkCount, d.durationSeconds == null ? null : Math.round(d.durationSeconds), d.at],
          );
          break;
        case 'ArchiveProcessingStarted':
          await db.query(`UPDATE archives SET status = 'started', percent = 0, attempts = $2, updated_at = $3 WHERE conversation_id = $1`, [
            d.conversationId,
            d.attempt,
            d.at,
          ]);
          break;
        case 'ArchiveProgressed':
          await db.query(`UPDATE archives SET percent = GREATEST(percent, $2), updated_at = $3 WHERE conversation_id = $1`, [
            d.conversationId,
            d.percent,
            at,
          ]);
          break;
        case 'ArchiveAvailable':
          await db.query(
            `UPDATE archives SET status = 'available', percent = 100, media_key = $2, duration_seconds = $3, bytes = $4, available_on = $5, expires_on = $6, updated_at = $5
              WHERE conversation_id = $1`,
            [d.conversationId, d.mediaKey, d.durationSeconds, d.bytes, d.at, d.expiresAt],
          );
          break;
        case 'ArchiveFailed':
          await db.query(`UPDATE archives SET status = 'failed', failure = $2, ended_on = $3, updated_at = $3 WHERE conversation_id = $1`, [
            d.conversationId,
            d.reason,
            d.at,
          ]);
          break;
        case 'ArchiveExpired':
        case 'ArchiveRemoved':
          await db.query(`UPDATE archives SET status = $2, media_key = NULL, ended_on = $3, updated_at = $3 WHERE conversation_id = $1`, [
            d.conversationId,
            e.type === 'ArchiveExpired' ? 'expired' : 'removed',
            d.at,
          ]);
          break;
      }
    }
    await notifyChange(
      db,
      [...changed].map((key) => ({ topic: 'conversationChanged', key })),
    );
  },
};

export interface ArchiveRow {
  conversationId: string;
  source: ArchiveSource;
  status: ArchiveStatus;
  percent: number;
  attempts: number;
  durationSeconds: number | null;
  mediaKey: string | null;
  expiresOn: Date | null;
  updatedAt: Date;
}

const toArchive = (r: any): ArchiveRow => ({
  conversationId: r.conversation_id,
  source: r.source,
  status: r.status,
  percent: r.percent,
  attempts: r.attempts,
  durationSeconds: r.duration_seconds,
  mediaKey: r.media_key,
  expiresOn: r.expires_on,
  updatedAt: r.updated_at,
});

type Db = { query: pg.Pool['query'] };

export async function findArchive(db: Db, conversationId: string): Promise<ArchiveRow | null> {
  const { rows } = await db.query('SELECT * FROM rm_archives.archives WHERE conversation_id = $1', [conversationId]);
  return rows[0] ? toArchive(rows[0]) : null;
}

/** What an archive's retention depends on (services/domain/archive/retention.ts), with its conversation's id. */
export interface ArchiveRetentionFacts extends RetentionFacts {
  conversationId: string;
}

const RETENTION_FACTS = `
  SELECT a.conversation_id, a.expires_on, co.end_date, co.recording_retention_days
    FROM rm_archives.archives a
    LEFT JOIN rm_conversations.conversations c ON c.id = a.conversation_id
    LEFT JOIN rm_catalog.courses co ON co.id = c.course_id`;

const toRetentionFacts = (r: any): ArchiveRetentionFacts => ({
  conversationId: r.conversation_id,
  courseEndDate: r.end_date == null ? null : String(r.end_date),
  courseRetentionDays: r.recording_retention_days ?? null,
  availableExpiry: r.expires_on,
});

export async function retentionFactsOf(db: Db, conversationId: string): Promise<ArchiveRetentionFacts | null> {
  const { rows } = await db.query(`${RETENTION_FACTS} WHERE a.conversation_id = $1`, [conversationId]);
  return rows[0] ? toRetentionFacts(rows[0]) : null;
}

/**
 * Available archives whose retention may have ended by `now`: a course's once its last day is
 * over (the days after it are the caller's to count), any other once its own expiry passed.
 */
export async function archivesDueToExpire(db: Db, now: Date, limit = 500): Promise<ArchiveRetentionFacts[]> {
  const { rows } = await db.query(
    `${RETENTION_FACTS}
      WHERE a.status = 'available'
        AND (co.end_date < ($1::timestamptz AT TIME ZONE 'UTC')::date OR (co.end_date IS NULL AND a.expires_on <= $1))
      ORDER BY co.end_date NULLS LAST, a.expires_on LIMIT $2`,
    [now, limit],
  );
  return rows.map(toRetentionFacts);
}

/** Archives waiting for processing or being processed (queued again on a start). */
export async function pendingArchives(db: Db): Promise<string[]> {
  const { rows } = await db.query(`SELECT conversation_id FROM rm_archives.archives WHERE status IN ('enqueued', 'started')`);
  return rows.map((r) => r.conversation_id);
}
