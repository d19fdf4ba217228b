/**
 * /auth/school_sign_in/done#token=… (issue 33): the server's callback verified the school's answer
 * and sends the session's token in the fragment, which no server sees; the page keeps it as the
 * sign-in form does and moves on, leaving no token in the address bar or the history.
 */
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { AuthCard } from '../shell/AuthCard';
import { useT } from '../i18n/useT';

export default function SchoolSignInDonePage() {
  const t = useT();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const token = new URLSearchParams(location.hash.slice(1)).get('token');

  useEffect(() => {
    if (!token) return;
    void signIn(token).then(() => navigate('/', { replace: true }));
  }, [token, signIn, navigate]);

  if (!token) return <Navigate to="/auth/school_sign_in?problem=state_unknown" replace />;
  return (
    <AuthCard title={t('schoolSignIn.title')}>
      <CircularProgress aria-label={t('schoolSignIn.signingIn')} />
    </AuthCard>
  );
}
