import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { interviewPeerFallback, roomHeading, staffHostedPeerFallback } from './interview';

describe('how an interview names itself', () => {
  it('heads the room as an interview for each side, a lesson as a conversation', () => {
    assert.equal(roomHeading('lesson', 'Ada S.', false), 'Conversation with Ada S.');
    assert.equal(roomHeading('interview', interviewPeerFallback(true), true), 'Interview with the candidate');
    assert.equal(roomHeading('interview', interviewPeerFallback(false), false), 'Your interview with Tertulia staff');
  });

  it('heads a test call as one for both sides', () => {
    assert.equal(roomHeading('test_call', staffHostedPeerFallback('test_call', true), true), 'Test call with the person called');
    assert.equal(roomHeading('test_call', staffHostedPeerFallback('test_call', false), false), 'Test call with Tertulia staff');
    assert.equal(staffHostedPeerFallback('interview', true), 'the candidate');
  });
});
