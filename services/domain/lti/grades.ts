/**
 * Assignment and Grade Services 2.0 (issue 33): the line item a placed lesson becomes, the score a
 * marked conversation of it gives, and what a platform's answer to a score post means. Pure, so
 * each rule has a unit test (grades.test.ts).
 */
import type { ConversationMarked } from '../conversations/events';

/** A lesson is done or not: the gradebook column counts it out of 1. */
export const LINE_ITEM_SCORE_MAXIMUM = 1;
/** The line item's tag: which columns in the LMS are ours. */
export const LINE_ITEM_TAG = 'tertulia-lesson';
/** A line item's label (the LMS's limit is unknown; Canvas's assignment names go to 255). */
export const LINE_ITEM_LABEL_MAX = 255;

export const lineItemOf = (lesson: { id: string; title: string }, courseName: string) => ({
  label: `${courseName}: ${lesson.title}`.slice(0, LINE_ITEM_LABEL_MAX),
  scoreMaximum: LINE_ITEM_SCORE_MAXIMUM,
  resourceId: lesson.id,
  tag: LINE_ITEM_TAG,
});

export interface AgsScore {
  userId: string;
  timestamp: string;
  activityProgress: 'Initialized' | 'Completed';
  gradingProgress: 'NotReady' | 'FullyGraded';
  scoreGiven?: number;
  scoreMaximum?: number;
}

/**
 * The score a marking gives: completed → full marks, fully graded; any other mark (missed, a
 * technical issue, refunded) → not done, and no scoreGiven, which AGS reads as "clear the score"
 * (a conversation marked completed and later refunded loses its mark). The timestamp is the
 * marking's: the same marking always gives the same score.
 */
export function scoreOf(marking: Pick<ConversationMarked['data'], 'markedAs'>, userId: string, markedAt: string): AgsScore {
  if (marking.markedAs === 'completed')
    return {
      userId,
      timestamp: markedAt,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      scoreGiven: LINE_ITEM_SCORE_MAXIMUM,
      scoreMaximum: LINE_ITEM_SCORE_MAXIMUM,
    };
  return { userId, timestamp: markedAt, activityProgress: 'Initialized', gradingProgress: 'NotReady' };
}

/** Tries of a score the platform could not take for now (unreachable, 429, 5xx): about 1.5 days with the queue's backoff. */
export const SCORE_ATTEMPTS = 12;
/** Tries of a score the platform refused (a 4xx other than 429): a refusal seldom changes, but a platform's settings may be mended. */
export const REFUSED_SCORE_ATTEMPTS = 3;

export type ScoreOutcome = 'sent' | 'retry' | 'failed';

/** What a post's answer (null: no answer) means on the `attempt`th try (1 for the first). */
export function scoreOutcome(status: number | null, attempt: number): ScoreOutcome {
  if (status !== null && status >= 200 && status < 300) return 'sent';
  const transient = status === null || status === 429 || status >= 500;
  return attempt >= (transient ? SCORE_ATTEMPTS : REFUSED_SCORE_ATTEMPTS) ? 'failed' : 'retry';
}
