/**
 * Events of the conversations context. Streams:
 * - conversation-<id>: one conversation's life (reserved or scheduled as an interview, canceled,
 *   transferred, topic changed; opened, started, stopped and marked arrive with the live issue).
 * Scheduling's own streams (availability and day schedules) are in ../scheduling/events.ts.
 */
import type { DomainEvent } from '../shared/decider';

export const conversationStream = (conversationId: string) => `conversation-${conversationId}`;

export type ConversationKind = 'lesson' | 'interview';

/**
 * A conversation is on the calendar. For a lesson the student (`reservedBy`) reserved it with a
 * speaker (`reservedWith`) and paid `minutes` from their ledger in the same append; an interview is
 * scheduled by staff (`reservedBy` is the staff member) with a speaker candidate and costs nothing.
 */
export type ConversationReserved = DomainEvent<'ConversationReserved', {
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
}>;

export type ConversationCanceled = DomainEvent<'ConversationCanceled', {
  conversationId: string;
  canceledBy: string | null;
  /** student | speaker | admin | tardy (the student, because the speaker was late) */
  reason: 'student' | 'speaker' | 'admin' | 'tardy';
  /** Minutes returned to the student's ledger in the same append. */
  minutesReturned: number;
}>;

export type ConversationTransferred = DomainEvent<'ConversationTransferred', {
  conversationId: string;
  fromSpeakerId: string;
  toSpeakerId: string;
  transferredBy: string | null;
}>;

export type ConversationLessonChanged = DomainEvent<'ConversationLessonChanged', {
  conversationId: string;
  courseId: string;
  fromLessonId: string | null;
  toLessonId: string;
}>;

export type ConversationEvent = ConversationReserved | ConversationCanceled | ConversationTransferred | ConversationLessonChanged;
