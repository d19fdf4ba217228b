import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Message } from '../../i18n/Message';
import { useT } from '../../i18n/useT';

/** The support sentence (contracts/enrollment.ts SUPPORT_TEXT) with 'Tertulia Support' as a link to Help (where the support chat is). */
function SupportText() {
  return (
    <Message
      id="enrollment.outcome.support"
      tags={{
        link: (words) => (
          <Link component={RouterLink} to="/help">
            {words}
          </Link>
        ),
      }}
    />
  );
}

/**
 * An outcome screen (spec 1, Outcome screens): a title, details, and Try Again on failure; after a
 * success, the next thing to do (`next`, e.g. reserving the first conversation) as the main button.
 */
export function Outcome(props: {
  ok: boolean;
  title: string;
  message?: string | null;
  children?: ReactNode;
  onRetry?: () => void;
  onDone?: () => void;
  doneLabel?: string;
  next?: { label: string; to: string; state?: unknown };
}) {
  const t = useT();
  const next = props.ok ? props.next : undefined;
  return (
    <Box role="status" aria-live="polite" sx={{ textAlign: 'center', py: 2 }}>
      {props.ok ? (
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} />
      ) : (
        <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />
      )}
      <Typography variant="h6" component="h2" gutterBottom data-testid="outcome-title">
        {props.title}
      </Typography>
      {props.message && (
        <Typography color={props.ok ? 'text.primary' : 'error'} gutterBottom data-testid="outcome-message">
          {props.message}
        </Typography>
      )}
      {!props.ok && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <SupportText />
        </Typography>
      )}
      {props.children}
      <Stack direction="row" spacing={2} useFlexGap justifyContent="center" sx={{ mt: 2, flexWrap: 'wrap' }}>
        {next && (
          <Button variant="contained" component={RouterLink} to={next.to} state={next.state}>
            {next.label}
          </Button>
        )}
        {!props.ok && props.onRetry && (
          <Button variant="contained" onClick={props.onRetry}>
            {t('enrollment.outcome.tryAgain')}
          </Button>
        )}
        {props.onDone && (
          <Button variant={props.ok && !next ? 'contained' : 'outlined'} onClick={props.onDone}>
            {props.doneLabel ?? t('enrollment.outcome.done')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
