import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { fromLocation } from '../auth/redirect';
import { useAuth } from '../lib/auth';

/** Protected areas: without a token that lasts, go to sign-in and come back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { signedIn } = useAuth();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/auth/sign_in" replace state={fromLocation(location)} />;
  return children;
}
