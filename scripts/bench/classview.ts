/**
 * `npm run bench -- classview`: the instructor's class view of a course of BENCH_CLASS_STUDENTS (200)
 * students with 20 lessons each, its history written to the log as the product writes it (each
 * student enrolled; per lesson a completed conversation, a missed one reserved again, one reserved,
 * or none; reminders for some; the student's speaking time in each held one), then the classView query through GraphQL as its owner sees it, and
 * the read model's statement alone: p50 / p95 / p99. Target: p99 under 100 ms.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { print } from 'graphql';
import { classRowsOf } from '../../projections/classview';
import { findProfiles } from '../../projections/profiles';
import type { NewEvent } from '../../services/eventstore/port';
import { readModelsCaughtUp } from '../../tests/support/enrollment';
import { createCourse, createPlans } from '../../tests/support/enrollment';
import { signUp, startTestApp } from '../../tests/support/app';
import { CLASS_VIEW } from '../../web/src/instructor/courses/classView/operations';
import { Table } from './lib';
import { systemEvent } from '../../tests/support/events';

const STUDENTS = Number(process.env.BENCH_CLASS_STUDENTS ?? 200);
const LESSONS = 20;
const SAMPLES = Number(process.env.BENCH_CLASS_QUERIES ?? 300);

const event = systemEvent;

/** One lesson's history for one student: a conversation reserved (and maybe held and marked). */
function lessonHistory(courseId: string, studentId: string, lessonId: string, outcome: 'completed' | 'failed' | 'attempting', start: Date) {
  const conversationId = crypto.randomUUID();
  const lessonAttemptId = crypto.randomUUID();
  const end = new Date(start.getTime() + 15 * 60_000);
  const conversation: NewEvent[] = [
    event('ConversationReserved', {
      conversationId,
      kind: 'lesson',
      provider: 'local',
      reservedBy: studentId,
      reservedWith: 'bench-speaker',
      reservedStart: start.toISOString(),
      reservedEnd: end.toISOString(),
      duration: 15,
      learningLanguage: 'es',
      courseId,
      lessonId,
      minutes: 15,
    }),
  ];
  const attempt: NewEvent[] = [event('LessonAttemptStarted', { lessonAttemptId, lessonId, conversationId })];
  if (outcome !== 'attempting') {
    conversation.push(
      event('ConversationStarted', { conversationId, at: start.toISOString(), stopsAt: end.toISOString() }),
      event('ConversationStopped', { conversationId, at: end.toISOString(), reason: 'time_up' }),
    );
    attempt.push(
      event(outcome === 'completed' ? 'LessonAttemptCompleted' : 'LessonAttemptFailed', { lessonAttemptId, lessonId, conversationId }),
    );
  }
  // The student spoke about half of each conversation held (issue 35's speaking time).
  const speaking: NewEvent[] =
    outcome === 'attempting'
      ? []
      : [
          event('SpeakingTimeReported', {
            conversationId,
            participantId: studentId,
            speakingMs: 450_000,
            totalMs: 450_000,
            at: end.toISOString(),
          }),
        ];
  return {
    conversation: { stream: `conversation-${conversationId}`, events: conversation },
    attempt,
    speaking: { stream: `speaking-time-${conversationId}`, events: speaking },
  };
}

async function main() {
  const app = await startTestApp({ rateLimits: false, logLevel: 'silent' }, 'bench_classview');
  try {
    await createPlans(app);
    const owner = await signUp(app, 'bench.classview@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const course = await createCourse(app, owner.token, { name: 'Bench class', completionRequirement: LESSONS });
    const lessons = (
      await app.gql(
        `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { lesson { id } } } } }`,
        { id: course.id },
        owner.token,
      )
    ).data.me.ownedCourse.lessonAssignments.map((l: any) => l.lesson.id as string);
    if (lessons.length !== LESSONS) throw new Error(`expected ${LESSONS} lessons, got ${lessons.length}`);

    let appended = 0;
    const past = Date.now() - 60 * 86_400_000;
    for (let s = 0; s < STUDENTS; s++) {
      const studentId = crypto.randomUUID();
      const enrollment = `enrollment-${course.id}-${studentId}`;
      const enrollmentEvents: NewEvent[] = [
        event('StudentEnrolled', {
          enrollmentId: crypto.randomUUID(),
          courseId: course.id,
          studentId,
          courseKind: 'regular',
          enrolledWith: 'institutional',
          extraConversations: 0,
          minuteQuantity: 0,
          paymentId: null,
          amount: null,
          redemptionCodeId: null,
          attempt: null,
        }),
      ];
      const writes: { stream: string; expected: 'any'; events: NewEvent[] }[] = [];
      const reminders: NewEvent[] = [];
      lessons.forEach((lessonId: string, l: number) => {
        // Earlier lessons done, later ones to come: as a class looks halfway through its course.
        const kind = (s * 7 + l * 3) % 10;
        const at = (k: number) => new Date(past + (l * 2 + k) * 86_400_000);
        const histories =
          l < 12 && kind < 8
            ? [lessonHistory(course.id, studentId, lessonId, 'completed', at(0))]
            : kind === 8
              ? [
                  lessonHistory(course.id, studentId, lessonId, 'failed', at(0)),
                  lessonHistory(course.id, studentId, lessonId, 'attempting', at(1)),
                ]
              : kind === 9
                ? [lessonHistory(course.id, studentId, lessonId, 'attempting', at(1))]
                : [];
        for (const h of histories) {
          writes.push({ ...h.conversation, expected: 'any' });
          if (h.speaking.events.length) writes.push({ ...h.speaking, expected: 'any' });
          enrollmentEvents.push(...h.attempt);
        }
        if (kind === 5)
          reminders.push(event('StudentReminded', { courseId: course.id, studentId, lessonId, dueOn: null, at: new Date().toISOString() }));
      });
      writes.push({ stream: enrollment, expected: 'any', events: enrollmentEvents });
      if (reminders.length) writes.push({ stream: `class-reminders-${course.id}-${studentId}`, expected: 'any', events: reminders });
      await app.runtime.store.appendToStreams(writes);
      appended += writes.reduce((n, w) => n + w.events.length, 0);
    }
    await readModelsCaughtUp(app, ['classview', 'speakingtime']);

    // The page's own document (web/src/instructor/courses/classView/operations.ts).
    const query = print(CLASS_VIEW);
    const measure = async (work: () => Promise<void>) => {
      for (let i = 0; i < 20; i++) await work(); // warm-up: plans and connections
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        await work();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
      return [at(0.5), at(0.95), at(0.99)];
    };
    let cells = 0;
    const graphql = await measure(async () => {
      const res = await app.gql(query, { courseId: course.id }, owner.token);
      if (res.errors) throw new Error(res.errors[0].message);
      cells = res.data.classView.students.reduce((n: number, s: any) => n + s.states.length, 0);
    });
    const statement = await measure(async () => void (await classRowsOf(app.runtime.pool, course.id)));
    const ids = (await classRowsOf(app.runtime.pool, course.id)).map((r) => r.studentId);
    const names = await measure(async () => void (await findProfiles(app.runtime.pool, ids)));
    const baseline = await measure(async () => void (await app.gql('{ me { id } }', {}, owner.token)));

    const table = new Table(['measurement', 'p50 ms', 'p95 ms', 'p99 ms']);
    table.add(`classView through GraphQL (${cells.toLocaleString('en-US')} cells)`, ...graphql);
    table.add('the read model statement alone (classRowsOf)', ...statement);
    table.add('the names alone (findProfiles)', ...names);
    table.add('a request that reads nothing ({ me { id } })', ...baseline);
    console.log(
      `\nClass view benchmark: ${STUDENTS} students × ${LESSONS} lessons, ${appended.toLocaleString('en-US')} events, ${SAMPLES} queries each\n`,
    );
    table.print();
    console.log(
      `\nTarget: classView p99 under 100 ms. Load average while measuring: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.`,
    );
  } finally {
    await app.close();
  }
}

main()
  .then(() => process.exit())
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
