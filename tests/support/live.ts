/** Conversations reserved around now: for live-room tests, and the web bench's lobby and room. */
import { plusMinutes, sameDayZone } from './scheduling';
import type { TestApp } from './app';

const QUARTER = 15 * 60_000;

/**
 * Reserves a conversation whose room can be opened right now: it starts on the quarter hour at
 * most 4 minutes ahead (so up to 11 minutes ago), reserved with the command's clock set back two
 * hours so the notice rule passes. With `lesson`, a lesson of the student's course (recorded).
 * Returns the conversation id and its start.
 */
export function reserveOpenableNow(
  app: TestApp,
  speaker: { accountId: string },
  student: { accountId: string },
  duration: 15 | 30 = 15,
  lesson?: { courseId: string; lessonId: string },
): Promise<{ conversationId: string; start: Date }> {
  const start = new Date(Math.floor((Date.now() + 4 * 60_000) / QUARTER) * QUARTER);
  return reserveAt(app, { speaker, student, start, duration, lesson });
}

/**
 * Reserves a 15-minute conversation on the first quarter hour at least 5 minutes ahead (5-20
 * minutes from now): for the next 10 minutes its lobby and room show the same wait for the speaker,
 * its chat open, never tardy or ended (the web bench's lobby and room).
 */
export function reserveStartingSoon(app: TestApp, speaker: { accountId: string }, student: { accountId: string }) {
  const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / QUARTER) * QUARTER);
  return reserveAt(app, { speaker, student, start, duration: 15 });
}

async function reserveAt(
  app: TestApp,
  {
    speaker,
    student,
    start,
    duration,
    lesson,
  }: {
    speaker: { accountId: string };
    student: { accountId: string };
    start: Date;
    duration: 15 | 30;
    lesson?: { courseId: string; lessonId: string };
  },
): Promise<{ conversationId: string; start: Date }> {
  const past = { actor: { accountId: student.accountId, roles: ['STUDENT'] }, now: () => new Date(start.getTime() - 2 * 3600_000) };
  await app.runtime.scheduling.addAvailability(
    { actor: { accountId: speaker.accountId, roles: ['SPEAKER'] } },
    {
      speakerId: speaker.accountId,
      interval: { start, end: plusMinutes(start, 60) },
      zoneName: sameDayZone(start, plusMinutes(start, 60)),
      repeatsWeekly: false,
    },
  );
  const { result, appended } = await app.runtime.scheduling.createReservation(past, {
    studentId: student.accountId,
    speakerId: speaker.accountId,
    courseId: lesson?.courseId ?? null,
    lessonId: lesson?.lessonId ?? null,
    language: lesson ? null : 'es',
    start,
    duration: lesson ? null : duration,
  });
  await app.runtime.runner.waitFor(appended?.checkpoint, ['conversations', 'minutes', ...(lesson ? ['enrollments'] : [])]);
  return { conversationId: result.conversationId, start };
}
