/**
 * /admin/redemption_sets/new (spec 3): name (at least 3 characters), fill limit (a positive number
 * of codes), duration (default 15 minutes) and quantity (conversations per code, at least 1); each
 * code is worth duration × quantity minutes.
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DURATIONS } from '../../../../contracts/enrollment';
import { redemptionSetFieldErrors } from '../../../../contracts/validation/enrollment';
import { FormAlert } from '../../components/FormAlert';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import type { AdminDataProvider } from '../dataProvider';

export function RedemptionSetCreate() {
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [fillLimit, setFillLimit] = useState('');
  const [duration, setDuration] = useState(15);
  const [quantity, setQuantity] = useState('1');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const fields = redemptionSetFieldErrors({
    name,
    fillLimit: fillLimit === '' ? null : Number(fillLimit),
    duration,
    quantity: Number(quantity),
  });
  const problem = (key: string) => (submitted ? (fields[key] ?? serverFields[key]) : undefined);
  const minutes = duration * (Number(quantity) || 0);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(fields).length) return;
    setSaving(true);
    setServerError(null);
    try {
      // The spec's call: what a code is worth (duration × quantity), with the duration it is counted in.
      const result = await dataProvider.createRedemptionSet({
        name: name.trim(),
        fillLimit: Number(fillLimit),
        minuteQuantity: minutes,
        duration,
      });
      notifySuccess(t('admin.codes.setCreated'));
      navigate(`/admin/redemption_sets/${result.set.id}`);
    } catch (error) {
      setServerError(errorMessage(error));
      setServerFields((apiErrorsOf(error)[0]?.extensions?.fields as Record<string, string>) ?? {});
    } finally {
      setSaving(false);
    }
  }

  return (
    <Page title={t('admin.codes.newSet')}>
      <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 480 }} onSubmit={submit}>
        <TextField
          label={t('admin.codes.setName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={!!problem('name')}
          helperText={problem('name')}
        />
        <TextField
          label={t('admin.codes.fillLimit')}
          type="number"
          value={fillLimit}
          onChange={(e) => setFillLimit(e.target.value)}
          required
          error={!!problem('fillLimit')}
          helperText={problem('fillLimit')}
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <TextField select label={t('admin.codes.duration')} value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
          {DURATIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {t('admin.codes.durationChoice', { minutes: d })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('admin.codes.quantity')}
          type="number"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={!!problem('quantity')}
          helperText={problem('quantity')}
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <Typography color="text.secondary" data-testid="set-minutes">
          {t('admin.codes.worth', { minutes })}
        </Typography>
        <FormAlert message={serverError} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('admin.codes.createCodes')}
          </Button>
          <Button onClick={() => navigate('/admin/redemption_codes')}>{t('admin.common.cancel')}</Button>
        </Stack>
      </Stack>
    </Page>
  );
}
