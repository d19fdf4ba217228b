import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { ComingLater, Page } from './Page';
import { SecuritySettings } from './SecuritySettings';

/** {area}/settings for instructors, speakers and admins: profile later, security now. */
export function SettingsPlaceholder() {
  return (
    <ComingLater title="Settings">
      <Button component={RouterLink} to="security" variant="contained">
        Security settings
      </Button>
    </ComingLater>
  );
}

/** {area}/settings/security: password reset and role switching. */
export function SecurityPage() {
  return (
    <Page title="Security">
      <SecuritySettings />
    </Page>
  );
}
