import { STUDENTS } from '../people/kinds';
import { PersonDetail } from '../people/PersonDetail';
import { PersonList } from '../people/PersonList';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The students resource (react-admin demo style): its list, its detail page (with sub-routes) and its icon. */
const list = () => <PersonList kind={STUDENTS} />;
const edit = () => <PersonDetail kind={STUDENTS} />;
export default { list, edit, icon: RESOURCE_ICONS.students };
