/**
 * The lobby's Compatibility tab (spec 2, Student lobby): the whole equipment check (camera
 * preview, microphone level, browser support, connection speed), holding the camera and microphone
 * only while the tab shows. No camera: 'No camera was found'; other failures in the error
 * catalogue's words (compatibility/mediaErrors.ts).
 */
import Typography from '@mui/material/Typography';
import { EquipmentCheck } from '../../compatibility/EquipmentCheck';
import { useT } from '../../i18n/useT';

export function CameraPreview() {
  const t = useT();
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('student.lobby.equipment')}</Typography>
      <EquipmentCheck headingLevel={3} />
    </>
  );
}
