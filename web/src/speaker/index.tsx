import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';
import SpeakerPlanner from './planner/SpeakerPlanner';
import { SpeakerLayout } from './layout/SpeakerLayout';

/** The calendar (FullCalendar) loads only with its page; every page but the planner (the landing page) when first shown (issue 31). */
const AvailabilityPage = lazy(() => import('./availability/AvailabilityPage'));
const PayrollPage = lazy(() => import('./payroll/PayrollPage'));
const ConversationDetail = lazy(() => import('./conversations/ConversationDetail'));
const ConversationsPage = lazy(() => import('./conversations/ConversationsPage'));
const NeedsInvitationPage = lazy(() => import('./planner/NeedsInvitationPage'));
const CameraPreviewPage = lazy(() => import('./compatibility/CompatibilityPage').then((m) => ({ default: m.CameraPreviewPage })));
const CompatibilityPage = lazy(() => import('./compatibility/CompatibilityPage').then((m) => ({ default: m.CompatibilityPage })));
const AreaSettingsPage = lazy(() => import('../settings/AreaSettingsPage').then((m) => ({ default: m.AreaSettingsPage })));
const SecurityPage = lazy(() => import('../settings/AreaSettingsPage').then((m) => ({ default: m.SecurityPage })));

/** /speaker/* (spec 3, Speaker), in the speaker's sidebar layout. */
export default function SpeakerArea() {
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
            element={<AreaSettingsPage role="SPEAKER" links={[{ to: '/speaker/settings/security', label: 'Security' }]} />}
          />
          <Route path="settings/security" element={<SecurityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </PageSuspense>
    </SpeakerLayout>
  );
}
