import { type ComponentProps, lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { HelpPage, LegacyRedirect, NotFoundPage, NotImplementedPage } from './pages';
import { WithApollo } from '../lib/apolloLoader';
import { useAuth } from '../lib/auth';
import { byDefault, lazyNow } from '../lib/lazyNow';
import { AREAS, loadJoinWelcome, loadRequireAuth } from './firstPage';
import { RoomLayout, ShellLayout } from './ShellLayout';

// Areas load on demand (DESIGN.md section 7): a student never downloads the admin. The access
// check asks the API, so it comes with the Apollo client, apart from the sign-in page.
// firstPage.ts starts the first page's imports side by side as the app starts.
const RequireAuthLoaded = lazyNow(loadRequireAuth, (m) => m.RequireAuth);
function RequireAuth(props: ComponentProps<typeof RequireAuthLoaded>) {
  return (
    <WithApollo>
      <RequireAuthLoaded {...props} />
    </WithApollo>
  );
}
const AuthArea = lazy(() => import('../auth'));
const JoinPage = lazy(() => import('../student/JoinPage'));
const JoinWelcomePage = lazy(loadJoinWelcome);
const StudentArea = lazyNow(AREAS.student, byDefault);
const InstructorArea = lazyNow(AREAS.instructor, byDefault);
const SpeakerArea = lazyNow(AREAS.speaker, byDefault);
const ConversationArea = lazyNow(AREAS.conversation, byDefault);
const AdminArea = lazyNow(AREAS.admin, byDefault);

/** The join link: signed out, the course's name and a new account first; signed in, a student's enrollment. */
function JoinRoute() {
  const { signedIn } = useAuth();
  const { inviteNumber } = useParams();
  if (!signedIn && inviteNumber)
    return (
      <WithApollo>
        <JoinWelcomePage />
      </WithApollo>
    );
  return (
    <RequireAuth role="STUDENT">
      <JoinPage />
    </RequireAuth>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        <Route
          index
          element={
            <RequireAuth>
              <Navigate to="/auth/role_selection" replace />
            </RequireAuth>
          }
        />
        <Route path="auth/*" element={<AuthArea />} />
        {/* Each area checks its role (spec 1, role landing rules); joining a course needs a student. */}
        <Route path="join/:inviteNumber?" element={<JoinRoute />} />
        <Route
          path="student/*"
          element={
            <RequireAuth role="STUDENT">
              <StudentArea />
            </RequireAuth>
          }
        />
        <Route
          path="instructor/*"
          element={
            <RequireAuth role="INSTRUCTOR">
              <InstructorArea />
            </RequireAuth>
          }
        />
        <Route
          path="speaker/*"
          element={
            <RequireAuth role="SPEAKER">
              <SpeakerArea />
            </RequireAuth>
          }
        />
        <Route
          path="admin/*"
          element={
            <RequireAuth role="ADMIN">
              <AdminArea />
            </RequireAuth>
          }
        />
        <Route path="help" element={<HelpPage />} />
        <Route path="not_implemented" element={<NotImplementedPage />} />
        <Route path="~/*" element={<LegacyRedirect />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<RoomLayout />}>
        {/* Conversations are held by students and speakers alike: signed in is enough here. */}
        <Route
          path="conversation/*"
          element={
            <RequireAuth>
              <ConversationArea />
            </RequireAuth>
          }
        />
      </Route>
    </Routes>
  );
}
