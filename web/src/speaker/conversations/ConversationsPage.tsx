/**
 * /speaker/conversations (spec 3, "Speaker conversations list"): the speaker's conversations with
 * no markings in the statuses reserved, opened, started and stopped, soonest first; chips for
 * opened and started; a warning icon when the start has passed (action needed); the chat's unread
 * messages (issue 28). Every 20 s, and live when an unread count changes.
 */
import { useQuery, useSubscription } from '@apollo/client';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { markingLabel } from '../../conversation/after/markings';
import { languageName } from '../../lib/languageName';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { formatTime, formatTimeRange } from '../../lib/time';
import { interviewLabel, isInterview } from '../../conversation/interview';
import { needsAction, personName, statusChip } from './labels';
import {
  SPEAKER_CONVERSATIONS,
  SPEAKER_POLL_MS,
  SPEAKER_STATUSES,
  UNREAD_MESSAGES_CHANGED,
  type SpeakerConversationItem,
} from './operations';
import { EmptyState } from '../../components/EmptyState';
import { ConversationIllustration } from '../../components/illustrations';
import { useT } from '../../i18n/useT';

export default function ConversationsPage() {
  const t = useT();
  const { data, error, loading, refetch } = useQuery(SPEAKER_CONVERSATIONS, {
    variables: { statuses: SPEAKER_STATUSES },
    pollInterval: SPEAKER_POLL_MS,
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  useUnreadMessagesFollowed(refetch);
  const me = data?.me;
  // The sidebar's search (?q=): the student's name, the course, the topic or the language.
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const shown = (me?.conversations ?? []).filter(
    (c) =>
      !q ||
      [
        personName(c.otherUsers[0], t('speaker.conversations.student')),
        c.course?.name,
        c.lesson?.title,
        languageName(c.learningLanguage),
      ].some((text) => text?.toLowerCase().includes(q)),
  );
  return (
    <Page title={t('speaker.conversations.title')}>
      {q && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setParams({})}>
              {t('speaker.conversations.showAll')}
            </Button>
          }
        >
          {t(shown.length ? 'speaker.conversations.matching' : 'speaker.conversations.noMatch', { q: params.get('q') ?? '' })}
        </Alert>
      )}
      {loading && !data ? (
        <Loading label={t('speaker.conversations.loading')} />
      ) : error && !me ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('speaker.conversations.retry')}
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      ) : !me || (me.conversations.length === 0 && !q) ? (
        <Paper variant="outlined">
          <EmptyState
            testId="conversations-empty"
            illustration={<ConversationIllustration />}
            title={t('speaker.conversations.none')}
            description={t('speaker.conversations.noneHelp')}
            action={
              <Button component={RouterLink} to="/speaker/availability" variant="contained">
                {t('speaker.conversations.openAvailability')}
              </Button>
            }
          />
        </Paper>
      ) : !shown.length ? null : (
        <Paper variant="outlined">
          <List aria-label={t('speaker.conversations.list')} disablePadding sx={{ '& > li:last-of-type': { borderBottom: 0 } }}>
            {shown.map((c) => (
              <ConversationRow key={c.id} conversation={c} zone={me.tzIdentifier} />
            ))}
          </List>
        </Paper>
      )}
    </Page>
  );
}

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
