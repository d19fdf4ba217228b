/** A course's facts in words, shared by the courses', lessons' and groups' pages. */
import type { Translate } from '../../i18n/useT';

/** A course's dates as the server keeps them (YYYY-MM-DD), in a sentence of the page's language. */
export const datesOf = (course: { startDate: string; endDate: string | null }, t: Translate) =>
  course.endDate
    ? t('admin.course.range', { start: course.startDate, end: course.endDate })
    : t('admin.course.from', { start: course.startDate });

/** A course's kinds, as the courses' and the lessons' filters offer them. */
export const courseKindChoices = (t: Translate) => [
  { id: 'regular', name: t('admin.courses.kindCourse') },
  { id: 'adventure', name: t('admin.courses.kindAdventure') },
];
