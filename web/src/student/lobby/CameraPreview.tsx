/**
 * The Compatibility tab's camera preview (spec 2, Student lobby): asks for the camera while shown
 * and stops it when hidden. No camera: 'No camera was found'; other failures in the spec's words.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { NO_CAMERA_MESSAGE } from './lobbyRules';

const CAMERA_ERRORS: Record<string, string> = {
  NotAllowedError: 'Access to the camera was not allowed. Please allow Tertulia access to the camera.',
  SecurityError: 'Access to the camera was not allowed. Please allow Tertulia access to the camera.',
  NotReadableError: 'The camera is already in use. Please close any other applications that may be using the camera and try again.',
  TrackStartError: 'The camera is already in use. Please close any other applications that may be using the camera and try again.',
};

type CameraState = { kind: 'starting' } | { kind: 'live' } | { kind: 'none' } | { kind: 'failed'; message: string };

export function CameraPreview() {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    (async () => {
      const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
      if (!media?.getUserMedia) return setState({ kind: 'none' });
      try {
        const devices = (await media.enumerateDevices?.()) ?? [];
        if (typeof media.enumerateDevices === 'function' && !devices.some((d) => d.kind === 'videoinput')) return setState({ kind: 'none' });
        stream = await media.getUserMedia({ video: true, audio: false });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        if (video.current) video.current.srcObject = stream;
        setState({ kind: 'live' });
      } catch (error) {
        const name = (error as { name?: string }).name ?? '';
        if (stopped) return;
        if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') setState({ kind: 'none' });
        else setState({ kind: 'failed', message: CAMERA_ERRORS[name] ?? `The camera could not be started: ${(error as Error).message}` });
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>Check that your camera works before your conversation: you should see yourself below.</Typography>
      {state.kind === 'none' && (
        <Alert severity="warning" role="alert">
          {NO_CAMERA_MESSAGE}
        </Alert>
      )}
      {state.kind === 'failed' && (
        <Alert severity="error" role="alert">
          {state.message}
        </Alert>
      )}
      {state.kind === 'starting' && <Typography color="text.secondary">Starting your camera…</Typography>}
      <Box
        component="video"
        ref={video}
        autoPlay
        playsInline
        muted
        aria-label="Your camera preview"
        sx={{ display: state.kind === 'live' ? 'block' : 'none', width: '100%', maxWidth: 480, borderRadius: 1, bgcolor: 'grey.900', transform: 'scaleX(-1)' }}
      />
    </Box>
  );
}
