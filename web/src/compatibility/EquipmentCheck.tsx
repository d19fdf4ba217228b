/**
 * The equipment check (issue 9), one component for the speaker's /speaker/compatibility, the
 * student lobby's Compatibility tab and the student settings' camera and compatibility panel:
 * camera preview, microphone level, the browser's WebRTC support and the connection speed. The
 * camera and microphone are held only while it shows.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CameraView } from './CameraView';
import { CheckSection, type HeadingLevel } from './CheckSection';
import { MicrophoneMeter } from './MicrophoneMeter';
import { SpeedCheck } from './SpeedCheck';
import { useUserMedia, type UserMedia } from './useUserMedia';
import { WebRtcSupport } from './WebRtcSupport';
import { useT } from '../i18n/useT';

/** The catalogue's messages for what could not be started, with a way to ask again. */
export function MediaMessages({ media }: { media: UserMedia & { retry: () => void } }) {
  const t = useT();
  if (media.status !== 'ready' || !media.messages.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {media.messages.map((message) => (
        <Alert key={message} severity="warning" role="alert">
          {message}
        </Alert>
      ))}
      <Box>
        <Button variant="outlined" onClick={media.retry}>
          {t('compatibility.tryAgain')}
        </Button>
      </Box>
    </Stack>
  );
}

export function EquipmentCheck({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  const t = useT();
  const media = useUserMedia(true, true);
  const starting = media.status === 'starting';
  return (
    <Box>
      <MediaMessages media={media} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <CheckSection title={t('compatibility.camera')} level={headingLevel}>
          <CameraView stream={media.camera} starting={starting} noCamera={media.noCamera} />
        </CheckSection>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <CheckSection title={t('compatibility.microphone')} level={headingLevel}>
            <MicrophoneMeter stream={media.microphone} starting={starting} />
          </CheckSection>
          <CheckSection title={t('compatibility.browser')} level={headingLevel}>
            <WebRtcSupport />
          </CheckSection>
          <CheckSection title={t('compatibility.connection')} level={headingLevel}>
            <SpeedCheck />
          </CheckSection>
        </Stack>
      </Box>
    </Box>
  );
}

/** The camera preview alone (/speaker/compatibility/camera). */
export function CameraCheck({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  const t = useT();
  const media = useUserMedia(true, false);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <MediaMessages media={media} />
      <CheckSection title={t('compatibility.camera')} level={headingLevel}>
        <CameraView stream={media.camera} starting={media.status === 'starting'} noCamera={media.noCamera} />
      </CheckSection>
    </Box>
  );
}
