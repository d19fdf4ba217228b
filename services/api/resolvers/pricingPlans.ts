/**
 * Pricing plans in the back-office (issue 11): the table, a plan's page, and creating, editing and
 * making a plan the default. Admins only. The rules are the domain's (services/domain/catalog/pricing.ts).
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { adminPricingPlansSource, findPricingPlan } from '../../../projections/catalog';
import { requireAdmin } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import { ReadBackMessages } from '../apiMessages';
import { adminConnection } from '../adminConnection';
import type { ApiContext } from '../context';

async function payload(ctx: ApiContext, pricingPlanId: string, changed: boolean, appended: Parameters<typeof settled>[1]) {
  await settled(ctx, appended, ['catalog']);
  const plan = await findPricingPlan(ctx.runtime.pool, pricingPlanId);
  return { changed, pricingPlan: readBack(plan, ReadBackMessages.pricingPlanSaved) };
}

/** A plan's terms as the command takes them, from either input. */
const termsOf = (input: {
  name: string;
  kind: string;
  conversationDuration: number;
  priceList: { conversationDuration: number; unitPrice: number }[];
  promotionalPriceList?: { conversationDuration: number; unitPrice: number }[] | null;
}) => ({
  name: input.name,
  kind: input.kind,
  conversationDuration: input.conversationDuration,
  priceList: input.priceList,
  promotionalPriceList: input.promotionalPriceList ?? null,
});

export const pricingPlanResolvers: Resolvers = {
  Query: {
    pricingPlanTable: (_p, args, ctx) => adminConnection(ctx, adminPricingPlansSource, args),
    pricingPlan: async (_p, { pricingPlanId }, ctx) => {
      requireAdmin(ctx.viewer);
      return await findPricingPlan(ctx.runtime.pool, pricingPlanId);
    },
  },
  Mutation: {
    createPricingPlan: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { result, appended } = await ctx.runtime.catalog.createPricingPlan(commandMeta(ctx), {
        ...termsOf(input),
        systemDefault: input.systemDefault ?? false,
      });
      return payload(ctx, result.pricingPlanId, true, appended);
    },
    changePricingPlan: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { result, appended } = await ctx.runtime.catalog.changePricingPlan(commandMeta(ctx), {
        ...termsOf(input),
        pricingPlanId: input.pricingPlanId,
      });
      return payload(ctx, input.pricingPlanId, result.changed, appended);
    },
    makeDefaultPricingPlan: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.catalog.makeDefaultPricingPlan(commandMeta(ctx), input);
      return payload(ctx, input.pricingPlanId, !!appended, appended);
    },
  },
};
