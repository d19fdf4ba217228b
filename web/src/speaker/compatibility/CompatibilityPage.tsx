/**
 * /speaker/compatibility and /speaker/compatibility/camera (spec 3, Speaker): the equipment check,
 * and the camera preview alone.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CameraCheck, EquipmentCheck } from '../../compatibility/EquipmentCheck';
import { Page } from '../../components/Page';

export function CompatibilityPage() {
  return (
    <Page title="Compatibility">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Check your camera, microphone, browser and internet connection before your conversations. Only the camera?{' '}
        <Link component={RouterLink} to="/speaker/compatibility/camera">
          Open the camera preview
        </Link>
        .
      </Typography>
      <EquipmentCheck />
    </Page>
  );
}

export function CameraPreviewPage() {
  return (
    <Page title="Camera preview">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        You should see yourself below.{' '}
        <Link component={RouterLink} to="/speaker/compatibility">
          Back to the full equipment check
        </Link>
        .
      </Typography>
      <CameraCheck />
    </Page>
  );
}
