import { withMessages } from '../i18n/withMessages';
import { once } from '../lib/lazyNow';

/**
 * The instructor's pages that a first load asks for with the area, a chunk each with its own part
 * of the catalogs (issue 31's budget, i18n/catalogParts.ts): the courses (the landing page) come
 * with the area and do not bring a course's page, nor its words.
 */
export const INSTRUCTOR_PAGES = {
  course: once(withMessages('instructorCourse', () => import('./courses/CoursePage'))),
};

/** Which of them shows at /instructor/<segments>, if one does. */
export function instructorPage([section, page, more]: string[]): keyof typeof INSTRUCTOR_PAGES | undefined {
  if (section !== 'courses' || page === undefined || ['grid', 'table', 'new'].includes(page)) return undefined;
  return more === undefined ? 'course' : undefined;
}
