import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaSettingsPage, SecurityPage } from '../settings/AreaSettingsPage';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';
import { CameraPreviewPage, CompatibilityPage } from './compatibility/CompatibilityPage';
import ConversationDetail from './conversations/ConversationDetail';
import ConversationsPage from './conversations/ConversationsPage';
import NeedsInvitationPage from './planner/NeedsInvitationPage';
import SpeakerPlanner from './planner/SpeakerPlanner';
import { SpeakerLayout } from './layout/SpeakerLayout';

/** The calendar (FullCalendar) loads only with its page. */
const AvailabilityPage = lazy(() => import('./availability/AvailabilityPage'));
const PayrollPage = lazy(() => import('./payroll/PayrollPage'));

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
