import type { Resolvers } from '../../../contracts/generated/resolvers';
import { remainingMinutes } from '../../../projections/minutes';
import type { ApiContext } from '../context';
import { requireAdmin, requireSelfOrAdmin } from '../auth';
import { accountOrThrow, commandMeta, settled } from '../commandSupport';

export const minutesResolvers: Resolvers = {
  Mutation: {
    changeMinutes: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.billing.changeMinutes(commandMeta(ctx), {
        accountId: input.accountId,
        minutes: input.minutes,
        reason: input.reason ?? null,
      });
      await settled(ctx, appended, ['minutes', 'directory', 'history']);
      return { changed: true, account: await accountOrThrow(ctx, input.accountId) };
    },
  },
  Subscription: {
    remainingMinutesChanged: {
      subscribe: (_p, { accountId }, ctx) => {
        requireSelfOrAdmin(ctx.viewer, accountId);
        return ctx.runtime.changes.subscribeFromNow('remainingMinutesChanged', accountId);
      },
      resolve: async (_payload: unknown, { accountId }: { accountId: string }, ctx: ApiContext) => ({
        accountId,
        remainingMinutes: await remainingMinutes(ctx.runtime.pool, accountId),
      }),
    },
  },
};
