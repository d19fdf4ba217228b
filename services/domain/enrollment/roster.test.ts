/** What a student's open lesson attempt becomes when they leave the course (withdrawUser, transferUser). */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { ConversationState } from '../conversations/conversation';
import { attemptOnLeaving } from './rosterHandlers';

const start = new Date('2027-03-10T10:00:00Z');
const end = new Date('2027-03-10T10:15:00Z');
const conversation = (over: Partial<ConversationState> = {}) =>
  ({ status: 'reserved', canceled: null, start, end, ...over }) as ConversationState;
const at = (iso: string) => new Date(iso);

describe('attemptOnLeaving', () => {
  it('cancels a conversation still to come', () => {
    assert.equal(attemptOnLeaving(conversation(), at('2027-03-10T09:59:59Z')), 'cancel');
  });
  it('refuses while it is running: opened, started, or within its time', () => {
    assert.equal(attemptOnLeaving(conversation({ status: 'opened' }), at('2027-03-10T09:56:00Z')), 'running');
    assert.equal(attemptOnLeaving(conversation({ status: 'started' }), at('2027-03-10T10:05:00Z')), 'running');
    assert.equal(attemptOnLeaving(conversation(), at('2027-03-10T10:00:00Z')), 'running');
  });
  it('only closes the attempt of one that ended, was canceled or is unknown', () => {
    assert.equal(attemptOnLeaving(conversation(), at('2027-03-10T10:15:00Z')), 'close');
    assert.equal(attemptOnLeaving(conversation({ status: 'stopped' }), at('2027-03-10T10:20:00Z')), 'close');
    assert.equal(attemptOnLeaving(conversation({ canceled: { by: null, reason: 'student' } }), at('2027-03-10T09:00:00Z')), 'close');
    assert.equal(attemptOnLeaving(null, at('2027-03-10T09:00:00Z')), 'close');
  });
});
