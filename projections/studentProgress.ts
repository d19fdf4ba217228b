/**
 * The student's progress page (issue 35) reads three read models side by side and keeps no table of
 * its own: the conversations whose clock ran (conversations), the student's spoken total in each
 * (speakingtime) and the corrections and new words written on each (notes).
 */
import type pg from 'pg';
import { type ConversationRow, toConversation } from './conversations';

type Db = { query: pg.Pool['query'] };

export interface HeldConversationRow {
  conversation: ConversationRow;
  /** Null when the student's browser reported nothing. */
  spokenMs: number | null;
  corrections: number;
  newWords: number;
}

/** A student's conversations whose clock started at or after `since` (test calls left out), newest first, at most `limit`. */
export async function heldConversationsOf(db: Db, studentId: string, since: Date, limit: number): Promise<HeldConversationRow[]> {
  const { rows } = await db.query(
    `SELECT c.*, t.spoken_ms,
            (SELECT count(*) FILTER (WHERE n.kind = 'correction') FROM rm_notes.learning_notes n WHERE n.conversation_id = c.id)::int AS corrections,
            (SELECT count(*) FILTER (WHERE n.kind = 'word') FROM rm_notes.learning_notes n WHERE n.conversation_id = c.id)::int AS new_words
       FROM rm_conversations.conversations c
       LEFT JOIN rm_speakingtime.speaking_times t ON t.conversation_id = c.id AND t.participant_id = c.reserved_by
      WHERE c.reserved_by = $1 AND c.started_on >= $2 AND c.kind <> 'test_call'
      ORDER BY c.started_on DESC, c.id
      LIMIT $3`,
    [studentId, since, limit],
  );
  return rows.map((r) => ({
    conversation: toConversation(r),
    spokenMs: r.spoken_ms === null ? null : Number(r.spoken_ms),
    corrections: r.corrections,
    newWords: r.new_words,
  }));
}
