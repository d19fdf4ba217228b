/**
 * /admin/* — the back-office (spec 3, Administrator): react-admin over the GraphQL API through our
 * own Apollo client, lazy-loaded so that no other area ships it. One folder per resource (as in
 * react-admin's demo): students, instructors, speakers, notifications; later issues add courses,
 * conversations, codes, payroll and invitations the same way, plus a link in layout/AdminLayout.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes, Resource, defaultTheme, memoryStore, type RaThemeOptions } from 'react-admin';
import { Link as RouterLink, Navigate, Route } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { Page } from '../components/Page';
import { client } from '../lib/apollo';
import { errorMessage } from '../lib/errors';
import { DEFAULT_TIME_ZONE } from '../lib/time';
import { themeOptions } from '../shell/theme';
import { Dashboard } from './dashboard/Dashboard';
import conversations from './conversations';
import courses from './courses';
import groups from './groups';
import lessons from './lessons';
import pricingPlans from './pricingPlans';
import mailTemplates from './mailTemplates';
import profiles from './profiles';
import { CandidatesPage } from './speakers/CandidatesPage';
import { NotFoundPage } from '../shell/pages';
import codes, { RedemptionSetCreate, RedemptionSetShow } from './codes';
import { createDataProvider } from './dataProvider';
import instructors from './instructors';
import { AdminLayout } from './layout/AdminLayout';
import notifications from './notifications';
import { SettingsArea } from './settings';
import speakers from './speakers';
import InvitationsPage from './speakers/InvitationsPage';
import PayrollPage from './payroll/PayrollPage';
import ReadModelsPage from './readModels/ReadModelsPage';
import SupportInboxPage from './support/SupportInboxPage';
import students from './students';
import { AdminSelfProvider, type AdminSelf } from './zone';

const dataProvider = createDataProvider(client);

// The product's own look (palette, type, shapes, the focus ring) over what react-admin's views need
// (its dense, full-width inputs), with the product's outlined fields rather than react-admin's filled ones.
const OUTLINED = { variant: 'outlined' as const, margin: 'dense' as const, size: 'small' as const, fullWidth: true };
const theme: RaThemeOptions = {
  ...defaultTheme,
  ...themeOptions,
  components: {
    ...defaultTheme.components,
    ...themeOptions.components,
    MuiTextField: { ...defaultTheme.components?.MuiTextField, defaultProps: OUTLINED },
    MuiFormControl: { ...defaultTheme.components?.MuiFormControl, defaultProps: OUTLINED },
  },
};

const ToDashboard = () => <Navigate to="/admin/dashboard" replace />;

export default function AdminArea() {
  const [self, setSelf] = useState<AdminSelf | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const store = useMemo(() => memoryStore(), []);

  useEffect(() => {
    dataProvider
      .me()
      .then((me: any) => {
        // The role is checked once, by the route guard (shell/RequireAuth) before this area loads.
        if (!me) setProblem('Sign in again to use the back-office.');
        else setSelf({ id: me.id, emailAddress: me.emailAddress, tzIdentifier: me.tzIdentifier ?? DEFAULT_TIME_ZONE });
      })
      .catch((error: unknown) => setProblem(errorMessage(error)));
  }, []);

  if (problem) {
    return (
      <Page title="Back-office">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained">
          Go home
        </Button>
      </Page>
    );
  }
  if (!self) return <Loading label="Loading the back-office" />;

  return (
    <AdminSelfProvider value={self}>
      <Admin
        basename="/admin"
        dataProvider={dataProvider}
        layout={AdminLayout}
        dashboard={ToDashboard}
        theme={theme}
        store={store}
        disableTelemetry
        title="Tertulia back-office"
        catchAll={NotFoundPage}
      >
        <Resource name="students" {...students} />
        <Resource name="instructors" {...instructors} />
        <Resource name="speakers" {...speakers} />
        <Resource name="notifications" {...notifications} />
        <Resource name="history" />
        <Resource name="payroll_rows" />
        <Resource name="redemption_codes" {...codes} />
        <Resource name="conversations" {...conversations} />
        <Resource name="courses" {...courses} />
        <Resource name="lessons" {...lessons} />
        <Resource name="pricing_plans" {...pricingPlans} />
        <Resource name="speaker_candidates" />
        <Resource name="mail_templates" {...mailTemplates} />
        <Resource name="profiles" {...profiles} />
        <Resource name="groups" {...groups} />
        <CustomRoutes>
          <Route path="dashboard" element={<Dashboard />} />
          <Route path="speakers/invitations" element={<InvitationsPage />} />
          <Route path="speakers/payroll" element={<PayrollPage />} />
          <Route path="speakers/candidates" element={<CandidatesPage />} />
          <Route path="support" element={<SupportInboxPage />} />
          <Route path="read_models" element={<ReadModelsPage />} />
          <Route path="settings/*" element={<SettingsArea />} />
          <Route path="redemption_sets/new" element={<RedemptionSetCreate />} />
          <Route path="redemption_sets/:id" element={<RedemptionSetShow />} />
        </CustomRoutes>
      </Admin>
    </AdminSelfProvider>
  );
}
