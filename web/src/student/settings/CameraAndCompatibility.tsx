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
import { useT } from '../../i18n/useT';

export function CameraAndCompatibility() {
  const t = useT();
  const state = useLocation().state as { panel?: string; check?: boolean } | null;
  const preselected = state?.panel === 'compatibility' && state.check === true;
  const [open, setOpen] = useState(preselected);
  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="compatibility-title">
      <Typography id="compatibility-title" variant="h6" component="h2" gutterBottom>
        {t('student.settings.compatibility.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('student.settings.compatibility.text')}
      </Typography>
      <Button
        variant={open ? 'outlined' : 'contained'}
        aria-expanded={open}
        aria-controls="equipment-check"
        onClick={() => setOpen((o) => !o)}
      >
        {t(open ? 'student.settings.compatibility.close' : 'student.settings.compatibility.open')}
      </Button>
      <Box id="equipment-check" sx={{ mt: open ? 3 : 0 }}>
        {open && <EquipmentCheck headingLevel={3} />}
      </Box>
    </Paper>
  );
}
