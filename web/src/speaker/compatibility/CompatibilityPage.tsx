/**
 * /speaker/compatibility and /speaker/compatibility/camera (spec 3, Speaker): the equipment check,
 * and the camera preview alone.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CameraCheck, EquipmentCheck } from '../../compatibility/EquipmentCheck';
import { Page } from '../../components/Page';
import { Message } from '../../i18n/Message';
import { useT } from '../../i18n/useT';

export function CompatibilityPage() {
  const t = useT();
  return (
    <Page title={t('speaker.nav.compatibility')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <Message
          id="speaker.compatibility.intro"
          tags={{
            link: (words) => (
              <Link component={RouterLink} to="/speaker/compatibility/camera">
                {words}
              </Link>
            ),
          }}
        />
      </Typography>
      <EquipmentCheck />
    </Page>
  );
}

export function CameraPreviewPage() {
  const t = useT();
  return (
    <Page title={t('speaker.compatibility.cameraTitle')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <Message
          id="speaker.compatibility.cameraIntro"
          tags={{
            link: (words) => (
              <Link component={RouterLink} to="/speaker/compatibility">
                {words}
              </Link>
            ),
          }}
        />
      </Typography>
      <CameraCheck />
    </Page>
  );
}
