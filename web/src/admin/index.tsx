import { Navigate, Route, Routes } from 'react-router-dom';
import { SecurityPage, SettingsPlaceholder } from '../components/AreaSettings';
import { ComingLater } from '../components/Page';
import { NotFoundPage } from '../shell/pages';

/** /admin/* (spec 3, Administrator). The back-office arrives in a later release. */
export default function AdminArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<ComingLater title="Dashboard" />} />
      <Route path="settings" element={<SettingsPlaceholder />} />
      <Route path="settings/security" element={<SecurityPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
