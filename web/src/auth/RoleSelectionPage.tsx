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
import { NO_ROLE_MESSAGE, ROLES_FAILED_MESSAGE, chooseHomePath } from '../lib/roles';
import { AuthCard } from '../shell/AuthCard';
import { QUIET } from './operations';

export { NO_ROLE_MESSAGE, ROLES_FAILED_MESSAGE };

/** /auth/role_selection — sends the account to its role's home (spec 1, Role selection redirect). */
export default function RoleSelectionPage() {
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
      <AuthCard title="Signing you in">
        <Loading label="Loading your roles" />
      </AuthCard>
    );
  }
  if (error || !data?.me) {
    return (
      <AuthCard title="Signing you in">
        <Alert severity="error" role="alert">
          {ROLES_FAILED_MESSAGE}
        </Alert>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button variant="contained" onClick={() => void refetch().catch(() => null)}>
            Try again
          </Button>
          <Button component={RouterLink} to="/auth/sign_out" variant="outlined">
            Sign out
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const { roles, activeRole } = data.me.account;
  const home = chooseHomePath(roles, activeRole);
  if (home) return <Navigate to={home} replace />;
  return (
    <AuthCard title="Signing you in">
      <Alert severity="warning" role="alert">
        {NO_ROLE_MESSAGE} Please{' '}
        <Link component={RouterLink} to="/help">
          contact support
        </Link>
        .
      </Alert>
    </AuthCard>
  );
}
