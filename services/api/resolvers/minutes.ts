import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findAccount } from '../../../projections/accounts';
import { remainingMinutes } from '../../../projections/minutes';
import { notFound } from '../../domain/shared/errors';
import type { ApiContext } from '../context';
import { actorOf, requireAdmin, requireSelfOrAdmin } from '../auth';

export const minutesResolvers: Resolvers = {
  Mutation: {
    changeMinutes: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.billing.changeMinutes(
        { actor: actorOf(ctx.viewer), correlationId: ctx.requestId },
        { accountId: input.accountId, minutes: input.minutes, reason: input.reason ?? null },
      );
      await ctx.runtime.runner.waitFor(appended?.checkpoint, ['minutes', 'directory', 'history']);
      const account = await findAccount(ctx.runtime.pool, input.accountId);
      if (!account) throw notFound('The account was not found.');
      return { changed: true, account: account as any };
    },
  },
  Subscription: {
    remainingMinutesChanged: {
      subscribe: (_p, { accountId }, ctx) => {
        requireSelfOrAdmin(ctx.viewer, accountId);
        return ctx.runtime.changes.subscribe('remainingMinutesChanged', accountId) as any;
      },
      resolve: async (_payload: unknown, { accountId }: { accountId: string }, ctx: ApiContext) => ({
        accountId,
        remainingMinutes: await remainingMinutes(ctx.runtime.pool, accountId),
      }),
    },
  },
};
