/**
 * Live conversation use cases: open, sync, leave, the timers, and the chat. Each reads the
 * conversation stream, decides with live.ts / chat.ts, and appends; the durable timers are
 * scheduled once the append commits (the stop at `stopsAt`, the unused check at the reserved end).
 */
import { MinuteReasons } from '../../../contracts/afterConversation';
import { creditLedger } from '../billing/handlers';
import { SYSTEM_ACTOR } from '../shared/decider';
import { newId } from '../shared/ids';
import { notFound } from '../shared/errors';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { evolveConversation, type ConversationState } from './conversation';
import { conversationStream, type ConversationEvent } from './events';
import { decideFairTime } from './marking';
import { clockOf, decideLeave, decideOpen, decideSync, decideTimeUp, decideUnused } from './live';
import { decideEndTestCall, decideStartTestCall, testCallsStream, type TestCallStarted } from './testCall';
import { chatStream, decideMarkRead, decideOpenChat, decidePost, evolveChat, initialChat, type ChatEvent, type ChatState } from './chat';
import { ConversationMessages } from './messages';

export interface LiveDeps {
  commands: CommandExecutor;
  /** The video provider of new test calls (VIDEO_PROVIDER). */
  videoProvider: string;
  /** 60 in production; tests shorten a conversation (CONVERSATION_SECONDS_PER_MINUTE). */
  secondsPerMinute: number;
  timers: { schedule(job: { conversationId: string; kind: 'stop' | 'unused' }, at: Date): Promise<void> };
  /** Ends the vendor's room once the conversation stopped (best effort). */
  endRoom(c: ConversationState): Promise<void>;
  /** Queues a step of the vendor's cloud recording of a recorded conversation (Zoom, Twilio). */
  vendorRecording(job: { conversationId: string; provider: 'zoom' | 'twilio'; step: 'start' | 'finish' }): Promise<void>;
  onError?(error: unknown, context: string): void;
}

export async function readConversation(tx: CommandTransaction, conversationId: string): Promise<ConversationState> {
  const events = (await tx.read(conversationStream(conversationId))) as ConversationEvent[];
  const state = events.reduce<ConversationState | null>(evolveConversation, null);
  if (!state) throw notFound(ConversationMessages.notFound);
  return state;
}

async function readChat(tx: CommandTransaction, conversationId: string): Promise<ChatState> {
  return ((await tx.read(chatStream(conversationId))) as ChatEvent[]).reduce(evolveChat, initialChat());
}

export function liveHandlers(deps: LiveDeps) {
  /** Appends `events` to the conversation and schedules what they call for once committed. */
  function record(tx: CommandTransaction, c: ConversationState, events: ConversationEvent[]): ConversationState {
    if (!events.length) return c;
    tx.append(conversationStream(c.conversationId), events);
    const after = events.reduce<ConversationState | null>(evolveConversation, c)!;
    // The local provider records in the speaker's browser; a vendor records in its cloud.
    const vendorRecorded = after.archiveOnStart && after.kind === 'lesson' && (after.provider === 'zoom' || after.provider === 'twilio');
    const recording = (step: 'start' | 'finish') => () =>
      deps
        .vendorRecording({ conversationId: c.conversationId, provider: after.provider as 'zoom' | 'twilio', step })
        .catch((error) => deps.onError?.(error, `queueing the vendor recording's ${step} failed`));
    for (const e of events) {
      if (e.type === 'ConversationOpened')
        tx.afterCommit(() => deps.timers.schedule({ conversationId: c.conversationId, kind: 'unused' }, c.end));
      if (e.type === 'ConversationStarted') {
        tx.afterCommit(() => deps.timers.schedule({ conversationId: c.conversationId, kind: 'stop' }, new Date(e.data.stopsAt)));
        if (vendorRecorded) tx.afterCommit(recording('start'));
      }
      if (e.type === 'ConversationStopped') {
        tx.afterCommit(() => deps.endRoom(after).catch((error) => deps.onError?.(error, 'ending the video room failed')));
        if (vendorRecorded) tx.afterCommit(recording('finish'));
      }
    }
    return after;
  }

  /** Fair time (issue 10): with a stop on the server's clock, the speaker's lost minutes come back. */
  async function creditFairTime(tx: CommandTransaction, c: ConversationState, events: ConversationEvent[]): Promise<ConversationState> {
    const stop = events.find((e) => e.type === 'ConversationStopped' && e.data.reason === 'time_up');
    if (stop?.type !== 'ConversationStopped') return c;
    const fair = decideFairTime(c, new Date(stop.data.at), deps.secondsPerMinute);
    if (!fair.length) return c;
    tx.append(conversationStream(c.conversationId), fair);
    await creditLedger(tx, {
      accountId: c.reservedBy,
      minutes: fair[0].data.minutes,
      action: 'fair_time',
      reason: MinuteReasons.fairTime(fair[0].data.minutes),
    });
    return fair.reduce<ConversationState | null>(evolveConversation, c)!;
  }

  const run = (meta: CommandMeta, conversationId: string, decide: (c: ConversationState, tx: CommandTransaction) => ConversationEvent[]) =>
    deps.commands.execute(meta, async (tx) => {
      const c = await readConversation(tx, conversationId);
      const events = decide(c, tx);
      return creditFairTime(tx, record(tx, c, events), events);
    });

  return {
    secondsPerMinute: deps.secondsPerMinute,

    /** The host opens the room (from 5 minutes before the start). */
    open: (meta: CommandMeta, input: { conversationId: string; accountId: string }) =>
      run(meta, input.conversationId, (c, tx) => decideOpen(c, input.accountId, tx.now)),

    /** A participant's sync: connection, start, the backstop stop; answers the server's clock. */
    async sync(meta: CommandMeta, input: { conversationId: string; accountId: string }) {
      const outcome = await run(meta, input.conversationId, (c, tx) => decideSync(c, input.accountId, tx.now, deps.secondsPerMinute));
      return { ...outcome, clock: clockOf(outcome.result, new Date(), deps.secondsPerMinute) };
    },

    /** The participant left the room ('left'), or stopped syncing ('lost', by the sweeper). */
    leave: (meta: CommandMeta, input: { conversationId: string; accountId: string; reason: 'left' | 'lost' }) =>
      run(meta, input.conversationId, (c, tx) => decideLeave(c, input.accountId, tx.now, input.reason)),

    /** A timer job: stop when the time is up, or as unused at the end; idempotent. */
    async timer(job: { conversationId: string; kind: 'stop' | 'unused' }) {
      const { result } = await run({ actor: SYSTEM_ACTOR }, job.conversationId, (c, tx) =>
        job.kind === 'stop' ? decideTimeUp(c, tx.now) : decideUnused(c, tx.now),
      );
      // pg-boss may run a job a moment early: try again at the exact time.
      if (job.kind === 'stop' && result.status === 'started' && result.stopsAt) {
        await deps.timers.schedule(job, result.stopsAt);
      }
      return result;
    },

    /**
     * Staff start a test call with a user (opened at once: the unused timer is scheduled as for any
     * opened conversation). Answers the user's live one instead when there is one.
     */
    async startTestCall(meta: CommandMeta, input: { userId: string; userExists: boolean }) {
      return deps.commands.execute(meta, async (tx) => {
        const last = (await tx.readLast(testCallsStream(input.userId))) as TestCallStarted | null;
        const latest = last ? await readConversation(tx, last.data.conversationId) : null;
        const conversationId = newId();
        const decided = decideStartTestCall(
          latest,
          { conversationId, userId: input.userId, userExists: input.userExists, provider: deps.videoProvider },
          { actor: tx.actor, now: tx.now },
        );
        if (!decided.calls.length) return { conversationId: latest!.conversationId, created: false };
        tx.append(conversationStream(conversationId), decided.conversation, 'no_stream');
        tx.append(testCallsStream(input.userId), decided.calls);
        const [reserved] = decided.conversation;
        const end = new Date(reserved.type === 'ConversationReserved' ? reserved.data.reservedEnd : decided.calls[0].data.at);
        // Opened: never started by its end, it stops as unused (as record() schedules for an opening).
        tx.afterCommit(() => deps.timers.schedule({ conversationId, kind: 'unused' }, end));
        return { conversationId, created: true };
      });
    },

    /** Staff end a test call before its time. */
    endTestCall: (meta: CommandMeta, input: { conversationId: string }) =>
      run(meta, input.conversationId, (c, tx) => decideEndTestCall(c, { actor: tx.actor, now: tx.now })),

    async openChat(meta: CommandMeta, input: { conversationId: string; accountId: string }) {
      return deps.commands.execute(meta, async (tx) => {
        const [c, chat] = await Promise.all([readConversation(tx, input.conversationId), readChat(tx, input.conversationId)]);
        const events = decideOpenChat(chat, c, input.accountId, tx.now, newId());
        if (events.length) tx.append(chatStream(c.conversationId), events);
        return { opened: true };
      });
    },

    async postMessage(meta: CommandMeta, input: { conversationId: string; ownerId: string; body: string }) {
      return deps.commands.execute(meta, async (tx) => {
        const [c, chat] = await Promise.all([readConversation(tx, input.conversationId), readChat(tx, input.conversationId)]);
        const events = decidePost(chat, c, { ownerId: input.ownerId, body: input.body, messageId: newId(), chatId: newId() }, tx.now);
        tx.append(chatStream(c.conversationId), events);
        return events.reduce(evolveChat, chat).messages.at(-1)!;
      });
    },

    /** A participant was shown the chat through message `throughIndex`: their read marker moves there. */
    async markRead(meta: CommandMeta, input: { conversationId: string; readerId: string; throughIndex: number }) {
      return deps.commands.execute(meta, async (tx) => {
        const [c, chat] = await Promise.all([readConversation(tx, input.conversationId), readChat(tx, input.conversationId)]);
        const events = decideMarkRead(chat, c, input, tx.now);
        if (events.length) tx.append(chatStream(c.conversationId), events);
        return { moved: events.length > 0 };
      });
    },
  };
}

export type LiveHandlers = ReturnType<typeof liveHandlers>;
