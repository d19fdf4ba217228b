/**
 * Who looked at my data (issue 34, docs/decisions/privacy-audit.md): the person reads their own
 * audit, an admin anyone's (requireSelfOrAdmin). `recordPersonalDataViews` is what the resolvers
 * that show an admin a person's personal data call before answering.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { personalDataViewsOf } from '../../../projections/dataaccess';
import type { ViewedPerson } from '../../domain/dataAccess/handlers';
import { isAdmin, requireSelfOrAdmin, requireViewer } from '../auth';
import { commandMeta } from '../commandSupport';
import { connection } from '../connections';
import type { ApiContext } from '../context';

/**
 * Records what an admin is about to be shown of other people (nothing for anyone else, or for the
 * admin's own data), before it is shown: a failure to record fails the answer.
 */
export async function recordPersonalDataViews(ctx: ApiContext, views: readonly ViewedPerson[]): Promise<void> {
  if (!isAdmin(ctx.viewer) || !views.length) return;
  await ctx.runtime.dataAccess.record(commandMeta(ctx), views);
}

export const dataAccessResolvers: Resolvers = {
  Query: {
    personalDataAccesses: async (_p, { personId, ...args }, ctx) => {
      const id = personId ?? requireViewer(ctx.viewer).accountId;
      requireSelfOrAdmin(ctx.viewer, id);
      return connection(ctx.runtime.pool, personalDataViewsOf(id), args);
    },
  },
};
