/**
 * /student/lobby?id=&option= (spec 2, Student lobby): the join panel ('Ready!' / 'Please wait'),
 * the four option tabs, the full-screen 'Ready!' dialog, the tardy "We're sorry" dialog, the
 * support advice, and the ended/canceled message with its countdown home. Refetches on
 * `conversationChanged`, when the tardy time passes and when the speaker's presence changes
 * (broadcastPresence polled, lobbyPresence pushed). The Chat tab is the live room's chat; 'Ready!'
 * opens the room in its own named window.
 */
import { useMutation, useQuery, useSubscription } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { languageName } from '../../../../contracts/enrollment';
import { OPENABLE_MINUTES_BEFORE } from '../../../../contracts/scheduling';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { formatDay, formatDayAndTime, formatTime, localDateOf, userZone, zoneAbbreviation } from '../../lib/time';
import { EXTERNAL_LINKS } from '../../shell/links';
import { FitTabs } from '../../components/FitTabs';
import { Chat } from '../../conversation/Chat';
import { usePresence } from '../../conversation/usePresence';
import { WILL_RECORD_LABEL } from '../../conversation/recording/RecordingIndicator';
import { openConversationWindow } from '../../conversation/windows';
import { reservableLessons } from '../reserve/operations';
import { CameraPreview } from './CameraPreview';
import {
  CANCELED_MESSAGE,
  CANCELED_TITLE,
  ENDED_MESSAGE,
  LOBBY_TABS,
  MINUTES_RETURNED_MESSAGE,
  REDIRECT_SECONDS,
  TOPIC_CHANGED_MESSAGE,
  cancelLabel,
  cancelText,
  endedKind,
  isJoinable,
  showSupportAdvice,
  showTardy,
  tabOf,
} from './lobbyRules';
import {
  CANCEL_RESERVATION,
  CANCEL_TARDY_RESERVATION,
  CHANGE_RESERVATION_LESSON,
  CONVERSATION_CHANGED,
  LOBBY,
  type LobbyConversation,
} from './operations';
import { countOf } from '../../lib/plural';
import { ConfirmDialog } from '../../components/ConfirmDialog';

const QUIET = { quiet: true };

/** The current time, ticking every `ms`. */
function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

const openConversation = (id: string) => openConversationWindow(id);

const flashing = {
  '@keyframes lobbyFlash': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } },
  animation: 'lobbyFlash 1.2s ease-in-out infinite',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
};

function JoinPanel({ conversation, zone, now }: { conversation: LobbyConversation; zone: string; now: number }) {
  const ready = isJoinable(conversation);
  const speaker = conversation.reservedWith?.displayName ?? 'your speaker';
  return (
    <Paper variant="outlined" component="section" aria-label="Join" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {formatDay(localDateOf(conversation.reservedStart, zone))}, {formatTime(conversation.reservedStart, zone)} –{' '}
          {formatTime(conversation.reservedEnd, zone)} {zoneAbbreviation(conversation.reservedStart, zone)}
        </Typography>
        <Typography color="text.secondary">
          {conversation.duration} minutes with {speaker}
          {conversation.course ? ` · ${conversation.course.name}` : ` · ${languageName(conversation.learningLanguage)}`}
        </Typography>
        <Box sx={{ pt: 1 }}>
          {ready ? (
            <Button variant="contained" color="success" size="large" onClick={() => openConversation(conversation.id)} sx={flashing}>
              Ready!
            </Button>
          ) : (
            <Button variant="contained" size="large" disabled>
              Please wait
            </Button>
          )}
        </Box>
        {!ready && (
          <Typography variant="body2" color="text.secondary">
            The button turns to Ready! once {speaker} opens the conversation: from{' '}
            {formatTime(conversation.openablePolicy.openableAfter, zone)}, {OPENABLE_MINUTES_BEFORE} minutes before the start.
          </Typography>
        )}
        {conversation.archiveOnStart && (
          <Box role="status" aria-label={WILL_RECORD_LABEL} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: '#d32f2f', flexShrink: 0 }} />
            <Typography variant="body2">
              This conversation will be recorded: you and your instructor can play it back afterwards.
            </Typography>
          </Box>
        )}
        {showSupportAdvice(conversation, now) && (
          <Alert severity="info">
            Your conversation should have started by now. If the Ready! button does not appear soon, please message{' '}
            <Link href={EXTERNAL_LINKS.helpCentre} target="_blank" rel="noopener noreferrer">
              Tertulia Support (opens in a new tab)
            </Link>
            .
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function CancelTab({
  conversation,
  viewerId,
  zone,
  onChanged,
}: {
  conversation: LobbyConversation;
  viewerId: string;
  zone: string;
  onChanged: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [cancel, { loading }] = useMutation(CANCEL_RESERVATION, { context: QUIET });
  const label = cancelLabel(conversation);
  const submit = async () => {
    try {
      await cancel({ variables: { input: { conversationId: conversation.id } } });
      setConfirming(false);
      notifySuccess(CANCELED_MESSAGE);
      onChanged();
    } catch (error) {
      setConfirming(false);
      notifyError(errorMessage(error));
    }
  };
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Typography>{cancelText(conversation, viewerId, zone)}</Typography>
      <Button variant="outlined" color="error" disabled={label !== 'Cancel'} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel this conversation?"
        text={`${formatDayAndTime(conversation.reservedStart, zone)} with ${conversation.reservedWith?.displayName ?? 'your speaker'}. ${conversation.cancellationPolicy.returnsMinutes ? `Your ${conversation.duration} minutes will be returned.` : 'Your minutes will not be returned.'}`}
        confirmLabel="Cancel conversation"
        destructive
        busy={loading}
        onClose={() => setConfirming(false)}
        onConfirm={submit}
      />
    </Stack>
  );
}

function TopicTab({ conversation, onChanged }: { conversation: LobbyConversation; onChanged: () => void }) {
  const [lessonId, setLessonId] = useState(conversation.lesson?.id ?? '');
  const [change, { loading }] = useMutation(CHANGE_RESERVATION_LESSON, { context: QUIET });
  useEffect(() => setLessonId(conversation.lesson?.id ?? ''), [conversation.lesson?.id]);
  const course = conversation.course;
  const changeable = !!course && conversation.status === 'reserved' && !conversation.isCanceled;
  const choices = course ? reservableLessons(course).filter((a) => a.lesson.id !== conversation.lesson?.id) : [];
  const submit = async () => {
    try {
      await change({ variables: { input: { conversationId: conversation.id, lessonId } } });
      notifySuccess(TOPIC_CHANGED_MESSAGE);
      onChanged();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <Stack spacing={2}>
      {conversation.lesson ? (
        <Box>
          <Typography variant="subtitle1" component="h3">
            {conversation.lesson.title}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{conversation.lesson.discussionTopic ?? 'Topic to be announced'}</Typography>
        </Box>
      ) : (
        <Typography>A free conversation in {languageName(conversation.learningLanguage)}: talk about anything you like.</Typography>
      )}
      {changeable && choices.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <TextField
            select
            size="small"
            label="Another lesson"
            value={choices.some((a) => a.lesson.id === lessonId) ? lessonId : ''}
            onChange={(e) => setLessonId(e.target.value)}
            sx={{ minWidth: 240 }}
          >
            {choices.map((a) => (
              <MenuItem key={a.lesson.id} value={a.lesson.id}>
                {`${a.order}. ${a.lesson.title}`}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={submit} disabled={loading || !choices.some((a) => a.lesson.id === lessonId)}>
            Change topic
          </Button>
        </Stack>
      )}
      {course && !changeable && (
        <Typography color="text.secondary">The topic can be changed only before the conversation starts.</Typography>
      )}
    </Stack>
  );
}

function EndedPanel({ kind }: { kind: 'ended' | 'canceled' }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate('/student/home', { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <Paper variant="outlined" component="section" aria-label="Conversation over" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2} alignItems="flex-start">
        <Typography variant="h5" component="h2">
          {kind === 'canceled' ? CANCELED_TITLE : ENDED_MESSAGE}
        </Typography>
        <Typography role="timer" aria-live="off">
          Going to your home page in {countOf(left, 'second')}.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/student/home" replace>
          Go home now
        </Button>
      </Stack>
    </Paper>
  );
}

function Lobby({
  conversation,
  viewerId,
  zone,
  refetch,
}: {
  conversation: LobbyConversation;
  viewerId: string;
  zone: string;
  refetch: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('option'));
  const now = useNow();
  const ready = isJoinable(conversation);
  const [readyOpen, setReadyOpen] = useState(ready);
  const wasReady = useRef(ready);
  const [keepWaiting, setKeepWaiting] = useState(false);
  const [returnMinutes, { loading: returning }] = useMutation(CANCEL_TARDY_RESERVATION, { context: QUIET });
  // Not known yet (null) counts as present: the dialog waits for the first answer.
  const speakerPresent = usePresence(conversation.id, endedKind(conversation) === null, refetch) ?? true;

  useEffect(() => {
    if (ready && !wasReady.current) setReadyOpen(true);
    if (!ready) setReadyOpen(false);
    wasReady.current = ready;
  }, [ready]);

  // The tardy time passing changes the policies: ask again just after it.
  const tardyAfter = Date.parse(conversation.tardinessPolicy.tardyAfter);
  useEffect(() => {
    const wait = tardyAfter - Date.now();
    if (!(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(refetch, wait + 1000);
    return () => clearTimeout(timer);
  }, [tardyAfter, refetch]);

  const ended = endedKind(conversation);
  if (ended) return <EndedPanel kind={ended} />;

  const selectTab = (value: number) => {
    const next = new URLSearchParams(params);
    next.set('option', String(value));
    setParams(next, { replace: true });
  };

  const onReturnMinutes = async () => {
    try {
      await returnMinutes({ variables: { input: { conversationId: conversation.id } } });
      notifySuccess(MINUTES_RETURNED_MESSAGE);
      refetch();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Stack spacing={3}>
      <JoinPanel conversation={conversation} zone={zone} now={now} />
      <Paper variant="outlined" component="section" aria-label="Options" sx={{ overflow: 'hidden' }}>
        <FitTabs value={tab} onChange={(_, v: number) => selectTab(v)} perRow={2} aria-label="Lobby options">
          {LOBBY_TABS.map((label, i) => (
            <Tab key={label} label={label} id={`lobby-tab-${i}`} aria-controls={`lobby-panel-${i}`} />
          ))}
        </FitTabs>
        <Box role="tabpanel" id={`lobby-panel-${tab}`} aria-labelledby={`lobby-tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === 0 && <Chat conversationId={conversation.id} zone={zone} />}
          {tab === 1 && <CancelTab conversation={conversation} viewerId={viewerId} zone={zone} onChanged={refetch} />}
          {tab === 2 && <TopicTab conversation={conversation} onChanged={refetch} />}
          {tab === 3 && <CameraPreview />}
        </Box>
      </Paper>

      <Dialog fullScreen open={readyOpen} onClose={() => setReadyOpen(false)} aria-labelledby="ready-dialog-title">
        <Stack spacing={3} alignItems="center" justifyContent="center" sx={{ flex: 1, p: 3, textAlign: 'center' }}>
          <Typography id="ready-dialog-title" variant="h3" component="h2">
            Your conversation is ready
          </Typography>
          <Typography>{conversation.reservedWith?.displayName ?? 'Your speaker'} is waiting for you.</Typography>
          <Button
            variant="contained"
            color="success"
            size="large"
            sx={flashing}
            onClick={() => {
              openConversation(conversation.id);
              setReadyOpen(false);
            }}
          >
            Ready!
          </Button>
          <Button onClick={() => setReadyOpen(false)}>Stay in the lobby</Button>
        </Stack>
      </Dialog>

      <Dialog open={showTardy(conversation, speakerPresent) && !keepWaiting} aria-labelledby="tardy-dialog-title">
        <DialogTitle id="tardy-dialog-title">We&apos;re sorry</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your speaker has not joined the conversation yet. You can have your {conversation.duration} minutes returned, or keep waiting.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setKeepWaiting(true)} disabled={returning}>
            Keep waiting
          </Button>
          <Button variant="contained" onClick={onReturnMinutes} disabled={returning}>
            Return minutes
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

export default function LobbyPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data, loading, error, refetch } = useQuery(LOBBY, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  useSubscription(CONVERSATION_CHANGED, { variables: { conversationId: id }, skip: !id, onData: () => void refetch() });
  const conversation = data?.conversation?.id === id ? data.conversation : undefined;
  const refresh = useRef(() => void refetch());
  refresh.current = () => void refetch();
  const stableRefetch = useRef(() => refresh.current()).current;
  return (
    <Page title="Get Ready for your Conversation">
      {!id ? (
        <Alert severity="warning">No conversation was chosen. Open a conversation from your home page.</Alert>
      ) : error && !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : loading && !data ? (
        <Loading label="Loading your conversation" />
      ) : !conversation || !data?.me ? (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/student/home" color="inherit" size="small">
              Home
            </Button>
          }
        >
          This conversation was not found.
        </Alert>
      ) : (
        <Lobby conversation={conversation} viewerId={data.me.id} zone={userZone(data.me.tzIdentifier)} refetch={stableRefetch} />
      )}
    </Page>
  );
}
