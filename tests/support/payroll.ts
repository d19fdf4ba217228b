/** Pay histories written straight to the log (payroll tests): rates and held lessons of past months. */
import crypto from 'node:crypto';
import type { NewEvent } from '../../services/eventstore/port';
import type { TestApp } from './app';

const meta = () => ({
  actorId: null,
  correlationId: crypto.randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});
const event = (type: string, data: unknown): NewEvent => ({ type, data, metadata: meta() });

export async function setPayRate(app: TestApp, speakerId: string, payRate: number) {
  await app.runtime.store.appendToStreams([
    {
      stream: `speaking-${speakerId}`,
      expected: 'any',
      events: [event('SpeakingSettingsChanged', { speakerId, languages: ['es'], payRate })],
    },
  ]);
}

/** A lesson held with `speakerId` from `start` for `minutes`: reserved, opened, started, stopped. */
export async function holdLesson(app: TestApp, speakerId: string, start: Date, minutes = 15): Promise<string> {
  const conversationId = `paid-${crypto.randomUUID()}`;
  const end = new Date(start.getTime() + minutes * 60_000);
  await app.runtime.store.appendToStreams([
    {
      stream: `conversation-${conversationId}`,
      expected: 'no_stream',
      events: [
        event('ConversationReserved', {
          conversationId,
          kind: 'lesson',
          provider: 'local',
          reservedBy: 'student',
          reservedWith: speakerId,
          reservedStart: start.toISOString(),
          reservedEnd: end.toISOString(),
          duration: minutes,
          learningLanguage: 'es',
          courseId: null,
          lessonId: null,
          minutes,
        }),
        event('ConversationOpened', { conversationId, openedBy: speakerId, at: start.toISOString() }),
        event('ConversationStarted', { conversationId, at: start.toISOString(), stopsAt: end.toISOString() }),
        event('ConversationStopped', { conversationId, at: end.toISOString(), reason: 'time_up' }),
      ],
    },
  ]);
  return conversationId;
}
