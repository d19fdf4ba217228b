/**
 * The camera preview: the stream mirrored like a mirror, or, in its place, what keeps it from
 * showing ('No camera was found' when there is none).
 */
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useT } from '../i18n/useT';
import { NO_CAMERA_FOUND } from './mediaErrors';

export function CameraView({ stream, starting, noCamera }: { stream: MediaStream | null; starting: boolean; noCamera: boolean }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', width: '100%', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
      <Box
        component="video"
        ref={video}
        autoPlay
        playsInline
        muted
        aria-label={t('compatibility.cameraPreview')}
        sx={{ display: stream ? 'block' : 'none', width: '100%', height: '100%', objectFit: 'contain', transform: 'scaleX(-1)' }}
      />
      {!stream && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            color: 'grey.100',
            p: 2,
            textAlign: 'center',
          }}
        >
          {starting ? <CircularProgress color="inherit" size={32} aria-hidden /> : <VideocamOffIcon fontSize="large" aria-hidden />}
          <Typography>
            {starting ? t('compatibility.cameraStarting') : noCamera ? NO_CAMERA_FOUND : t('compatibility.cameraUnavailable')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
