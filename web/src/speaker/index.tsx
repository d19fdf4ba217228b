import { Navigate, Route, Routes } from 'react-router-dom';
import { SecurityPage, SettingsPlaceholder } from '../components/AreaSettings';
import { ComingLater } from '../components/Page';
import { NotFoundPage } from '../shell/pages';

/** /speaker/* (spec 3, Speaker). Screens other than security arrive in later releases. */
export default function SpeakerArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="planner" replace />} />
      <Route path="planner" element={<ComingLater title="Planner" />} />
      <Route path="compatibility" element={<ComingLater title="Compatibility" />} />
      <Route path="settings" element={<SettingsPlaceholder />} />
      <Route path="settings/security" element={<SecurityPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
