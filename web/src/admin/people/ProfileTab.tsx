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
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import type { AdminDataProvider } from '../dataProvider';
import type { Person } from './person';

export const PROFILE_CHANGED_MESSAGE = 'The profile was changed successfully!';

export function ProfileTab({ person, onChanged }: { person: Person; onChanged(): void }) {
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
      notifySuccess(PROFILE_CHANGED_MESSAGE);
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
          Profile
        </Typography>
        <Stack component="form" spacing={2} sx={{ maxWidth: 520 }} onSubmit={save} noValidate>
          <TextField label="User ID" value={person.id} slotProps={{ input: { readOnly: true } }} helperText="Read-only" />
          <TextField
            label="Email address"
            type="email"
            value={emailAddress}
            onChange={(e) => setEmailAddress(e.target.value)}
            onBlur={() => setFieldError(emailError(emailAddress))}
            error={!!fieldError}
            helperText={fieldError ?? 'Signing in uses this address. An address that belongs to another account is refused.'}
            required
          />
          <TextField
            label="Display name"
            value={person.displayName ?? ''}
            helperText={person.displayName ? undefined : 'Not set yet (set during onboarding)'}
            slotProps={{ input: { readOnly: true } }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label="Given name"
              value={person.givenName ?? ''}
              helperText={person.givenName ? undefined : 'Not set yet'}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
            <TextField
              label="Surname"
              value={person.surname ?? ''}
              helperText={person.surname ? undefined : 'Not set yet'}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
          </Stack>
          <TextField label="Time zone" value={person.tzIdentifier} slotProps={{ input: { readOnly: true } }} />
          {formError && <Alert severity="error">{formError}</Alert>}
          <div>
            <Button type="submit" variant="contained" disabled={saving || unchanged}>
              {saving ? 'Saving ...' : 'Save'}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
