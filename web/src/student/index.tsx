import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Page } from '../components/Page';
import { SecuritySettings } from '../components/SecuritySettings';
import { NotFoundPage } from '../shell/pages';
import AdventuresPage from './adventures/AdventuresPage';
import CoursesPage from './courses/CoursesPage';
import ConversationsPage from './conversations/ConversationsPage';
import HomePage from './home/HomePage';
import LobbyPage from './lobby/LobbyPage';
import ReservePage from './reserve/ReservePage';
import { CameraAndCompatibility } from './settings/CameraAndCompatibility';
import { MinutesAndPayments } from './settings/MinutesAndPayments';

function SettingsPage() {
  return (
    <Page title="Your settings">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Profile and biographies arrive in a later release of Tertulia.
      </Typography>
      <MinutesAndPayments />
      <CameraAndCompatibility />
      <Box>
        <SecuritySettings />
      </Box>
    </Page>
  );
}

/** /student/* (spec 3, Student). Screens other than settings arrive in later releases. */
export default function StudentArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="home" replace />} />
      <Route path="home" element={<HomePage />} />
      <Route path="courses" element={<CoursesPage />} />
      <Route path="adventures" element={<AdventuresPage />} />
      <Route path="reserve" element={<ReservePage />} />
      <Route path="conversations" element={<ConversationsPage />} />
      <Route path="lobby" element={<LobbyPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
