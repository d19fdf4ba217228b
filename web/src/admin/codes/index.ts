import { RedemptionCodeList } from './RedemptionCodeList';
import { RedemptionCodeShow } from './RedemptionCodeShow';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The redemption codes resource (react-admin demo style); sets live at /admin/redemption_sets (custom routes). */
export default { list: RedemptionCodeList, edit: RedemptionCodeShow, icon: RESOURCE_ICONS.codes };
export { RedemptionSetCreate } from './RedemptionSetCreate';
export { RedemptionSetShow } from './RedemptionSetShow';
