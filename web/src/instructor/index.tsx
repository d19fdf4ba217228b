import { Navigate, Route, Routes } from 'react-router-dom';
import { OnboardingGate } from '../onboarding/OnboardingGate';
import { AreaSettingsPage, SecurityPage } from '../settings/AreaSettingsPage';
import { NotFoundPage } from '../shell/pages';
import ConversationPage from './conversations/ConversationPage';
import CoursePage from './courses/CoursePage';
import DeleteCoursePage from './courses/DeleteCoursePage';
import EditCoursePage from './courses/EditCoursePage';
import CoursesGridPage from './courses/CoursesGridPage';
import NewCoursePage from './courses/NewCoursePage';
import GalleryPage from './gallery/GalleryPage';
import { InstructorLayout } from './layout/InstructorLayout';
import ProvisionPage from './templates/ProvisionPage';
import TemplateFormPage from './templates/TemplateFormPage';
import TemplatePage from './templates/TemplatePage';
import TemplatesPage from './templates/TemplatesPage';

/**
 * /instructor/* (spec 3, Instructor), in the instructor's sidebar layout; the onboarding dialog opens
 * over the area while the account is onboarding.
 */
export default function InstructorArea() {
  return (
    <OnboardingGate role="INSTRUCTOR">
      <InstructorLayout>
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
          <Route
            path="settings"
            element={<AreaSettingsPage role="INSTRUCTOR" links={[{ to: '/instructor/settings/security', label: 'Security' }]} />}
          />
          <Route path="settings/security" element={<SecurityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </InstructorLayout>
    </OnboardingGate>
  );
}
