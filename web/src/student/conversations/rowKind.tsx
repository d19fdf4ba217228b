/**
 * The row of a student's conversation and its icon, decided in the spec's order (spec 3, Student
 * conversation list). One module: every page that names a row's kind shows its icon or is loaded
 * beside one that does, and two would be two chunks, a request each (issue 31's budgets).
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VideocamIcon from '@mui/icons-material/Videocam';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { translate } from '../../i18n/translate';
import { languageName } from '../../lib/languageName';
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

/** The row icon of a student's conversation. */
export function RowIcon({ kind }: { kind: RowKind }) {
  const props = { 'aria-hidden': true as const, fontSize: 'small' as const };
  switch (kind) {
    case 'canceled':
      return <EventBusyIcon {...props} color="disabled" />;
    case 'upcoming':
      return <ScheduleIcon {...props} color="primary" />;
    case 'live':
      return <VideocamIcon {...props} color="success" />;
    case 'completed':
      return <CheckCircleIcon {...props} color="success" />;
    case 'missed':
      return <PersonOffIcon {...props} color="warning" />;
    case 'tech_issue':
      return <WifiOffIcon {...props} color="warning" />;
    case 'speaker_issue':
      return <ReportProblemIcon {...props} color="error" />;
    default:
      return <ChatBubbleOutlineIcon {...props} color="action" />;
  }
}

/** A row's course, with its instructor and school, or else its language. */
export const courseLine = (c: StudentConversation) =>
  c.course
    ? [c.course.name, c.course.owner?.displayName, c.course.owner?.school].filter(Boolean).join(' · ')
    : languageName(c.learningLanguage);
