import TopicIcon from '@mui/icons-material/Topic';
import { LessonList } from './LessonList';

/** The lessons resource (issue 11): a table only; a lesson opens on its course's page. */
export default { list: LessonList, icon: TopicIcon };
