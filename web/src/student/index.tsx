import { byDefault, lazyNow } from '../lib/lazyNow';
import { Navigate, Route, Routes } from 'react-router-dom';
import { OnboardingGate } from '../onboarding/OnboardingGate';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';
import { STUDENT_PAGES } from './pages';

const AdventuresPage = lazyNow(STUDENT_PAGES.adventures, byDefault);
const ConversationsPage = lazyNow(STUDENT_PAGES.conversations, byDefault);
const CoursesPage = lazyNow(STUDENT_PAGES.courses, byDefault);
const HomePage = lazyNow(STUDENT_PAGES.home, byDefault);
const LobbyPage = lazyNow(STUDENT_PAGES.lobby, byDefault);
const ReservePage = lazyNow(STUDENT_PAGES.reserve, byDefault);
const StudentSettingsPage = lazyNow(STUDENT_PAGES.settings, byDefault);
const MyWordsPage = lazyNow(STUDENT_PAGES.words, byDefault);
const ProgressPage = lazyNow(STUDENT_PAGES.progress, byDefault);

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
