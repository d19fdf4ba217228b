/** Redemption sets and codes (admin): create a set, read it with its codes, list and read codes. */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findAccount } from '../../../projections/accounts';
import { codesOfSet, findRedemptionCode, findRedemptionSet, toCode, type RedemptionCodeRow } from '../../../projections/codes';
import { displayCodeValue } from '../../domain/billing/codes';
import { DomainError, badInput } from '../../domain/shared/errors';
import { RedemptionSetMessages, redemptionSetShape } from '../../../contracts/validation/enrollment';
import { requireAdmin } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import { adminConnection } from '../adminConnection';
import type { ConnectionSource } from '../../../projections/connectionSource';
import type { ApiContext } from '../context';
import { ApiMessages, ReadBackMessages } from '../apiMessages';

/** The admin list of codes (spec 3: /admin/redemption_codes), through the shared connection mechanism. */
export const redemptionCodesSource: ConnectionSource<RedemptionCodeRow> = {
  from: 'rm_codes.redemption_codes',
  fields: {
    // The value as shown (without its version prefix), which is what an admin types.
    value: { column: 'code', type: 'text' },
    valueVersion: { column: 'value_version', type: 'text', sortable: false },
    createdAt: { column: 'created_at', type: 'timestamptz' },
    minuteQuantity: { column: 'minute_quantity', type: 'int' },
    redeemedOn: { column: 'redeemed_on', type: 'timestamptz', nullable: true },
    redeemedBy_id: { column: 'redeemed_by', type: 'text', nullable: true, sortable: false },
    redemptionSet_id: { column: 'redemption_set_id', type: 'text', sortable: false },
  },
  defaultSort: [{ field: 'createdAt', direction: 'DESC' }],
  toNode: toCode,
};

async function userRef(ctx: ApiContext, accountId: string | null) {
  if (!accountId) return null;
  const account = await findAccount(ctx.runtime.pool, accountId);
  return { id: accountId, emailAddress: account?.emailAddress ?? null, displayName: null };
}

export const codesResolvers: Resolvers = {
  Query: {
    redemptionSet: async (_p, { redemptionSetId }, ctx) => {
      requireAdmin(ctx.viewer);
      return await findRedemptionSet(ctx.runtime.pool, redemptionSetId);
    },
    redemptionCode: async (_p, { redemptionCodeId }, ctx) => {
      requireAdmin(ctx.viewer);
      return await findRedemptionCode(ctx.runtime.pool, redemptionCodeId);
    },
    redemptionCodes: (_p, args, ctx) => {
      // A value is searched as shown (without its version prefix) and with or without its space.
      const filter = (args.filter ?? []).map((f) =>
        f.field === 'value' && f.value ? { ...f, value: f.value.replace(/\s+/g, '').toUpperCase() } : f,
      );
      return adminConnection(ctx, redemptionCodesSource, { ...args, filter });
    },
  },
  RedemptionCode: {
    value: (c) => displayCodeValue(c.value),
    redeemedBy: (c, _args, ctx) => userRef(ctx, c.redeemedBy),
    redemptionSet: async (c, _args, ctx) => {
      const set = await findRedemptionSet(ctx.runtime.pool, c.redemptionSetId);
      if (!set) throw new DomainError('NOT_FOUND', ApiMessages.redemptionSetNotFound);
      return set;
    },
  },
  RedemptionSet: {
    createdBy: (s, _args, ctx) => userRef(ctx, s.createdBy),
    codes: (s, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return codesOfSet(ctx.runtime.pool, s.id);
    },
  },
  Mutation: {
    createRedemptionSet: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      let { duration = null, quantity = null } = input;
      if (input.minuteQuantity != null) {
        const shape = redemptionSetShape({ minuteQuantity: input.minuteQuantity, duration });
        if (!shape || (quantity != null && quantity !== shape.quantity)) {
          throw badInput(RedemptionSetMessages.minutesNotWhole, { minuteQuantity: RedemptionSetMessages.minutesNotWhole });
        }
        ({ duration, quantity } = shape);
      }
      const { result, appended } = await ctx.runtime.codes.createRedemptionSet(commandMeta(ctx), {
        name: input.name,
        fillLimit: input.fillLimit,
        duration,
        quantity,
      });
      await settled(ctx, appended, ['codes']);
      const set = await findRedemptionSet(ctx.runtime.pool, result.redemptionSetId);
      return { created: true, set: readBack(set, ReadBackMessages.setMade) };
    },
  },
};
