import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { authorOf, canSend, chatStateOf, mergeMessages, outgoing, type ChatLine, type ChatSubject } from './chatState';

const subject = (over: Partial<ChatSubject> = {}): ChatSubject => ({
  status: 'reserved',
  isCanceled: false,
  chatablePolicy: { isChatable: false },
  conversationChat: null,
  ...over,
});
const line = (index: number, ownerId = 'a', id = `m${index}`): ChatLine => ({
  id,
  index,
  body: `#${index}`,
  createdAt: '2025-01-01T00:00:00Z',
  ownerId,
  owner: { displayName: 'Ana' },
});

describe('chat state', () => {
  it('derives the spec states', () => {
    assert.equal(chatStateOf(subject()), 'waiting', 'not chatable yet');
    assert.equal(
      chatStateOf(subject({ chatablePolicy: { isChatable: true } })),
      'waiting_open',
      'chatable, no chat: the first message opens it',
    );
    assert.equal(chatStateOf(subject({ chatablePolicy: { isChatable: true }, conversationChat: { state: 'open' } })), 'chatting');
    assert.equal(
      chatStateOf(subject({ status: 'started', chatablePolicy: { isChatable: true }, conversationChat: { state: 'closed' } })),
      'closed',
    );
    assert.equal(chatStateOf(subject({ status: 'stopped', conversationChat: { state: 'open' } })), 'closed', 'stopped: read-only');
    assert.equal(
      chatStateOf(subject({ isCanceled: true, chatablePolicy: { isChatable: true } })),
      'closed',
      'canceled: closed even without a chat',
    );
    assert.equal(chatStateOf(subject({ status: 'unused' })), 'closed');
  });
  it('sends only while chatable', () => {
    assert.deepEqual((['waiting', 'waiting_open', 'chatting', 'closed'] as const).map(canSend), [false, true, true, false]);
    assert.equal(outgoing('  hola  '), 'hola');
    assert.equal(outgoing('   '), null);
    assert.equal(outgoing('x'.repeat(1001)), null);
  });
  it('merges stored and arrived messages once each, in order', () => {
    const merged = mergeMessages([line(0), line(1)], [line(1), line(3), line(2)]);
    assert.deepEqual(
      merged.map((m) => m.index),
      [0, 1, 2, 3],
    );
  });
  it('names the viewer You', () => {
    assert.equal(authorOf(line(0, 'me'), 'me'), 'You');
    assert.equal(authorOf(line(0, 'other'), 'me'), 'Ana');
    assert.equal(authorOf({ ...line(0, 'x'), owner: null }, 'me'), 'Participant');
  });
});
