import { ProfileList } from './ProfileList';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The profiles resource (issue 11): a table; a row opens the person's page. */
export default { list: ProfileList, icon: RESOURCE_ICONS.profiles };
