import { Navigate, Route, Routes } from 'react-router-dom';
import { SecurityPage, SettingsPlaceholder } from '../components/AreaSettings';
import { ComingLater } from '../components/Page';
import { NotFoundPage } from '../shell/pages';
import CoursePage from './courses/CoursePage';
import CoursesGridPage from './courses/CoursesGridPage';
import NewCoursePage from './courses/NewCoursePage';
import GalleryPage from './gallery/GalleryPage';

/** /instructor/* (spec 3, Instructor). Screens other than security arrive in later releases. */
export default function InstructorArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="courses/grid" replace />} />
      <Route path="courses" element={<Navigate to="grid" replace />} />
      <Route path="courses/grid" element={<CoursesGridPage />} />
      <Route path="courses/new" element={<NewCoursePage />} />
      <Route path="courses/:id" element={<CoursePage />} />
      <Route path="templates" element={<ComingLater title="Templates" />} />
      <Route path="gallery" element={<GalleryPage />} />
      <Route path="settings" element={<SettingsPlaceholder />} />
      <Route path="settings/security" element={<SecurityPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
