/**
 * A student's minutes: adjust them (required, a whole number, not zero; a reason, required by this
 * form as the audit trail, though the API keeps it optional) and see
 * every transaction with quantity, action, reason and time, newest first.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { minutesAdjustmentError } from '../../../../contracts/validation/minutes';
import { notifySuccess } from '../../components/snackbars';
import { type Translate, useT } from '../../i18n/useT';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import type { AdminDataProvider } from '../dataProvider';
import { useAdminTime } from '../zone';
import type { Person } from './person';

const humanize = (s: string) => s.replace(/_/g, ' ');

const REASON_MAX = 500;
function reasonProblem(reason: string, t: Translate): string | null {
  const text = reason.trim();
  if (!text) return t('admin.minutes.reasonRequired');
  return text.length > REASON_MAX ? t('admin.minutes.reasonTooLong', { max: REASON_MAX }) : null;
}

export function MinutesTab({ person, onChanged }: { person: Person; onChanged(): void }) {
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const format = useAdminTime();
  const [minutes, setMinutes] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [reasonTouched, setReasonTouched] = useState(false);
  const fieldError = touched ? minutesAdjustmentError(minutes) : null;
  // The reason is the audit trail: the form asks for it (the API keeps it optional, as the spec's call has none).
  const reasonError = reasonTouched ? reasonProblem(reason, t) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setReasonTouched(true);
    setServerError(null);
    if (minutesAdjustmentError(minutes) || reasonProblem(reason, t)) return;
    setSaving(true);
    try {
      await dataProvider.changeMinutes({ accountId: person.id, minutes: Number(minutes), reason: reason.trim() });
      notifySuccess(t('admin.minutes.changed'));
      setMinutes('');
      setReason('');
      setTouched(false);
      setReasonTouched(false);
      onChanged();
    } catch (error) {
      const fields = apiErrorsOf(error)[0]?.extensions?.fields as Record<string, string> | undefined;
      setServerError(fields?.minutes ?? errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const transactions = person.account.minuteTransactions;
  return (
    <Stack spacing={3}>
      <Card variant="outlined" component="section" aria-labelledby="adjust-title">
        <CardContent>
          <Typography id="adjust-title" variant="h6" component="h2" gutterBottom>
            {t('admin.minutes.adjust')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('admin.minutes.remaining', { minutes: person.account.remainingMinutes })}
          </Typography>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            alignItems="flex-start"
            onSubmit={submit}
            noValidate
            aria-label={t('admin.minutes.adjust')}
          >
            <TextField
              label={t('admin.minutes.minutes')}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              onBlur={() => setTouched(true)}
              error={!!fieldError}
              helperText={fieldError ?? ' '}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ width: { sm: 160 } }}
            />
            <TextField
              label={t('admin.minutes.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setReasonTouched(true)}
              required
              error={!!reasonError}
              helperText={reasonError ?? t('admin.minutes.reasonHelp')}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
              sx={{ flexGrow: 1, maxWidth: 420 }}
            />
            <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 1 }}>
              {t(saving ? 'admin.common.saving' : 'admin.minutes.change')}
            </Button>
          </Stack>
          {serverError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {serverError}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="transactions-title">
        <CardContent>
          <Typography id="transactions-title" variant="h6" component="h2" gutterBottom>
            {t('admin.minutes.transactions')}
          </Typography>
          {transactions.length === 0 ? (
            <Typography color="text.secondary">{t('admin.minutes.noTransactions')}</Typography>
          ) : (
            <Table size="small" aria-labelledby="transactions-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin.minutes.time')}</TableCell>
                  <TableCell align="right">{t('admin.minutes.quantity')}</TableCell>
                  <TableCell>{t('admin.minutes.action')}</TableCell>
                  <TableCell>{t('admin.minutes.reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {transactions.map((tx) => (
                  <TableRow key={tx.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format(tx.createdAt)}</TableCell>
                    <TableCell align="right">{tx.minuteQuantity > 0 ? `+${tx.minuteQuantity}` : tx.minuteQuantity}</TableCell>
                    <TableCell>{t('minutes.action', { code: tx.action, words: humanize(tx.action) })}</TableCell>
                    <TableCell>{tx.actionReason ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
