/** Whether the browser can hold a video conversation (WebRTC): 'Supported', or what it lacks. */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { missingWebRtc } from './media';

export function WebRtcSupport() {
  const missing = missingWebRtc(typeof window === 'undefined' ? {} : (window as unknown as Parameters<typeof missingWebRtc>[0]));
  if (!missing.length) {
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <CheckCircleIcon color="success" aria-hidden />
        <Typography>Supported</Typography>
      </Stack>
    );
  }
  return (
    <Alert severity="error">
      Not supported: this browser lacks {missing.join(' and ')}. Please use a recent Chrome, Edge, Firefox or Safari
      {typeof window !== 'undefined' && !window.isSecureContext ? ', on a secure (https) address' : ''}.
    </Alert>
  );
}
