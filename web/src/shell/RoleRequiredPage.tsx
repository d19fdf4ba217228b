import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../components/Page';
import { RoleSwitch, type SwitchingAccount } from '../components/RoleSwitch';
import { Message } from '../i18n/Message';
import { useT } from '../i18n/useT';
import { roleWord, switchableRoles, type RoleGate } from '../lib/roles';

/**
 * What an account sees in an area whose role it does not hold: which role the area needs, the way
 * to its own home, its other roles to switch to, and help. Never a sign-in prompt: the session is
 * fine.
 */
export function RoleRequiredPage({ gate, account }: { gate: Extract<RoleGate, { allowed: false }>; account: SwitchingAccount }) {
  const t = useT();
  const needed = t('roles.word', { role: roleWord(gate.needed) });
  const current = gate.current ? t('roles.word', { role: roleWord(gate.current) }) : null;
  const canSwitch = switchableRoles(account.roles, account.activeRole).length > 0;
  return (
    <Page title={t('roles.required.title', { needed })}>
      <Typography sx={{ mb: 3 }}>{current ? t('roles.required.current', { current, needed }) : t('roles.noRole')}</Typography>
      {gate.home && current && (
        <Button component={RouterLink} to={gate.home} variant="contained" sx={{ width: { xs: '100%', sm: 'auto' } }}>
          {t('roles.required.goHome', { current })}
        </Button>
      )}
      {canSwitch && (
        <section aria-labelledby="role-required-switch">
          <Typography id="role-required-switch" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
            {t('roles.required.otherRoles')}
          </Typography>
          <RoleSwitch account={account} />
        </section>
      )}
      <Typography color="text.secondary" sx={{ mt: 4 }}>
        <Message
          id="roles.required.contact"
          values={{ needed }}
          tags={{
            link: (words) => (
              <Link component={RouterLink} to="/help">
                {words}
              </Link>
            ),
          }}
        />
      </Typography>
    </Page>
  );
}
