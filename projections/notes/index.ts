/**
 * The speaker's notes (issue 35), as they stand: one row a note, in the order they were written
 * (the log's position). Read per conversation (its page) and per student across conversations, with
 * the conversation's time and course from the conversations and catalog read models.
 */
import type pg from 'pg';
import type { LearningNoteAdded, LearningNoteRemoved, LearningNoteRevised } from '../../services/domain/conversations/notes';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const notesProjector: Projector = {
  name: 'notes',
  version: 1,
  handles: ['LearningNoteAdded', 'LearningNoteRevised', 'LearningNoteRemoved'],
  schema: `
    CREATE TABLE learning_notes (
      note_id text PRIMARY KEY, conversation_id text NOT NULL, student_id text NOT NULL, kind text NOT NULL,
      text text NOT NULL, detail text, why text, position bigint NOT NULL, added_at timestamptz NOT NULL, revised_at timestamptz);
    CREATE INDEX learning_notes_conversation ON learning_notes (conversation_id, position);
    CREATE INDEX learning_notes_student ON learning_notes (student_id, position);`,
  // A note never comes back once removed (ids are new), so a batch applies as adds, then each
  // note's last revision, then removals, whatever their order within the batch.
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const adds = events.filter((e) => e.type === 'LearningNoteAdded') as (StoredEvent<LearningNoteAdded['data']> & { type: string })[];
    if (adds.length) {
      const col = <T>(f: (e: (typeof adds)[number]) => T) => adds.map(f);
      await db.query(
        `INSERT INTO learning_notes (note_id, conversation_id, student_id, kind, text, detail, why, position, added_at)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::timestamptz[])
         ON CONFLICT (note_id) DO NOTHING`,
        [
          col((e) => e.data.noteId),
          col((e) => e.data.conversationId),
          col((e) => e.data.studentId),
          col((e) => e.data.kind),
          col((e) => e.data.text),
          col((e) => e.data.detail),
          col((e) => e.data.why),
          col((e) => e.position),
          col((e) => e.data.at),
        ],
      );
    }
    const revisions = new Map<string, LearningNoteRevised['data']>();
    for (const e of events) if (e.type === 'LearningNoteRevised') revisions.set(e.data.noteId, e.data);
    if (revisions.size) {
      const rows = [...revisions.values()];
      await db.query(
        `UPDATE learning_notes n SET text = r.text, detail = r.detail, why = r.why, revised_at = r.at
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS r(note_id, text, detail, why, at)
          WHERE n.note_id = r.note_id`,
        [rows.map((r) => r.noteId), rows.map((r) => r.text), rows.map((r) => r.detail), rows.map((r) => r.why), rows.map((r) => r.at)],
      );
    }
    const removed = events.filter((e) => e.type === 'LearningNoteRemoved').map((e) => (e.data as LearningNoteRemoved['data']).noteId);
    if (removed.length) await db.query('DELETE FROM learning_notes WHERE note_id = ANY($1::text[])', [removed]);
  },
};

type Db = { query: pg.Pool['query'] };

export interface LearningNoteRow {
  id: string;
  conversationId: string;
  kind: 'correction' | 'word' | 'focus';
  text: string;
  detail: string | null;
  why: string | null;
  addedOn: Date;
  revisedOn: Date | null;
}
export interface StudentNoteRow extends LearningNoteRow {
  conversationStart: Date;
  learningLanguage: string;
  courseId: string | null;
  courseName: string | null;
}

const NOTE_COLUMNS = `n.note_id AS "id", n.conversation_id AS "conversationId", n.kind, n.text, n.detail, n.why,
  n.added_at AS "addedOn", n.revised_at AS "revisedOn"`;

export async function notesOf(db: Db, conversationId: string): Promise<LearningNoteRow[]> {
  const { rows } = await db.query(
    `SELECT ${NOTE_COLUMNS} FROM rm_notes.learning_notes n WHERE n.conversation_id = $1 ORDER BY n.position`,
    [conversationId],
  );
  return rows;
}

/** `%`, `_` and `\` stand for themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A student's notes across their conversations, newest conversation first: optionally only one
 * course's, and only those whose text, detail or why hold `search` (case and accents as typed).
 */
export async function notesOfStudent(
  db: Db,
  studentId: string,
  filter: { search: string | null; courseId: string | null; limit: number },
): Promise<StudentNoteRow[]> {
  const { rows } = await db.query(
    `SELECT ${NOTE_COLUMNS}, c.reserved_start AS "conversationStart", c.learning_language AS "learningLanguage",
            c.course_id AS "courseId", k.name AS "courseName"
       FROM rm_notes.learning_notes n
       JOIN rm_conversations.conversations c ON c.id = n.conversation_id
       LEFT JOIN rm_catalog.courses k ON k.id = c.course_id
      WHERE n.student_id = $1
        AND ($2::text IS NULL OR c.course_id = $2)
        AND ($3::text IS NULL OR n.text ILIKE $3 OR n.detail ILIKE $3 OR n.why ILIKE $3)
      ORDER BY c.reserved_start DESC, n.position
      LIMIT $4`,
    [studentId, filter.courseId, filter.search ? likePattern(filter.search) : null, filter.limit],
  );
  return rows;
}
