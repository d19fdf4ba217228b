import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { ErrorCode } from '../../../contracts/errors';
import { Loading } from '../components/Loading';
import { useAuth } from '../lib/auth';
import { hasErrorCode } from '../lib/errors';
import { MY_ROLES } from '../lib/operations';
import { Message } from '../i18n/Message';
import { useT } from '../i18n/useT';
import { chooseHomePath } from '../lib/roles';
import { AuthCard } from '../shell/AuthCard';
import { QUIET } from './operations';

/** /auth/role_selection — sends the account to its role's home (spec 1, Role selection redirect). */
export default function RoleSelectionPage() {
  const t = useT();
  const { signOut } = useAuth();
  const { data, loading, error, refetch } = useQuery(MY_ROLES, { fetchPolicy: 'network-only', ...QUIET });
  // No user behind the token, or the server rejects it: the session is over.
  const sessionOver = (!loading && !error && data && !data.me) || hasErrorCode(error, ErrorCode.UNAUTHORIZED);

  useEffect(() => {
    if (sessionOver) void signOut();
  }, [sessionOver, signOut]);

  if (sessionOver) return <Navigate to="/auth/sign_in" replace />;
  if (loading && !data) {
    return (
      <AuthCard title={t('roles.signingIn')}>
        <Loading label={t('roles.loading')} />
      </AuthCard>
    );
  }
  if (error || !data?.me) {
    return (
      <AuthCard title={t('roles.signingIn')}>
        <Alert severity="error" role="alert">
          {t('roles.failed')}
        </Alert>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button variant="contained" onClick={() => void refetch().catch(() => null)}>
            {t('shell.tryAgain')}
          </Button>
          <Button component={RouterLink} to="/auth/sign_out" variant="outlined">
            {t('auth.signOut.title')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const { roles, activeRole } = data.me.account;
  const home = chooseHomePath(roles, activeRole);
  if (home) return <Navigate to={home} replace />;
  return (
    <AuthCard title={t('roles.signingIn')}>
      <Alert severity="warning" role="alert">
        <Message
          id="roles.noRoleContact"
          tags={{
            link: (words) => (
              <Link component={RouterLink} to="/help">
                {words}
              </Link>
            ),
          }}
        />
      </Alert>
    </AuthCard>
  );
}
