/**
 * Posting a marked conversation's score to the LMS (Assignment and Grade Services 2.0, issue 33):
 * the job of each marking. The score carries the marking's time as its timestamp and is recorded
 * (LtiScoreSending) before it is posted, so every try of it is the same score: a post the platform
 * applied whose job then died is posted again and changes nothing there (AGS: a score not newer
 * than the one on record does not change the result). docs/decisions/lti.md, "Exactly once".
 */
import type { Logger } from 'pino';
import { findLtiGradeTarget, findLtiPlatform } from '../../../projections/lti';
import type { Pool } from '../../db/pool';
import { conversationStream, type ConversationLessonChanged, type ConversationReserved } from '../../domain/conversations/events';
import type { LtiHandlers } from '../../domain/lti/handlers';
import { scoreOf, scoreOutcome } from '../../domain/lti/grades';
import { SYSTEM_ACTOR } from '../../domain/shared/decider';
import type { EventStore } from '../../eventstore/port';
import type { LtiScoreJob } from '../../jobs/queues';
import type { LtiServices } from './services';

export interface LtiGradeDeps {
  pool: Pool;
  store: Pick<EventStore, 'readStream'>;
  lti: LtiHandlers;
  services: LtiServices;
  log: Logger;
}

/** The lesson conversation's student and lesson (its latest: a lesson may be picked or changed after the reservation), or null for any other conversation. */
async function lessonOf(store: LtiGradeDeps['store'], conversationId: string) {
  type Reserved = { courseId: string; lessonId: string | null; studentId: string };
  let reserved = null as Reserved | null;
  for (const e of await store.readStream(conversationStream(conversationId))) {
    if (e.type === 'ConversationReserved') {
      const r = e.data as ConversationReserved['data'];
      reserved = r.kind === 'lesson' && r.courseId ? { courseId: r.courseId, lessonId: r.lessonId, studentId: r.reservedBy } : null;
    } else if (e.type === 'ConversationLessonChanged' && reserved) {
      reserved = { ...reserved, lessonId: (e.data as ConversationLessonChanged['data']).toLessonId };
    }
  }
  return reserved?.lessonId ? { ...reserved, lessonId: reserved.lessonId } : null;
}

export function ltiGradeWorker(deps: LtiGradeDeps) {
  const meta = { actor: SYSTEM_ACTOR };
  return async function postScore(job: LtiScoreJob, attempt: number): Promise<void> {
    const lesson = await lessonOf(deps.store, job.conversationId);
    const target = lesson && (await findLtiGradeTarget(deps.pool, lesson.lessonId, lesson.studentId));
    // Not a lesson placed in an LMS, or a student who never came from it: nothing to post.
    if (!lesson || !target) return;
    const platform = await findLtiPlatform(deps.pool, target.platformId);
    if (!platform) return;
    const score = scoreOf(job, target.subject, job.markedAt);
    const { sent } = await deps.lti.scoreSending(meta, {
      conversationId: job.conversationId,
      courseId: lesson.courseId,
      lessonId: lesson.lessonId,
      studentId: lesson.studentId,
      platformId: platform.id,
      lineItemUrl: target.lineItemUrl,
      timestamp: job.markedAt,
      markedAs: job.markedAs,
      scoreGiven: score.scoreGiven ?? null,
    });
    if (sent) return;
    const answer = await deps.services.postScore(platform, target.lineItemUrl, score);
    const outcome = scoreOutcome(answer.status, attempt);
    if (outcome === 'sent') {
      await deps.lti.scoreSent(meta, { conversationId: job.conversationId, timestamp: job.markedAt });
      return;
    }
    if (outcome === 'failed') {
      deps.log.warn({ conversationId: job.conversationId, status: answer.status }, 'the LMS kept refusing a score');
      await deps.lti.scoreFailed(meta, {
        conversationId: job.conversationId,
        timestamp: job.markedAt,
        status: answer.status,
        reason: answer.reason,
      });
      return;
    }
    throw new Error(`the LMS did not take the score (${answer.status ?? 'no answer'}): to be tried again`);
  };
}
