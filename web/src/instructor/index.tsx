import { lazy } from 'react';
import { byDefault, lazyNow, lazyNamed } from '../lib/lazyNow';
import { Navigate, Route, Routes } from 'react-router-dom';
import { OnboardingGate } from '../onboarding/OnboardingGate';
import { NotFoundPage } from '../shell/pages';
import { PageSuspense } from '../shell/PageSuspense';
import { useT } from '../i18n/useT';
import { withMessages } from '../i18n/withMessages';
import CoursesGridPage from './courses/CoursesGridPage';
import { InstructorLayout } from './layout/InstructorLayout';
import { INSTRUCTOR_PAGES } from './pages';

// The courses come with the area (their words are the area's); every other page when first shown, with its words. A course's
// page is asked for with the area on a first load (shell/firstPage.ts).
const CoursePage = lazyNow(INSTRUCTOR_PAGES.course, byDefault);
const ConversationPage = lazy(withMessages('instructorConversation', () => import('./conversations/ConversationPage')));
const DeleteCoursePage = lazy(withMessages('instructorCourseForm', () => import('./courses/DeleteCoursePage')));
const EditCoursePage = lazy(withMessages('instructorCourseForm', () => import('./courses/EditCoursePage')));
const NewCoursePage = lazy(withMessages('instructorCourseForm', () => import('./courses/NewCoursePage')));
const GalleryPage = lazy(withMessages('instructorGallery', () => import('./gallery/GalleryPage')));
const DeepLinkingPage = lazy(withMessages('instructorLti', () => import('./lti/DeepLinkingPage')));
const ProvisionPage = lazy(withMessages('instructorTemplates', () => import('./templates/ProvisionPage')));
const TemplateFormPage = lazy(withMessages('instructorTemplates', () => import('./templates/TemplateFormPage')));
const TemplatePage = lazy(withMessages('instructorTemplates', () => import('./templates/TemplatePage')));
const TemplatesPage = lazy(withMessages('instructorTemplates', () => import('./templates/TemplatesPage')));
const settingsPages = withMessages('settings', () => import('../settings/AreaSettingsPage'));
const AreaSettingsPage = lazyNamed(settingsPages, (m) => m.AreaSettingsPage);
const SecurityPage = lazyNamed(settingsPages, (m) => m.SecurityPage);

/**
 * /instructor/* (spec 3, Instructor), in the instructor's sidebar layout; the onboarding dialog opens
 * over the area while the account is onboarding.
 */
export default function InstructorArea() {
  const t = useT();
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
              element={<AreaSettingsPage role="INSTRUCTOR" links={[{ to: '/instructor/settings/security', label: t('security.title') }]} />}
            />
            <Route path="settings/security" element={<SecurityPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </PageSuspense>
      </InstructorLayout>
    </OnboardingGate>
  );
}
