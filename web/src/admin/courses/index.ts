import ClassIcon from '@mui/icons-material/Class';
import { CourseList } from './CourseList';
import { CourseShow } from './CourseShow';

/** The courses resource: its list, its record page and its icon. */
export default { list: CourseList, edit: CourseShow, icon: ClassIcon };
