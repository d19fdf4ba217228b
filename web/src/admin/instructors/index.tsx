import { INSTRUCTORS } from '../people/kinds';
import { PersonDetail } from '../people/PersonDetail';
import { PersonList } from '../people/PersonList';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The instructors resource (react-admin demo style): its list, its detail page (with sub-routes) and its icon. */
const list = () => <PersonList kind={INSTRUCTORS} />;
const edit = () => <PersonDetail kind={INSTRUCTORS} />;
export default { list, edit, icon: RESOURCE_ICONS.instructors };
