/**
 * Chats read model (issue 28): who wrote each chat message, and how far each participant has read,
 * for a conversation's unread count (`Conversation.unreadMessagesCount`: the speaker's planner and
 * lists). The messages themselves stay in the chat's stream (services/domain/conversations/chat.ts).
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const chatsProjector: Projector = {
  name: 'chats',
  version: 1,
  handles: ['ChatMessagePosted', 'ChatRead'],
  schema: `
    CREATE TABLE chat_lines (conversation_id text NOT NULL, idx int NOT NULL, owner_id text NOT NULL, PRIMARY KEY (conversation_id, idx));
    CREATE TABLE chat_reads (conversation_id text NOT NULL, reader_id text NOT NULL, read_count int NOT NULL,
      PRIMARY KEY (conversation_id, reader_id));`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const lines = events.filter((e) => e.type === 'ChatMessagePosted').map((e) => e.data);
    if (lines.length) {
      await db.query(
        `INSERT INTO chat_lines (conversation_id, idx, owner_id)
           SELECT * FROM unnest($1::text[], $2::int[], $3::text[]) ON CONFLICT DO NOTHING`,
        [lines.map((d) => d.conversationId), lines.map((d) => d.index), lines.map((d) => d.ownerId)],
      );
    }
    // A marker only moves forward (the decider's rule): the greatest of a batch is the last.
    const reads = new Map<string, { conversationId: string; readerId: string; readCount: number }>();
    for (const e of events) if (e.type === 'ChatRead') reads.set(`${e.data.conversationId}\u0000${e.data.readerId}`, e.data);
    if (reads.size) {
      const rows = [...reads.values()];
      await db.query(
        `INSERT INTO chat_reads (conversation_id, reader_id, read_count)
           SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
         ON CONFLICT (conversation_id, reader_id) DO UPDATE SET read_count = GREATEST(chat_reads.read_count, EXCLUDED.read_count)`,
        [rows.map((r) => r.conversationId), rows.map((r) => r.readerId), rows.map((r) => r.readCount)],
      );
    }
  },
};

type Db = { query: pg.Pool['query'] };

/** Per conversation (of those given), the messages of others in its chat that `readerId` has not read; absent: none. */
export async function unreadMessagesCounts(db: Db, readerId: string, conversationIds: readonly string[]): Promise<Map<string, number>> {
  if (!conversationIds.length) return new Map();
  const { rows } = await db.query(
    `SELECT l.conversation_id, count(*)::int AS n FROM rm_chats.chat_lines l
       LEFT JOIN rm_chats.chat_reads r ON r.conversation_id = l.conversation_id AND r.reader_id = $1
      WHERE l.conversation_id = ANY($2::text[]) AND l.owner_id <> $1 AND l.idx >= COALESCE(r.read_count, 0)
      GROUP BY l.conversation_id`,
    [readerId, conversationIds],
  );
  return new Map(rows.map((r) => [r.conversation_id as string, r.n as number]));
}
