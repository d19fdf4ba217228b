/** A person's security facts (sign-in time and IP, the last reset message) and sending them a reset. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { PASSWORD_RESET_SENT_MESSAGE } from '../../lib/operations';
import type { AdminDataProvider } from '../dataProvider';
import { useAdminTime } from '../zone';
import type { Person } from './person';
import { DataExportCard } from '../../settings/DataExportCard';
import { ErasureCard } from '../../settings/ErasureCard';
import Stack from '@mui/material/Stack';

export const RESET_NOTE = 'If the message has not arrived within 15 minutes, contact support.';

export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="subtitle2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: 1.5 }}>
        {children}
      </Typography>
    </>
  );
}

export function SecurityTab({ person, onChanged }: { person: Person; onChanged(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const format = useAdminTime();
  const [sending, setSending] = useState(false);
  const { account } = person;

  const send = async () => {
    setSending(true);
    try {
      await dataProvider.sendPasswordReset({ userId: person.id });
      notifySuccess(PASSWORD_RESET_SENT_MESSAGE);
      onChanged();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Card variant="outlined" component="section" aria-labelledby="security-title">
        <CardContent>
          <Typography id="security-title" variant="h6" component="h2" gutterBottom>
            Security
          </Typography>
          <dl>
            <Detail term="Signed in">
              {account.currentSignInAt
                ? `${format(account.currentSignInAt)}${account.currentSignInIp ? ` from ${account.currentSignInIp}` : ''}`
                : 'Never signed in'}
            </Detail>
            <Detail term="Last password reset message">
              {account.resetPasswordSentAt ? format(account.resetPasswordSentAt) : 'Never sent'}
            </Detail>
          </dl>
          <Typography variant="body2" color="text.secondary">
            The message goes to {person.emailAddress}. {RESET_NOTE}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" onClick={() => void send()} disabled={sending}>
            {sending ? 'Sending ...' : 'Send a password reset'}
          </Button>
        </CardActions>
      </Card>
      <DataExportCard personId={person.id} />
      <ErasureCard personId={person.id} />
    </Stack>
  );
}
