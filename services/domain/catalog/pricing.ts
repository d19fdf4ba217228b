/**
 * Pricing plans (stream pricing-plans): standard, reserved and institutional plans with a price per
 * conversation duration (minor units) and an optional promotional list; exactly one plan is the
 * system default once any plan exists. A course's price agreement is taken from a plan when the
 * course is made, so later plan changes never reprice a course students are paying for.
 */
import { CURRENCY, PRICE_AGREEMENT_KINDS, type PriceAgreementKind } from '../../../contracts/enrollment';
import { assertNoFieldErrors, badInput, notFound } from '../shared/errors';
import type { PriceAgreement, PriceListEntry, PricingEvent, PricingPlanCreated } from './events';

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
    case 'SystemDefaultPricingPlanChanged':
      return { ...state, defaultId: event.data.pricingPlanId };
    default:
      return state;
  }
}

export const planById = (state: PricingState, id: string | null | undefined) => state.plans.find((p) => p.pricingPlanId === id) ?? null;
export const defaultPlan = (state: PricingState) => planById(state, state.defaultId);

function priceListErrors(list: PriceListEntry[] | null, field: string, fields: Record<string, string>) {
  if (!list) return;
  for (const entry of list) {
    if (entry.conversationDuration !== 15 && entry.conversationDuration !== 30) fields[field] = 'Prices are for 15 or 30 minute conversations.';
    if (!Number.isInteger(entry.unitPrice) || entry.unitPrice < 0) fields[field] = 'A price is a whole, non-negative number of cents.';
  }
  if (new Set(list.map((e) => e.conversationDuration)).size !== list.length) fields[field] = 'One price per conversation duration.';
}

export function decideCreatePricingPlan(
  state: PricingState,
  cmd: { pricingPlanId: string; name: string; kind: string; conversationDuration: number; priceList: PriceListEntry[]; promotionalPriceList?: PriceListEntry[] | null; systemDefault?: boolean },
): PricingEvent[] {
  const fields: Record<string, string> = {};
  if (!cmd.name?.trim()) fields.name = 'The plan needs a name.';
  if (!PRICE_AGREEMENT_KINDS.includes(cmd.kind as PriceAgreementKind)) fields.kind = 'The kind is standard, reserved or institutional.';
  if (cmd.conversationDuration !== 15 && cmd.conversationDuration !== 30) fields.conversationDuration = 'The duration is 15 or 30 minutes.';
  priceListErrors(cmd.priceList, 'priceList', fields);
  priceListErrors(cmd.promotionalPriceList ?? null, 'promotionalPriceList', fields);
  assertNoFieldErrors(fields);
  if (planById(state, cmd.pricingPlanId)) throw badInput('The pricing plan already exists.');
  return [{
    type: 'PricingPlanCreated',
    data: {
      pricingPlanId: cmd.pricingPlanId,
      name: cmd.name.trim(),
      kind: cmd.kind as PriceAgreementKind,
      conversationDuration: cmd.conversationDuration,
      priceList: cmd.priceList,
      promotionalPriceList: cmd.promotionalPriceList ?? null,
      // The first plan becomes the default: there is always one once any plan exists.
      systemDefault: !!cmd.systemDefault || state.plans.length === 0,
    },
  }];
}

export function decideMakeDefault(state: PricingState, cmd: { pricingPlanId: string }): PricingEvent[] {
  if (!planById(state, cmd.pricingPlanId)) throw notFound('The pricing plan was not found.');
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
