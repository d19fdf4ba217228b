import { Navigate, Route, Routes } from 'react-router-dom';
import { OnboardingGate } from '../onboarding/OnboardingGate';
import StudentSettingsPage from '../settings/StudentSettingsPage';
import { NotFoundPage } from '../shell/pages';
import AdventuresPage from './adventures/AdventuresPage';
import CoursesPage from './courses/CoursesPage';
import ConversationsPage from './conversations/ConversationsPage';
import HomePage from './home/HomePage';
import LobbyPage from './lobby/LobbyPage';
import ReservePage from './reserve/ReservePage';

/** /student/* (spec 3, Student); the onboarding dialog opens over home while the account is onboarding. */
export default function StudentArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="home" replace />} />
      <Route path="home" element={<OnboardingGate role="STUDENT"><HomePage /></OnboardingGate>} />
      <Route path="courses" element={<CoursesPage />} />
      <Route path="adventures" element={<AdventuresPage />} />
      <Route path="reserve" element={<ReservePage />} />
      <Route path="conversations" element={<ConversationsPage />} />
      <Route path="lobby" element={<LobbyPage />} />
      <Route path="settings" element={<StudentSettingsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
