/**
 * /admin/* — the back-office (spec 3, Administrator): react-admin over the GraphQL API through our
 * own Apollo client, lazy-loaded so that no other area ships it, and the admin's landing page, the
 * dashboard, drawn without it (issue 31: react-admin loads when the admin first leaves it; the sidebar
 * holds its place meanwhile). One folder per resource (as in
 * react-admin's demo): students, instructors, speakers, notifications; later issues add courses,
 * conversations, codes, payroll and invitations the same way, plus a link in layout/AdminLayout
 * (and its icon in resourceIcons.ts).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, Route, Routes } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { byDefault, lazyNow } from '../lib/lazyNow';
import { ADMIN_PAGES } from './pages';
import { Page } from '../components/Page';
import { useT } from '../i18n/useT';
import { errorMessage } from '../lib/errors';
import { DEFAULT_TIME_ZONE } from '../lib/time';
import { adminCalls } from './adminCalls';
import { Dashboard } from './dashboard/Dashboard';
import { AdminLayout } from './layout/AdminLayout';
import { AdminSelfProvider, type AdminSelf } from './zone';

const BackOffice = lazyNow(ADMIN_PAGES.backOffice, byDefault);
const SIGNED_OUT = 'signedOut';

export default function AdminArea() {
  const t = useT();
  const [self, setSelf] = useState<AdminSelf | null>(null);
  // 'signedOut' is worded when shown, so a change of language rewords it.
  const [problem, setProblem] = useState<string | null>(null);
  const kept = useMemo(() => ({}), []);

  useEffect(() => {
    adminCalls
      .me()
      .then((me: any) => {
        // The role is checked once, by the route guard (shell/RequireAuth) before this area loads.
        if (!me) setProblem(SIGNED_OUT);
        else setSelf({ id: me.id, emailAddress: me.emailAddress, tzIdentifier: me.tzIdentifier ?? DEFAULT_TIME_ZONE });
      })
      .catch((error: unknown) => setProblem(errorMessage(error)));
  }, []);

  if (problem) {
    return (
      <Page title={t('admin.area.title')}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem === SIGNED_OUT ? t('admin.area.signInAgain') : problem}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained">
          {t('admin.area.goHome')}
        </Button>
      </Page>
    );
  }
  if (!self) return <Loading label={t('admin.area.loading')} />;

  return (
    <AdminSelfProvider value={self}>
      <AdminLayout>
        <Routes>
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route path="dashboard" element={<Dashboard />} />
          <Route
            path="*"
            element={
              <Suspense fallback={<Loading label={t('admin.area.loading')} />}>
                <BackOffice kept={kept} />
              </Suspense>
            }
          />
        </Routes>
      </AdminLayout>
    </AdminSelfProvider>
  );
}
