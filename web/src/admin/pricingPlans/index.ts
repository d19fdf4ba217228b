import SellIcon from '@mui/icons-material/Sell';
import { PricingPlanCreate } from './PricingPlanCreate';
import { PricingPlanEdit } from './PricingPlanEdit';
import { PricingPlanList } from './PricingPlanList';

/** The pricing plans resource (issue 11): the table, a new plan, and a plan's page to edit it. */
export default { list: PricingPlanList, create: PricingPlanCreate, edit: PricingPlanEdit, icon: SellIcon };
