import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../shell/pages';
import { lazyNamed } from '../shell/routeModules';
import ConversationsPage from './conversations/ConversationsPage';
import NeedsInvitationPage from './planner/NeedsInvitationPage';
import SpeakerPlanner from './planner/SpeakerPlanner';
import { SpeakerLayout } from './layout/SpeakerLayout';

// The planner, the speaker's first page, comes with this chunk (with the conversations, which its
// week shows); every other page loads when first shown (issue 31), the calendar (FullCalendar)
// with its page.
const AreaSettingsPage = lazyNamed(() => import('../settings/AreaSettingsPage'), 'AreaSettingsPage');
const AvailabilityPage = lazy(() => import('./availability/AvailabilityPage'));
const CameraPreviewPage = lazyNamed(() => import('./compatibility/CompatibilityPage'), 'CameraPreviewPage');
const CompatibilityPage = lazyNamed(() => import('./compatibility/CompatibilityPage'), 'CompatibilityPage');
const ConversationDetail = lazy(() => import('./conversations/ConversationDetail'));
const PayrollPage = lazy(() => import('./payroll/PayrollPage'));
const SecurityPage = lazyNamed(() => import('../settings/AreaSettingsPage'), 'SecurityPage');

/** /speaker/* (spec 3, Speaker), in the speaker's sidebar layout. */
export default function SpeakerArea() {
  return (
    <SpeakerLayout>
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
        <Route path="settings" element={<AreaSettingsPage role="SPEAKER" links={[{ to: '/speaker/settings/security', label: 'Security' }]} />} />
        <Route path="settings/security" element={<SecurityPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SpeakerLayout>
  );
}
