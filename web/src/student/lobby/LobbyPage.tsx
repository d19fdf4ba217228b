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
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyNamed } from '../../lib/lazyNow';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { OPENABLE_MINUTES_BEFORE } from '../../../../contracts/scheduling';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { ExternalLink } from '../../components/ExternalLink';
import { Message } from '../../i18n/Message';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { preloadWhenPageLoaded } from '../../lib/whenPageLoaded';
import { formatDay, formatDayAndTime, formatTime, localDateOf, userZone, zoneAbbreviation } from '../../lib/time';
import { EXTERNAL_LINKS } from '../../shell/links';
import { FitTabs } from '../../components/FitTabs';
import { Chat } from '../../conversation/Chat';
import { usePresence } from '../../conversation/usePresence';
import { openConversationWindow } from '../../conversation/windows';
import {
  LOBBY_TABS,
  REDIRECT_SECONDS,
  cancelLabel,
  cancelText,
  endedKind,
  isJoinable,
  showSupportAdvice,
  showTardy,
  tabOf,
} from './lobbyRules';
import { CANCEL_RESERVATION, CANCEL_TARDY_RESERVATION, CONVERSATION_CHANGED, LOBBY, type LobbyConversation } from './operations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FOLLOWS_NOTICES } from '../../lib/apollo';

const QUIET = { quiet: true };

// The equipment check (camera, microphone meter, speed test) is a tab away, not on the first paint (issue 31).
const loadCameraPreview = () => import('./CameraPreview');
const CameraPreview = lazyNamed(loadCameraPreview, (m) => m.CameraPreview);
// Changing the lesson is a tab away too; its select is TextField's select mode (Select and its inputs).
const loadTopicTab = () => import('./TopicTab');
const TopicTab = lazyNamed(loadTopicTab, (m) => m.TopicTab);

const CANCEL_LABELS = {
  Cancel: 'student.lobby.cancel',
  Canceled: 'student.lobby.canceled',
  'Cannot Cancel': 'student.lobby.cannotCancel',
} as const satisfies Record<ReturnType<typeof cancelLabel>, MessageId>;

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
  const t = useT();
  const ready = isJoinable(conversation);
  const speaker = conversation.reservedWith?.displayName ?? t('student.lobby.yourSpeaker');
  return (
    <Paper variant="outlined" component="section" aria-label={t('student.lobby.join')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {formatDay(localDateOf(conversation.reservedStart, zone))}, {formatTime(conversation.reservedStart, zone)} –{' '}
          {formatTime(conversation.reservedEnd, zone)} {zoneAbbreviation(conversation.reservedStart, zone)}
        </Typography>
        <Typography color="text.secondary">
          {t('student.home.upcomingLine', {
            duration: conversation.duration,
            speaker,
            topic: conversation.course ? conversation.course.name : languageName(conversation.learningLanguage),
          })}
        </Typography>
        <Box sx={{ pt: 1 }}>
          {ready ? (
            <Button variant="contained" color="success" size="large" onClick={() => openConversation(conversation.id)} sx={flashing}>
              {t('student.lobby.ready')}
            </Button>
          ) : (
            <Button variant="contained" size="large" disabled>
              {t('student.lobby.pleaseWait')}
            </Button>
          )}
        </Box>
        {!ready && (
          <Typography variant="body2" color="text.secondary">
            {t('student.lobby.readyWhen', {
              speaker,
              time: formatTime(conversation.openablePolicy.openableAfter, zone),
              minutes: OPENABLE_MINUTES_BEFORE,
            })}
          </Typography>
        )}
        {conversation.archiveOnStart ? (
          <Box role="status" aria-label={t('conversation.willRecord')} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: '#d32f2f', flexShrink: 0 }} />
            <Typography variant="body2">{t('student.lobby.recordNotice')}</Typography>
          </Box>
        ) : (
          // A course's lesson is recorded unless the student's age keeps it from being (issue 34): say so.
          conversation.course && (
            <Typography role="status" variant="body2">
              {t('conversation.willNotRecord')}
            </Typography>
          )
        )}
        {showSupportAdvice(conversation, now) && (
          <Alert severity="info">
            <Message
              id="student.lobby.supportAdvice"
              tags={{ link: (words) => <ExternalLink href={EXTERNAL_LINKS.helpCentre}>{words}</ExternalLink> }}
            />
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
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [cancel, { loading }] = useMutation(CANCEL_RESERVATION, { context: QUIET });
  const label = cancelLabel(conversation);
  const submit = async () => {
    try {
      await cancel({ variables: { input: { conversationId: conversation.id } } });
      setConfirming(false);
      notifySuccess(t('student.lobby.canceledDone'));
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
        {t(CANCEL_LABELS[label])}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('student.lobby.cancelConfirm.title')}
        text={t(
          conversation.cancellationPolicy.returnsMinutes ? 'student.lobby.cancelConfirm.returned' : 'student.lobby.cancelConfirm.kept',
          {
            when: formatDayAndTime(conversation.reservedStart, zone),
            name: conversation.reservedWith?.displayName ?? t('student.lobby.yourSpeaker'),
            minutes: conversation.duration,
          },
        )}
        confirmLabel={t('student.lobby.cancelConfirm.confirm')}
        destructive
        busy={loading}
        onClose={() => setConfirming(false)}
        onConfirm={submit}
      />
    </Stack>
  );
}

function EndedPanel({ kind }: { kind: 'ended' | 'canceled' }) {
  const t = useT();
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
    <Paper variant="outlined" component="section" aria-label={t('student.lobby.over')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2} alignItems="flex-start">
        <Typography variant="h5" component="h2">
          {t(kind === 'canceled' ? 'student.lobby.canceledTitle' : 'student.lobby.ended')}
        </Typography>
        <Typography role="timer" aria-live="off">
          {t('student.lobby.goingHome', { seconds: left })}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/student/home" replace>
          {t('student.lobby.goHome')}
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
  const t = useT();
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

  useEffect(() => preloadWhenPageLoaded(loadCameraPreview, loadTopicTab), []);

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
      notifySuccess(t('student.lobby.minutesReturned'));
      refetch();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Stack spacing={3}>
      <JoinPanel conversation={conversation} zone={zone} now={now} />
      <Paper variant="outlined" component="section" aria-label={t('student.lobby.options')} sx={{ overflow: 'hidden' }}>
        <FitTabs value={tab} onChange={(_, v: number) => selectTab(v)} perRow={2} aria-label={t('student.lobby.optionsTabs')}>
          {LOBBY_TABS.map((id, i) => (
            <Tab key={id} label={t(id)} id={`lobby-tab-${i}`} aria-controls={`lobby-panel-${i}`} />
          ))}
        </FitTabs>
        <Box role="tabpanel" id={`lobby-panel-${tab}`} aria-labelledby={`lobby-tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === 0 && <Chat conversationId={conversation.id} zone={zone} />}
          {tab === 1 && <CancelTab conversation={conversation} viewerId={viewerId} zone={zone} onChanged={refetch} />}
          {tab === 2 && (
            <Suspense fallback={<Loading />}>
              <TopicTab conversation={conversation} onChanged={refetch} />
            </Suspense>
          )}
          {tab === 3 && (
            <Suspense fallback={<Loading />}>
              <CameraPreview />
            </Suspense>
          )}
        </Box>
      </Paper>

      <Dialog fullScreen open={readyOpen} onClose={() => setReadyOpen(false)} aria-labelledby="ready-dialog-title">
        <Stack spacing={3} alignItems="center" justifyContent="center" sx={{ flex: 1, p: 3, textAlign: 'center' }}>
          <Typography id="ready-dialog-title" variant="h3" component="h2">
            {t('student.lobby.readyTitle')}
          </Typography>
          <Typography>
            {conversation.reservedWith?.displayName
              ? t('student.lobby.speakerWaiting', { name: conversation.reservedWith.displayName })
              : t('student.lobby.yourSpeakerWaiting')}
          </Typography>
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
            {t('student.lobby.ready')}
          </Button>
          <Button onClick={() => setReadyOpen(false)}>{t('student.lobby.stay')}</Button>
        </Stack>
      </Dialog>

      <Dialog open={showTardy(conversation, speakerPresent) && !keepWaiting} aria-labelledby="tardy-dialog-title">
        <DialogTitle id="tardy-dialog-title">{t('student.lobby.tardy.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('student.lobby.tardy.text', { minutes: conversation.duration })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setKeepWaiting(true)} disabled={returning}>
            {t('student.lobby.tardy.wait')}
          </Button>
          <Button variant="contained" onClick={onReturnMinutes} disabled={returning}>
            {t('student.lobby.tardy.return')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

export default function LobbyPage() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data, loading, error, refetch } = useQuery(LOBBY, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
    context: FOLLOWS_NOTICES,
  });
  useSubscription(CONVERSATION_CHANGED, { variables: { conversationId: id }, skip: !id, onData: () => void refetch() });
  const conversation = data?.conversation?.id === id ? data.conversation : undefined;
  const refresh = useRef(() => void refetch());
  refresh.current = () => void refetch();
  const stableRefetch = useRef(() => refresh.current()).current;
  return (
    <Page title={t('student.lobby.title')}>
      {!id ? (
        <Alert severity="warning">{t('student.lobby.noneChosen')}</Alert>
      ) : error && !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : loading && !data ? (
        <Loading label={t('student.lobby.loading')} />
      ) : !conversation || !data?.me ? (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/student/home" color="inherit" size="small">
              {t('shell.nav.home')}
            </Button>
          }
        >
          {t('student.lobby.notFound')}
        </Alert>
      ) : (
        <Lobby conversation={conversation} viewerId={data.me.id} zone={userZone(data.me.tzIdentifier)} refetch={stableRefetch} />
      )}
    </Page>
  );
}
