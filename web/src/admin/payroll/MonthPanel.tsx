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
import { useT } from '../../i18n/useT';

const REASON_MAX = 500;
export function MonthPanel({ month, onChanged }: { month: string; onChanged(): void }) {
  const t = useT();
  const who = (p: { displayName: string | null; emailAddress: string | null } | null) =>
    p?.displayName ?? p?.emailAddress ?? t('admin.history.system');
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

  const historyLine = (h: { kind: string; at: string; by: Parameters<typeof who>[0]; totalPay: number; reason?: string | null }) => {
    const line = t('admin.month.historyLine', { kind: h.kind, when: formatDateTime(h.at), who: who(h.by), total: dollars(h.totalPay) });
    return h.reason ? t('admin.month.historyReason', { line, reason: h.reason }) : line;
  };

  if (loading && !state) return <Loading label={t('admin.month.loading')} />;
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
            label={t(state.closed ? 'admin.month.closed' : 'admin.month.open')}
            color={state.closed ? 'success' : 'default'}
          />
        </Stack>
        <Typography data-testid="payroll-month-total">
          {t('admin.month.total', { total: dollars(state.totalPay), count: state.speakerCount })}
        </Typography>
        {state.closed ? (
          <Button variant="outlined" onClick={() => setDialog('reopen')} disabled={busy}>
            {t('admin.month.reopen')}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => setDialog('close')}
            disabled={busy || !over}
            title={over ? undefined : t('admin.month.notOver')}
          >
            {t('admin.month.close')}
          </Button>
        )}
      </Stack>
      {state.closed && state.closedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('admin.month.closedBy', { when: formatDateTime(state.closedAt), who: who(state.closedBy) })}
        </Typography>
      )}
      {state.adjustments.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="payroll-adjustments">
          {t('admin.month.corrections')}
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {state.adjustments.map((a) => (
              <li key={`${a.speaker?.id}-${a.toMonth}`}>
                {t('admin.month.correction', {
                  name: [a.speaker?.givenName, a.speaker?.surname].filter(Boolean).join(' ') || (a.speaker?.id ?? ''),
                  amount: dollars(a.amount),
                  month: monthLabel(a.toMonth),
                })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {state.history.length > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ mt: 2, mb: 0, pl: 2.5 }} aria-label={t('admin.month.history')}>
          {state.history.map((h) => (
            <Typography component="li" variant="body2" color="text.secondary" key={`${h.kind}-${h.at}`}>
              {historyLine(h)}
            </Typography>
          ))}
        </Stack>
      )}

      <Dialog open={dialog === 'close'} onClose={() => !busy && setDialog(null)} aria-labelledby="close-month-title">
        <DialogTitle id="close-month-title">{t('admin.month.closeTitle', { month: monthLabel(month) })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('admin.month.closeText', { total: dollars(state.totalPay), count: state.speakerCount })}</DialogContentText>
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} disabled={busy}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void finish(() => close({ variables: { month } }), t('admin.month.closedOk', { month: monthLabel(month) }))}
          >
            {t('admin.month.close')}
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
        <DialogTitle id="reopen-month-title">{t('admin.month.reopenTitle', { month: monthLabel(month) })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('admin.month.reopenText')}</DialogContentText>
          <TextField
            label={t('admin.month.reason')}
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
            {t('admin.common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={busy || !reason.trim()}
            onClick={() =>
              void finish(() => reopen({ variables: { month, reason } }), t('admin.month.reopenedOk', { month: monthLabel(month) }))
            }
          >
            {t('admin.month.reopen')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
