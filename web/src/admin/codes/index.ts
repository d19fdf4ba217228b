import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { RedemptionCodeList } from './RedemptionCodeList';
import { RedemptionCodeShow } from './RedemptionCodeShow';

/** The redemption codes resource (react-admin demo style); sets live at /admin/redemption_sets (custom routes). */
export default { list: RedemptionCodeList, edit: RedemptionCodeShow, icon: ConfirmationNumberIcon };
export { RedemptionSetCreate } from './RedemptionSetCreate';
export { RedemptionSetShow } from './RedemptionSetShow';
