import DraftsIcon from '@mui/icons-material/Drafts';
import { MailTemplateList } from './MailTemplateList';

/** The mail templates resource (issue 11): a table; a row opens its messages among the notifications. */
export default { list: MailTemplateList, icon: DraftsIcon };
