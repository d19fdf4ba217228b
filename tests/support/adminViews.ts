/**
 * Conversations for the back-office's tables (issue 11), written to the log as reservations and the
 * live room would have written them, at any time (past ones too), and people's display names.
 */
import crypto from 'node:crypto';
import type { NewEvent } from '../../services/eventstore/port';
import type { TestApp } from './app';
import { systemEvent } from './events';

const event = systemEvent;

export type HowItWent = 'reserved' | 'unused' | 'held' | 'canceled';

/** A 15-minute lesson between a student and a speaker at `start`; returns its id and the checkpoint. */
export async function writeConversation(
  app: TestApp,
  studentId: string,
  speakerId: string,
  start: Date,
  how: HowItWent,
  courseId: string | null = null,
) {
  const conversationId = `admin-${crypto.randomUUID()}`;
  const end = new Date(start.getTime() + 15 * 60_000);
  const events: NewEvent[] = [
    event('ConversationReserved', {
      conversationId,
      kind: 'lesson',
      provider: 'local',
      reservedBy: studentId,
      reservedWith: speakerId,
      reservedStart: start.toISOString(),
      reservedEnd: end.toISOString(),
      duration: 15,
      learningLanguage: 'es',
      courseId,
      lessonId: null,
      minutes: 15,
    }),
  ];
  if (how === 'unused') {
    events.push(event('ConversationOpened', { conversationId, openedBy: speakerId, at: start.toISOString() }));
    events.push(event('ConversationStopped', { conversationId, at: end.toISOString(), reason: 'unused' }));
  } else if (how === 'held') {
    events.push(event('ConversationOpened', { conversationId, openedBy: speakerId, at: start.toISOString() }));
    events.push(event('ConversationStarted', { conversationId, at: start.toISOString(), stopsAt: end.toISOString() }));
    events.push(event('ConversationStopped', { conversationId, at: end.toISOString(), reason: 'time_up' }));
  } else if (how === 'canceled') {
    events.push(event('ConversationCanceled', { conversationId, canceledBy: studentId, reason: 'student', minutesReturned: 15 }));
  }
  const appended = await app.runtime.store.appendToStreams([{ stream: `conversation-${conversationId}`, expected: 'no_stream', events }]);
  return { conversationId, checkpoint: appended.checkpoint };
}

/** Sets a person's display name (as their profile form would). */
export async function nameOf(app: TestApp, accountId: string, displayName: string) {
  const appended = await app.runtime.store.appendToStreams([
    { stream: `profile-${accountId}`, expected: 'any', events: [event('ProfileChanged', { accountId, changes: { displayName } })] },
  ]);
  return appended.checkpoint;
}

/** A chat of `lines` (author id, body) in a conversation, as the live room would have written it; returns the checkpoint. */
export async function writeChat(app: TestApp, conversationId: string, lines: [string, string][], at: Date = new Date()) {
  const events: NewEvent[] = [
    event('ChatOpened', { conversationId, chatId: crypto.randomUUID(), openedBy: lines[0]?.[0] ?? 'staff', at: at.toISOString() }),
    ...lines.map(([ownerId, body], index) =>
      event('ChatMessagePosted', {
        conversationId,
        messageId: crypto.randomUUID(),
        index,
        ownerId,
        body,
        at: new Date(at.getTime() + index * 60_000).toISOString(),
      }),
    ),
  ];
  const appended = await app.runtime.store.appendToStreams([{ stream: `chat-${conversationId}`, expected: 'no_stream', events }]);
  return appended.checkpoint;
}
