import { MailTemplateList } from './MailTemplateList';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The mail templates resource (issue 11): a table; a row opens its messages among the notifications. */
export default { list: MailTemplateList, icon: RESOURCE_ICONS.mailTemplates };
