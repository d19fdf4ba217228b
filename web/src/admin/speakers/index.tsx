import { SPEAKERS } from '../people/kinds';
import { PersonDetail } from '../people/PersonDetail';
import { PersonList } from '../people/PersonList';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The speakers resource (react-admin demo style): its list, its detail page (with sub-routes) and its icon. */
const list = () => <PersonList kind={SPEAKERS} />;
const edit = () => <PersonDetail kind={SPEAKERS} />;
export default { list, edit, icon: RESOURCE_ICONS.speakers };
