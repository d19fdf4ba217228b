/**
 * Data exports read model (issue 34): each person's exports and where each stands, for the
 * settings page's "Download my data" (its progress while the job runs, then "ready: check your
 * mail"). Never the token's hash or the storage key: those stay in the log.
 */
import type pg from 'pg';
import type { Pool } from '../../services/db/pool';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const exportsProjector: Projector = {
  name: 'exports',
  version: 1,
  handles: ['ExportRequested', 'ExportProgressed', 'ExportReady', 'ExportFailed', 'ExportDownloaded'],
  schema: `
    CREATE TABLE data_exports (
      export_id text PRIMARY KEY, person_id text NOT NULL, requested_by text, status text NOT NULL,
      parts_done int NOT NULL DEFAULT 0, parts_total int NOT NULL DEFAULT 0, bytes bigint, requested_at timestamptz NOT NULL,
      ready_at timestamptz, expires_at timestamptz, downloaded_at timestamptz, position bigint NOT NULL);
    CREATE INDEX data_exports_person ON data_exports (person_id, position DESC);`,
  // A few events per export, seldom: one statement per event.
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case 'ExportRequested':
          await db.query(
            `INSERT INTO data_exports (export_id, person_id, requested_by, status, requested_at, position)
             VALUES ($1, $2, $3, 'running', $4, $5) ON CONFLICT (export_id) DO NOTHING`,
            [d.exportId, d.personId, d.requestedBy, d.at, e.position],
          );
          break;
        case 'ExportProgressed':
          await db.query('UPDATE data_exports SET parts_done = $2, parts_total = $3 WHERE export_id = $1', [d.exportId, d.done, d.total]);
          break;
        case 'ExportReady':
          await db.query(`UPDATE data_exports SET status = 'ready', bytes = $2, ready_at = $3, expires_at = $4 WHERE export_id = $1`, [
            d.exportId,
            d.bytes,
            d.at,
            d.expiresAt,
          ]);
          break;
        case 'ExportFailed':
          await db.query(`UPDATE data_exports SET status = 'failed' WHERE export_id = $1`, [d.exportId]);
          break;
        case 'ExportDownloaded':
          await db.query(`UPDATE data_exports SET status = 'downloaded', downloaded_at = $2 WHERE export_id = $1`, [d.exportId, d.at]);
          break;
      }
    }
  },
};

export interface DataExportRow {
  exportId: string;
  personId: string;
  status: 'running' | 'ready' | 'failed' | 'downloaded';
  partsDone: number;
  partsTotal: number;
  requestedAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  downloadedAt: Date | null;
}

/** The person's latest export (by the log's position), or null. */
export async function latestDataExport(pool: Pool, personId: string): Promise<DataExportRow | null> {
  const { rows } = await pool.query(
    `SELECT export_id AS "exportId", person_id AS "personId", status, parts_done AS "partsDone", parts_total AS "partsTotal",
       requested_at AS "requestedAt", ready_at AS "readyAt", expires_at AS "expiresAt", downloaded_at AS "downloadedAt"
     FROM rm_exports.data_exports WHERE person_id = $1 ORDER BY position DESC LIMIT 1`,
    [personId],
  );
  return rows[0] ?? null;
}
