/**
 * A pricing plan's terms and their messages (issue 11), used by the back-office's form and by the
 * server alike. Prices are cents per conversation of 15 or 30 minutes.
 */
import { PRICE_AGREEMENT_KINDS, type PriceAgreementKind } from '../enrollment';

/** Longest plan name. */
export const MAX_PLAN_NAME = 100;
/** Highest price of one conversation, in cents ($10,000): beyond any real plan, within every column. */
export const MAX_UNIT_PRICE = 1_000_000;

export interface PriceListEntry {
  conversationDuration: number;
  unitPrice: number;
}

export interface PricingPlanTerms {
  name: string;
  kind: string;
  conversationDuration: number;
  priceList: readonly PriceListEntry[];
  promotionalPriceList?: readonly PriceListEntry[] | null;
}

export const PricingPlanMessages = {
  nameRequired: 'The plan needs a name.',
  nameTooLong: `A plan name has at most ${MAX_PLAN_NAME} characters.`,
  kind: 'The kind is standard, reserved or institutional.',
  duration: 'The duration is 15 or 30 minutes.',
  priceDuration: 'Prices are for 15 or 30 minute conversations.',
  price: 'A price is a whole number of cents from 0 to 1,000,000.',
  onePricePerDuration: 'One price per conversation duration.',
} as const;

function priceListError(list: readonly PriceListEntry[] | null | undefined): string | null {
  if (!list) return null;
  for (const entry of list) {
    if (entry.conversationDuration !== 15 && entry.conversationDuration !== 30) return PricingPlanMessages.priceDuration;
    if (!Number.isInteger(entry.unitPrice) || entry.unitPrice < 0 || entry.unitPrice > MAX_UNIT_PRICE) return PricingPlanMessages.price;
  }
  if (new Set(list.map((e) => e.conversationDuration)).size !== list.length) return PricingPlanMessages.onePricePerDuration;
  return null;
}

/** A message per field that is wrong; empty when the terms are fine. */
export function pricingPlanFieldErrors(terms: PricingPlanTerms): Record<string, string> {
  const fields: Record<string, string> = {};
  const name = typeof terms.name === 'string' ? terms.name.trim() : '';
  if (!name) fields.name = PricingPlanMessages.nameRequired;
  else if (name.length > MAX_PLAN_NAME) fields.name = PricingPlanMessages.nameTooLong;
  if (!PRICE_AGREEMENT_KINDS.includes(terms.kind as PriceAgreementKind)) fields.kind = PricingPlanMessages.kind;
  if (terms.conversationDuration !== 15 && terms.conversationDuration !== 30) fields.conversationDuration = PricingPlanMessages.duration;
  const list = priceListError(terms.priceList);
  if (list) fields.priceList = list;
  const promotional = priceListError(terms.promotionalPriceList);
  if (promotional) fields.promotionalPriceList = promotional;
  return fields;
}
