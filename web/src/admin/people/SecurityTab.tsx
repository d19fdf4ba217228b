/** A person's security facts (sign-in time and IP, the last reset message) and sending them a reset. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import type { AdminDataProvider } from '../dataProvider';
import { useAdminTime } from '../zone';
import type { Person } from './person';
import { DataExportCard } from '../../settings/DataExportCard';
import { ErasureCard } from '../../settings/ErasureCard';
import { DataAccessCard } from '../../settings/DataAccessCard';
import Stack from '@mui/material/Stack';

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
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const format = useAdminTime();
  const [sending, setSending] = useState(false);
  const { account } = person;

  const send = async () => {
    setSending(true);
    try {
      await dataProvider.sendPasswordReset({ userId: person.id });
      notifySuccess(t('auth.requestReset.sent'));
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
            {t('admin.security.title')}
          </Typography>
          <dl>
            <Detail term={t('admin.security.signedIn')}>
              {account.currentSignInAt
                ? account.currentSignInIp
                  ? t('admin.security.signedInFrom', { when: format(account.currentSignInAt), ip: account.currentSignInIp })
                  : format(account.currentSignInAt)
                : t('admin.security.neverSignedIn')}
            </Detail>
            <Detail term={t('admin.security.lastReset')}>
              {account.resetPasswordSentAt ? format(account.resetPasswordSentAt) : t('admin.security.neverSent')}
            </Detail>
          </dl>
          <Typography variant="body2" color="text.secondary">
            {t('admin.security.goesTo', { email: person.emailAddress })}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" onClick={() => void send()} disabled={sending}>
            {t(sending ? 'admin.common.sending' : 'admin.security.send')}
          </Button>
        </CardActions>
      </Card>
      <DataExportCard personId={person.id} />
      <ErasureCard personId={person.id} />
      <DataAccessCard personId={person.id} />
    </Stack>
  );
}
