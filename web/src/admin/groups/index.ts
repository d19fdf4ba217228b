import { GroupList } from './GroupList';
import { GroupShow } from './GroupShow';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The groups resource (issue 11): schools instructors name; the table and a group's page. */
export default { list: GroupList, edit: GroupShow, icon: RESOURCE_ICONS.groups };
