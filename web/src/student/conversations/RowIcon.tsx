/** The row icon of a student's conversation, decided in the spec's order (spec 3, Student conversation list). */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VideocamIcon from '@mui/icons-material/Videocam';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import type { RowKind } from './rowKind';

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
