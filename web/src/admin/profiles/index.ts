import BadgeIcon from '@mui/icons-material/Badge';
import { ProfileList } from './ProfileList';

/** The profiles resource (issue 11): a table; a row opens the person's page. */
export default { list: ProfileList, icon: BadgeIcon };
