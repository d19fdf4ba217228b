import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { OnboardingGate } from '../onboarding/OnboardingGate';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';
import { STUDENT_PAGES } from './pages';

const AdventuresPage = lazy(STUDENT_PAGES.adventures);
const ConversationsPage = lazy(STUDENT_PAGES.conversations);
const CoursesPage = lazy(STUDENT_PAGES.courses);
const HomePage = lazy(STUDENT_PAGES.home);
const LobbyPage = lazy(STUDENT_PAGES.lobby);
const ReservePage = lazy(STUDENT_PAGES.reserve);
const StudentSettingsPage = lazy(STUDENT_PAGES.settings);
const MyWordsPage = lazy(STUDENT_PAGES.words);
const ProgressPage = lazy(STUDENT_PAGES.progress);

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
        <Route path="progress" element={<ProgressPage />} />
        <Route path="lobby" element={<LobbyPage />} />
        <Route path="settings" element={<StudentSettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PageSuspense>
  );
}
