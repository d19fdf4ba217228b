/** The row of a student's conversation, decided in the spec's order (spec 3, Student conversation list). */
import { translate } from '../../i18n/translate';
import type { StudentConversation } from './operations';

export type RowKind = 'canceled' | 'upcoming' | 'live' | 'completed' | 'missed' | 'tech_issue' | 'speaker_issue' | 'default';

export function rowKind(c: Pick<StudentConversation, 'isCanceled' | 'status' | 'markedAs'>): RowKind {
  if (c.isCanceled) return 'canceled';
  if (c.status === 'reserved') return 'upcoming';
  if (c.status === 'opened' || c.status === 'started') return 'live';
  if (c.markedAs === 'completed') return 'completed';
  if (c.markedAs === 'missed') return 'missed';
  if (c.markedAs === 'reserved_by_user_issue') return 'tech_issue';
  if (c.markedAs === 'reserved_with_user_issue') return 'speaker_issue';
  return 'default';
}

/** The row's label in the page's language. */
export const rowLabel = (kind: RowKind): string => translate(`student.conversations.row.${kind}`);
