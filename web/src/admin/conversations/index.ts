import ForumIcon from '@mui/icons-material/Forum';
import { ConversationList } from './ConversationList';
import { ConversationShow } from './ConversationShow';

/** The conversations resource (spec 2, admin conversations): its list, its read-only record page and its icon. */
export default { list: ConversationList, edit: ConversationShow, icon: ForumIcon };
