/**
 * Conversations in quick search (issue 11): '<student> with <speaker>' (display names; staff and
 * the candidate in an interview), the kind, language and start (UTC) as its subtitle, both
 * addresses as personal details (pii). The names come from this read model's own people rows
 * (`person_profiles`, the person documents), so a name or address changed later retitles that
 * person's conversations here, in the same batch order a rebuild follows.
 */
import type pg from 'pg';
import { languageName } from '../../../contracts/enrollment';
import type { SearchIndexer } from './types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** '24 Nov 2026 08:45 UTC': what an admin would type to find a day. */
export function startWords(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** Rewrites the title and personal details of the conversations in `where` (over `conversation_people cp`). */
async function retitle(db: pg.PoolClient, where: string, params: unknown[], at: string) {
  await db.query(
    `UPDATE documents d SET
        title = coalesce(nullif(trim(pb.parts->>'displayName'), ''), 'Someone') || ' with ' || coalesce(nullif(trim(pw.parts->>'displayName'), ''), 'Someone'),
        pii = nullif(concat_ws(' ', db.pii, dw.pii), ''),
        updated_at = $${params.length + 1}
       FROM conversation_people cp
       LEFT JOIN person_profiles pb ON pb.ref_id = cp.reserved_by
       LEFT JOIN person_profiles pw ON pw.ref_id = cp.reserved_with
       LEFT JOIN documents db ON db.kind = 'person' AND db.ref_id = cp.reserved_by
       LEFT JOIN documents dw ON dw.kind = 'person' AND dw.ref_id = cp.reserved_with
      WHERE d.kind = 'conversation' AND d.ref_id = cp.ref_id AND (${where})`,
    [...params, at],
  );
}

export const conversationsIndexer: SearchIndexer = {
  handles: ['ConversationReserved', 'ConversationTransferred', 'ProfileChanged', 'EmailAddressChanged'],
  async apply(events, db) {
    for (const e of events) {
      const at = e.metadata.occurredAt;
      const d = e.data as Record<string, any>;
      if (e.type === 'ConversationReserved') {
        const subtitle = [d.kind === 'interview' ? 'Speaker interview' : 'Lesson', languageName(d.learningLanguage), startWords(d.reservedStart)].join(' · ');
        await db.query(
          `INSERT INTO conversation_people (ref_id, reserved_by, reserved_with) VALUES ($1, $2, $3)
           ON CONFLICT (ref_id) DO UPDATE SET reserved_by = $2, reserved_with = $3`,
          [d.conversationId, d.reservedBy, d.reservedWith],
        );
        await db.query(
          `INSERT INTO documents (kind, ref_id, tags, title, subtitle, location, pii, updated_at) VALUES ('conversation', $1, $2, '', $3, NULL, NULL, $4)
           ON CONFLICT (kind, ref_id) DO UPDATE SET tags = $2, subtitle = $3, updated_at = $4`,
          [d.conversationId, [d.kind], subtitle, at],
        );
        await retitle(db, 'cp.ref_id = $1', [d.conversationId], at);
      } else if (e.type === 'ConversationTransferred') {
        await db.query('UPDATE conversation_people SET reserved_with = $2 WHERE ref_id = $1', [d.conversationId, d.toSpeakerId]);
        await retitle(db, 'cp.ref_id = $1', [d.conversationId], at);
      } else {
        // A person's name or address: their conversations' titles and personal details.
        if (e.type === 'ProfileChanged' && !('displayName' in (d.changes ?? {}))) continue;
        const accountId = e.type === 'ProfileChanged' ? d.accountId : e.streamId.slice('account-'.length);
        await retitle(db, 'cp.reserved_by = $1 OR cp.reserved_with = $1', [accountId], at);
      }
    }
  },
};
