import { ConversationList } from './ConversationList';
import { ConversationShow } from './ConversationShow';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The conversations resource (spec 2, admin conversations): its list, its read-only record page and its icon. */
export default { list: ConversationList, edit: ConversationShow, icon: RESOURCE_ICONS.conversations };
