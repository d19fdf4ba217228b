import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import type { BaseRole } from '../../../contracts/roles';
import { fromLocation } from '../auth/redirect';
import { Loading } from '../components/Loading';
import { Page } from '../components/Page';
import { ZoneOffer } from '../components/ZoneOffer';
import { TestCallNotice } from '../conversation/testCall/TestCallNotice';
import { useAuth } from '../lib/auth';
import { refusalOf } from '../lib/errors';
import { MY_ROLES } from '../lib/operations';
import { roleGate } from '../lib/roles';
import { RoleRequiredPage } from './RoleRequiredPage';
import { useT } from '../i18n/useT';

/**
 * The web's one access check, for every protected route: without a token that lasts, go to
 * sign-in and come back here afterwards; with `role`, the account must also hold that role (or its
 * ONBOARDING_ form, the spec's role landing rules), else it sees the page saying the area needs it.
 * The API checks the same rule on every call (services/api/auth.ts); this one only spares the
 * person a form the server would refuse.
 */
export function RequireAuth({ children, role }: { children: ReactNode; role?: BaseRole }) {
  const { signedIn } = useAuth();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/auth/sign_in" replace state={fromLocation(location)} />;
  if (!role) return children;
  return <RoleGuard role={role}>{children}</RoleGuard>;
}

function RoleGuard({ children, role }: { children: ReactNode; role: BaseRole }) {
  const t = useT();
  const { signOut } = useAuth();
  const location = useLocation();
  const { data, loading, error, refetch } = useQuery(MY_ROLES, { context: { quiet: true } });
  // No user behind the token, or the server rejects it: the session is over.
  const sessionOver = (!loading && !error && data && !data.me) || refusalOf(error)?.kind === 'session';

  useEffect(() => {
    if (sessionOver) void signOut();
  }, [sessionOver, signOut]);

  if (sessionOver) return <Navigate to="/auth/sign_in" replace state={fromLocation(location)} />;
  const account = data?.me?.account;
  if (!account) {
    if (!error) return <Loading label={t('shell.checkingRoles')} />;
    return (
      <Page title={t('shell.checkingRoles')}>
        <Alert severity="error" role="alert">
          {t('roles.failed')}
        </Alert>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void refetch().catch(() => null)}>
            {t('shell.tryAgain')}
          </Button>
          <Button component={RouterLink} to="/help" variant="outlined">
            {t('shell.getHelp')}
          </Button>
        </Stack>
      </Page>
    );
  }
  const gate = roleGate(account.roles, account.activeRole, role);
  if (!gate.allowed) return <RoleRequiredPage gate={gate} account={account} />;
  return (
    <>
      <ZoneOffer />
      <TestCallNotice />
      {children}
    </>
  );
}
