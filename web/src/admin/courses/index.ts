import { CourseList } from './CourseList';
import { CourseShow } from './CourseShow';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The courses resource: its list, its record page and its icon. */
export default { list: CourseList, edit: CourseShow, icon: RESOURCE_ICONS.courses };
