/**
 * Erasure (issue 34, docs/decisions/erasure.md): the viewer's own, or anyone's for an admin
 * (requireSelfOrAdmin). The state is read from the person's erasure stream (a few events at most).
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import type { ErasureState } from '../../domain/erasure/erasure';
import { requireSelfOrAdmin, requireViewer } from '../auth';
import { accountOrThrow, commandMeta } from '../commandSupport';
import type { ApiContext } from '../context';

async function erasureOf(ctx: ApiContext, personId: string) {
  const state: ErasureState = await ctx.runtime.erasure.state(personId);
  const obligations = state.status === 'erased' ? [] : await ctx.runtime.erasure.obligations(personId);
  return {
    status: state.status === 'none' ? ('NONE' as const) : state.status === 'pending' ? ('PENDING' as const) : ('ERASED' as const),
    eraseAfter: state.status === 'pending' ? state.eraseAfter : null,
    erasedAt: state.status === 'erased' ? state.at : null,
    graceDays: ctx.runtime.config.erasureGraceDays,
    obligations: obligations.map((o) =>
      o.kind === 'payroll'
        ? { kind: 'PAYROLL' as const, month: o.month, courseName: null, endDate: null }
        : { kind: 'ENROLLMENT' as const, month: null, courseName: o.courseName, endDate: o.endDate },
    ),
  };
}

function personOf(ctx: ApiContext, personId: string | null | undefined): string {
  const id = personId ?? requireViewer(ctx.viewer).accountId;
  requireSelfOrAdmin(ctx.viewer, id);
  return id;
}

export const erasureResolvers: Resolvers = {
  Query: {
    erasure: async (_p, { personId }, ctx) => erasureOf(ctx, personOf(ctx, personId)),
  },
  Mutation: {
    requestErasure: async (_p, { input }, ctx) => {
      const personId = personOf(ctx, input.personId);
      await accountOrThrow(ctx, personId);
      await ctx.runtime.erasure.request(commandMeta(ctx), { personId });
      return { erasure: await erasureOf(ctx, personId) };
    },
    cancelErasure: async (_p, { input }, ctx) => {
      const personId = personOf(ctx, input.personId);
      await accountOrThrow(ctx, personId);
      await ctx.runtime.erasure.cancel(commandMeta(ctx), { personId });
      return { erasure: await erasureOf(ctx, personId) };
    },
  },
};
