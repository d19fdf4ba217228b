/** Test calls (issue 28): who starts and ends them, one live at a time, nothing charged. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { TEST_CALL_MINUTES } from '../../../contracts/live';
import { assertDomainError } from '../shared/spec';
import { evolveConversation, type ConversationState } from './conversation';
import type { ConversationEvent } from './events';
import { hostOf, stopsAtFor } from './live';
import { decideEndTestCall, decideStartTestCall } from './testCall';

const NOW = new Date('2026-11-20T15:00:00Z');
const staff = { actor: { accountId: 'staff', roles: ['ADMIN'] }, now: NOW };
const input = { conversationId: 'tc1', userId: 'user', userExists: true, provider: 'local' };
const state = (events: ConversationEvent[]) => events.reduce<ConversationState | null>(evolveConversation, null)!;
const started = (at: Date = NOW) => decideStartTestCall(null, input, { ...staff, now: at });
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe('test calls', () => {
  it('are reserved and opened at once by staff, hosted by staff, free, ten minutes long', () => {
    const { conversation, calls } = started();
    const c = state(conversation);
    assert.equal(c.kind, 'test_call');
    assert.equal(c.status, 'opened');
    assert.equal(hostOf(c), 'staff');
    assert.equal(c.reservedWith, 'user');
    assert.equal(c.minutes, 0);
    assert.equal(c.archiveOnStart, false);
    assert.equal(c.end.getTime() - c.start.getTime(), TEST_CALL_MINUTES * 60_000);
    assert.equal(stopsAtFor(c, later(1), 60).getTime(), later(11).getTime(), 'ten minutes once both are in');
    assert.deepEqual(calls, [
      { type: 'TestCallStarted', data: { conversationId: 'tc1', userId: 'user', startedBy: 'staff', at: NOW.toISOString() } },
    ]);
  });

  it('are started by staff only, with someone else who exists', () => {
    for (const roles of [['STUDENT'], ['SPEAKER'], ['INSTRUCTOR'], []])
      assertDomainError(() => decideStartTestCall(null, input, { actor: { accountId: 'someone', roles }, now: NOW }), 'UNAUTHORIZED');
    assertDomainError(() => decideStartTestCall(null, { ...input, userId: 'staff' }, staff), 'BAD_USER_INPUT');
    assertDomainError(() => decideStartTestCall(null, { ...input, userExists: false }, staff), 'NOT_FOUND');
  });

  it('one at a time: a live one is answered, a new one once it is over or past its end unstarted', () => {
    const opened = state(started().conversation);
    assert.deepEqual(decideStartTestCall(opened, { ...input, conversationId: 'tc2' }, staff), { conversation: [], calls: [] });
    assert.equal(decideStartTestCall(opened, { ...input, conversationId: 'tc2' }, { ...staff, now: later(11) }).calls.length, 1);
    const ended = evolveConversation(opened, decideEndTestCall(opened, staff)[0])!;
    assert.equal(decideStartTestCall(ended, { ...input, conversationId: 'tc2' }, staff).calls.length, 1);
  });

  it('are ended by staff only, once, and never a lesson', () => {
    const opened = state(started().conversation);
    assert.deepEqual(decideEndTestCall(opened, staff), [
      { type: 'ConversationStopped', data: { conversationId: 'tc1', at: NOW.toISOString(), reason: 'ended' } },
    ]);
    assertDomainError(() => decideEndTestCall(opened, { actor: { accountId: 'user', roles: ['STUDENT'] }, now: NOW }), 'UNAUTHORIZED');
    const ended = evolveConversation(opened, decideEndTestCall(opened, staff)[0])!;
    assert.equal(ended.status, 'stopped');
    assert.deepEqual(decideEndTestCall(ended, staff), []);
    assertDomainError(() => decideEndTestCall({ ...opened, kind: 'lesson' }, staff), 'CONFLICT');
  });
});
