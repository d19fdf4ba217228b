import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { OnboardingGate } from '../onboarding/OnboardingGate';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';
import CoursePage from './courses/CoursePage';
import CoursesGridPage from './courses/CoursesGridPage';
import { InstructorLayout } from './layout/InstructorLayout';

// The landing pages (the courses and a course's page) come with the area; the others when first shown (issue 31).
const ConversationPage = lazy(() => import('./conversations/ConversationPage'));
const DeleteCoursePage = lazy(() => import('./courses/DeleteCoursePage'));
const EditCoursePage = lazy(() => import('./courses/EditCoursePage'));
const NewCoursePage = lazy(() => import('./courses/NewCoursePage'));
const GalleryPage = lazy(() => import('./gallery/GalleryPage'));
const DeepLinkingPage = lazy(() => import('./lti/DeepLinkingPage'));
const ProvisionPage = lazy(() => import('./templates/ProvisionPage'));
const TemplateFormPage = lazy(() => import('./templates/TemplateFormPage'));
const TemplatePage = lazy(() => import('./templates/TemplatePage'));
const TemplatesPage = lazy(() => import('./templates/TemplatesPage'));
const AreaSettingsPage = lazy(() => import('../settings/AreaSettingsPage').then((m) => ({ default: m.AreaSettingsPage })));
const SecurityPage = lazy(() => import('../settings/AreaSettingsPage').then((m) => ({ default: m.SecurityPage })));

/**
 * /instructor/* (spec 3, Instructor), in the instructor's sidebar layout; the onboarding dialog opens
 * over the area while the account is onboarding.
 */
export default function InstructorArea() {
  return (
    <OnboardingGate role="INSTRUCTOR">
      <InstructorLayout>
        <PageSuspense>
          <Routes>
            <Route index element={<Navigate to="courses/grid" replace />} />
            <Route path="courses" element={<Navigate to="grid" replace />} />
            <Route path="courses/grid" element={<CoursesGridPage />} />
            <Route path="courses/table" element={<CoursesGridPage view="table" />} />
            <Route path="courses/new" element={<NewCoursePage />} />
            <Route path="courses/:id" element={<CoursePage />} />
            <Route path="courses/:id/edit" element={<EditCoursePage />} />
            <Route path="courses/:id/delete" element={<DeleteCoursePage />} />
            <Route path="conversations/:id" element={<ConversationPage />} />
            <Route path="templates" element={<TemplatesPage />} />
            <Route path="templates/new" element={<TemplateFormPage mode="new" />} />
            <Route path="templates/:id" element={<TemplatePage />} />
            <Route path="templates/:id/edit" element={<TemplateFormPage mode="edit" />} />
            <Route path="templates/:id/delete" element={<TemplatePage deleting />} />
            <Route path="templates/:id/courses/provision" element={<ProvisionPage />} />
            <Route path="gallery" element={<GalleryPage />} />
            <Route path="lti/deep-linking/:requestId" element={<DeepLinkingPage />} />
            <Route
              path="settings"
              element={<AreaSettingsPage role="INSTRUCTOR" links={[{ to: '/instructor/settings/security', label: 'Security' }]} />}
            />
            <Route path="settings/security" element={<SecurityPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </PageSuspense>
      </InstructorLayout>
    </OnboardingGate>
  );
}
