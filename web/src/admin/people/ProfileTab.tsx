/**
 * A person's profile as the back-office sees it: the user ID (read-only), the email address (an
 * admin may change it; refused when another account holds the address), names and time zone.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { emailError, normalizeEmail } from '../../../../contracts/validation/email';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import type { AdminDataProvider } from '../dataProvider';
import type { Person } from './person';

export function ProfileTab({ person, onChanged }: { person: Person; onChanged(): void }) {
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [emailAddress, setEmailAddress] = useState(person.emailAddress);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const unchanged = normalizeEmail(emailAddress) === person.emailAddress;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(emailAddress);
    setFieldError(problem);
    setFormError(null);
    if (problem || unchanged) return;
    setSaving(true);
    try {
      await dataProvider.changeUserEmailAddress({ userId: person.id, emailAddress });
      notifySuccess(t('admin.profile.changed'));
      onChanged();
    } catch (error) {
      const fields = apiErrorsOf(error)[0]?.extensions?.fields as Record<string, string> | undefined;
      if (fields?.emailAddress) setFieldError(fields.emailAddress);
      else setFormError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-title">
      <CardContent>
        <Typography id="profile-title" variant="h6" component="h2" gutterBottom>
          {t('admin.profile.title')}
        </Typography>
        <Stack component="form" spacing={2} sx={{ maxWidth: 520 }} onSubmit={save} noValidate>
          <TextField
            label={t('admin.profile.userId')}
            value={person.id}
            slotProps={{ input: { readOnly: true } }}
            helperText={t('admin.profile.readOnly')}
          />
          <TextField
            label={t('admin.profile.email')}
            type="email"
            value={emailAddress}
            onChange={(e) => setEmailAddress(e.target.value)}
            onBlur={() => setFieldError(emailError(emailAddress))}
            error={!!fieldError}
            helperText={fieldError ?? t('admin.profile.emailHelp')}
            required
          />
          <TextField
            label={t('admin.profile.displayName')}
            value={person.displayName ?? ''}
            helperText={person.displayName ? undefined : t('admin.profile.displayNameNotSet')}
            slotProps={{ input: { readOnly: true } }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('admin.profile.givenName')}
              value={person.givenName ?? ''}
              helperText={person.givenName ? undefined : t('admin.common.notSetYet')}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
            <TextField
              label={t('admin.profile.surname')}
              value={person.surname ?? ''}
              helperText={person.surname ? undefined : t('admin.common.notSetYet')}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
          </Stack>
          <TextField label={t('admin.profile.timeZone')} value={person.tzIdentifier} slotProps={{ input: { readOnly: true } }} />
          {formError && <Alert severity="error">{formError}</Alert>}
          <div>
            <Button type="submit" variant="contained" disabled={saving || unchanged}>
              {t(saving ? 'admin.common.saving' : 'admin.common.save')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
