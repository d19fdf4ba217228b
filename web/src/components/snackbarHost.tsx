/**
 * notistack, loaded apart from the first page (./snackbars.tsx): the one provider, its colours,
 * and what shows and closes a snackbar once it is mounted.
 */
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, type OptionsObject, SnackbarProvider, closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { type ReactNode, useEffect } from 'react';

// Darker variant colours than notistack's defaults, so white text keeps a 4.5:1 contrast.
const Content = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#ffb74d', color: 'rgba(0, 0, 0, 0.87)' },
});

/** At most this many at once (spec 1, section 8), each hidden after this long unless told otherwise. */
const SNACKBAR_MAX = 3;
const SNACKBAR_AUTO_HIDE_MS = 3000;

let ready: () => void;
const mounted = new Promise<void>((resolve) => {
  ready = resolve;
});

export function SnackbarHost({ action }: { action: (id: SnackbarKey) => ReactNode }) {
  useEffect(() => ready(), []);
  return (
    <SnackbarProvider
      maxSnack={SNACKBAR_MAX}
      preventDuplicate
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      action={action}
      Components={{ default: Content, success: Content, error: Content, info: Content, warning: Content }}
    />
  );
}

/** Shows a snackbar once the provider is mounted (a snackbar asked for before waits for it). */
export async function show(message: string, options: OptionsObject): Promise<void> {
  await mounted;
  enqueueSnackbar(message, options);
}

export async function closeShown(id: SnackbarKey): Promise<void> {
  await mounted;
  closeSnackbar(id);
}
