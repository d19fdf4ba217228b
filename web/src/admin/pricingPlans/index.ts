import { PricingPlanCreate } from './PricingPlanCreate';
import { PricingPlanEdit } from './PricingPlanEdit';
import { PricingPlanList } from './PricingPlanList';
import { RESOURCE_ICONS } from '../resourceIcons';

/** The pricing plans resource (issue 11): the table, a new plan, and a plan's page to edit it. */
export default { list: PricingPlanList, create: PricingPlanCreate, edit: PricingPlanEdit, icon: RESOURCE_ICONS.pricingPlans };
