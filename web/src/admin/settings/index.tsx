/**
 * The admin's own account: /admin/settings (profile), /admin/settings/roles (their roles; ADMIN is
 * never changed here), /admin/settings/security (sign-in facts, a reset, role switching) and
 * /admin/settings/privacy (the school's recording age threshold, issue 34).
 */
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { AreaSettingsPage, SecurityPage } from '../../settings/AreaSettingsPage';
import { notifyError } from '../../components/snackbars';
import type { AdminDataProvider } from '../dataProvider';
import type { Person } from '../people/person';
import { RolesEditor } from '../people/RolesEditor';
import { PrivacySettingsPage } from './PrivacySettingsPage';

function useMe() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [me, setMe] = useState<Person | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    () =>
      dataProvider
        .me()
        .then((m: Person) => setMe(m))
        .catch(() => setFailed(true)),
    [dataProvider],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return { me, failed, reload: load };
}

function Profile() {
  const t = useT();
  return (
    <AreaSettingsPage
      role="ADMIN"
      links={[
        { to: '/admin/settings/roles', label: t('admin.settings.roles') },
        { to: '/admin/settings/security', label: t('admin.settings.security') },
        { to: '/admin/settings/privacy', label: t('admin.privacy.title') },
      ]}
    />
  );
}

function OwnRoles() {
  const t = useT();
  const { me, failed, reload } = useMe();
  useEffect(() => {
    if (failed) notifyError(t('roles.failed'));
  }, [failed, t]);
  return (
    <Page title={t('admin.settings.yourRoles')}>
      {me ? (
        <RolesEditor accountId={me.id} roles={me.account.roles} onChanged={() => void reload()} />
      ) : failed ? (
        <Typography color="error">{t('roles.failed')}</Typography>
      ) : (
        <Loading label={t('admin.settings.loadingRoles')} />
      )}
    </Page>
  );
}

export function SettingsArea() {
  return (
    <Routes>
      <Route index element={<Profile />} />
      <Route path="roles" element={<OwnRoles />} />
      <Route path="security" element={<SecurityPage />} />
      <Route path="privacy" element={<PrivacySettingsPage />} />
    </Routes>
  );
}
