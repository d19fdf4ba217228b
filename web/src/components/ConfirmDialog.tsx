import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useT } from '../i18n/useT';

/**
 * Asks before something that cannot be taken back (cancel a conversation, remove availability,
 * transfer): a question, what it will do, 'Keep it' (focused, so Enter does no harm) and the action.
 * While the action runs (`busy`) neither button works and the dialog does not close.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  children,
  confirmLabel,
  destructive = false,
  busy = false,
  confirmDisabled = false,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  /** What confirming will do, read out with the question. */
  text: ReactNode;
  /** Anything more under the text (a warning). */
  children?: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  busy?: boolean;
  confirmDisabled?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('common.keepIt')}
        </Button>
        <Button color={destructive ? 'error' : 'primary'} variant="contained" disabled={busy || confirmDisabled} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
