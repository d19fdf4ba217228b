import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../shell/pages';
import PasswordResetPage from './PasswordResetPage';
import RequestPasswordResetPage from './RequestPasswordResetPage';
import RoleSelectionPage from './RoleSelectionPage';
import SignInPage from './SignInPage';
import SignOutPage from './SignOutPage';
import SignUpPage from './SignUpPage';

/** /auth/* (spec 1, Auth routes), loaded as one lazy chunk. */
export default function AuthArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="sign_in" replace />} />
      <Route path="sign_in" element={<SignInPage />} />
      <Route path="sign_up" element={<SignUpPage />} />
      <Route path="request_password_reset" element={<RequestPasswordResetPage />} />
      <Route path="password_reset" element={<PasswordResetPage />} />
      <Route path="role_selection" element={<RoleSelectionPage />} />
      <Route path="sign_out" element={<SignOutPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
