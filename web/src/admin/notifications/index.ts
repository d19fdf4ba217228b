import MailIcon from '@mui/icons-material/Mail';
import { NotificationList } from './NotificationList';
import { NotificationShow } from './NotificationShow';

/** The notifications resource (react-admin demo style): its list, its record page and its icon. */
export default { list: NotificationList, edit: NotificationShow, icon: MailIcon };
