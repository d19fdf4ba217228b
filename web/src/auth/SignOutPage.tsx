import { useApolloClient } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { ErrorCode } from '../../../contracts/errors';
import { SIGN_OUT_FAILED_MESSAGE, signOutMachine } from '../machines/signOutMachine';
import { useAuth } from '../lib/auth';
import { hasAuthToken } from '../lib/authCookies';
import { apiErrorsOf, cleanErrorMessage, hasErrorCode } from '../lib/errors';
import { AuthCard } from '../shell/AuthCard';
import { LOGOUT, QUIET } from './operations';
import { START_SCHOOL_SIGN_OUT } from './schoolOperations';
import { useT } from '../i18n/useT';

/** /auth/sign_out — signs out on load (spec 1, Auth routes; section 4, Sign-out). */
export default function SignOutPage() {
  const t = useT();
  const client = useApolloClient();
  const { signOut } = useAuth();
  const machine = useMemo(
    () =>
      signOutMachine.provide({
        actors: {
          logout: fromPromise(async () => {
            let schoolSignOut: string | null = null;
            if (hasAuthToken()) {
              // A session a school opened ends at the school too (OIDC RP-initiated logout, SAML single logout), after ours.
              schoolSignOut = await client
                .mutate({ mutation: START_SCHOOL_SIGN_OUT, ...QUIET })
                .then((result) => result.data?.startSchoolSignOut ?? null)
                .catch(() => null);
              try {
                const result = await client.mutate({ mutation: LOGOUT, ...QUIET });
                if (!result.data?.logout.loggedOut) throw new Error(SIGN_OUT_FAILED_MESSAGE);
              } catch (error) {
                // A token the server no longer accepts is as good as signed out.
                if (!hasErrorCode(error, ErrorCode.UNAUTHORIZED)) {
                  const [first] = apiErrorsOf(error);
                  throw new Error((first && cleanErrorMessage(first.message)) || SIGN_OUT_FAILED_MESSAGE);
                }
              }
            }
            await signOut();
            if (schoolSignOut) window.location.assign(schoolSignOut);
          }),
        },
      }),
    [client, signOut],
  );
  const [state, send] = useMachine(machine);

  useEffect(() => {
    send({ type: 'SIGN_OUT' });
  }, [send]);

  if (state.matches('signedOut')) {
    return (
      <AuthCard title={t('auth.signOut.title')}>
        <Typography role="status" sx={{ mb: 3 }}>
          {t('auth.signOut.done')}
        </Typography>
        <Button component={RouterLink} to="/auth/sign_in" variant="contained" autoFocus>
          {t('auth.signOut.again')}
        </Button>
      </AuthCard>
    );
  }

  const signingOut = state.matches('signingOut');
  return (
    <AuthCard title={t('auth.signOut.title')}>
      {state.context.error && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {state.context.error}
        </Alert>
      )}
      <Button
        variant="contained"
        disabled={signingOut}
        onClick={() => send({ type: 'SIGN_OUT' })}
        startIcon={signingOut ? <CircularProgress size={16} color="inherit" aria-label={t('auth.signOut.busyLabel')} /> : undefined}
      >
        {t(signingOut ? 'auth.signOut.busy' : 'auth.signOut.title')}
      </Button>
    </AuthCard>
  );
}
