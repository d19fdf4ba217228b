import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import type { NewEvent } from '../../services/eventstore/port';
import type { TestApp } from './app';
import { RESERVE, addAvailability, createSpeaker, createStudent, dayAt, plusMinutes } from './scheduling';
import { systemEvent } from './events';

const event = systemEvent;

type Person = { accountId: string; token: string };
let slot = 0;

/** Reserves a 15-minute conversation on a free slot a few days ahead (the speaker's availability added for it). */
export async function reserveConversation(app: TestApp, student: Person, speaker: Person, lesson?: { courseId: string; lessonId: string }) {
  // 80 slots, 3 to 6 days ahead (within the 7 days a reservation may be ahead): the counter is this
  // module's, and a worker's integration files share their modules (vitest.config.ts), so it runs on
  // across files; each file has a database of its own, so a slot taken again is another file's.
  const n = slot++ % 80;
  const start = plusMinutes(dayAt(3 + Math.floor(n / 20), 2), (n % 20) * 60);
  await addAvailability(app, speaker, start, plusMinutes(start, 30));
  const res = await app.gql(
    RESERVE,
    {
      input: {
        speakerId: speaker.accountId,
        reservedStart: start.toISOString(),
        courseId: lesson?.courseId ?? null,
        lessonId: lesson?.lessonId ?? null,
        language: lesson ? null : 'es',
        duration: lesson ? null : 15,
      },
    },
    student.token,
  );
  if (res.errors) throw new Error(res.errors[0].message);
  return res.data.createReservation.conversation.id as string;
}

/**
 * The room's life as the live room writes it: `held` (both came, the clock ran out) or `unused`
 * (the speaker opened, the student never came). Written with times in the past (from `t0`, 20
 * minutes ago unless given), so the stop is due.
 */
export async function live(
  app: TestApp,
  conversationId: string,
  speakerId: string,
  studentId: string,
  how: 'held' | 'unused' | 'running',
  t0 = new Date(Date.now() - 20 * 60_000),
) {
  const at = (minutes: number) => plusMinutes(t0, minutes).toISOString();
  const events: NewEvent[] = [event('ConversationOpened', { conversationId, openedBy: speakerId, at: at(0) })];
  if (how === 'unused') {
    events.push(event('ConversationStopped', { conversationId, at: at(15), reason: 'unused' }));
  } else {
    events.push(
      event('ParticipantConnected', { conversationId, accountId: speakerId, sequence: 1, at: at(0) }),
      event('ParticipantConnected', { conversationId, accountId: studentId, sequence: 1, at: at(0) }),
      event('ConversationStarted', { conversationId, at: at(0), stopsAt: at(15) }),
    );
    if (how === 'held') events.push(event('ConversationStopped', { conversationId, at: at(15), reason: 'time_up' }));
  }
  const appended = await app.runtime.store.appendToStreams([{ stream: `conversation-${conversationId}`, expected: 'any', events }]);
  await app.runtime.runner.waitFor(appended.checkpoint, ['conversations']);
  return { t0, at };
}

/** Appends connection events (e.g. the speaker's drop) to a running conversation. */
export async function appendConnections(
  app: TestApp,
  conversationId: string,
  changes: { accountId: string; connected: boolean; sequence: number; at: string }[],
) {
  const events = changes.map((c) =>
    event(c.connected ? 'ParticipantConnected' : 'ParticipantDisconnected', {
      conversationId,
      accountId: c.accountId,
      sequence: c.sequence,
      at: c.at,
      ...(c.connected ? {} : { reason: 'lost' }),
    }),
  );
  await app.runtime.store.appendToStreams([{ stream: `conversation-${conversationId}`, expected: 'any', events }]);
}

/** Enrolls a student in a course as an administrator would (no payment). */
export async function enrollAsAdmin(app: TestApp, inviteNumber: string, studentId: string) {
  const result = await app.runtime.enrollment.enroll({ actor: SYSTEM_ACTOR }, { inviteNumber, studentId, byAdmin: true });
  await app.runtime.runner.waitFor(result.appended?.checkpoint, ['enrollments', 'minutes']);
  return result.enrollmentId;
}

/**
 * A speaker named Marta H. (the name the pages show) and a student with no minutes of their own
 * enrolled in `course` by an admin, with the course's lesson ids in order.
 */
export async function courseWithNamedSpeaker(app: TestApp, course: { courseId: string; inviteNumber: string }) {
  const speaker = await createSpeaker(app);
  const student = await createStudent(app, 0);
  const named = await app.runtime.people.changeUser(
    { actor: SYSTEM_ACTOR },
    { accountId: speaker.accountId, change: { givenName: 'Marta', surname: 'Habla', displayName: 'Marta H.' } },
  );
  await app.runtime.runner.waitFor(named.appended?.checkpoint, ['directory', 'profiles']);
  await enrollAsAdmin(app, course.inviteNumber, student.accountId);
  const lessons = await app.gql(
    `query($id: ID!) { course(courseId: $id) { lessonAssignments { lesson { id } } } }`,
    { id: course.courseId },
    student.token,
  );
  const lessonIds = (lessons.data.course.lessonAssignments as { lesson: { id: string } }[]).map((a) => a.lesson.id);
  return { speaker, student, lessonIds };
}

/**
 * Notes a speaker wrote and the student's spoken total, appended as their streams hold them: for a
 * conversation older than the notes' 48 hours or one whose clock call is long over.
 */
export async function writeNotesAndSpeakingTime(
  app: TestApp,
  c: { conversationId: string; studentId: string; speakerId: string; at: Date },
  notes: { kind: 'correction' | 'word' | 'focus'; text: string; detail: string | null }[],
  spokenMs: number,
) {
  const at = c.at.toISOString();
  const noteEvents = notes.map((n, i) =>
    event('LearningNoteAdded', {
      conversationId: c.conversationId,
      noteId: `${c.conversationId}-note-${i}`,
      studentId: c.studentId,
      writtenBy: c.speakerId,
      ...n,
      why: null,
      at,
    }),
  );
  const spoken = event('SpeakingTimeReported', {
    conversationId: c.conversationId,
    participantId: c.studentId,
    speakingMs: spokenMs,
    totalMs: spokenMs,
    at,
  });
  const appended = await app.runtime.store.appendToStreams([
    { stream: `notes-${c.conversationId}`, expected: 'any', events: noteEvents },
    { stream: `speaking-time-${c.conversationId}`, expected: 'any', events: [spoken] },
  ]);
  await app.runtime.runner.waitFor(appended.checkpoint, ['notes', 'speakingtime']);
}
