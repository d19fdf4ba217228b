/**
 * The conversation's life after it is reserved, decided on its own stream's state (evolveConversation
 * in ./conversation.ts). Every decision is pure: state and command in, events out, or a DomainError.
 * Where each rule lives, all tested given/when/then in ./conversation.decider.test.ts:
 * - reserve: ../scheduling/reservation.decider.ts (it reads other streams than this one);
 * - cancel (the 12-hour rule), tardy cancel, transfer, change lesson: here, on the time policies of
 *   ./conversation.ts (the API shows the same policies on read-model rows);
 * - open, start, stop (time up or unused), connections: ./live.ts;
 * - mark and what it pays back, fair time, ratings: ./marking.ts.
 * The handlers (../scheduling/handlers.ts, ./liveHandlers.ts, ./afterHandlers.ts) read the stream,
 * call these and append what they return, with what the events imply on other streams (the minutes
 * returned, the time released or booked, the lesson attempt).
 */
import { SchedulingMessages } from '../../../contracts/scheduling';
import { badInput, conflict, notFound, unauthorized } from '../shared/errors';
import type { AvailabilityRule, Booking } from '../scheduling/events';
import { speakerIsFree, type SpeakerFacts } from '../scheduling/reservation.decider';
import { cancellationPolicy, canTransfer, tardinessPolicy, type ConversationState, type PolicyViewer } from './conversation';
import type { ConversationCanceled, ConversationCanceledReason, ConversationLessonChanged, ConversationTransferred } from './events';
import { ConversationMessages } from './messages';

/** The conversation, or NOT_FOUND when its stream is empty. */
export function existing(state: ConversationState | null): ConversationState {
  if (!state) throw notFound(ConversationMessages.notFound);
  return state;
}

const subject = (c: ConversationState) => ({ ...c, isCanceled: !!c.canceled });

/** A lesson gives every minute back, whoever cancels; an interview cost nothing. */
function canceled(c: ConversationState, canceledBy: string | null, reason: ConversationCanceledReason): ConversationCanceled {
  return {
    type: 'ConversationCanceled',
    data: { conversationId: c.conversationId, canceledBy, reason, minutesReturned: c.kind === 'lesson' ? c.minutes : 0 },
  };
}

/**
 * The student of a lesson until 12 hours before its start, the speaker until the start, an admin
 * until the end (cancellationPolicy); the reason is the side the viewer cancels as.
 */
export function decideCancel(state: ConversationState | null, cmd: { viewer: PolicyViewer }, now: Date): ConversationCanceled[] {
  const c = existing(state);
  const policy = cancellationPolicy(subject(c), cmd.viewer, now);
  if (!policy.role) throw unauthorized(ConversationMessages.cancelNotAllowed);
  if (!policy.isCancelable) throw conflict(SchedulingMessages.notCancelable);
  return [canceled(c, cmd.viewer.accountId, policy.role)];
}

/** The student (or an admin) cancels with every minute back once the speaker is late (tardinessPolicy). */
export function decideCancelTardy(state: ConversationState | null, cmd: { viewer: PolicyViewer }, now: Date): ConversationCanceled[] {
  const c = existing(state);
  if (cmd.viewer.accountId !== c.reservedBy && !cmd.viewer.isAdmin) throw unauthorized(ConversationMessages.returnNotStudent);
  if (!tardinessPolicy(subject(c), now).isTardy) throw badInput(SchedulingMessages.notTardy);
  return [canceled(c, cmd.viewer.accountId, 'tardy')];
}

/** The speaker taking it over: who they are, and their days and availability around the conversation. */
export interface Transferee {
  speakerId: string;
  facts: SpeakerFacts | null;
  bookings: readonly Booking[];
  availability: readonly AvailabilityRule[];
}

/**
 * The speaker holding a lesson, or an admin, before its start (canTransfer), to another speaker
 * (not the student) who speaks its language and is free then.
 */
export function decideTransfer(
  state: ConversationState | null,
  cmd: { viewer: PolicyViewer; transferee: Transferee },
  now: Date,
): ConversationTransferred[] {
  const c = existing(state);
  if (!canTransfer(subject(c), cmd.viewer, now)) {
    if (!cmd.viewer.isAdmin && cmd.viewer.accountId !== c.reservedWith) throw unauthorized(ConversationMessages.transferNotAllowed);
    throw conflict(SchedulingMessages.notTransferable);
  }
  const { speakerId, facts } = cmd.transferee;
  if (
    speakerId === c.reservedWith ||
    speakerId === c.reservedBy ||
    !facts?.canSpeak ||
    !facts.languages.includes(c.learningLanguage) ||
    !speakerIsFree(cmd.transferee.bookings, cmd.transferee.availability, { start: c.start, end: c.end })
  ) {
    throw badInput(SchedulingMessages.transfereeUnavailable, { transfereeId: SchedulingMessages.transfereeUnavailable });
  }
  return [
    {
      type: 'ConversationTransferred',
      data: {
        conversationId: c.conversationId,
        fromSpeakerId: c.reservedWith,
        toSpeakerId: speakerId,
        transferredBy: cmd.viewer.accountId,
      },
    },
  ];
}

/**
 * The student (or an admin) changes the lesson of a course conversation before it starts, to a
 * lesson of its course the student has neither attempted nor completed. The same lesson again
 * changes nothing.
 */
export function decideChangeLesson(
  state: ConversationState | null,
  cmd: {
    viewer: PolicyViewer;
    lessonId: string;
    /** The lessons of the conversation's course now. */
    courseLessonIds: readonly string[];
    /** Lessons the student has an open attempt at or completed. */
    takenLessonIds: readonly string[];
  },
  now: Date,
): ConversationLessonChanged[] {
  const c = existing(state);
  if (cmd.viewer.accountId !== c.reservedBy && !cmd.viewer.isAdmin) throw unauthorized(ConversationMessages.topicNotStudent);
  if (c.canceled || c.status !== 'reserved' || now.getTime() >= c.start.getTime()) throw conflict(SchedulingMessages.topicLocked);
  if (!c.courseId) throw badInput(SchedulingMessages.lessonNotYours, { lessonId: SchedulingMessages.lessonNotYours });
  if (c.lessonId === cmd.lessonId) return [];
  if (!cmd.courseLessonIds.includes(cmd.lessonId))
    throw badInput(SchedulingMessages.lessonNotYours, { lessonId: SchedulingMessages.lessonNotYours });
  if (cmd.takenLessonIds.includes(cmd.lessonId))
    throw badInput(SchedulingMessages.lessonTaken, { lessonId: SchedulingMessages.lessonTaken });
  return [
    {
      type: 'ConversationLessonChanged',
      data: { conversationId: c.conversationId, courseId: c.courseId, fromLessonId: c.lessonId, toLessonId: cmd.lessonId },
    },
  ];
}
