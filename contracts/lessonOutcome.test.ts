import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { lessonAction, lessonOutcome } from './enrollment';

const attempt = (outcome: string, conversationId: string | null = null) => ({ outcome, conversationId });

describe("a lesson's outcome and what a list offers for it (spec 2)", () => {
  it('is unattempted without attempts, the latest attempt otherwise, and completed once any attempt completed', () => {
    assert.equal(lessonOutcome([]), 'unattempted');
    assert.equal(lessonOutcome([attempt('attempting')]), 'attempting');
    assert.equal(lessonOutcome([attempt('attempting'), attempt('failed')]), 'failed');
    assert.equal(lessonOutcome([attempt('failed'), attempt('attempting')]), 'attempting');
    assert.equal(lessonOutcome([attempt('completed'), attempt('failed')]), 'completed');
  });

  it('offers Reserve for unattempted and failed lessons, View for attempting and completed ones (disabled without a conversation)', () => {
    assert.deepEqual(lessonAction([]), { action: 'reserve' });
    assert.deepEqual(lessonAction([attempt('failed', 'c1')]), { action: 'reserve' });
    assert.deepEqual(lessonAction([attempt('failed', 'c1'), attempt('attempting', 'c2')]), { action: 'view', conversationId: 'c2' });
    assert.deepEqual(lessonAction([attempt('completed', 'c1'), attempt('failed', 'c2')]), { action: 'view', conversationId: 'c1' });
    assert.deepEqual(lessonAction([attempt('attempting')]), { action: 'view', conversationId: null });
  });
});
