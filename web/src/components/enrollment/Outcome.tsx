import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SUPPORT_TEXT } from '../../../../contracts/enrollment';

/** An outcome screen (spec 1, Outcome screens): a title, details, and Try Again on failure. */
export function Outcome(props: { ok: boolean; title: string; message?: string | null; children?: ReactNode; onRetry?: () => void; onDone?: () => void; doneLabel?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ textAlign: 'center', py: 2 }}>
      {props.ok ? <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} /> : <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />}
      <Typography variant="h6" component="h2" gutterBottom data-testid="outcome-title">
        {props.title}
      </Typography>
      {props.message && (
        <Typography color={props.ok ? 'text.primary' : 'error'} gutterBottom data-testid="outcome-message">
          {props.message}
        </Typography>
      )}
      {!props.ok && <Typography color="text.secondary" sx={{ mb: 2 }}>{SUPPORT_TEXT}</Typography>}
      {props.children}
      <Stack direction="row" spacing={2} justifyContent="center" sx={{ mt: 2 }}>
        {!props.ok && props.onRetry && (
          <Button variant="contained" onClick={props.onRetry}>
            Try Again
          </Button>
        )}
        {props.onDone && (
          <Button variant={props.ok ? 'contained' : 'outlined'} onClick={props.onDone}>
            {props.doneLabel ?? 'Done'}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
