/**
 * A speaker's payroll month left open, the obligation that holds an erasure back (issue 34): a
 * 30-minute lesson with a student held on 4 May 2026, written to the log as it happened, optionally
 * marked completed by the speaker. Waits until the payroll read model has it.
 */
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import type { TestApp } from './app';

/** The events of a 30-minute lesson held from `start`: reserved, started, and marked completed by the speaker when `marked`. */
export function heldLessonEvents({
  conversationId,
  speakerId,
  studentId,
  start,
  marked,
}: {
  conversationId: string;
  speakerId: string;
  studentId: string;
  start: string;
  marked: boolean;
}): { type: string; data: Record<string, unknown> }[] {
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  return [
    {
      type: 'ConversationReserved',
      data: {
        conversationId,
        kind: 'lesson',
        provider: 'local',
        reservedBy: studentId,
        reservedWith: speakerId,
        reservedStart: start,
        reservedEnd: end,
        duration: 30,
        learningLanguage: 'es',
        courseId: null,
        lessonId: null,
        minutes: 30,
      },
    },
    { type: 'ConversationStarted', data: { conversationId, at: start, stopsAt: end } },
    ...(marked
      ? [
          {
            type: 'ConversationMarked',
            data: {
              conversationId,
              markedAs: 'completed',
              previous: null,
              markedBy: speakerId,
              refundedMinutes: 0,
              bonusMinutes: 0,
              promotion: null,
            },
          },
        ]
      : []),
  ];
}

export async function holdLessonInMay2026(
  app: TestApp,
  {
    conversationId,
    speakerId,
    studentId,
    marked = false,
  }: { conversationId: string; speakerId: string; studentId: string; marked?: boolean },
): Promise<void> {
  const { appended } = await app.runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
    tx.append(
      `conversation-${conversationId}`,
      heldLessonEvents({ conversationId, speakerId, studentId, start: '2026-05-04T10:00:00.000Z', marked }),
    );
  });
  await app.runtime.runner.waitFor(appended?.checkpoint, ['payroll']);
}
