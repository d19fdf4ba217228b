/**
 * Pricing plans (stream pricing-plans): standard, reserved and institutional plans with a price per
 * conversation duration (minor units) and an optional promotional list; exactly one plan is the
 * system default once any plan exists. A course's price agreement is taken from a plan when the
 * course is made, so later plan changes never reprice a course students are paying for.
 */
import { CURRENCY, type PriceAgreementKind } from '../../../contracts/enrollment';
import { pricingPlanFieldErrors } from '../../../contracts/validation/pricing';
import { assertNoFieldErrors, badInput, notFound } from '../shared/errors';
import type { PriceAgreement, PriceListEntry, PricingEvent, PricingPlanCreated } from './events';
import { CatalogMessages } from './messages';

export type PricingPlan = PricingPlanCreated['data'];

export interface PricingState {
  plans: PricingPlan[];
  defaultId: string | null;
}
export const initialPricing = (): PricingState => ({ plans: [], defaultId: null });

export function evolvePricing(state: PricingState, event: PricingEvent): PricingState {
  switch (event.type) {
    case 'PricingPlanCreated': {
      const defaultId = event.data.systemDefault ? event.data.pricingPlanId : state.defaultId;
      return { plans: [...state.plans, event.data], defaultId };
    }
    case 'PricingPlanChanged': {
      const changed = event.data;
      return {
        ...state,
        plans: state.plans.map((p) => (p.pricingPlanId === changed.pricingPlanId ? { ...changed, systemDefault: p.systemDefault } : p)),
      };
    }
    case 'SystemDefaultPricingPlanChanged':
      return { ...state, defaultId: event.data.pricingPlanId };
    default:
      return state;
  }
}

export const planById = (state: PricingState, id: string | null | undefined) => state.plans.find((p) => p.pricingPlanId === id) ?? null;
export const defaultPlan = (state: PricingState) => planById(state, state.defaultId);

type PlanTerms = {
  pricingPlanId: string;
  name: string;
  kind: string;
  conversationDuration: number;
  priceList: PriceListEntry[];
  promotionalPriceList?: PriceListEntry[] | null;
};

/** A plan's terms checked and tidied, with a message per field that is wrong. */
function validTerms(cmd: PlanTerms): Omit<PricingPlan, 'systemDefault'> {
  assertNoFieldErrors(pricingPlanFieldErrors(cmd));
  const name = cmd.name.trim();
  const inOrder = (list: PriceListEntry[]) =>
    [...list]
      .sort((a, b) => a.conversationDuration - b.conversationDuration)
      .map(({ conversationDuration, unitPrice }) => ({ conversationDuration, unitPrice }));
  const promotional = cmd.promotionalPriceList?.length ? inOrder(cmd.promotionalPriceList) : null;
  return {
    pricingPlanId: cmd.pricingPlanId,
    name,
    kind: cmd.kind as PriceAgreementKind,
    conversationDuration: cmd.conversationDuration,
    priceList: inOrder(cmd.priceList),
    promotionalPriceList: promotional,
  };
}

const pricesText = (list: PriceListEntry[] | null) =>
  (list ?? [])
    .map((e) => `${e.conversationDuration}:${e.unitPrice}`)
    .sort()
    .join(',');
const sameTerms = (a: Omit<PricingPlan, 'systemDefault'>, b: Omit<PricingPlan, 'systemDefault'>) =>
  a.name === b.name &&
  a.kind === b.kind &&
  a.conversationDuration === b.conversationDuration &&
  pricesText(a.priceList) === pricesText(b.priceList) &&
  pricesText(a.promotionalPriceList) === pricesText(b.promotionalPriceList);

export function decideCreatePricingPlan(state: PricingState, cmd: PlanTerms & { systemDefault?: boolean }): PricingEvent[] {
  const terms = validTerms(cmd);
  if (planById(state, cmd.pricingPlanId)) throw badInput(CatalogMessages.pricingPlanExists);
  // The first plan becomes the default: there is always one once any plan exists.
  return [{ type: 'PricingPlanCreated', data: { ...terms, systemDefault: !!cmd.systemDefault || state.plans.length === 0 } }];
}

/**
 * An admin edits a plan's terms. Courses already made keep the price agreement they were made
 * with (it is copied into the course), so an edit prices only courses made from now on. Saving the
 * same terms again changes nothing.
 */
export function decideChangePricingPlan(state: PricingState, cmd: PlanTerms): PricingEvent[] {
  const current = planById(state, cmd.pricingPlanId);
  if (!current) throw notFound(CatalogMessages.pricingPlanNotFound);
  const terms = validTerms(cmd);
  if (sameTerms(current, terms)) return [];
  return [{ type: 'PricingPlanChanged', data: terms }];
}

export function decideMakeDefault(state: PricingState, cmd: { pricingPlanId: string }): PricingEvent[] {
  if (!planById(state, cmd.pricingPlanId)) throw notFound(CatalogMessages.pricingPlanNotFound);
  if (state.defaultId === cmd.pricingPlanId) return [];
  return [{ type: 'SystemDefaultPricingPlanChanged', data: { pricingPlanId: cmd.pricingPlanId } }];
}

/**
 * The agreement a new course gets from a plan: the promotional price for its duration when the
 * plan has one, else the list price; institutional plans and plans without a price for the
 * duration give no unit price ('Contact Sales'; institutional courses are paid by the school).
 */
export function priceAgreementFor(plan: PricingPlan | null, durationRequirement: number, agreementId: string): PriceAgreement {
  if (!plan) return { id: agreementId, kind: 'standard', pricingPlanId: null, unitPrice: null, currency: CURRENCY };
  const find = (list: PriceListEntry[] | null) => list?.find((e) => e.conversationDuration === durationRequirement)?.unitPrice;
  const unitPrice = plan.kind === 'institutional' ? null : (find(plan.promotionalPriceList) ?? find(plan.priceList) ?? null);
  return { id: agreementId, kind: plan.kind, pricingPlanId: plan.pricingPlanId, unitPrice, currency: CURRENCY };
}

/**
 * A course's agreement for a new conversation length (changeCourse, while no student has joined):
 * the same kind and plan, the unit price for the new length from the plan's current lists
 * (promotional first), or none ('Contact Sales') when the plan is gone or has no price for it.
 */
export function repricedAgreement(
  agreement: PriceAgreement,
  plan: PricingPlan | null,
  durationRequirement: number,
  agreementId: string,
): PriceAgreement {
  const find = (list: PriceListEntry[] | null) => list?.find((e) => e.conversationDuration === durationRequirement)?.unitPrice;
  const unitPrice = !plan || agreement.kind === 'institutional' ? null : (find(plan.promotionalPriceList) ?? find(plan.priceList) ?? null);
  return { ...agreement, id: agreementId, unitPrice };
}
