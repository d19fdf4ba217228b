import { lazy } from 'react';
import { withMessages } from '../i18n/withMessages';
import { Navigate, Route, Routes } from 'react-router-dom';
import { WithApollo } from '../lib/apolloLoader';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';

// A page a chunk: the sign-in page, the first most visitors see, loads without the others' code
// (the sign-up's stepper and role choice, the password rules), and without the Apollo client,
// which the others get from WithApollo and the sign-in page loads when it submits.
const PasswordResetPage = lazy(() => import('./PasswordResetPage'));
const RequestPasswordResetPage = lazy(() => import('./RequestPasswordResetPage'));
// Shown once signed in: with the signed-in shell's words (i18n/catalogParts.ts).
const RoleSelectionPage = lazy(withMessages('signedIn', () => import('./RoleSelectionPage')));
const SignInPage = lazy(() => import('./SignInPage'));
// The school sign-in (issue 33): its code and words in chunks of their own, not the sign-in page's.
const SchoolSignInPage = lazy(withMessages('schoolSignIn', () => import('./SchoolSignInPage')));
const SchoolSignInDonePage = lazy(withMessages('schoolSignIn', () => import('./SchoolSignInDonePage')));
const SignOutPage = lazy(() => import('./SignOutPage'));
const SignUpPage = lazy(() => import('./SignUpPage'));

/** /auth/* (spec 1, Auth routes): this router is one lazy chunk, each page another. */
export default function AuthArea() {
  return (
    <PageSuspense>
      <Routes>
        <Route index element={<Navigate to="sign_in" replace />} />
        <Route path="sign_in" element={<SignInPage />} />
        <Route path="school_sign_in" element={<SchoolSignInPage />} />
        <Route path="school_sign_in/done" element={<SchoolSignInDonePage />} />
        <Route
          path="sign_up"
          element={
            <WithApollo>
              <SignUpPage />
            </WithApollo>
          }
        />
        <Route
          path="request_password_reset"
          element={
            <WithApollo>
              <RequestPasswordResetPage />
            </WithApollo>
          }
        />
        <Route
          path="password_reset"
          element={
            <WithApollo>
              <PasswordResetPage />
            </WithApollo>
          }
        />
        <Route
          path="role_selection"
          element={
            <WithApollo>
              <RoleSelectionPage />
            </WithApollo>
          }
        />
        <Route
          path="sign_out"
          element={
            <WithApollo>
              <SignOutPage />
            </WithApollo>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PageSuspense>
  );
}
