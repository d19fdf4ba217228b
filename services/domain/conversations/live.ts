/**
 * The live conversation's deciders: who may open it and when, what a participant's sync or leave
 * records, when it starts (both connected) and when it stops (the server's clock, or never used).
 * Pure: the handlers (liveHandlers.ts) read the stream, call these, and append what they return.
 *
 * The clock: a conversation runs its full duration from the moment both participants are
 * connected, but never past the reserved end plus the speaker's buffer (the next conversation
 * may start then). `secondsPerMinute` is 60 in production; tests shorten it (CONVERSATION_SECONDS_PER_MINUTE).
 */
import { BUFFER_MINUTES } from '../../../contracts/scheduling';
import { LiveMessages } from '../../../contracts/live';
import { LiveRefusals } from '../shared/contractRefusals';
import { DomainError, unauthorized } from '../shared/errors';
import { ErrorCode } from '../../../contracts/errors';
import { openablePolicy, type ConversationState } from './conversation';
import type { LiveConversationEvent } from './events';

const MINUTE = 60_000;

/** The two people in the room: the student and the speaker (staff and the candidate in an interview, staff and the user in a test call). */
export const isParticipant = (c: Pick<ConversationState, 'reservedBy' | 'reservedWith'>, accountId: string) =>
  accountId === c.reservedBy || accountId === c.reservedWith;

/** The host of the room: the speaker in a lesson, the staff member in an interview or a test call. */
export const hostOf = (c: Pick<ConversationState, 'kind' | 'reservedBy' | 'reservedWith'>) =>
  c.kind === 'lesson' ? c.reservedWith : c.reservedBy;

const onlyHostOpens = {
  lesson: LiveMessages.onlySpeakerOpens,
  interview: LiveMessages.onlyInterviewerOpens,
  test_call: LiveMessages.onlyStaffOpensTestCall,
};

export const isLive = (c: Pick<ConversationState, 'status' | 'canceled'>) =>
  !c.canceled && (c.status === 'opened' || c.status === 'started');

const policySubject = (c: ConversationState) => ({ ...c, isCanceled: !!c.canceled });

/** The host opens the room from 5 minutes before the start until the end; opening twice is a no-op. */
export function decideOpen(c: ConversationState, accountId: string, now: Date): LiveConversationEvent[] {
  if (accountId !== hostOf(c)) throw unauthorized(onlyHostOpens[c.kind]);
  if (isLive(c)) return [];
  if (!openablePolicy(policySubject(c), now).isOpenable) throw new DomainError(ErrorCode.CONFLICT, LiveMessages.notOpenable);
  return [{ type: 'ConversationOpened', data: { conversationId: c.conversationId, openedBy: accountId, at: now.toISOString() } }];
}

/** When a conversation started at `startedAt` stops by the server's clock. */
export function stopsAtFor(c: Pick<ConversationState, 'duration' | 'end'>, startedAt: Date, secondsPerMinute: number): Date {
  const full = startedAt.getTime() + c.duration * secondsPerMinute * 1000;
  return new Date(Math.min(full, c.end.getTime() + BUFFER_MINUTES * MINUTE));
}

/** Stops a started conversation whose time is up; nothing otherwise. */
export function decideTimeUp(c: ConversationState, now: Date): LiveConversationEvent[] {
  if (c.canceled || c.status !== 'started' || !c.stopsAt || now.getTime() < c.stopsAt.getTime()) return [];
  return [{ type: 'ConversationStopped', data: { conversationId: c.conversationId, at: now.toISOString(), reason: 'time_up' } }];
}

/** Stops as unused a conversation that never started by its reserved end. */
export function decideUnused(c: ConversationState, now: Date): LiveConversationEvent[] {
  if (c.canceled || (c.status !== 'reserved' && c.status !== 'opened') || now.getTime() < c.end.getTime()) return [];
  return [{ type: 'ConversationStopped', data: { conversationId: c.conversationId, at: now.toISOString(), reason: 'unused' } }];
}

/**
 * A participant's browser synced from the room: records the connection if it is new, starts the
 * conversation once both are connected, and stops it when its time is up (the timer's backstop).
 */
export function decideSync(c: ConversationState, accountId: string, now: Date, secondsPerMinute: number): LiveConversationEvent[] {
  if (!isParticipant(c, accountId)) throw unauthorized(LiveRefusals.noAccess(c.conversationId));
  const stop = decideTimeUp(c, now);
  if (stop.length) return stop;
  if (!isLive(c)) return [];
  const events: LiveConversationEvent[] = [];
  const mine = c.participants[accountId];
  if (!mine?.connected) {
    events.push({
      type: 'ParticipantConnected',
      data: { conversationId: c.conversationId, accountId, sequence: (mine?.sequence ?? 0) + 1, at: now.toISOString() },
    });
  }
  const other = accountId === c.reservedBy ? c.reservedWith : c.reservedBy;
  if (c.status === 'opened' && c.participants[other]?.connected) {
    events.push({
      type: 'ConversationStarted',
      data: { conversationId: c.conversationId, at: now.toISOString(), stopsAt: stopsAtFor(c, now, secondsPerMinute).toISOString() },
    });
  }
  return events;
}

/** The participant left (or was lost): recorded once per connection. */
export function decideLeave(c: ConversationState, accountId: string, now: Date, reason: 'left' | 'lost'): LiveConversationEvent[] {
  const mine = c.participants[accountId];
  if (!mine?.connected) return [];
  return [
    {
      type: 'ParticipantDisconnected',
      data: { conversationId: c.conversationId, accountId, sequence: mine.sequence + 1, at: now.toISOString(), reason },
    },
  ];
}

/** The server's clock as the browser sees it. */
export function clockOf(c: ConversationState, now: Date, secondsPerMinute: number) {
  const totalTicks = c.duration * secondsPerMinute;
  if (c.status === 'stopped' || c.status === 'unused' || c.canceled) return { totalTicks, remainingTicks: 0 };
  if (c.status !== 'started' || !c.stopsAt) return { totalTicks, remainingTicks: totalTicks };
  return { totalTicks, remainingTicks: Math.max(0, Math.ceil((c.stopsAt.getTime() - now.getTime()) / 1000)) };
}
