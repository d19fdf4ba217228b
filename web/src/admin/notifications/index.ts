import { NotificationList } from './NotificationList';
import { NotificationShow } from './NotificationShow';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The notifications resource (react-admin demo style): its list, its record page and its icon. */
export default { list: NotificationList, edit: NotificationShow, icon: RESOURCE_ICONS.notifications };
