import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { interviewPeerFallback, roomHeading } from './interview';

describe('how an interview names itself', () => {
  it('heads the room as an interview for each side, a lesson as a conversation', () => {
    assert.equal(roomHeading('lesson', 'Ada S.', false), 'Conversation with Ada S.');
    assert.equal(roomHeading('interview', interviewPeerFallback(true), true), 'Interview with the candidate');
    assert.equal(roomHeading('interview', interviewPeerFallback(false), false), 'Your interview with Tertulia staff');
  });
});
