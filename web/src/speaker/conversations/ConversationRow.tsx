/**
 * A speaker's conversation as a row of their list, and the list's live unread counts: the
 * conversations page's and the planner's (the planner, a first page, does not bring the page).
 */
import { useSubscription } from '@apollo/client';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { markingLabel } from '../../conversation/after/markings';
import { interviewLabel, isInterview } from '../../conversation/interview';
import { useT } from '../../i18n/useT';
import { languageName } from '../../lib/languageName';
import { formatTime, formatTimeRange } from '../../lib/time';
import { needsAction, personName, statusChip } from './labels';
import { UNREAD_MESSAGES_CHANGED, type SpeakerConversationItem } from './operations';

/** Reads a speaker's list again whenever one of their unread counts changes (the first notice too: nothing is missed meanwhile). */
export function useUnreadMessagesFollowed(refetch: () => Promise<unknown>) {
  useSubscription(UNREAD_MESSAGES_CHANGED, { context: { quiet: true }, onData: () => void refetch().catch(() => undefined) });
}

/** One conversation as a link to its detail; `timeOnly` where a day heading already names the day (the planner). */
export function ConversationRow({
  conversation: c,
  zone,
  timeOnly = false,
}: {
  conversation: SpeakerConversationItem;
  zone: string;
  timeOnly?: boolean;
}) {
  const t = useT();
  const chip = statusChip(c.status);
  const interview = isInterview(c);
  // An interview is not marked: it never waits for the speaker's action.
  const warn = !interview && needsAction(c);
  const student = interview ? t('conversation.staff') : personName(c.otherUsers[0], t('speaker.conversations.student'));
  const what = interview
    ? interviewLabel()
    : c.course
      ? `${c.course.name}${c.lesson ? ` — ${c.lesson.title}` : ''}`
      : languageName(c.learningLanguage);
  const when = formatTimeRange(c.reservedStart, c.reservedEnd, zone);
  const marking = c.markedAs ? t('speaker.conversations.marked', { marking: markingLabel(c.markedAs, t) }) : null;
  const unread = c.unreadMessagesCount > 0 ? t('speaker.conversations.unread', { count: c.unreadMessagesCount }) : null;
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={`/speaker/conversations/${encodeURIComponent(c.id)}`}
        aria-label={`${when}, ${student}, ${what}${chip ? `, ${chip}` : ''}${marking ? `, ${marking}` : ''}${unread ? `, ${unread}` : ''}${warn ? t('speaker.conversations.actionNeededSuffix') : ''}`}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          {warn && (
            <Tooltip title={t('speaker.conversations.startPassed')}>
              <WarningAmberIcon color="warning" data-testid="action-needed" titleAccess={t('speaker.conversations.actionNeeded')} />
            </Tooltip>
          )}
        </ListItemIcon>
        <ListItemText
          primary={
            <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {timeOnly ? `${formatTime(c.reservedStart, zone)}–${formatTime(c.reservedEnd, zone)}` : when}
              </Typography>
              {chip && <Chip size="small" color={c.status === 'started' ? 'success' : 'primary'} label={chip} />}
              {marking && <Chip size="small" variant="outlined" label={marking} />}
              {unread && (
                <Chip
                  size="small"
                  color="secondary"
                  icon={<ChatBubbleOutlineIcon />}
                  label={c.unreadMessagesCount}
                  title={unread}
                  data-testid="unread-messages"
                />
              )}
            </Stack>
          }
          secondary={t('speaker.conversations.rowLine', { student, what, minutes: c.duration })}
        />
      </ListItemButton>
    </ListItem>
  );
}
