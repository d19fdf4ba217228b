/**
 * Events of the conversations context. Streams:
 * - conversation-<id>: one conversation's life (reserved or scheduled as an interview, canceled,
 *   transferred, topic changed; opened, participants connected and disconnected, started, stopped).
 * - chat-<conversationId>: its chat (chat.ts).
 * - test-calls-<accountId>: the test calls staff started with a person (testCall.ts), one live at a time.
 * Scheduling's own streams (availability and day schedules) are in ../scheduling/events.ts.
 */
import type { DomainEvent } from '../shared/decider';

export const conversationStream = (conversationId: string) => `conversation-${conversationId}`;

/** A test call (issue 28): staff and any user check equipment and connection; no minutes, no pay, no lesson. */
export type ConversationKind = 'lesson' | 'interview' | 'test_call';

/**
 * A conversation is on the calendar. For a lesson the student (`reservedBy`) reserved it with a
 * speaker (`reservedWith`) and paid `minutes` from their ledger in the same append; an interview is
 * scheduled by staff (`reservedBy` is the staff member) with a speaker candidate and costs nothing.
 */
export type ConversationReserved = DomainEvent<
  'ConversationReserved',
  {
    conversationId: string;
    kind: ConversationKind;
    /** Video provider chosen by configuration when reserved: local, zoom or twilio. */
    provider: string;
    reservedBy: string;
    reservedWith: string;
    /** ISO instants. */
    reservedStart: string;
    reservedEnd: string;
    duration: number;
    learningLanguage: string;
    courseId: string | null;
    lessonId: string | null;
    /** Minutes debited from the student's ledger (0 for interviews). */
    minutes: number;
    /**
     * Record it (issue 10): true for a course lesson (its instructor reviews it), false otherwise.
     * Absent on reservations made before recordings existed: read as false.
     */
    archiveOnStart?: boolean;
  }
>;

/**
 * student | speaker | admin | tardy (the student, because the speaker was late) | withdrawn (the
 * instructor withdrew or transferred the student from the course: issue 11).
 */
export type ConversationCanceledReason = 'student' | 'speaker' | 'admin' | 'tardy' | 'withdrawn';
export type ConversationCanceled = DomainEvent<
  'ConversationCanceled',
  {
    conversationId: string;
    canceledBy: string | null;
    reason: ConversationCanceledReason;
    /** Minutes returned to the student's ledger in the same append. */
    minutesReturned: number;
  }
>;

export type ConversationTransferred = DomainEvent<
  'ConversationTransferred',
  {
    conversationId: string;
    fromSpeakerId: string;
    toSpeakerId: string;
    transferredBy: string | null;
  }
>;

export type ConversationLessonChanged = DomainEvent<
  'ConversationLessonChanged',
  {
    conversationId: string;
    courseId: string;
    fromLessonId: string | null;
    toLessonId: string;
  }
>;

/** The speaker (staff in an interview) opened the room, from 5 minutes before the start. */
export type ConversationOpened = DomainEvent<'ConversationOpened', { conversationId: string; openedBy: string; at: string }>;

/** A participant's browser joined the room (its first sync) or left it (leave, or no sync for a while). */
export type ParticipantConnected = DomainEvent<
  'ParticipantConnected',
  { conversationId: string; accountId: string; sequence: number; at: string }
>;
export type ParticipantDisconnected = DomainEvent<
  'ParticipantDisconnected',
  {
    conversationId: string;
    accountId: string;
    sequence: number;
    at: string;
    /** left (the leave button, the window closed) or lost (no sync for DISCONNECTED_AFTER_MS) */
    reason: 'left' | 'lost';
  }
>;

/** Both participants were connected: the clock runs until `stopsAt` (kept by a durable timer). */
export type ConversationStarted = DomainEvent<'ConversationStarted', { conversationId: string; at: string; stopsAt: string }>;

/**
 * time_up: the server's clock ran out; unused: it never started (nobody, or one side only, joined);
 * ended: staff ended a test call.
 */
export type ConversationStopped = DomainEvent<
  'ConversationStopped',
  { conversationId: string; at: string; reason: 'time_up' | 'unused' | 'ended' }
>;

export type LiveConversationEvent =
  | ConversationOpened
  | ParticipantConnected
  | ParticipantDisconnected
  | ConversationStarted
  | ConversationStopped;

/**
 * The speaker or an admin marked how it went (issue 10). What it paid back is carried on the event
 * and appended with it to the student's ledger: `refundedMinutes` (the conversation's minutes) and
 * `bonusMinutes`, each at most once per conversation however often it is marked.
 */
export type ConversationMarked = DomainEvent<
  'ConversationMarked',
  {
    conversationId: string;
    markedAs: 'completed' | 'missed' | 'reserved_by_user_issue' | 'reserved_with_user_issue';
    previous: string | null;
    markedBy: string | null;
    refundedMinutes: number;
    bonusMinutes: number;
    /** The promotion offered on the student's enrollment with it, if any. */
    promotion: string | null;
  }
>;

/** Minutes credited back without anyone asking: the speaker's connection dropped (fair time). */
export type FairTimeCredited = DomainEvent<
  'FairTimeCredited',
  { conversationId: string; studentId: string; minutes: number; lostSeconds: number }
>;

/** A participant's rating of a conversation after it ended, once each. */
export type ConversationRated = DomainEvent<
  'ConversationRated',
  {
    conversationId: string;
    ratedBy: string;
    role: 'student' | 'speaker';
    rating: number;
    comment: string | null;
  }
>;

/** Make-up minutes bought for this conversation (the purchase itself is on makeup-<id>). */
export type MakeUpPurchasedFor = DomainEvent<
  'MakeUpPurchasedFor',
  { conversationId: string; paymentId: string; minuteQuantity: number; amount: number }
>;

export type AfterConversationEvent = ConversationMarked | FairTimeCredited | ConversationRated | MakeUpPurchasedFor;

export type ConversationEvent =
  | ConversationReserved
  | ConversationCanceled
  | ConversationTransferred
  | ConversationLessonChanged
  | LiveConversationEvent
  | AfterConversationEvent;
