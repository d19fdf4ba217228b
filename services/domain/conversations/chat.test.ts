/** The chat's read markers (issue 28): given/when/then on chat events. */
import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/spec';
import { decideMarkRead, evolveChat, initialChat, type ChatEvent } from './chat';

const NOW = new Date('2026-11-20T15:00:00Z');
const conversation = { conversationId: 'c1', reservedBy: 'student', reservedWith: 'speaker' };
const posted = (index: number, ownerId: string): ChatEvent => ({
  type: 'ChatMessagePosted',
  data: { conversationId: 'c1', messageId: `m${index}`, index, ownerId, body: `line ${index}`, at: NOW.toISOString() },
});
const read = (readerId: string, readCount: number): ChatEvent => ({
  type: 'ChatRead',
  data: { conversationId: 'c1', readerId, readCount, at: NOW.toISOString() },
});
const spec = deciderSpec(evolveChat, initialChat);
const markRead = (readerId: string, throughIndex: number) => (chat: ReturnType<typeof initialChat>) =>
  decideMarkRead(chat, conversation, { readerId, throughIndex }, NOW);

describe('chat read markers', () => {
  it('moves a participant’s marker through the message shown, never past the last one', () => {
    spec
      .given([posted(0, 'student'), posted(1, 'student')])
      .when(markRead('speaker', 0))
      .then([read('speaker', 1)]);
    spec
      .given([posted(0, 'student'), posted(1, 'student')])
      .when(markRead('speaker', 7))
      .then([read('speaker', 2)]);
  });

  it('appends nothing when the marker would not move (shown again, or an older message)', () => {
    spec
      .given([posted(0, 'student'), read('speaker', 1)])
      .when(markRead('speaker', 0))
      .then([]);
    spec
      .given([posted(0, 'student'), posted(1, 'student'), read('speaker', 2)])
      .when(markRead('speaker', 0))
      .then([]);
    spec.given([]).when(markRead('speaker', 0)).then([]);
  });

  it('keeps a marker per reader', () => {
    spec
      .given([posted(0, 'speaker'), read('speaker', 1)])
      .when(markRead('student', 0))
      .then([read('student', 1)]);
  });

  it('refuses anyone but the two participants, and a negative index', () => {
    spec
      .given([posted(0, 'student')])
      .when(markRead('admin', 0))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([posted(0, 'student')])
      .when(markRead('speaker', -1))
      .thenThrows('BAD_USER_INPUT');
  });
});
