import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { canConnect, interviewView, type MySpeaking } from './interview';

const record = (over: Partial<MySpeaking> = {}): MySpeaking => ({
  id: 's',
  isPromoted: false,
  evaluation: null,
  hasEvaluation: false,
  isUnderReview: false,
  interview: null,
  ...over,
});

describe('interview dialog', () => {
  it('connects only while the interview is opened or started', () => {
    assert.equal(canConnect(record()), false);
    assert.equal(canConnect(record({ interview: { id: 'c', status: 'reserved', reservedStart: '' } })), false);
    assert.equal(canConnect(record({ interview: { id: 'c', status: 'opened', reservedStart: '' } })), true);
    assert.equal(canConnect(record({ interview: { id: 'c', status: 'started', reservedStart: '' } })), true);
    assert.equal(canConnect(record({ interview: { id: 'c', status: 'stopped', reservedStart: '' } })), false);
  });
  it('shows intro, lobby, then the evaluation or pending', () => {
    assert.equal(interviewView(record(), false), 'intro');
    assert.equal(interviewView(record(), true), 'lobby');
    assert.equal(interviewView(record({ isUnderReview: true }), true), 'pending');
    assert.equal(interviewView(record({ evaluation: 'promote', isPromoted: true }), false), 'promote');
    assert.equal(interviewView(record({ evaluation: 'decline' }), true), 'decline');
  });
});
