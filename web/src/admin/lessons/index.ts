import { LessonList } from './LessonList';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The lessons resource (issue 11): a table only; a lesson opens on its course's page. */
export default { list: LessonList, icon: RESOURCE_ICONS.lessons };
