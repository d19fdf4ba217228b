import { withMessages } from '../i18n/withMessages';

/**
 * The instructor's landing pages, a chunk each with their own part of the catalogs (issue 31's
 * budget, i18n/catalogParts.ts): the courses do not bring a course's page, nor its words.
 */
export const INSTRUCTOR_PAGES = {
  courses: withMessages('instructorCourses', () => import('./courses/CoursesGridPage')),
  course: withMessages('instructorCourse', () => import('./courses/CoursePage')),
};

/** Which of them shows at /instructor/<segments>, if one does. */
export function instructorPage([section, page, more]: string[]): keyof typeof INSTRUCTOR_PAGES | undefined {
  if (section === undefined) return 'courses';
  if (section !== 'courses') return undefined;
  if (page === undefined || page === 'grid' || page === 'table') return 'courses';
  return page !== 'new' && more === undefined ? 'course' : undefined;
}
