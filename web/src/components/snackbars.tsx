/**
 * Snackbars, in one place (spec 1, section 8): at most 3 at once, no duplicates, auto-hide after
 * 3 s unless told otherwise, with Dismiss, Reload and Sign In actions. `notify*` work anywhere,
 * including outside React (the Apollo error link), once <SnackbarRoot> is mounted.
 */
import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import {
  MaterialDesignContent,
  SnackbarProvider,
  closeSnackbar,
  enqueueSnackbar,
  type OptionsObject,
  type SnackbarKey,
  type VariantType,
} from 'notistack';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Messages } from '../../../contracts/errors';
import { useAuth } from '../lib/auth';
import { localizeKnown } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { graphqlErrorMessage, networkErrorMessage } from '../lib/errors';

export const SNACKBAR_AUTO_HIDE_MS = 3000;
export const SNACKBAR_MAX = 3;
export const GRAPHQL_ERROR_SNACKBAR_MS = 8000;

// Darker variant colours than notistack's defaults, so white text keeps a 4.5:1 contrast.
const Content = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#ffb74d', color: 'rgba(0, 0, 0, 0.87)' },
});

const actionButton = { color: 'inherit', fontWeight: 700 } as const;

export function DismissAction({ id }: { id: SnackbarKey }) {
  const t = useT();
  return (
    <Button size="small" sx={actionButton} onClick={() => closeSnackbar(id)}>
      {t('common.dismiss')}
    </Button>
  );
}

export function ReloadAction() {
  const t = useT();
  return (
    <Button size="small" sx={actionButton} onClick={() => window.location.reload()}>
      {t('common.reload')}
    </Button>
  );
}

/** Forgets the rejected token and goes to sign-in, coming back here afterwards. */
function SignInAction({ id }: { id: SnackbarKey }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut } = useAuth();
  const t = useT();
  const signIn = async () => {
    closeSnackbar(id);
    await signOut();
    navigate('/auth/sign_in', { state: { from: { pathname: location.pathname, search: location.search } } });
  };
  return (
    <Button size="small" sx={actionButton} onClick={signIn}>
      {t('common.signInAction')}
    </Button>
  );
}

export function SnackbarRoot({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={SNACKBAR_MAX}
      preventDuplicate
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      action={(id) => <DismissAction id={id} />}
      Components={{ default: Content, success: Content, error: Content, info: Content, warning: Content }}
    >
      {children}
    </SnackbarProvider>
  );
}

type Options = Omit<OptionsObject, 'variant'>;

export function notify(message: string, variant: VariantType = 'default', options: Options = {}): SnackbarKey {
  // A contracts' known message (an instructor page's "The student was transferred successfully!") in the page's language.
  return enqueueSnackbar(localizeKnown(message), { variant, ...options });
}

export const notifySuccess = (message: string, options?: Options) => notify(message, 'success', options);
export const notifyError = (message: string, options?: Options) => notify(message, 'error', options);
export const notifyInfo = (message: string, options?: Options) => notify(message, 'info', options);
export const notifyWarning = (message: string, options?: Options) => notify(message, 'warning', options);

/** Global: any GraphQL error nobody handled (8 s). */
export const notifyGraphQLError = () => notifyError(graphqlErrorMessage(), { autoHideDuration: GRAPHQL_ERROR_SNACKBAR_MS });

/** Global: the API cannot be reached (stays until dismissed or reloaded). */
export const notifyNetworkError = () =>
  notifyError(networkErrorMessage(), {
    persist: true,
    action: (id) => (
      <>
        <ReloadAction />
        <DismissAction id={id} />
      </>
    ),
  });

/** Global: the server refused the token (UNAUTHORIZED). */
export const notifyUnauthorized = () =>
  notifyWarning(localizeKnown(Messages.unauthorized), {
    persist: true,
    action: (id) => (
      <>
        <SignInAction id={id} />
        <DismissAction id={id} />
      </>
    ),
  });

/**
 * Global: the session is fine but the account lacks a role (UNAUTHORIZED with reason 'role'): the
 * server's words ('This needs the instructor role.'), and no Sign In, since signing in again would
 * not help.
 */
export const notifyRoleRefused = (message: string) => notifyWarning(message, { autoHideDuration: GRAPHQL_ERROR_SNACKBAR_MS });
