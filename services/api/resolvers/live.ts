/**
 * The live room over GraphQL (issue 9): opening, the server's clock, participants and their
 * access tokens, presence, chat and the local provider's signalling. Who may do what:
 * - the two participants (the student and the speaker; staff and the candidate in an interview)
 *   join, sync, leave, chat and signal; only their own access token is ever returned;
 * - the host (the speaker; staff in an interview) opens the room;
 * - instructors of the course and admins see the conversation and its chat read-only.
 */
import type { Resolvers, ResolversTypes } from '../../../contracts/generated/resolvers';
import { LiveMessages, SYNC_POLLING_DELAY_MS } from '../../../contracts/live';
import { findConversation, participantEvents, pastConversationsOf, type ConversationRow } from '../../../projections/conversations';
import { findPerson } from '../../../projections/directory';
import { unreadMessagesCounts } from '../../../projections/chats';
import {
  chatablePolicy,
  chatStream,
  evolveChat,
  initialChat,
  isChatClosed,
  type ChatEvent,
  type ChatMessage,
} from '../../domain/conversations/chat';
import { displayStatus } from '../../domain/conversations/conversation';
import { clockOf, hostOf, isParticipant } from '../../domain/conversations/live';
import { LiveRefusals } from '../../domain/shared/contractRefusals';
import { DomainError, badInput, notFound, unauthorized } from '../../domain/shared/errors';
import { ErrorCode } from '../../../contracts/errors';
import { verifyLocalVideoToken, type VideoProviderName } from '../../integrations/video';
import { enteredRoom, isPresent, latestSignalId, leftRoom, publishChange, putSignal, signalPresence, signalsAfter } from '../../live/store';
import { LIMITS } from '../../security/rateLimit';
import { isAdmin, requireViewer, type Viewer } from '../auth';
import { answeredBeforeSettled } from '../readAfter';
import { commandMeta, readBack, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import { onNotices } from '../changes';
import { visibleConversation } from './scheduling';
import { markConversation } from './afterConversation';
import { AfterMessages } from '../../../contracts/afterConversation';
import { ApiMessages, ReadBackMessages } from '../apiMessages';

/** Keyed by the reader's account: their unread count of some conversation's chat changed. */
const UNREAD_TOPIC = 'unreadMessages';
const SIGNAL_KINDS = new Set(['offer', 'answer', 'candidate', 'bye', 'mute', 'hello']);
const ROOM_PREFIX = 'tertulia-';

const isLiveRow = (c: ConversationRow) => !c.isCanceled && (c.status === 'opened' || c.status === 'started');
const otherOf = (c: ConversationRow, accountId: string) => (accountId === c.reservedBy ? c.reservedWith : c.reservedBy);

/** The conversation, when the viewer is one of its two participants; the spec's refusal otherwise. */
async function ownConversation(ctx: ApiContext, conversationId: string): Promise<{ viewer: Viewer; c: ConversationRow }> {
  const viewer = requireViewer(ctx.viewer);
  const c = await findConversation(ctx.runtime.pool, conversationId);
  if (!c || !isParticipant(c, viewer.accountId)) throw new DomainError(ErrorCode.UNAUTHORIZED, LiveRefusals.noAccess(conversationId));
  return { viewer, c };
}

async function seenConversation(ctx: ApiContext, conversationId: string): Promise<ConversationRow> {
  requireViewer(ctx.viewer);
  const c = await visibleConversation(ctx, conversationId);
  if (!c) throw notFound(ApiMessages.conversationNotFound);
  return c;
}

async function readChat(ctx: ApiContext, conversationId: string) {
  return ((await ctx.runtime.store.readStream(chatStream(conversationId))) as unknown as ChatEvent[]).reduce(evolveChat, initialChat());
}

const messageNode = (m: ChatMessage) => ({ id: m.id, body: m.body, createdAt: m.createdAt, index: m.index, ownerId: m.ownerId });

/** Seconds connected, from the connection history (an open connection counts up to `until`). */
function connectedSeconds(events: { kind: string; at: Date }[], until: Date): number {
  let total = 0;
  let since: Date | null = null;
  for (const e of events) {
    if (e.kind === 'connected') since ??= e.at;
    else if (since) {
      total += e.at.getTime() - since.getTime();
      since = null;
    }
  }
  if (since) total += Math.max(0, until.getTime() - since.getTime());
  return Math.round(total / 1000);
}

async function issueVideoAccess(ctx: ApiContext, c: ConversationRow, viewer: Viewer) {
  if (!isLiveRow(c)) throw new DomainError(ErrorCode.CONFLICT, LiveRefusals.noAccess(c.id));
  const provider = ctx.runtime.video.videoProviderFor(c.provider as VideoProviderName);
  const person = await findPerson(ctx.runtime.pool, viewer.accountId);
  const role = hostOf(c) === viewer.accountId ? 'host' : 'guest';
  const expiresAt = new Date(Math.max(Date.now(), (c.stopsOn ?? c.end).getTime()) + 3600_000);
  const access = await provider.issueAccess({
    conversationId: c.id,
    participant: { accountId: viewer.accountId, displayName: person?.displayName || person?.givenName || 'Participant', role },
    expiresAt,
  });
  return { ...access, role };
}

/** The unread counts asked in one pass of a request (a planner's 200 rows), gathered into one query. */
const unreadBatches = new WeakMap<ApiContext, { ids: Set<string>; counts: Promise<Map<string, number>> }>();

function unreadCountOf(ctx: ApiContext, readerId: string, conversationId: string): Promise<number> {
  let batch = unreadBatches.get(ctx);
  if (!batch) {
    const ids = new Set<string>();
    const counts = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      unreadBatches.delete(ctx);
      return unreadMessagesCounts(ctx.runtime.pool, readerId, [...ids]);
    });
    batch = { ids, counts };
    unreadBatches.set(ctx, batch);
  }
  batch.ids.add(conversationId);
  return batch.counts.then((counts) => counts.get(conversationId) ?? 0);
}

export const liveResolvers: Resolvers = {
  Query: {
    broadcastPresence: async (_p, { conversationId }, ctx) => {
      const { viewer, c } = await ownConversation(ctx, conversationId);
      const { arrived } = await signalPresence(ctx.runtime.pool, c.id, viewer.accountId);
      if (arrived) await publishChange(ctx.runtime.pool, 'lobbyPresence', c.id);
      const other = otherOf(c, viewer.accountId);
      return { broadcasted: true, present: await isPresent(ctx.runtime.pool, c.id, other), userId: other };
    },
  },

  Mutation: {
    moderateConversation: async (_p, { input }, ctx) => {
      if (input.markAs)
        return { opened: null, marked: true, conversation: await markConversation(ctx, input.conversationId, input.markAs) };
      if (!input.open) throw badInput(AfterMessages.markingRequired, { markAs: AfterMessages.markingRequired });
      const viewer = requireViewer(ctx.viewer);
      const c = await seenConversation(ctx, input.conversationId);
      const { appended } = await ctx.runtime.live.open(commandMeta(ctx), { conversationId: c.id, accountId: viewer.accountId });
      await settled(ctx, appended, ['conversations']);
      const opened = readBack(await findConversation(ctx.runtime.pool, c.id), ReadBackMessages.conversationOpened);
      return { opened: true, marked: null, conversation: opened };
    },

    syncParticipant: async (_p, { input }, ctx) => {
      const { viewer, c } = await ownConversation(ctx, input.conversationId);
      // Speaking time rides on the clock call (issue 35): a refused report fails the call, clearly.
      if (input.speakingMs != null)
        await ctx.runtime.speakingTime.report(commandMeta(ctx), {
          conversationId: c.id,
          participantId: viewer.accountId,
          speakingMs: input.speakingMs,
        });
      const live = isLiveRow(c);
      const { arrived, wasInRoom } = await signalPresence(ctx.runtime.pool, c.id, viewer.accountId, { synced: live });
      if (arrived) await publishChange(ctx.runtime.pool, 'lobbyPresence', c.id);
      const spm = ctx.runtime.live.secondsPerMinute;
      const now = Date.now();
      // The common case, every 5 s from every room: connected already, running, time not up. Nothing
      // to decide, so no command: the clock comes from the read model.
      if (live && wasInRoom && c.status === 'started' && c.stopsOn && now < c.stopsOn.getTime()) {
        const totalTicks = c.duration * spm;
        return {
          synced: true,
          pollingDelayMs: SYNC_POLLING_DELAY_MS,
          totalTicks,
          remainingTicks: Math.min(totalTicks, Math.ceil((c.stopsOn.getTime() - now) / 1000)),
          status: 'started',
        };
      }
      const { result, appended, clock } = await ctx.runtime.live.sync(commandMeta(ctx), {
        conversationId: c.id,
        accountId: viewer.accountId,
      });
      if (result.participants[viewer.accountId]?.connected) await enteredRoom(ctx.runtime.pool, c.id, viewer.accountId);
      // The answer is the command's own (its clock and status): it does not wait for the read model;
      // the caller's next request does (./readAfter.ts). A room's joins come all at once.
      answeredBeforeSettled(ctx, appended, ['conversations']);
      return { synced: true, pollingDelayMs: SYNC_POLLING_DELAY_MS, ...clock, status: result.status };
    },

    leaveConversation: async (_p, { input }, ctx) => {
      const { viewer, c } = await ownConversation(ctx, input.conversationId);
      await leftRoom(ctx.runtime.pool, c.id, viewer.accountId);
      const { result, appended } = await ctx.runtime.live.leave(commandMeta(ctx), {
        conversationId: c.id,
        accountId: viewer.accountId,
        reason: 'left',
      });
      await settled(ctx, appended, ['conversations']);
      return {
        synced: true,
        pollingDelayMs: SYNC_POLLING_DELAY_MS,
        ...clockOf(result, new Date(), ctx.runtime.live.secondsPerMinute),
        status: result.status,
      };
    },

    moderateConversationChat: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const c = await seenConversation(ctx, input.conversationId);
      if (!input.open) return { opened: false };
      if (!isParticipant(c, viewer.accountId) && !isAdmin(viewer)) throw unauthorized(LiveRefusals.noAccess(c.id));
      await ctx.runtime.live.openChat(commandMeta(ctx), { conversationId: c.id, accountId: viewer.accountId });
      await publishChange(ctx.runtime.pool, 'conversationChanged', c.id);
      return { opened: true };
    },

    postChatMessage: async (_p, { input }, ctx) => {
      const { viewer, c } = await ownConversation(ctx, input.conversationId);
      await ctx.runtime.rateLimiter.hit([LIMITS.chatMessagesPerAccount(viewer.accountId)]);
      const { result, appended } = await ctx.runtime.live.postMessage(commandMeta(ctx), {
        conversationId: c.id,
        ownerId: viewer.accountId,
        body: input.body,
      });
      await publishChange(ctx.runtime.pool, 'chatMessage', c.id);
      await settled(ctx, appended, ['chats']);
      await publishChange(ctx.runtime.pool, UNREAD_TOPIC, otherOf(c, viewer.accountId));
      return { posted: true, message: messageNode(result) };
    },

    markChatRead: async (_p, { input }, ctx) => {
      const { viewer, c } = await ownConversation(ctx, input.conversationId);
      const { result, appended } = await ctx.runtime.live.markRead(commandMeta(ctx), {
        conversationId: c.id,
        readerId: viewer.accountId,
        throughIndex: input.throughIndex,
      });
      if (result.moved) {
        await settled(ctx, appended, ['chats']);
        // The reader's other windows (the planner) follow.
        await publishChange(ctx.runtime.pool, UNREAD_TOPIC, viewer.accountId);
      }
      return { moved: result.moved, conversation: c };
    },

    sendVideoSignal: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const claims = await verifyLocalVideoToken(ctx.runtime.config.authSecret, input.accessToken);
      if (!claims || claims.accountId !== viewer.accountId || !claims.roomName.startsWith(ROOM_PREFIX))
        throw unauthorized(ApiMessages.videoTokenInvalid);
      if (!SIGNAL_KINDS.has(input.kind)) throw badInput(ApiMessages.signalKindUnknown(input.kind.slice(0, 16)));
      const { c } = await ownConversation(ctx, claims.roomName.slice(ROOM_PREFIX.length));
      if (!isLiveRow(c)) throw new DomainError(ErrorCode.CONFLICT, LiveMessages.notLive);
      await putSignal(ctx.runtime.pool, {
        room: claims.roomName,
        to: otherOf(c, viewer.accountId),
        from: viewer.accountId,
        kind: input.kind,
        payload: input.payload,
      });
      return { sent: true };
    },
  },

  Subscription: {
    lobbyPresence: {
      subscribe: async (_p, { conversationId }, ctx) => {
        const viewer = requireViewer(ctx.viewer);
        const c = await seenConversation(ctx, conversationId);
        // Participants watch the other one; staff watch the speaker.
        const watched = isParticipant(c, viewer.accountId) ? otherOf(c, viewer.accountId) : c.reservedWith;
        return onNotices(ctx.runtime.changes.subscribeFromNow('lobbyPresence', c.id), async () => [
          { present: await isPresent(ctx.runtime.pool, c.id, watched), userId: watched },
        ]);
      },
      resolve: (change: ResolversTypes['PresenceChange']) => change,
    },
    conversationChatMessage: {
      subscribe: async (_p, { conversationId }, ctx) => {
        const c = await seenConversation(ctx, conversationId);
        let seen = (await readChat(ctx, c.id)).messages.length;
        return onNotices(ctx.runtime.changes.subscribeFromNow('chatMessage', c.id), async () => {
          const fresh = (await readChat(ctx, c.id)).messages.slice(seen);
          seen += fresh.length;
          return fresh.map(messageNode);
        });
      },
      resolve: (message: ResolversTypes['ChatMessage']) => message,
    },
    unreadMessagesChanged: {
      subscribe: (_p, _a, ctx) => ctx.runtime.changes.subscribeFromNow(UNREAD_TOPIC, requireViewer(ctx.viewer).accountId),
      resolve: () => true,
    },
    videoSignals: {
      subscribe: async (_p, { accessToken }, ctx) => {
        const viewer = requireViewer(ctx.viewer);
        const claims = await verifyLocalVideoToken(ctx.runtime.config.authSecret, accessToken);
        if (!claims || claims.accountId !== viewer.accountId) throw unauthorized(ApiMessages.videoTokenInvalid);
        let cursor: string | null = await latestSignalId(ctx.runtime.pool);
        return onNotices(ctx.runtime.changes.subscribeFromNow('videoSignal', `${claims.roomName}:${viewer.accountId}`), async () => {
          const signals = await signalsAfter(ctx.runtime.pool, claims.roomName, viewer.accountId, cursor);
          if (signals.length) cursor = signals[signals.length - 1].id;
          return signals;
        });
      },
      resolve: (signal: ResolversTypes['VideoSignal']) => signal,
    },
  },

  Conversation: {
    participants: async (c, _a, ctx) => {
      const events = await participantEvents(ctx.runtime.pool, c.id);
      return [c.reservedBy, c.reservedWith].map((id) => ({
        id,
        conversation: c,
        events: events.filter((e) => e.accountId === id),
      }));
    },
    chatablePolicy: (c) =>
      chatablePolicy(
        { status: displayStatus(c, new Date()), canceled: c.isCanceled ? { by: null, reason: '' } : null, start: c.start },
        new Date(),
      ),
    conversationChat: async (c, _a, ctx) => {
      const chat = await readChat(ctx, c.id);
      if (!chat.chatId) return null;
      const closed = isChatClosed({
        status: displayStatus(c, new Date()),
        canceled: c.isCanceled ? { by: null, reason: '' } : null,
      });
      return { id: chat.chatId, state: closed ? 'closed' : 'open', messages: chat.messages.map(messageNode) };
    },
    unreadMessagesCount: (c, _a, ctx) =>
      ctx.viewer && isParticipant(c, ctx.viewer.accountId) ? unreadCountOf(ctx, ctx.viewer.accountId, c.id) : 0,
    pastConversations: (c, _a, ctx) => pastConversationsOf(ctx.runtime.pool, c),
    pastConversationsCount: async (c, _a, ctx) => (await pastConversationsOf(ctx.runtime.pool, c)).length,
  },

  ChatMessage: {
    owner: (m, _a, ctx) => findPerson(ctx.runtime.pool, m.ownerId),
  },

  Participant: {
    identity: (p) => p.id,
    accessToken: async (p, _a, ctx) => {
      const viewer = ctx.viewer;
      if (!viewer || viewer.accountId !== p.id || !isLiveRow(p.conversation)) return null;
      return (await issueVideoAccess(ctx, p.conversation, viewer)).accessToken;
    },
    connectedFor: (p) => connectedSeconds(p.events, p.conversation.stoppedOn ?? new Date()),
    isConnected: (p) => p.events.at(-1)?.kind === 'connected',
    participantEvents: (p) =>
      p.events.map((e) => ({ id: `${p.conversation.id}:${p.id}:${e.sequence}`, kind: e.kind, sequence: e.sequence, timestamp: e.at })),
    user: (p, _a, ctx) => findPerson(ctx.runtime.pool, p.id),
  },

  User: {
    participants: async (u, { conversationId }, ctx) => {
      const { viewer, c } = await ownConversation(ctx, conversationId);
      if (u.id !== viewer.accountId) throw new DomainError(ErrorCode.UNAUTHORIZED, LiveRefusals.noAccess(conversationId));
      const events = await participantEvents(ctx.runtime.pool, c.id);
      return [{ id: viewer.accountId, conversation: c, events: events.filter((e) => e.accountId === viewer.accountId) }];
    },
    videoJoin: async (u, { conversationId }, ctx) => {
      const { viewer, c } = await ownConversation(ctx, conversationId);
      if (u.id !== viewer.accountId) throw new DomainError(ErrorCode.UNAUTHORIZED, LiveRefusals.noAccess(conversationId));
      const access = await issueVideoAccess(ctx, c, viewer);
      return {
        provider: access.provider,
        roomName: access.roomName,
        identity: access.identity,
        accessToken: access.accessToken,
        iceServers: access.provider === 'local' ? ctx.runtime.config.webrtcIceServers : null,
        role: access.role,
      };
    },
  },
};
