import { lazy } from 'react';
import { lazyNamed } from '../lib/lazyNow';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';
import { useT } from '../i18n/useT';
import { withMessages } from '../i18n/withMessages';
import SpeakerPlanner from './planner/SpeakerPlanner';
import { SpeakerLayout } from './layout/SpeakerLayout';

/** The calendar (FullCalendar) loads only with its page; every page but the planner (the landing page) when first shown (issue 31). */
const AvailabilityPage = lazy(withMessages('availability', () => import('./availability/AvailabilityPage')));
const PayrollPage = lazy(withMessages('payroll', () => import('./payroll/PayrollPage')));
const ConversationDetail = lazy(() => import('./conversations/ConversationDetail'));
const ConversationsPage = lazy(() => import('./conversations/ConversationsPage'));
const NeedsInvitationPage = lazy(() => import('./planner/NeedsInvitationPage'));
const compatibilityPages = withMessages('compatibility', () => import('./compatibility/CompatibilityPage'));
const CameraPreviewPage = lazyNamed(compatibilityPages, (m) => m.CameraPreviewPage);
const CompatibilityPage = lazyNamed(compatibilityPages, (m) => m.CompatibilityPage);
const settingsPages = withMessages('settings', () => import('../settings/AreaSettingsPage'));
const AreaSettingsPage = lazyNamed(settingsPages, (m) => m.AreaSettingsPage);
const SecurityPage = lazyNamed(settingsPages, (m) => m.SecurityPage);

/** /speaker/* (spec 3, Speaker), in the speaker's sidebar layout. */
export default function SpeakerArea() {
  const t = useT();
  return (
    <SpeakerLayout>
      <PageSuspense>
        <Routes>
          <Route index element={<Navigate to="planner" replace />} />
          <Route path="planner" element={<SpeakerPlanner />} />
          <Route path="planner/needs_invitation" element={<NeedsInvitationPage />} />
          <Route path="availability" element={<AvailabilityPage />} />
          <Route path="payroll" element={<PayrollPage />} />
          <Route path="conversations" element={<ConversationsPage />} />
          <Route path="conversations/:id" element={<ConversationDetail />} />
          <Route path="compatibility" element={<CompatibilityPage />} />
          <Route path="compatibility/camera" element={<CameraPreviewPage />} />
          <Route
            path="settings"
            element={<AreaSettingsPage role="SPEAKER" links={[{ to: '/speaker/settings/security', label: t('security.title') }]} />}
          />
          <Route path="settings/security" element={<SecurityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </PageSuspense>
    </SpeakerLayout>
  );
}
