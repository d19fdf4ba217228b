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
import { PASSWORD_RESET_SENT_MESSAGE, RECOVER_PASSWORD } from '../lib/operations';
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
  const { data, loading, error, refetch } = useQuery(ACCOUNT_SECURITY);
  const [recoverPassword, recovery] = useMutation(RECOVER_PASSWORD, {
    context: { quiet: true },
  });

  if (loading && !data) return <Loading label="Loading your security settings" />;
  if (!data?.me) return <Alert severity="error">{error ? errorMessage(error) : 'Sign in again to see your settings.'}</Alert>;

  const { me } = data;
  const { account } = me;
  const sendReset = async () => {
    try {
      const result = await recoverPassword({ variables: { input: { emailAddress: account.emailAddress } } });
      if (result.data?.recoverPassword.recovered) notifySuccess(PASSWORD_RESET_SENT_MESSAGE);
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
              Security
            </Typography>
            <dl>
              <Detail term="Email address">{account.emailAddress}</Detail>
              <Detail term="Signed in">
                {formatDateTime(account.currentSignInAt, me.tzIdentifier)}
                {account.currentSignInIp ? ` from ${account.currentSignInIp}` : ''}
              </Detail>
              <Detail term="Last password reset message">
                {account.resetPasswordSentAt ? formatDateTime(account.resetPasswordSentAt, me.tzIdentifier) : 'Never sent'}
              </Detail>
            </dl>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button variant="contained" disabled={recovery.loading} onClick={() => void sendReset()}>
              {recovery.loading ? 'Sending ...' : 'Send me a password reset'}
            </Button>
          </CardActions>
        </Card>
      </Grid>
      {roleSwitch && switchableRoles(account.roles, account.activeRole).length > 0 && (
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" component="section" aria-labelledby="roles-title" sx={{ height: '100%' }}>
            <CardContent>
              <Typography id="roles-title" variant="h6" component="h2" gutterBottom>
                Switch Roles
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Your account has more than one role. Switch to another to use its part of Tertulia.
              </Typography>
              <RoleSwitch account={account} />
            </CardContent>
          </Card>
        </Grid>
      )}
    </Grid>
  );
}
