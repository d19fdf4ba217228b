import LinkIcon from '@mui/icons-material/Link';
import { LtiPlatformCreate } from './LtiPlatformCreate';
import { LtiPlatformEdit } from './LtiPlatformEdit';
import { LtiPlatformList } from './LtiPlatformList';

/** The LTI platforms resource (issue 33): the table with this tool's URLs, a new platform, a platform's page. */
export default { list: LtiPlatformList, create: LtiPlatformCreate, edit: LtiPlatformEdit, icon: LinkIcon };
