/**
 * The live room (spec 2, Live conversation): the interstitial ('Attempting to join you…', or the
 * first error with the progress hidden) until the video room is joined, then the dashboard, the
 * video stage and the side panel. Syncs the server's clock while joined; Leave tells the server,
 * closes the window and, when the browser keeps it open, shows the ended screen. The page is at
 * least 800 px wide while live.
 */
import { useApolloClient } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { ConversationStatus } from '../gql/graphql';
import { useT } from '../i18n/useT';
import { isStaffHosted, roomHeading, staffHostedLabel, staffHostedPeerFallback } from './interview';
import { Dashboard } from './Dashboard';
import { LEAVE_CONVERSATION, type LiveConversation } from './operations';
import { RecordingIndicator } from './recording/RecordingIndicator';
import { useRecording } from './recording/useRecording';
import { LiveText } from './roomMessages';
import { SidePanel } from './SidePanel';
import { useLiveClock } from './useLiveClock';
import { useSpeakingTime } from './useSpeakingTime';
import { useVideoRoom } from './useVideoRoom';
import { VideoStage } from './VideoStage';

export const LIVE_MIN_WIDTH = 800;

function useBodyMinWidth(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const before = document.body.style.minWidth;
    document.body.style.minWidth = `${LIVE_MIN_WIDTH}px`;
    return () => {
      document.body.style.minWidth = before;
    };
  }, [on]);
}

export function Interstitial({ message, error, detail }: { message: string; error?: string | null; detail?: string }) {
  return (
    <Stack spacing={3} alignItems="center" justifyContent="center" sx={{ minHeight: '60vh', p: 4, textAlign: 'center' }}>
      {error ? (
        <Alert severity="error" role="alert" sx={{ maxWidth: 640, textAlign: 'left' }}>
          {error}
        </Alert>
      ) : (
        <>
          <CircularProgress aria-label={message} />
          <Typography variant="h6" component="p" role="status">
            {message}
          </Typography>
          {detail && <Typography color="text.secondary">{detail}</Typography>}
        </>
      )}
    </Stack>
  );
}

interface Props {
  conversation: LiveConversation;
  me: { id: string; displayName: string | null; tzIdentifier?: string | null };
  onEnded: () => void;
  /** The server's clock answered a status the page's copy of the conversation does not have yet. */
  onStale: () => void;
}

export function LiveRoom({ conversation, me, onEnded, onStale }: Props) {
  const t = useT();
  const client = useApolloClient();
  const [leaving, setLeaving] = useState(false);
  const [expanded, setExpanded] = useState(true);
  const id = conversation.id;
  const live = !conversation.isCanceled && (conversation.status === 'opened' || conversation.status === 'started');
  const { room, setMedia, leave } = useVideoRoom(id, live && !leaving, me.displayName ?? undefined);
  const joined = room.phase === 'joined' && !leaving;
  // The clock's answers are the room's word on the status: `conversationChanged` alone can miss a
  // change (a subscription that connected after it), and the page would never learn it started.
  const onStatus = useCallback(
    (status: ConversationStatus) => {
      if (status === 'stopped' || status === 'unused') onEnded();
      else if (status !== conversation.status) onStale();
    },
    [onEnded, onStale, conversation.status],
  );
  const speaking = useSpeakingTime(room.localStream);
  const clock = useLiveClock(id, joined, onStatus, speaking);
  useBodyMinWidth(joined);
  const staffHosted = isStaffHosted(conversation);
  const staff = staffHosted && conversation.reservedBy?.id === me.id;
  const peerName =
    conversation.otherUsers[0]?.displayName?.trim() ||
    (staffHosted ? staffHostedPeerFallback(conversation.kind, staff) : t('conversation.partner'));
  const started = conversation.status === 'started' || clock.status === 'started';
  const recording = useRecording(id, joined && started, room, {
    local: me.displayName?.trim() || t('conversation.speaker'),
    remote: peerName,
  });
  const { abandon: abandonRecording, finish: finishRecording } = recording;

  // The window closing or reloading: leave the room and tell the server, even as the page goes.
  useEffect(() => {
    if (!joined) return;
    const onPageHide = () => {
      abandonRecording();
      leave(true);
      void client
        .mutate({
          mutation: LEAVE_CONVERSATION,
          variables: { input: { conversationId: id } },
          context: { quiet: true, fetchOptions: { keepalive: true } },
        })
        .catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [joined, leave, client, id, abandonRecording]);

  const onLeave = async () => {
    setLeaving(true);
    leave();
    try {
      await client.mutate({ mutation: LEAVE_CONVERSATION, variables: { input: { conversationId: id } }, context: { quiet: true } });
    } catch (error) {
      console.warn('Leaving was not recorded:', error);
    }
    // The recording's last chunks go up before the window closes (not longer than 15 s).
    await Promise.race([finishRecording(), new Promise((r) => setTimeout(r, 15_000))]);
    window.close();
    // A window the browser would not close (not opened by a script) shows the ended screen.
    setTimeout(onEnded, 300);
  };

  if (leaving) return <Interstitial message={LiveText.leaving} />;
  if (!joined) {
    return (
      <Interstitial
        message={LiveText.joining}
        error={room.error}
        detail={conversation.status === 'reserved' ? LiveText.notOpenYet : undefined}
      />
    );
  }

  const person = conversation.otherUsers[0] ?? null;
  // Both participants are told (spec 2): the host's window records, the guest's does not.
  const recordingBadge =
    recording.recording || (conversation.archiveOnStart && started) ? (
      <RecordingIndicator />
    ) : conversation.archiveOnStart ? (
      <RecordingIndicator upcoming />
    ) : conversation.course ? (
      <RecordingIndicator off />
    ) : null;
  const topic = staffHosted
    ? staffHostedLabel(conversation)
    : (conversation.lesson?.title ?? conversation.course?.name ?? t('conversation.freeConversation'));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh', minHeight: 560 }}>
      <Dashboard clock={clock} heading={roomHeading(conversation.kind, peerName, staff)} topic={topic} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <VideoStage
          room={room}
          peerName={peerName}
          badge={recordingBadge}
          expanded={expanded}
          onToggleExpanded={() => setExpanded((e) => !e)}
          onMedia={setMedia}
          onLeave={() => void onLeave()}
        />
        <SidePanel conversation={conversation} person={person} peerName={peerName} zone={me.tzIdentifier} hidden={!expanded} />
      </Box>
    </Box>
  );
}
