/**
 * Conversations in quick search (issue 11): '<student> with <speaker>' (display names; staff and
 * the candidate in an interview), the kind, language and start (UTC) as its subtitle, both
 * addresses as personal details (pii). The names come from this read model's own people rows
 * (`person_profiles`, the person documents), so a name or address changed later retitles that
 * person's conversations here, in the same batch order a rebuild follows.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../../services/eventstore/port';
import { languageName } from '../../../contracts/enrollment';
import type { SearchIndexer } from './types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** '24 Nov 2026 08:45 UTC': what an admin would type to find a day. */
export function startWords(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** A conversation's title and personal details from its two people (over `cp`, with `pb`/`pw`/`db`/`dw` joined as below). */
const TITLE = `coalesce(nullif(trim(pb.parts->>'displayName'), ''), 'Someone') || ' with ' || coalesce(nullif(trim(pw.parts->>'displayName'), ''), 'Someone')`;
const PII = `nullif(concat_ws(' ', db.pii, dw.pii), '')`;
const PEOPLE_OF = (cp: string) => `
       LEFT JOIN person_profiles pb ON pb.ref_id = ${cp}.reserved_by
       LEFT JOIN person_profiles pw ON pw.ref_id = ${cp}.reserved_with
       LEFT JOIN documents db ON db.kind = 'person' AND db.ref_id = ${cp}.reserved_by
       LEFT JOIN documents dw ON dw.kind = 'person' AND dw.ref_id = ${cp}.reserved_with`;

/** Rewrites the title and personal details of the conversations in `where` (over `conversation_people cp`). */
async function retitle(db: pg.PoolClient, where: string, params: unknown[], at: string) {
  await db.query(
    `UPDATE documents d SET title = ${TITLE}, pii = ${PII}, updated_at = $${params.length + 1}
       FROM conversation_people cp ${PEOPLE_OF('cp')}
      WHERE d.kind = 'conversation' AND d.ref_id = cp.ref_id AND (${where})`,
    [...params, at],
  );
}

/**
 * Reserved conversations, a run of them at once: their people and their documents, each document
 * written once with its title (a document's trigram indexes are dear to write; two writes a
 * conversation, one statement each, made this read model the slowest of a busy feed).
 */
async function indexReserved(db: pg.PoolClient, reserved: StoredEvent[]) {
  const latest = new Map(reserved.map((e) => [(e.data as Record<string, any>).conversationId as string, e]));
  const rows = [...latest.values()].map((e) => {
    const d = e.data as Record<string, any>;
    const subtitle = [
      d.kind === 'interview' ? 'Speaker interview' : d.kind === 'test_call' ? 'Test call' : 'Lesson',
      languageName(d.learningLanguage),
      startWords(d.reservedStart),
    ].join(' · ');
    return [d.conversationId, d.reservedBy, d.reservedWith, d.kind, subtitle, e.metadata.occurredAt] as string[];
  });
  const column = (i: number) => rows.map((r) => r[i]);
  await db.query(
    `WITH n AS (
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
          AS n(ref_id, reserved_by, reserved_with, kind, subtitle, at)
      ), people AS (
        INSERT INTO conversation_people (ref_id, reserved_by, reserved_with) SELECT ref_id, reserved_by, reserved_with FROM n
        ON CONFLICT (ref_id) DO UPDATE SET reserved_by = excluded.reserved_by, reserved_with = excluded.reserved_with
      )
      INSERT INTO documents (kind, ref_id, tags, title, subtitle, location, pii, updated_at)
      SELECT 'conversation', n.ref_id, ARRAY[n.kind], ${TITLE}, n.subtitle, NULL, ${PII}, n.at FROM n ${PEOPLE_OF('n')}
      ON CONFLICT (kind, ref_id) DO UPDATE SET tags = excluded.tags, title = excluded.title, subtitle = excluded.subtitle,
        pii = excluded.pii, updated_at = excluded.updated_at`,
    [0, 1, 2, 3, 4, 5].map(column),
  );
}

export const conversationsIndexer: SearchIndexer = {
  handles: ['ConversationReserved', 'ConversationTransferred', 'ProfileChanged', 'EmailAddressChanged'],
  async apply(events, db) {
    // Consecutive reservations go in together; anything else waits for them, so the order holds.
    let reserved: StoredEvent[] = [];
    const flush = async () => {
      if (reserved.length) await indexReserved(db, reserved);
      reserved = [];
    };
    for (const e of events) {
      const at = e.metadata.occurredAt;
      const d = e.data as Record<string, any>;
      if (e.type === 'ConversationReserved') {
        reserved.push(e);
        continue;
      }
      await flush();
      if (e.type === 'ConversationTransferred') {
        await db.query('UPDATE conversation_people SET reserved_with = $2 WHERE ref_id = $1', [d.conversationId, d.toSpeakerId]);
        await retitle(db, 'cp.ref_id = $1', [d.conversationId], at);
      } else {
        // A person's name or address: their conversations' titles and personal details.
        if (e.type === 'ProfileChanged' && !('displayName' in (d.changes ?? {}))) continue;
        const accountId = e.type === 'ProfileChanged' ? d.accountId : e.streamId.slice('account-'.length);
        await retitle(db, 'cp.reserved_by = $1 OR cp.reserved_with = $1', [accountId], at);
      }
    }
    await flush();
  },
};
