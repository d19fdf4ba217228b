import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { lineItemOf, REFUSED_SCORE_ATTEMPTS, SCORE_ATTEMPTS, scoreOf, scoreOutcome } from './grades';

describe('LTI grades', () => {
  it('makes a lesson a line item out of 1, labelled by course and lesson, its resource the lesson', () => {
    assert.deepEqual(lineItemOf({ id: 'lesson-1', title: 'Greetings' }, 'Spanish 101'), {
      label: 'Spanish 101: Greetings',
      scoreMaximum: 1,
      resourceId: 'lesson-1',
      tag: 'tertulia-lesson',
    });
    assert.equal(lineItemOf({ id: 'l', title: 'x'.repeat(300) }, 'C').label.length, 255);
  });
  it('gives full marks for a completed conversation and clears the score for any other mark, at the marking’s time', () => {
    const at = '2026-11-28T10:00:00.000Z';
    assert.deepEqual(scoreOf({ markedAs: 'completed' }, 'sub-1', at), {
      userId: 'sub-1',
      timestamp: at,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      scoreGiven: 1,
      scoreMaximum: 1,
    });
    for (const markedAs of ['missed', 'reserved_by_user_issue', 'reserved_with_user_issue'] as const)
      assert.deepEqual(scoreOf({ markedAs }, 'sub-1', at), {
        userId: 'sub-1',
        timestamp: at,
        activityProgress: 'Initialized',
        gradingProgress: 'NotReady',
      });
  });
  it('retries what may pass later longer than a refusal, and then fails', () => {
    assert.equal(scoreOutcome(204, 1), 'sent');
    assert.equal(scoreOutcome(200, SCORE_ATTEMPTS), 'sent');
    for (const status of [null, 429, 500, 503]) {
      assert.equal(scoreOutcome(status, REFUSED_SCORE_ATTEMPTS), 'retry', String(status));
      assert.equal(scoreOutcome(status, SCORE_ATTEMPTS), 'failed', String(status));
    }
    for (const status of [400, 401, 403, 404]) {
      assert.equal(scoreOutcome(status, REFUSED_SCORE_ATTEMPTS - 1), 'retry', String(status));
      assert.equal(scoreOutcome(status, REFUSED_SCORE_ATTEMPTS), 'failed', String(status));
    }
  });
});
