/**
 * Test calls (issue 28): staff (admins, who also answer the support chat) start a short call with
 * any user to check equipment and connection. It is a conversation of kind test_call, hosted by
 * the staff member (`reservedBy`) with the user (`reservedWith`): reserved and opened at once,
 * at most TEST_CALL_MINUTES long, costing no minutes and paying nothing (every minutes, payroll,
 * marking and mail rule is for lessons only). A user has one live test call at a time: the stream
 * test-calls-<userId> names the latest, and starting again while it is live answers it.
 */
import { LiveMessages, TEST_CALL_MINUTES } from '../../../contracts/live';
import type { Actor, DomainEvent } from '../shared/decider';
import { badInput, conflict, notFound, unauthorized } from '../shared/errors';
import type { ConversationState } from './conversation';
import type { ConversationEvent } from './events';
import { isLive } from './live';

export const testCallsStream = (userId: string) => `test-calls-${userId}`;

export type TestCallStarted = DomainEvent<'TestCallStarted', { conversationId: string; userId: string; startedBy: string; at: string }>;

const isStaff = (actor: Actor) => actor.roles.includes('ADMIN');

/** The user's latest test call can still be joined: running, or opened and before its end. */
export const isTestCallLive = (c: ConversationState | null, now: Date): c is ConversationState =>
  !!c && isLive(c) && (c.status === 'started' || now.getTime() < c.end.getTime());

/**
 * Starts a test call with `userId`, opened at once (the staff member is the host and is joining
 * now). Nothing when the user's latest test call is still live: the handler answers that one.
 */
export function decideStartTestCall(
  latest: ConversationState | null,
  input: { conversationId: string; userId: string; userExists: boolean; provider: string },
  ctx: { actor: Actor; now: Date },
): { conversation: ConversationEvent[]; calls: TestCallStarted[] } {
  const staffId = ctx.actor.accountId;
  if (!staffId || !isStaff(ctx.actor)) throw unauthorized(LiveMessages.testCallStaffOnly);
  if (input.userId === staffId) throw badInput(LiveMessages.testCallWithSelf, { userId: LiveMessages.testCallWithSelf });
  if (!input.userExists) throw notFound(LiveMessages.testCallUserNotFound);
  if (isTestCallLive(latest, ctx.now)) return { conversation: [], calls: [] };
  const at = ctx.now.toISOString();
  return {
    conversation: [
      {
        type: 'ConversationReserved',
        data: {
          conversationId: input.conversationId,
          kind: 'test_call',
          provider: input.provider,
          reservedBy: staffId,
          reservedWith: input.userId,
          reservedStart: at,
          reservedEnd: new Date(ctx.now.getTime() + TEST_CALL_MINUTES * 60_000).toISOString(),
          duration: TEST_CALL_MINUTES,
          // Every conversation names a language; a test call practises none.
          learningLanguage: 'en',
          courseId: null,
          lessonId: null,
          minutes: 0,
          archiveOnStart: false,
        },
      },
      { type: 'ConversationOpened', data: { conversationId: input.conversationId, openedBy: staffId, at } },
    ],
    calls: [{ type: 'TestCallStarted', data: { conversationId: input.conversationId, userId: input.userId, startedBy: staffId, at } }],
  };
}

/** Staff end a test call before its time; ending one that is over changes nothing. */
export function decideEndTestCall(c: ConversationState, ctx: { actor: Actor; now: Date }): ConversationEvent[] {
  if (!isStaff(ctx.actor)) throw unauthorized(LiveMessages.testCallStaffOnly);
  if (c.kind !== 'test_call') throw conflict(LiveMessages.notATestCall);
  if (c.canceled || c.status === 'stopped' || c.status === 'unused') return [];
  return [{ type: 'ConversationStopped', data: { conversationId: c.conversationId, at: ctx.now.toISOString(), reason: 'ended' } }];
}
