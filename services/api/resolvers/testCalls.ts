/**
 * Test calls over GraphQL (issue 28): staff (admins) start one with any person and may end it; the
 * person finds it as `me.testCall` and is told live (`testCallChanged`), then joins the room as
 * any conversation's guest (live.ts). No minutes, no payroll: see services/domain/conversations/testCall.ts.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { LiveMessages } from '../../../contracts/live';
import { findAccount } from '../../../projections/accounts';
import { findConversation, joinableTestCallOf } from '../../../projections/conversations';
import { notFound, unauthorized } from '../../domain/shared/errors';
import { publishChange } from '../../live/store';
import { isAdmin, requireViewer } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import { ApiMessages, ReadBackMessages } from '../apiMessages';

/** Keyed by the called person's account. */
const TEST_CALL_TOPIC = 'testCall';

function requireStaff(ctx: ApiContext) {
  const viewer = requireViewer(ctx.viewer);
  if (!isAdmin(viewer)) throw unauthorized(LiveMessages.testCallStaffOnly);
  return viewer;
}

async function answer(ctx: ApiContext, conversationId: string, what: 'Started' | 'Ended') {
  return readBack(await findConversation(ctx.runtime.pool, conversationId), ReadBackMessages[`testCall${what}`]);
}

export const testCallResolvers: Resolvers = {
  Mutation: {
    startTestCall: async (_p, { input }, ctx) => {
      requireStaff(ctx);
      const userExists = !!(await findAccount(ctx.runtime.pool, input.userId));
      const { result, appended } = await ctx.runtime.live.startTestCall(commandMeta(ctx), { userId: input.userId, userExists });
      await settled(ctx, appended, ['conversations']);
      if (result.created) await publishChange(ctx.runtime.pool, TEST_CALL_TOPIC, input.userId);
      return { started: result.created, conversation: await answer(ctx, result.conversationId, 'Started') };
    },
    endTestCall: async (_p, { input }, ctx) => {
      requireStaff(ctx);
      const c = await findConversation(ctx.runtime.pool, input.conversationId);
      if (!c) throw notFound(ApiMessages.conversationNotFound);
      const { appended } = await ctx.runtime.live.endTestCall(commandMeta(ctx), { conversationId: c.id });
      await settled(ctx, appended, ['conversations']);
      if (appended) await publishChange(ctx.runtime.pool, TEST_CALL_TOPIC, c.reservedWith);
      return { ended: !!appended, conversation: await answer(ctx, c.id, 'Ended') };
    },
  },
  Subscription: {
    testCallChanged: {
      subscribe: (_p, _a, ctx) => ctx.runtime.changes.subscribeFromNow(TEST_CALL_TOPIC, requireViewer(ctx.viewer).accountId),
      resolve: () => true,
    },
  },
  User: {
    testCall: (u, _a, ctx) => (ctx.viewer?.accountId === u.id ? joinableTestCallOf(ctx.runtime.pool, u.id, new Date()) : null),
  },
};
