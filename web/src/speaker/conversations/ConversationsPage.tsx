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
import { MARKING_LABELS, type Marking } from '../../../../contracts/afterConversation';
import { languageName } from '../../../../contracts/enrollment';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { formatTime, formatTimeRange } from '../../lib/time';
import { interviewLabel, isInterview } from '../../conversation/interview';
import { needsAction, personName, statusChip } from './labels';
import { countOf } from '../../lib/plural';
import {
  SPEAKER_CONVERSATIONS,
  SPEAKER_POLL_MS,
  SPEAKER_STATUSES,
  UNREAD_MESSAGES_CHANGED,
  type SpeakerConversationItem,
} from './operations';
import { EmptyState } from '../../components/EmptyState';
import { ConversationIllustration } from '../../components/illustrations';

export default function ConversationsPage() {
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
      [personName(c.otherUsers[0], 'Student'), c.course?.name, c.lesson?.title, languageName(c.learningLanguage)].some((text) =>
        text?.toLowerCase().includes(q),
      ),
  );
  return (
    <Page title="Conversations">
      {q && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setParams({})}>
              Show all
            </Button>
          }
        >
          {shown.length ? `Conversations matching “${params.get('q')}”` : `No conversation matches “${params.get('q')}”.`}
        </Alert>
      )}
      {loading && !data ? (
        <Loading label="Loading your conversations" />
      ) : error && !me ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
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
            title="You have no conversations waiting for you."
            description="Your reserved and held conversations show here. Keep your availability up to date so students can find you."
            action={
              <Button component={RouterLink} to="/speaker/availability" variant="contained">
                Open your availability
              </Button>
            }
          />
        </Paper>
      ) : !shown.length ? null : (
        <Paper variant="outlined">
          <List aria-label="Your conversations" disablePadding sx={{ '& > li:last-of-type': { borderBottom: 0 } }}>
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
  const chip = statusChip(c.status);
  const interview = isInterview(c);
  // An interview is not marked: it never waits for the speaker's action.
  const warn = !interview && needsAction(c);
  const student = interview ? 'Tertulia staff' : personName(c.otherUsers[0], 'Student');
  const what = interview
    ? interviewLabel()
    : c.course
      ? `${c.course.name}${c.lesson ? ` — ${c.lesson.title}` : ''}`
      : languageName(c.learningLanguage);
  const when = formatTimeRange(c.reservedStart, c.reservedEnd, zone);
  const marking = c.markedAs ? `Marked: ${MARKING_LABELS[c.markedAs as Marking] ?? c.markedAs}` : null;
  const unread = c.unreadMessagesCount > 0 ? countOf(c.unreadMessagesCount, 'unread message') : null;
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={`/speaker/conversations/${encodeURIComponent(c.id)}`}
        aria-label={`${when}, ${student}, ${what}${chip ? `, ${chip}` : ''}${marking ? `, ${marking}` : ''}${unread ? `, ${unread}` : ''}${warn ? ', action needed' : ''}`}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          {warn && (
            <Tooltip title="The start has passed: action needed">
              <WarningAmberIcon color="warning" data-testid="action-needed" titleAccess="Action needed" />
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
          secondary={`${student} · ${what} · ${c.duration} minutes`}
        />
      </ListItemButton>
    </ListItem>
  );
}
