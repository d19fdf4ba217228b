/**
 * The support inbox (issue 9): one row per visitor's thread, unanswered ones (the visitor wrote
 * last) first, newest first. The thread's messages are read from its stream.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { SUPPORT_EVENT_TYPES } from '../../services/domain/support/support';

export const supportProjector: Projector = {
  name: 'support',
  version: 1,
  handles: SUPPORT_EVENT_TYPES,
  schema: `
    CREATE TABLE threads (
      visitor_id text PRIMARY KEY, message_count int NOT NULL, last_message_at timestamptz NOT NULL,
      last_body text NOT NULL, unanswered boolean NOT NULL);
    CREATE INDEX threads_inbox ON threads (unanswered DESC, last_message_at DESC);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    // The last message of each thread in the batch decides its row.
    const last = new Map<string, StoredEvent>();
    for (const e of events) last.set(e.data.visitorId, e);
    const rows = [...last.values()].map((e) => e.data);
    await db.query(
      `INSERT INTO threads SELECT v, i + 1, at, body, NOT staff
       FROM unnest($1::text[], $2::int[], $3::timestamptz[], $4::text[], $5::boolean[]) AS x(v, i, at, body, staff)
       ON CONFLICT (visitor_id) DO UPDATE SET message_count = excluded.message_count, last_message_at = excluded.last_message_at,
         last_body = excluded.last_body, unanswered = excluded.unanswered`,
      [
        rows.map((d) => d.visitorId),
        rows.map((d) => d.index),
        rows.map((d) => d.at),
        rows.map((d) => d.body),
        rows.map((d) => d.fromStaff),
      ],
    );
  },
};

export interface SupportInboxRow {
  visitorId: string;
  messageCount: number;
  lastMessageAt: Date;
  lastBody: string;
  unanswered: boolean;
}

export async function supportInbox(pool: pg.Pool, limit: number): Promise<SupportInboxRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_support.threads ORDER BY unanswered DESC, last_message_at DESC LIMIT $1', [limit]);
  return rows.map((r) => ({
    visitorId: r.visitor_id,
    messageCount: r.message_count,
    lastMessageAt: r.last_message_at,
    lastBody: r.last_body,
    unanswered: r.unanswered,
  }));
}
