/**
 * After the conversation (issue 10), pure decisions on one conversation's state: marking and what
 * it pays back, fair time when the speaker's connection dropped, ratings, and whether make-up minutes
 * can be bought. Rules and numbers: contracts/afterConversation.ts; why: docs/decisions/after-the-conversation.md.
 */
import {
  AfterMessages,
  BAD_SPEAKER_BONUS_MINUTES,
  FAIR_TIME_THRESHOLD_MINUTES,
  FEEDBACK_COMMENT_MAX,
  MAKE_UP_WINDOW_DAYS,
  MARKINGS,
  type Marking,
  type PromotionKind,
} from '../../../contracts/afterConversation';
import { badInput, conflict, unauthorized } from '../shared/errors';
import { displayStatus, type ConversationState, type ConversationStatus, type PolicyViewer } from './conversation';
import type { ConversationMarked, ConversationRated, FairTimeCredited } from './events';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What marking needs to know beyond the conversation: the student's enrollment, if it has a course. */
export interface MarkingContext {
  now: Date;
  /** Tech-issue refunds the student has had before (the first one is refunded). */
  priorTechRefunds: number;
  enrollment: {
    enrollmentId: string;
    courseKind: string;
    completionRequirement: number;
    completedLessons: number;
    lessonCompletedHere: boolean;
  } | null;
}

export interface MarkingDecision {
  events: ConversationMarked[];
  /** The lesson attempt's outcome to record, if it changes. */
  attempt: 'completed' | 'failed' | null;
  /** Ledger credits to append with the marking (action, minutes, reason key). */
  credits: { action: 'tech_refund' | 'refund' | 'bonus'; minutes: number }[];
}

/** Marked once held or its time has come; a tech-issue marking may be changed once more. */
export function isMarkable(c: Pick<ConversationState, 'kind' | 'canceled' | 'status' | 'start' | 'markedAs'>, now: Date): boolean {
  if (c.kind !== 'lesson' || c.canceled) return false;
  if (c.markedAs && c.markedAs !== 'reserved_by_user_issue') return false;
  return c.status === 'started' || c.status === 'stopped' || c.status === 'unused' || now.getTime() >= c.start.getTime();
}

export function decideMark(
  c: ConversationState,
  cmd: { markAs: string | null | undefined; viewer: PolicyViewer },
  ctx: MarkingContext,
): MarkingDecision {
  if (!cmd.markAs) throw badInput(AfterMessages.markingRequired, { markAs: AfterMessages.markingRequired });
  if (!(MARKINGS as readonly string[]).includes(cmd.markAs))
    throw badInput(AfterMessages.markingNotAllowed, { markAs: AfterMessages.markingNotAllowed });
  const markAs = cmd.markAs as Marking;
  if (!cmd.viewer.isAdmin && cmd.viewer.accountId !== c.reservedWith) throw unauthorized(AfterMessages.notYourConversation);
  const none: MarkingDecision = { events: [], attempt: null, credits: [] };
  // A retry of the marking that was made (a double click, a lost answer) changes nothing.
  if (c.markedAs === markAs) return none;
  if (c.markedAs && c.markedAs !== 'reserved_by_user_issue') throw conflict(AfterMessages.alreadyMarked);
  if (!isMarkable(c, ctx.now)) throw conflict(AfterMessages.notMarkable);

  const owed = Math.max(0, c.minutes - c.refunded.refund - c.refunded.fairTime);
  const credits: MarkingDecision['credits'] = [];
  let promotion: PromotionKind | null = null;
  if (markAs === 'reserved_with_user_issue') {
    if (owed > 0) credits.push({ action: 'refund', minutes: owed });
    if (c.refunded.bonus === 0) credits.push({ action: 'bonus', minutes: BAD_SPEAKER_BONUS_MINUTES });
    promotion = 'bad_speaker';
  } else if (markAs === 'reserved_by_user_issue') {
    const first = ctx.priorTechRefunds === 0 && c.refunded.refund === 0;
    if (first && owed > 0) credits.push({ action: 'tech_refund', minutes: owed });
    promotion = first ? 'bad_tech' : 'make_up';
  } else if (markAs === 'missed') {
    promotion = c.refunded.refund > 0 ? null : 'make_up';
  } else if (ctx.enrollment && ctx.enrollment.courseKind !== 'adventure') {
    const after = ctx.enrollment.completedLessons + (ctx.enrollment.lessonCompletedHere ? 0 : 1);
    if (ctx.enrollment.completedLessons < ctx.enrollment.completionRequirement && after >= ctx.enrollment.completionRequirement)
      promotion = 'explore_adventures';
  }
  const refundedMinutes = credits.filter((x) => x.action !== 'bonus').reduce((n, x) => n + x.minutes, 0);
  const bonusMinutes = credits.filter((x) => x.action === 'bonus').reduce((n, x) => n + x.minutes, 0);
  const attempt = markAs === 'completed' ? 'completed' : c.markedAs ? null : 'failed';
  return {
    events: [
      {
        type: 'ConversationMarked',
        data: {
          conversationId: c.conversationId,
          markedAs: markAs,
          previous: c.markedAs,
          markedBy: cmd.viewer.accountId,
          refundedMinutes,
          bonusMinutes,
          promotion: ctx.enrollment ? promotion : null,
        },
      },
    ],
    attempt,
    credits,
  };
}

/**
 * Seconds the speaker was away while the conversation ran (between its start and its stop): each
 * disconnection of theirs up to their next connection or the stop.
 */
export function speakerLostSeconds(c: ConversationState, stoppedAt: Date): number {
  if (!c.startedAt) return 0;
  const from = c.startedAt.getTime();
  const to = stoppedAt.getTime();
  let lost = 0;
  let awaySince: number | null = null;
  for (const e of c.connections) {
    if (e.accountId !== c.reservedWith) continue;
    const at = Math.min(Math.max(e.at.getTime(), from), to);
    if (!e.connected && awaySince === null) awaySince = at;
    if (e.connected && awaySince !== null) {
      lost += at - awaySince;
      awaySince = null;
    }
  }
  if (awaySince !== null) lost += to - awaySince;
  return Math.round(lost / 1000);
}

/**
 * Fair time, decided when the server's clock stops a conversation: the speaker's lost minutes,
 * rounded up, credited back once they reach the threshold, never more than the conversation cost.
 * `secondsPerMinute` is 60 except where tests shorten conversations.
 */
export function decideFairTime(c: ConversationState, stoppedAt: Date, secondsPerMinute = 60): FairTimeCredited[] {
  if (c.kind !== 'lesson' || c.canceled || c.refunded.fairTime > 0) return [];
  const lostSeconds = speakerLostSeconds(c, stoppedAt);
  const lostMinutes = Math.ceil(lostSeconds / secondsPerMinute);
  if (lostSeconds < FAIR_TIME_THRESHOLD_MINUTES * secondsPerMinute) return [];
  const minutes = Math.min(lostMinutes, Math.max(0, c.minutes - c.refunded.refund));
  if (minutes <= 0) return [];
  return [{ type: 'FairTimeCredited', data: { conversationId: c.conversationId, studentId: c.reservedBy, minutes, lostSeconds } }];
}

/** Its student and speaker, once each, after it ended (stopped or unused). */
export function decideRate(
  c: ConversationState,
  cmd: { accountId: string; rating: number; comment: string | null },
  now: Date,
): ConversationRated[] {
  if (!Number.isInteger(cmd.rating) || cmd.rating < 1 || cmd.rating > 5)
    throw badInput(AfterMessages.ratingRange, { rating: AfterMessages.ratingRange });
  const comment = cmd.comment?.trim() || null;
  if (comment && comment.length > FEEDBACK_COMMENT_MAX)
    throw badInput(AfterMessages.commentTooLong, { comment: AfterMessages.commentTooLong });
  const role = cmd.accountId === c.reservedBy ? 'student' : cmd.accountId === c.reservedWith ? 'speaker' : null;
  if (!role || c.kind !== 'lesson') throw unauthorized(AfterMessages.notRatable);
  const ended = c.status === 'stopped' || c.status === 'unused' || now.getTime() >= c.end.getTime();
  if (c.canceled || !ended) throw conflict(AfterMessages.notRatable);
  if (c.ratedBy.includes(cmd.accountId)) throw conflict(AfterMessages.alreadyRated);
  return [
    { type: 'ConversationRated', data: { conversationId: c.conversationId, ratedBy: cmd.accountId, role, rating: cmd.rating, comment } },
  ];
}

/**
 * Make-up minutes can be bought by the conversation's student for a lesson they lost without a
 * refund: marked missed or a (second) tech issue, or never held (unused) and not marked otherwise;
 * once, within MAKE_UP_WINDOW_DAYS of its end.
 */
export function canMakeUp(
  c: {
    kind: string;
    isCanceled: boolean;
    reservedBy: string;
    start: Date;
    end: Date;
    status: ConversationStatus;
    markedAs: string | null;
    makeUpPurchased: boolean;
    refundedTotal: number;
  },
  viewerId: string | null,
  now: Date,
): boolean {
  if (c.kind !== 'lesson' || c.isCanceled || viewerId !== c.reservedBy || c.makeUpPurchased || c.refundedTotal > 0) return false;
  if (now.getTime() > c.end.getTime() + MAKE_UP_WINDOW_DAYS * DAY) return false;
  if (c.markedAs === 'missed' || c.markedAs === 'reserved_by_user_issue') return true;
  return !c.markedAs && displayStatus({ ...c, kind: 'lesson', reservedWith: '' }, now) === 'unused';
}
