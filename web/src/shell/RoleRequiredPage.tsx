import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../components/Page';
import { RoleSwitch, type SwitchingAccount } from '../components/RoleSwitch';
import { NO_ROLE_MESSAGE, roleWord, switchableRoles, type RoleGate } from '../lib/roles';

/**
 * What an account sees in an area whose role it does not hold: which role the area needs, the way
 * to its own home, its other roles to switch to, and help. Never a sign-in prompt: the session is
 * fine.
 */
export function RoleRequiredPage({ gate, account }: { gate: Extract<RoleGate, { allowed: false }>; account: SwitchingAccount }) {
  const needed = roleWord(gate.needed);
  const current = gate.current ? roleWord(gate.current) : null;
  const canSwitch = switchableRoles(account.roles, account.activeRole).length > 0;
  return (
    <Page title={`This area needs the ${needed} role`}>
      <Typography sx={{ mb: 3 }}>
        {current
          ? `You are signed in with the ${current} role. This page is part of the ${needed} area, which is open to accounts with the ${needed} role.`
          : NO_ROLE_MESSAGE}
      </Typography>
      {gate.home && current && (
        <Button component={RouterLink} to={gate.home} variant="contained" sx={{ width: { xs: '100%', sm: 'auto' } }}>
          Go to your {current} home
        </Button>
      )}
      {canSwitch && (
        <section aria-labelledby="role-required-switch">
          <Typography id="role-required-switch" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
            Your other roles
          </Typography>
          <RoleSwitch account={account} />
        </section>
      )}
      <Typography color="text.secondary" sx={{ mt: 4 }}>
        If your account should have the {needed} role, please{' '}
        <Link component={RouterLink} to="/help">
          contact support
        </Link>
        .
      </Typography>
    </Page>
  );
}
