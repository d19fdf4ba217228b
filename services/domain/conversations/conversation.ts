/**
 * One conversation's state (stream conversation-<id>) and the policies computed from it, the rules
 * of contracts/scheduling.ts in one place: who may cancel until when and whether minutes come back,
 * when it opens, when the speaker is late, whether it can be transferred.
 */
import { OPENABLE_MINUTES_BEFORE, TARDY_AFTER_MINUTES, studentCancelDeadline } from '../../../contracts/scheduling';
import type { ConversationEvent, ConversationKind } from './events';

export type ConversationStatus = 'reserved' | 'opened' | 'started' | 'stopped' | 'unused';

export interface ConversationState {
  conversationId: string;
  kind: ConversationKind;
  provider: string;
  status: ConversationStatus;
  reservedBy: string;
  reservedWith: string;
  start: Date;
  end: Date;
  duration: number;
  learningLanguage: string;
  courseId: string | null;
  lessonId: string | null;
  minutes: number;
  /** Recorded (issue 10): set when reserved. */
  archiveOnStart: boolean;
  canceled: { by: string | null; reason: string } | null;
  openedAt: Date | null;
  startedAt: Date | null;
  /** When the server's clock runs out (set once started). */
  stopsAt: Date | null;
  stoppedAt: Date | null;
  /** Per participant: connected now, and the sequence of their last connection event. */
  participants: Record<string, { connected: boolean; sequence: number }>;
  /** Every connection event in order (fair time reads the speaker's drops from it). */
  connections: { accountId: string; connected: boolean; at: Date }[];
  markedAs: string | null;
  /** Minutes given back for this conversation (refund, bonus, fair time), each kind at most once. */
  refunded: { refund: number; bonus: number; fairTime: number };
  ratedBy: string[];
  makeUpPaymentId: string | null;
}

export function evolveConversation(state: ConversationState | null, event: ConversationEvent): ConversationState | null {
  switch (event.type) {
    case 'ConversationReserved': {
      const d = event.data;
      return {
        conversationId: d.conversationId,
        kind: d.kind,
        provider: d.provider,
        status: 'reserved',
        reservedBy: d.reservedBy,
        reservedWith: d.reservedWith,
        start: new Date(d.reservedStart),
        end: new Date(d.reservedEnd),
        duration: d.duration,
        learningLanguage: d.learningLanguage,
        courseId: d.courseId,
        lessonId: d.lessonId,
        minutes: d.minutes,
        archiveOnStart: d.archiveOnStart === true,
        canceled: null,
        openedAt: null,
        startedAt: null,
        stopsAt: null,
        stoppedAt: null,
        participants: {},
        connections: [],
        markedAs: null,
        refunded: { refund: 0, bonus: 0, fairTime: 0 },
        ratedBy: [],
        makeUpPaymentId: null,
      };
    }
    case 'ConversationCanceled':
      return state && { ...state, canceled: { by: event.data.canceledBy, reason: event.data.reason } };
    case 'ConversationTransferred':
      return state && { ...state, reservedWith: event.data.toSpeakerId };
    case 'ConversationLessonChanged':
      return state && { ...state, lessonId: event.data.toLessonId };
    case 'ConversationOpened':
      return state && { ...state, status: 'opened', openedAt: new Date(event.data.at) };
    case 'ParticipantConnected':
    case 'ParticipantDisconnected':
      return (
        state && {
          ...state,
          participants: {
            ...state.participants,
            [event.data.accountId]: { connected: event.type === 'ParticipantConnected', sequence: event.data.sequence },
          },
          connections: [
            ...state.connections,
            { accountId: event.data.accountId, connected: event.type === 'ParticipantConnected', at: new Date(event.data.at) },
          ],
        }
      );
    case 'ConversationStarted':
      return state && { ...state, status: 'started', startedAt: new Date(event.data.at), stopsAt: new Date(event.data.stopsAt) };
    case 'ConversationStopped':
      return state && { ...state, status: event.data.reason === 'unused' ? 'unused' : 'stopped', stoppedAt: new Date(event.data.at) };
    case 'ConversationMarked':
      return (
        state && {
          ...state,
          markedAs: event.data.markedAs,
          refunded: {
            ...state.refunded,
            refund: state.refunded.refund + event.data.refundedMinutes,
            bonus: state.refunded.bonus + event.data.bonusMinutes,
          },
        }
      );
    case 'FairTimeCredited':
      return state && { ...state, refunded: { ...state.refunded, fairTime: state.refunded.fairTime + event.data.minutes } };
    case 'ConversationRated':
      return state && { ...state, ratedBy: [...state.ratedBy, event.data.ratedBy] };
    case 'MakeUpPurchasedFor':
      return state && { ...state, makeUpPaymentId: event.data.paymentId };
    default:
      return state;
  }
}

/** The facts the policies need, whether from the stream or a read-model row. */
export interface PolicySubject {
  kind: ConversationKind;
  status: ConversationStatus;
  reservedBy: string;
  reservedWith: string;
  start: Date;
  end: Date;
  isCanceled: boolean;
}
export interface PolicyViewer {
  accountId: string | null;
  isAdmin: boolean;
}

const MINUTE = 60_000;

export type CancelRole = 'student' | 'speaker' | 'admin';

/** Which side of the conversation the viewer cancels as (admins as admins, even when a participant). */
export function cancelRoleOf(c: PolicySubject, viewer: PolicyViewer): CancelRole | null {
  if (viewer.isAdmin) return 'admin';
  if (viewer.accountId === c.reservedBy && c.kind === 'lesson') return 'student';
  if (viewer.accountId === c.reservedWith) return 'speaker';
  return null;
}

/**
 * Students cancel up to 12 hours before the start with every minute back (later, a make-up
 * purchase); the speaker up to the start, and admins until the end, always returning the minutes:
 * the student is not to pay for what they did not cause.
 */
export function cancellationPolicy(c: PolicySubject, viewer: PolicyViewer, now: Date) {
  const role = cancelRoleOf(c, viewer);
  const until = role === 'student' ? studentCancelDeadline(c.start) : role === 'speaker' ? c.start : role === 'admin' ? c.end : null;
  const open = !c.isCanceled && c.status === 'reserved';
  return {
    isCancelable: !!until && open && now.getTime() < until.getTime(),
    cancelableUntil: open ? until : null,
    returnsMinutes: true,
    role,
  };
}

export function openablePolicy(c: PolicySubject, now: Date) {
  const openableAfter = new Date(c.start.getTime() - OPENABLE_MINUTES_BEFORE * MINUTE);
  return {
    isOpenable: !c.isCanceled && c.status === 'reserved' && now.getTime() >= openableAfter.getTime() && now.getTime() < c.end.getTime(),
    openableAfter,
  };
}

/** The speaker is late once the conversation is still not opened this long after its start. */
export function tardinessPolicy(c: PolicySubject, now: Date) {
  const tardyAfter = new Date(c.start.getTime() + TARDY_AFTER_MINUTES * MINUTE);
  return { isTardy: !c.isCanceled && c.kind === 'lesson' && c.status === 'reserved' && now.getTime() >= tardyAfter.getTime(), tardyAfter };
}

/** The speaker holding it, or an admin, before the start. */
export function canTransfer(c: PolicySubject, viewer: PolicyViewer, now: Date): boolean {
  return (
    !c.isCanceled &&
    c.kind === 'lesson' &&
    c.status === 'reserved' &&
    now.getTime() < c.start.getTime() &&
    (viewer.isAdmin || viewer.accountId === c.reservedWith)
  );
}

/** Reserved and never opened after its end: shown as 'unused' (stopped without a conversation). */
export const displayStatus = (c: PolicySubject, now: Date) =>
  c.status === 'reserved' && !c.isCanceled && now.getTime() >= c.end.getTime() ? 'unused' : c.status;
