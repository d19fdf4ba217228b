/** Whether the browser can hold a video conversation (WebRTC): 'Supported', or what it lacks. */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n/useT';
import { missingWebRtc } from './media';

export function WebRtcSupport() {
  const t = useT();
  const missing = missingWebRtc(typeof window === 'undefined' ? {} : (window as unknown as Parameters<typeof missingWebRtc>[0]));
  if (!missing.length) {
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <CheckCircleIcon color="success" aria-hidden />
        <Typography>{t('compatibility.supported')}</Typography>
      </Stack>
    );
  }
  return (
    <Alert severity="error">
      {t('compatibility.notSupported', {
        missing: t('compatibility.missing', {
          which: missing.length === 2 ? 'both' : missing[0].startsWith('RTCPeerConnection') ? 'peer' : 'media',
        }),
        secure: typeof window !== 'undefined' && !window.isSecureContext ? 'no' : 'yes',
      })}
    </Alert>
  );
}
