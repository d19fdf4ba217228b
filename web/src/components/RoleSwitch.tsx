import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router-dom';
import { Messages } from '../../../contracts/errors';
import { homePathForRole } from '../../../contracts/roles';
import { errorMessage } from '../lib/errors';
import { SWITCH_ROLE } from '../lib/operations';
import { translate } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { isKnownRole, roleWord, switchableRoles } from '../lib/roles';
import { notifyError, notifyInfo } from './snackbars';

export const ROLE_SWITCH_SNACKBAR_MS = 3000;

export interface SwitchingAccount {
  id: string;
  roles: string[];
  activeRole?: string | null;
}

/**
 * 'Switch to {role}' buttons (spec 1, Role selection redirect; spec 3, Settings): one per other
 * role, nothing at all for a single-role account. A switch lands on that role's home.
 */
export function RoleSwitch({ account }: { account: SwitchingAccount }) {
  const t = useT();
  const navigate = useNavigate();
  const [switchRole, { loading }] = useMutation(SWITCH_ROLE, {
    context: { quiet: true },
    update(cache, { data }) {
      if (!data?.switchRole.switched) return;
      cache.modify({
        id: cache.identify({ __typename: 'Account', id: account.id }),
        fields: { activeRole: () => data.switchRole.role },
      });
    },
  });
  const roles = switchableRoles(account.roles, account.activeRole);
  if (!roles.length) return null;

  const switchTo = async (role: string) => {
    if (!isKnownRole(role) || !homePathForRole(role)) {
      notifyError(Messages.unknownRole);
      return;
    }
    notifyInfo(translate('roles.switching'), { autoHideDuration: ROLE_SWITCH_SNACKBAR_MS });
    try {
      const { data } = await switchRole({ variables: { input: { role } } });
      const home = data?.switchRole.switched ? homePathForRole(data.switchRole.role) : null;
      if (!home) {
        notifyError(Messages.unknownRole);
        return;
      }
      navigate(home);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {roles.map((role) => (
        <Button key={role} variant="outlined" disabled={loading} onClick={() => void switchTo(role)}>
          {t('roles.switchTo', { role: roleWord(role) })}
        </Button>
      ))}
    </Stack>
  );
}
