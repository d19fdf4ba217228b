/**
 * The admin's own account: /admin/settings (profile), /admin/settings/roles (their roles; ADMIN is
 * never changed here) and /admin/settings/security (sign-in facts, a reset, role switching).
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { SecuritySettings } from '../../components/SecuritySettings';
import { notifyError } from '../../components/snackbars';
import type { AdminDataProvider } from '../dataProvider';
import { Detail } from '../people/SecurityTab';
import type { Person } from '../people/PersonDetail';
import { RolesEditor } from '../people/RolesEditor';
import { useAdminTime } from '../zone';

export const ROLES_LOAD_FAILED = 'Failed to fetch your roles.';

function useMe() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [me, setMe] = useState<Person | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () =>
    dataProvider
      .me()
      .then((m: Person) => setMe(m))
      .catch(() => setFailed(true));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { me, failed, reload: load };
}

function Profile() {
  const { me } = useMe();
  const format = useAdminTime();
  return (
    <Page title="Settings">
      {!me ? (
        <Loading label="Loading your settings" />
      ) : (
        <Stack spacing={3}>
          <Card variant="outlined" component="section" aria-labelledby="own-profile">
            <CardContent>
              <Typography id="own-profile" variant="h6" component="h2" gutterBottom>
                Profile
              </Typography>
              <dl>
                <Detail term="User ID">{me.id}</Detail>
                <Detail term="Email address">{me.emailAddress}</Detail>
                <Detail term="Time zone">{me.tzIdentifier}</Detail>
                <Detail term="Created">{format(me.createdAt)}</Detail>
              </dl>
            </CardContent>
          </Card>
          <Stack direction="row" spacing={2}>
            <Button component={RouterLink} to="/admin/settings/roles" variant="outlined">
              Roles
            </Button>
            <Button component={RouterLink} to="/admin/settings/security" variant="outlined">
              Security
            </Button>
          </Stack>
        </Stack>
      )}
    </Page>
  );
}

function OwnRoles() {
  const { me, failed, reload } = useMe();
  useEffect(() => {
    if (failed) notifyError(ROLES_LOAD_FAILED);
  }, [failed]);
  return (
    <Page title="Your roles">
      {me ? <RolesEditor accountId={me.id} roles={me.account.roles} onChanged={() => void reload()} /> : failed ? <Typography color="error">{ROLES_LOAD_FAILED}</Typography> : <Loading label="Loading your roles" />}
    </Page>
  );
}

function Security() {
  return (
    <Page title="Security">
      <SecuritySettings />
    </Page>
  );
}

export function SettingsArea() {
  return (
    <Routes>
      <Route index element={<Profile />} />
      <Route path="roles" element={<OwnRoles />} />
      <Route path="security" element={<Security />} />
    </Routes>
  );
}
