/**
 * Snackbars, in one place (spec 1, section 8): at most 3 at once, no duplicates, auto-hide after
 * 3 s unless told otherwise, with Dismiss, Reload and Sign In actions. `notify*` work anywhere,
 * including outside React (the Apollo error link), under <SnackbarRoot>. notistack itself is in
 * ./snackbarHost.tsx, loaded a few seconds after the page has loaded or with the first snackbar,
 * whichever comes first: no first page waits for its 22 KB (issue 31).
 */
import Button from '@mui/material/Button';
import type { OptionsObject, SnackbarKey, VariantType } from 'notistack';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../lib/lazyNow';
import { useLocation, useNavigate } from 'react-router-dom';
import { Messages } from '../../../contracts/errors';
import { useAuth } from '../lib/auth';
import { localizeKnown } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { graphqlErrorMessage, networkErrorMessage } from '../lib/errors';
import { whenPageLoaded } from '../lib/whenPageLoaded';

export const GRAPHQL_ERROR_SNACKBAR_MS = 8000;

const actionButton = { color: 'inherit', fontWeight: 700 } as const;

const host = () => import('./snackbarHost');
const SnackbarHost = lazyNamed(host, (m) => m.SnackbarHost);

/** Closes a snackbar (notistack is loaded by then: the snackbar is on screen). */
const closeSnackbar = (id: SnackbarKey) => void host().then((h) => h.closeShown(id));

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

let wantHost: () => void = () => {};
let hostWanted = false;

/** Mounts the snackbars' host: asked for by the first snackbar, else once the page has loaded and the browser is idle. */
function mountHost() {
  hostWanted = true;
  wantHost();
}

export function SnackbarRoot({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(hostWanted);
  useEffect(() => {
    wantHost = () => setMounted(true);
    if (hostWanted) setMounted(true);
    else whenPageLoaded(mountHost);
  }, []);
  return (
    <>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <SnackbarHost action={(id) => <DismissAction id={id} />} />
        </Suspense>
      )}
    </>
  );
}

type Options = Omit<OptionsObject, 'variant'>;

export function notify(message: string, variant: VariantType = 'default', options: Options = {}): void {
  // A contracts' known message (an instructor page's "The student was transferred successfully!") in the page's language.
  const text = localizeKnown(message);
  mountHost();
  void host().then((h) => h.show(text, { variant, ...options }));
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
