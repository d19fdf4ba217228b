/**
 * The room's video (spec 2, Live conversation): the other person large, ourselves small, the
 * overlays ('Please wait…' before they join, 'The participant has left…', their muted camera or
 * microphone), and the controls: microphone, camera, expand/collapse and Leave. The peer's picture
 * plays muted in a <video> and their sound in an <audio>, so the picture plays even where the
 * browser holds back sound until a click ('Turn on sound').
 */
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/useT';
import { LiveText, peerMutedText } from './roomMessages';
import type { VideoRoom } from './useVideoRoom';
import type { RemoteMedia } from './video/port';

function StreamVideo({
  stream,
  label,
  onPlaying,
  mirrored = false,
}: {
  stream: MediaStream;
  label: string;
  onPlaying?: (playing: boolean) => void;
  mirrored?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = stream;
    onPlaying?.(false);
    el.play().catch(() => undefined);
  }, [stream, onPlaying]);
  return (
    <Box
      component="video"
      ref={ref}
      autoPlay
      playsInline
      muted
      aria-label={label}
      onPlaying={() => onPlaying?.(true)}
      onEmptied={() => onPlaying?.(false)}
      sx={{
        width: '100%',
        height: '100%',
        objectFit: 'contain',
        display: 'block',
        bgcolor: 'common.black',
        transform: mirrored ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}

/** The peer's sound; tells when the browser wants a click first. */
function RemoteAudio({ stream }: { stream: MediaStream }) {
  const t = useT();
  const ref = useRef<HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = stream;
    el.play().then(
      () => setBlocked(false),
      () => setBlocked(true),
    );
  }, [stream]);
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: the other person's live voice in a call: there is no caption track to give */}
      <audio ref={ref} autoPlay />
      {blocked && (
        <Button
          variant="contained"
          startIcon={<VolumeUpIcon />}
          onClick={() =>
            ref.current?.play().then(
              () => setBlocked(false),
              () => undefined,
            )
          }
          sx={{ position: 'absolute', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
        >
          {t('conversation.video.sound')}
        </Button>
      )}
    </>
  );
}

/** A vendor's own player element (Zoom), mounted as it is. */
function ElementVideo({ element, onPlaying }: { element: HTMLElement; onPlaying: (playing: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.replaceChildren(element);
    onPlaying(true);
    return () => element.remove();
  }, [element, onPlaying]);
  return <Box ref={ref} sx={{ width: '100%', height: '100%' }} />;
}

function Overlay({ children, tone = 'dark' }: { children: string; tone?: 'dark' | 'notice' }) {
  return (
    <Box
      role="status"
      sx={{
        position: 'absolute',
        ...(tone === 'dark'
          ? { inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(0,0,0,0.72)' }
          : { left: 16, bottom: 16, bgcolor: 'rgba(0,0,0,0.7)', borderRadius: 1, px: 1.5, py: 0.75 }),
        color: 'common.white',
        textAlign: 'center',
        p: tone === 'dark' ? 3 : undefined,
        zIndex: 1,
      }}
    >
      <Typography variant={tone === 'dark' ? 'h6' : 'body2'} component="p">
        {children}
      </Typography>
    </Box>
  );
}

export interface StageProps {
  room: VideoRoom;
  peerName: string;
  expanded: boolean;
  onToggleExpanded: () => void;
  onMedia: (kind: 'audio' | 'video', on: boolean) => void;
  onLeave: () => void;
  /** Shown at the stage's top left (the recording indicator). */
  badge?: React.ReactNode;
}

export function VideoStage({ room, peerName, expanded, onToggleExpanded, onMedia, onLeave, badge }: StageProps) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const remote: RemoteMedia | null = room.remote;
  useEffect(() => {
    if (!remote) setPlaying(false);
  }, [remote]);
  const muted = peerMutedText(peerName, room.peerMuted);
  const waiting = !room.peerLeft && (!remote || !playing);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
      <Box
        component="section"
        aria-label={t('conversation.video.label')}
        sx={{ position: 'relative', flex: 1, minHeight: 240, bgcolor: 'common.black', overflow: 'hidden' }}
      >
        {remote && 'stream' in remote && (
          <>
            <StreamVideo stream={remote.stream} label={t('conversation.video.peer', { name: peerName })} onPlaying={setPlaying} />
            <RemoteAudio stream={remote.stream} />
          </>
        )}
        {remote && 'element' in remote && <ElementVideo element={remote.element} onPlaying={setPlaying} />}
        {badge}
        {room.peerLeft ? (
          <Overlay>{LiveText.peerLeft}</Overlay>
        ) : waiting ? (
          <Overlay>{LiveText.waitingForPeer}</Overlay>
        ) : muted ? (
          <Overlay tone="notice">{muted}</Overlay>
        ) : null}
        {room.localStream && (
          <Box
            sx={{
              position: 'absolute',
              right: 16,
              bottom: 16,
              width: { xs: 160, md: 240 },
              aspectRatio: '16 / 9',
              borderRadius: 1,
              overflow: 'hidden',
              boxShadow: 6,
              border: 2,
              borderColor: 'common.white',
              bgcolor: 'grey.900',
              zIndex: 1,
            }}
          >
            <StreamVideo stream={room.localStream} label={t('conversation.video.mine')} mirrored />
            {!room.videoOn && (
              <Typography
                variant="caption"
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  color: 'common.white',
                  bgcolor: 'grey.900',
                }}
              >
                {t('conversation.video.cameraOff')}
              </Typography>
            )}
          </Box>
        )}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        alignItems="center"
        justifyContent="center"
        component="section"
        aria-label={t('conversation.video.controls')}
        sx={{ py: 1, px: 2, bgcolor: 'grey.900' }}
      >
        <Tooltip title={t(room.audioOn ? 'conversation.video.mute' : 'conversation.video.unmute')}>
          <IconButton
            aria-label={t(room.audioOn ? 'conversation.video.mute' : 'conversation.video.unmute')}
            aria-pressed={!room.audioOn}
            onClick={() => onMedia('audio', !room.audioOn)}
            sx={toggleSx(room.audioOn)}
          >
            {room.audioOn ? <MicIcon /> : <MicOffIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t(room.videoOn ? 'conversation.video.cameraOffAction' : 'conversation.video.cameraOnAction')}>
          <IconButton
            aria-label={t(room.videoOn ? 'conversation.video.cameraOffAction' : 'conversation.video.cameraOnAction')}
            aria-pressed={!room.videoOn}
            onClick={() => onMedia('video', !room.videoOn)}
            sx={toggleSx(room.videoOn)}
          >
            {room.videoOn ? <VideocamIcon /> : <VideocamOffIcon />}
          </IconButton>
        </Tooltip>
        <Button variant="contained" color="error" onClick={onLeave} sx={{ mx: 2 }}>
          {t('conversation.video.leave')}
        </Button>
        <Tooltip title={t(expanded ? 'conversation.video.hidePanel' : 'conversation.video.showPanel')}>
          <IconButton
            aria-label={t(expanded ? 'conversation.video.hidePanel' : 'conversation.video.showPanel')}
            aria-expanded={expanded}
            aria-controls="live-side-panel"
            onClick={onToggleExpanded}
            sx={toggleSx(true)}
          >
            {expanded ? <OpenInFullIcon /> : <CloseFullscreenIcon />}
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}

const toggleSx = (on: boolean) => ({
  color: 'common.white',
  bgcolor: on ? 'grey.800' : 'error.main',
  '&:hover': { bgcolor: on ? 'grey.700' : 'error.dark' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'common.white' },
});
