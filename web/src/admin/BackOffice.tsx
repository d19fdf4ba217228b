/**
 * The back-office's react-admin part: every resource and page but the dashboard, loaded when the
 * admin first leaves the dashboard (issue 31: the dashboard paints without react-admin). The
 * sidebar (layout/AdminLayout) stays outside, in the area (index.tsx).
 */
import { type ReactNode, useMemo } from 'react';
import { Admin, CustomRoutes, Resource, defaultTheme, memoryStore, type RaThemeOptions, type Store } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { client } from '../lib/apollo';
import { themeOptions } from '../shell/theme';
import { useLocale } from '../i18n/LocaleProvider';
import { useT } from '../i18n/useT';
import { NotFoundPage } from '../shell/pages';
import { adminCalls } from './adminCalls';
import codes, { RedemptionSetCreate, RedemptionSetShow } from './codes';
import conversations from './conversations';
import courses from './courses';
import { createDataProvider } from './dataProvider';
import { backOfficeI18nProvider } from './i18nProvider';
import groups from './groups';
import instructors from './instructors';
import lessons from './lessons';
import mailTemplates from './mailTemplates';
import notifications from './notifications';
import PayrollPage from './payroll/PayrollPage';
import pricingPlans from './pricingPlans';
import ltiPlatforms from './lti';
import identityProviders from './identityProviders';
import profiles from './profiles';
import ReadModelsPage from './readModels/ReadModelsPage';
import { SettingsArea } from './settings';
import speakers from './speakers';
import { CandidatesPage } from './speakers/CandidatesPage';
import InvitationsPage from './speakers/InvitationsPage';
import students from './students';
import SupportInboxPage from './support/SupportInboxPage';

const dataProvider = createDataProvider(client, adminCalls);

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
/** The area draws the sidebar around react-admin (so it is there before react-admin loads). */
const PageOnly = ({ children }: { children?: ReactNode }) => <>{children}</>;

/**
 * `kept` outlives this component (the area holds it): react-admin's store (lists' sorting and
 * filters) survives a visit to the dashboard, as it did when the dashboard was a react-admin page.
 */
export default function BackOffice({ kept }: { kept: { store?: Store } }) {
  kept.store ??= memoryStore();
  const t = useT();
  const { locale } = useLocale();
  const i18nProvider = useMemo(() => backOfficeI18nProvider(t, locale), [t, locale]);
  return (
    <Admin
      basename="/admin"
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={PageOnly}
      dashboard={ToDashboard}
      theme={theme}
      store={kept.store}
      disableTelemetry
      title={t('admin.backOffice.title')}
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
      <Resource name="lti_platforms" {...ltiPlatforms} />
      <Resource name="identity_providers" {...identityProviders} />
      <Resource name="speaker_candidates" />
      <Resource name="mail_templates" {...mailTemplates} />
      <Resource name="profiles" {...profiles} />
      <Resource name="groups" {...groups} />
      <CustomRoutes>
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
  );
}
