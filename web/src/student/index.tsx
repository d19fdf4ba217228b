import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { OnboardingGate } from '../onboarding/OnboardingGate';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';

// A page a chunk (issue 11, first load): home does not bring the reservation or enrollment flows.
const AdventuresPage = lazy(() => import('./adventures/AdventuresPage'));
const ConversationsPage = lazy(() => import('./conversations/ConversationsPage'));
const CoursesPage = lazy(() => import('./courses/CoursesPage'));
const HomePage = lazy(() => import('./home/HomePage'));
const LobbyPage = lazy(() => import('./lobby/LobbyPage'));
const ReservePage = lazy(() => import('./reserve/ReservePage'));
const StudentSettingsPage = lazy(() => import('../settings/StudentSettingsPage'));
const MyWordsPage = lazy(() => import('./words/MyWordsPage'));

/** /student/* (spec 3, Student); the onboarding dialog opens over home while the account is onboarding. */
export default function StudentArea() {
  return (
    <PageSuspense>
      <Routes>
        <Route index element={<Navigate to="home" replace />} />
        <Route
          path="home"
          element={
            <OnboardingGate role="STUDENT">
              <HomePage />
            </OnboardingGate>
          }
        />
        <Route path="courses" element={<CoursesPage />} />
        <Route path="adventures" element={<AdventuresPage />} />
        <Route path="reserve" element={<ReservePage />} />
        <Route path="conversations" element={<ConversationsPage />} />
        <Route path="words" element={<MyWordsPage />} />
        <Route path="lobby" element={<LobbyPage />} />
        <Route path="settings" element={<StudentSettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PageSuspense>
  );
}
