/**
 * Live support over GraphQL (issue 9): a signed-in visitor reads and writes their own thread;
 * admins read the inbox and any thread and answer. The visitor counts as away when their Help box
 * has not been seen for a presence window (live.presence, key support:<visitorId>): an answer then
 * goes by mail as well.
 */
import type { Resolvers, ResolversTypes } from '../../../contracts/generated/resolvers';
import { findAccount, findAccountsByIds } from '../../../projections/accounts';
import { supportInbox } from '../../../projections/support';
import {
  evolveSupportThread,
  initialSupportThread,
  supportStream,
  type SupportEvent,
  type SupportMessage,
} from '../../domain/support/support';
import { isPresent, publishChange, signalPresence } from '../../live/store';
import { LIMITS } from '../../security/rateLimit';
import { requireAdmin, requireViewer } from '../auth';
import { commandMeta, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import { onNotices } from '../changes';

const presenceKey = (visitorId: string) => `support:${visitorId}`;

async function readThread(ctx: ApiContext, visitorId: string) {
  const events = (await ctx.runtime.store.readStream(supportStream(visitorId))) as unknown as SupportEvent[];
  return events.reduce(evolveSupportThread, initialSupportThread());
}

const messageNode = (m: SupportMessage) => ({ id: m.id, index: m.index, body: m.body, createdAt: m.createdAt, fromStaff: m.fromStaff });

async function threadNode(ctx: ApiContext, visitorId: string) {
  const { messages } = await readThread(ctx, visitorId);
  const last = messages.at(-1);
  return {
    id: visitorId,
    visitor: await findAccount(ctx.runtime.pool, visitorId),
    messages: messages.map(messageNode),
    unanswered: !!last && !last.fromStaff,
    lastMessageAt: last?.createdAt ?? null,
  };
}

export const supportResolvers: Resolvers = {
  Query: {
    supportThread: async (_p, _a, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      // The Help box asks while it is open: that is the visitor being here.
      await signalPresence(ctx.runtime.pool, presenceKey(viewer.accountId), viewer.accountId);
      return await threadNode(ctx, viewer.accountId);
    },
    supportInbox: async (_p, { first }, ctx) => {
      requireAdmin(ctx.viewer);
      const rows = await supportInbox(ctx.runtime.pool, first ?? 50);
      // Every visitor in one query, not one per thread.
      const visitors = new Map(
        (
          await findAccountsByIds(
            ctx.runtime.pool,
            rows.map((r) => r.visitorId),
          )
        ).map((a) => [a.id, a]),
      );
      return rows.map((r) => ({ id: r.visitorId, ...r, visitor: visitors.get(r.visitorId) ?? null }));
    },
    supportThreadOf: async (_p, { visitorId }, ctx) => {
      requireAdmin(ctx.viewer);
      return await threadNode(ctx, visitorId);
    },
  },
  Mutation: {
    postSupportMessage: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      await ctx.runtime.rateLimiter.hit([LIMITS.chatMessagesPerAccount(viewer.accountId)]);
      await signalPresence(ctx.runtime.pool, presenceKey(viewer.accountId), viewer.accountId);
      const { result, appended } = await ctx.runtime.support.post(commandMeta(ctx), {
        visitorId: viewer.accountId,
        body: input.body,
        fromStaff: false,
      });
      await publishChange(ctx.runtime.pool, 'supportMessage', viewer.accountId);
      await settled(ctx, appended, ['support']);
      return {
        message: { id: result.messageId, index: result.index, body: result.body, createdAt: new Date(result.at), fromStaff: false },
      };
    },
    answerSupportThread: async (_p, { input }, ctx) => {
      const admin = requireAdmin(ctx.viewer);
      await ctx.runtime.rateLimiter.hit([LIMITS.chatMessagesPerAccount(admin.accountId)]);
      const away = !(await isPresent(ctx.runtime.pool, presenceKey(input.visitorId), input.visitorId));
      const mailTo = away ? ((await findAccount(ctx.runtime.pool, input.visitorId))?.emailAddress ?? null) : null;
      const { result, appended } = await ctx.runtime.support.post(commandMeta(ctx), {
        visitorId: input.visitorId,
        body: input.body,
        fromStaff: true,
        mailTo,
      });
      await publishChange(ctx.runtime.pool, 'supportMessage', input.visitorId);
      await settled(ctx, appended, ['support']);
      return {
        message: { id: result.messageId, index: result.index, body: result.body, createdAt: new Date(result.at), fromStaff: true },
        mailed: !!mailTo,
      };
    },
  },
  Subscription: {
    supportMessage: {
      subscribe: async (_p, { visitorId }, ctx) => {
        const viewer = requireViewer(ctx.viewer);
        const threadOf = visitorId ?? viewer.accountId;
        if (threadOf !== viewer.accountId) requireAdmin(viewer);
        let seen = (await readThread(ctx, threadOf)).messages.length;
        return onNotices(ctx.runtime.changes.subscribeFromNow('supportMessage', threadOf), async () => {
          const fresh = (await readThread(ctx, threadOf)).messages.slice(seen);
          seen += fresh.length;
          return fresh.map(messageNode);
        });
      },
      resolve: (message: ResolversTypes['SupportMessage']) => message,
    },
  },
};
