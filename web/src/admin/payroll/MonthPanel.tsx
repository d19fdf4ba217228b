/**
 * A pay month's state for the admin (issue 12): total and speakers, closed or open, the corrections
 * found after it closed, its history; Close month (confirmed) and Reopen month (with a reason).
 */
import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Loading } from '../../components/Loading';
import { notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { currentPayMonth, dollars, monthLabel } from '../../payroll/months';
import { CLOSE_PAYROLL_MONTH, PAYROLL_MONTH, REOPEN_PAYROLL_MONTH } from '../../payroll/operations';
import { useAdminTime } from '../zone';
import { countOf } from '../../lib/plural';

const REASON_MAX = 500;
const who = (p: { displayName: string | null; emailAddress: string | null } | null) => p?.displayName ?? p?.emailAddress ?? 'Tertulia';

export function MonthPanel({ month, onChanged }: { month: string; onChanged(): void }) {
  const formatDateTime = useAdminTime();
  const { data, error, loading, refetch } = useQuery(PAYROLL_MONTH, {
    variables: { month },
    fetchPolicy: 'network-only',
    context: { quiet: true },
  });
  const [dialog, setDialog] = useState<'close' | 'reopen' | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [close, closing] = useMutation(CLOSE_PAYROLL_MONTH, { context: { quiet: true } });
  const [reopen, reopening] = useMutation(REOPEN_PAYROLL_MONTH, { context: { quiet: true } });
  const state = data?.payrollMonth;
  const busy = closing.loading || reopening.loading;
  const over = month < currentPayMonth();

  const finish = async (run: () => Promise<unknown>, message: string) => {
    setProblem(null);
    try {
      await run();
      setDialog(null);
      setReason('');
      notifySuccess(message);
      await refetch();
      onChanged();
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  if (loading && !state) return <Loading label="Loading the month" />;
  if (error && !state) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!state) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="payroll-month-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id="payroll-month-title" variant="h6" component="h2">
            {monthLabel(month)}
          </Typography>
          <Chip
            size="small"
            data-testid="payroll-month-state"
            label={state.closed ? 'Closed' : 'Open'}
            color={state.closed ? 'success' : 'default'}
          />
        </Stack>
        <Typography data-testid="payroll-month-total">
          {dollars(state.totalPay)} to {countOf(state.speakerCount, 'speaker')}
        </Typography>
        {state.closed ? (
          <Button variant="outlined" onClick={() => setDialog('reopen')} disabled={busy}>
            Reopen month
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => setDialog('close')}
            disabled={busy || !over}
            title={over ? undefined : 'Only a month that is over can be closed.'}
          >
            Close month
          </Button>
        )}
      </Stack>
      {state.closed && state.closedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Closed {formatDateTime(state.closedAt)} by {who(state.closedBy)}.
        </Typography>
      )}
      {state.adjustments.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="payroll-adjustments">
          Corrections found after this month closed, paid in later months:
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {state.adjustments.map((a) => (
              <li key={`${a.speaker?.id}-${a.toMonth}`}>
                {[a.speaker?.givenName, a.speaker?.surname].filter(Boolean).join(' ') || a.speaker?.id}: {dollars(a.amount)} in{' '}
                {monthLabel(a.toMonth)}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {state.history.length > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ mt: 2, mb: 0, pl: 2.5 }} aria-label="Closing history">
          {state.history.map((h) => (
            <Typography component="li" variant="body2" color="text.secondary" key={`${h.kind}-${h.at}`}>
              {h.kind === 'closed' ? 'Closed' : 'Reopened'} {formatDateTime(h.at)} by {who(h.by)} at {dollars(h.totalPay)}
              {h.reason ? ` — ${h.reason}` : ''}
            </Typography>
          ))}
        </Stack>
      )}

      <Dialog open={dialog === 'close'} onClose={() => !busy && setDialog(null)} aria-labelledby="close-month-title">
        <DialogTitle id="close-month-title">Close {monthLabel(month)}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The month closes at {dollars(state.totalPay)} for {countOf(state.speakerCount, 'speaker')}. Its numbers will not change again: a
            later correction is paid as an adjustment in the next open month.
          </DialogContentText>
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void finish(() => close({ variables: { month } }), `${monthLabel(month)} was closed.`)}
          >
            Close month
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={dialog === 'reopen'}
        onClose={() => !busy && setDialog(null)}
        aria-labelledby="reopen-month-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="reopen-month-title">Reopen {monthLabel(month)}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The month's numbers follow its conversations again until it is closed anew. Say why, for the record.
          </DialogContentText>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, REASON_MAX))}
            fullWidth
            multiline
            minRows={2}
            required
            autoFocus
            helperText={`${reason.length}/${REASON_MAX}`}
          />
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={busy || !reason.trim()}
            onClick={() => void finish(() => reopen({ variables: { month, reason } }), `${monthLabel(month)} was reopened.`)}
          >
            Reopen month
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
