/**
 * The student settings' camera and compatibility panel (spec 3, /student/settings): opens the
 * equipment check on request, so the settings page does not ask for the camera by itself: choosing
 * the panel's card (route state `{ panel: 'compatibility' }`) shows the panel; route state
 * `{ panel: 'compatibility', check: true }` also starts the check at once.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { EquipmentCheck } from '../../compatibility/EquipmentCheck';

export function CameraAndCompatibility() {
  const state = useLocation().state as { panel?: string; check?: boolean } | null;
  const preselected = state?.panel === 'compatibility' && state.check === true;
  const [open, setOpen] = useState(preselected);
  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="compatibility-title">
      <Typography id="compatibility-title" variant="h6" component="h2" gutterBottom>
        Camera and compatibility
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Check your camera, microphone, browser and internet connection, at least 1 hour before a conversation in a new place.
      </Typography>
      <Button
        variant={open ? 'outlined' : 'contained'}
        aria-expanded={open}
        aria-controls="equipment-check"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Close the equipment check' : 'Check my equipment'}
      </Button>
      <Box id="equipment-check" sx={{ mt: open ? 3 : 0 }}>
        {open && <EquipmentCheck headingLevel={3} />}
      </Box>
    </Paper>
  );
}
