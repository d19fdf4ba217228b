import { useMutation, useQuery } from '@apollo/client';
import { graphql } from '../gql';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';
import { translate } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { RECOVER_PASSWORD } from '../lib/operations';
import { switchableRoles } from '../lib/roles';
import { formatDateTime } from '../lib/time';
import { Loading } from './Loading';
import { RoleSwitch } from './RoleSwitch';
import { notifyError, notifySuccess } from './snackbars';

const ACCOUNT_SECURITY = graphql(`
  query AccountSecurity {
    me {
      id
      emailAddress
      tzIdentifier
      account {
        id
        emailAddress
        roles
        activeRole
        currentSignInAt
        currentSignInIp
        resetPasswordSentAt
      }
    }
  }
`);

function Detail({ term, children }: { term: string; children: ReactNode }) {
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

/**
 * The security panel (spec 3, Settings): sign-in details in the user's time zone, a password
 * reset sent by e-mail, and the 'Switch Roles' card when the account has more than one role
 * (`roleSwitch={false}`: the student settings show that card on its own).
 */
export function SecuritySettings({ roleSwitch = true }: { roleSwitch?: boolean } = {}) {
  const t = useT();
  const { data, loading, error, refetch } = useQuery(ACCOUNT_SECURITY);
  const [recoverPassword, recovery] = useMutation(RECOVER_PASSWORD, {
    context: { quiet: true },
  });

  if (loading && !data) return <Loading label={t('security.loading')} />;
  if (!data?.me) return <Alert severity="error">{error ? errorMessage(error) : t('profile.page.signInAgain')}</Alert>;

  const { me } = data;
  const { account } = me;
  const signedInAt = formatDateTime(account.currentSignInAt, me.tzIdentifier);
  const sendReset = async () => {
    try {
      const result = await recoverPassword({ variables: { input: { emailAddress: account.emailAddress } } });
      if (result.data?.recoverPassword.recovered) notifySuccess(translate('auth.requestReset.sent'));
      void refetch().catch(() => null);
    } catch (failure) {
      notifyError(errorMessage(failure));
    }
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" component="section" aria-labelledby="security-title" sx={{ height: '100%' }}>
          <CardContent>
            <Typography id="security-title" variant="h6" component="h2" gutterBottom>
              {t('security.title')}
            </Typography>
            <dl>
              <Detail term={t('auth.email')}>{account.emailAddress}</Detail>
              <Detail term={t('security.signedIn')}>
                {account.currentSignInIp ? t('security.signedInFrom', { at: signedInAt, ip: account.currentSignInIp }) : signedInAt}
              </Detail>
              <Detail term={t('security.lastReset')}>
                {account.resetPasswordSentAt ? formatDateTime(account.resetPasswordSentAt, me.tzIdentifier) : t('security.neverSent')}
              </Detail>
            </dl>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button variant="contained" disabled={recovery.loading} onClick={() => void sendReset()}>
              {recovery.loading ? t('security.sending') : t('security.sendReset')}
            </Button>
          </CardActions>
        </Card>
      </Grid>
      {roleSwitch && switchableRoles(account.roles, account.activeRole).length > 0 && (
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" component="section" aria-labelledby="roles-title" sx={{ height: '100%' }}>
            <CardContent>
              <Typography id="roles-title" variant="h6" component="h2" gutterBottom>
                {t('security.switchRoles.title')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('security.switchRoles.text')}
              </Typography>
              <RoleSwitch account={account} />
            </CardContent>
          </Card>
        </Grid>
      )}
    </Grid>
  );
}
