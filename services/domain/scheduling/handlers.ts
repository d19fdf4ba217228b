/**
 * Scheduling use cases: availability, reservations, cancellations, transfers and topic changes.
 * Each reads, decides with a pure decider (./availability.ts, ./reservation.decider.ts,
 * ../conversations/conversation.decider.ts: the rules and their tests are there) and appends.
 * Every invariant is guarded by the streams a command reads (see ./events.ts): a reservation reads
 * the speaker's and the student's days no later than the speaker's availability (in one read, one
 * snapshot, on PostgreSQL) and appends its bookings with the versions read; a change of the
 * availability marks the days it touches, so a second booking of the same time or a concurrent
 * change of the availability makes one of them retry and see the other.
 */
import { MinuteReasons } from '../../../contracts/afterConversation';
import { HORIZON_DAYS } from '../../../contracts/scheduling';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { SCHOOL_PRIVACY_STREAM, evolvePrivacySettings, initialPrivacySettings, type PrivacySettingsEvent } from '../archive/consent';
import { ledgerStream } from '../billing/ledger';
import { creditLedger, readLedger } from '../billing/handlers';
import { catalogStreams, type CourseEvent } from '../catalog/events';
import { evolveCourse, initialCourse } from '../catalog/course';
import { conversationStream, type ConversationCanceledReason, type ConversationEvent } from '../conversations/events';
import { evolveConversation, type ConversationState, type PolicyViewer } from '../conversations/conversation';
import { decideCancel, decideCancelTardy, decideChangeLesson, decideTransfer, existing } from '../conversations/conversation.decider';
import type { ConversationMail } from '../conversations/mail';
import {
  enrollmentStream,
  evolveEnrollment,
  initialEnrollment,
  type EnrollmentEvent,
  type EnrollmentState,
} from '../enrollment/enrollment';
import { evolveProfile, initialProfile } from '../people/profile';
import { streams as profileStreams, type ProfileEvent } from '../people/events';
import { fold } from '../shared/decider';
import { newId } from '../shared/ids';
import {
  assertKeepsBookings,
  decideAddAvailability,
  decideChangeAvailability,
  decideRemoveAvailability,
  evolveAvailability,
  initialAvailability,
} from './availability';
import { availabilityStream, scheduleStream, type AvailabilityEvent, type AvailabilityRule, type ScheduleEvent } from './events';
import {
  bookingsOf,
  decideReserve,
  padded,
  reservationShape,
  speakerDays,
  studentDays,
  type LessonFacts,
  type ReserveCommand,
  type SpeakerFacts,
} from './reservation.decider';
import { addMinutes, occurrences, utcDays, type Interval } from './time';

export interface SchedulingDeps {
  commands: CommandExecutor;
  /** The video provider new conversations use (configuration). */
  videoProvider: string;
  speakerFacts(speakerId: string): Promise<SpeakerFacts | null>;
  /** Mail to both parties (with calendar files) and reminders, queued in the command's transaction. */
  conversationMail?: ConversationMail;
}

/** Reads a person's days; returns the streams with their events (the versions are remembered by tx). */
async function readDays(tx: CommandTransaction, accountId: string, days: string[]) {
  const streams = days.map((day) => scheduleStream(accountId, day));
  const events = await Promise.all(streams.map((s) => tx.read(s) as Promise<ScheduleEvent[]>));
  return { streams, bookings: bookingsOf(events) };
}

async function readAvailability(tx: CommandTransaction, speakerId: string) {
  return fold(evolveAvailability, initialAvailability(), (await tx.read(availabilityStream(speakerId))) as AvailabilityEvent[]);
}

async function readConversation(tx: CommandTransaction, conversationId: string): Promise<ConversationState> {
  return existing(
    ((await tx.read(conversationStream(conversationId))) as ConversationEvent[]).reduce<ConversationState | null>(evolveConversation, null),
  );
}

/** The course and the student's enrollment in it. */
/** What a lesson's recording consent reads (../archive/consent.ts): the student's birthday and the school's threshold. */
async function readRecordingConsent(tx: CommandTransaction, studentId: string) {
  const [profile, settings] = await Promise.all([
    tx.read(profileStreams.profile(studentId)) as Promise<ProfileEvent[]>,
    tx.read(SCHOOL_PRIVACY_STREAM) as Promise<PrivacySettingsEvent[]>,
  ]);
  return {
    student: { dateOfBirth: fold(evolveProfile, initialProfile(), profile).fields.dateOfBirth ?? null },
    recordingAgeThreshold: fold(evolvePrivacySettings, initialPrivacySettings(), settings).recordingAgeThreshold,
  };
}

async function readLesson(tx: CommandTransaction, courseId: string, studentId: string): Promise<LessonFacts> {
  const [courseEvents, enrollmentEvents] = await Promise.all([
    tx.read(catalogStreams.course(courseId)) as Promise<CourseEvent[]>,
    tx.read(enrollmentStream(courseId, studentId)) as Promise<EnrollmentEvent[]>,
  ]);
  return {
    course: fold(evolveCourse, initialCourse(), courseEvents),
    enrollment: fold(evolveEnrollment, initialEnrollment(), enrollmentEvents),
  };
}

/**
 * Cancels a reservation inside a command: the conversation's ConversationCanceled and its time
 * given back on the speaker's and (for a lesson) the student's days. The minutes, the lesson attempt
 * and the mail are the caller's (a student withdrawn from a course has several at once).
 */
export function releaseReservation(
  tx: CommandTransaction,
  c: ConversationState,
  cancel: { canceledBy: string | null; reason: ConversationCanceledReason; minutesReturned: number },
) {
  tx.append(conversationStream(c.conversationId), [
    { type: 'ConversationCanceled', data: { conversationId: c.conversationId, ...cancel } },
  ]);
  const released: ScheduleEvent[] = [{ type: 'TimeReleased', data: { conversationId: c.conversationId } }];
  const interval = { start: c.start, end: c.end };
  for (const day of speakerDays(interval)) tx.append(scheduleStream(c.reservedWith, day), released, 'any');
  if (c.kind === 'lesson') for (const day of studentDays(interval)) tx.append(scheduleStream(c.reservedBy, day), released, 'any');
}

export function schedulingHandlers(deps: SchedulingDeps) {
  /** Days of the speaker touched by the rule's occurrences from now to the end of the booking horizon. */
  const horizonDays = (rules: AvailabilityRule[], now: Date) => {
    const to = addMinutes(now, (HORIZON_DAYS + 1) * 24 * 60);
    return [...new Set(rules.flatMap((r) => occurrences(r, now, to).flatMap((o) => utcDays(padded(o)))))];
  };

  /**
   * Availability changes may not strand a reservation (assertKeepsBookings, ./availability.ts) on
   * the days the rule touches before and after. The days read get a marker, so a reservation
   * racing the change conflicts with it.
   */
  async function changeRules(
    tx: CommandTransaction,
    speakerId: string,
    availabilityId: string,
    decide: (state: ReturnType<typeof initialAvailability>) => AvailabilityEvent[],
  ) {
    const stream = availabilityStream(speakerId);
    const before = fold(evolveAvailability, initialAvailability(), (await tx.read(stream)) as AvailabilityEvent[]);
    const events = decide(before);
    const after = events.reduce(evolveAvailability, before);
    const old = before.rules.get(availabilityId);
    const days = horizonDays(
      [old, after.rules.get(availabilityId)].filter((r): r is AvailabilityRule => !!r),
      tx.now,
    );
    const { streams, bookings } = await readDays(tx, speakerId, days);
    assertKeepsBookings({ availabilityId, before, after }, [...bookings.values()], tx.now);
    for (const s of streams) tx.append(s, [{ type: 'AvailabilityMarked', data: { availabilityId } }]);
    tx.append(stream, events);
  }

  return {
    async addAvailability(meta: CommandMeta, input: { speakerId: string; interval: Interval; zoneName: string; repeatsWeekly: boolean }) {
      const availabilityId = newId();
      return deps.commands.execute(meta, async (tx) => {
        const state = await readAvailability(tx, input.speakerId);
        tx.append(availabilityStream(input.speakerId), decideAddAvailability(state, { availabilityId, ...input }, tx.now));
        return { availabilityId };
      });
    },

    async changeAvailability(
      meta: CommandMeta,
      input: { speakerId: string; availabilityId: string; interval: Interval; zoneName: string },
    ) {
      return deps.commands.execute(meta, (tx) =>
        changeRules(tx, input.speakerId, input.availabilityId, (state) => decideChangeAvailability(state, input, tx.now)),
      );
    },

    async removeAvailability(meta: CommandMeta, input: { speakerId: string; availabilityId: string }) {
      return deps.commands.execute(meta, (tx) =>
        changeRules(tx, input.speakerId, input.availabilityId, (state) => decideRemoveAvailability(state, input)),
      );
    },

    /**
     * One atomic append: the conversation, the speaker's and the student's time, the minutes and the
     * lesson attempt, as ./reservation.decider.ts decides on what is read here.
     */
    async createReservation(
      meta: CommandMeta,
      input: {
        studentId: string;
        speakerId: string;
        courseId: string | null;
        lessonId: string | null;
        language: string | null;
        start: Date;
        duration: number | null;
      },
    ) {
      // The mail's recipients are looked up alongside the speaker's facts and the command's reads.
      const parties =
        input.speakerId === input.studentId ? undefined : deps.conversationMail?.lookUpParties(input.studentId, input.speakerId);
      const speaker = input.speakerId === input.studentId ? null : await deps.speakerFacts(input.speakerId);
      const cmd: ReserveCommand = {
        ...input,
        conversationId: newId(),
        provider: deps.videoProvider,
        transactionId: newId(),
        lessonAttemptId: newId(),
      };
      return deps.commands.execute(meta, async (tx) => {
        const lesson = input.courseId && input.lessonId ? await readLesson(tx, input.courseId, input.studentId) : null;
        const { interval } = reservationShape(cmd, { speaker, lesson }, tx.now);
        // All in one read, the speaker's days first (see the module comment).
        const [speakerTime, availability, studentTime, ledger, consent] = await Promise.all([
          readDays(tx, input.speakerId, speakerDays(interval)),
          readAvailability(tx, input.speakerId),
          readDays(tx, input.studentId, studentDays(interval)),
          readLedger(tx, input.studentId),
          lesson ? readRecordingConsent(tx, input.studentId) : { student: { dateOfBirth: null }, recordingAgeThreshold: 0 },
        ]);
        const decision = decideReserve(
          cmd,
          {
            speaker,
            lesson,
            ledger,
            ...consent,
            availability: [...availability.rules.values()],
            speakerBookings: [...speakerTime.bookings.values()],
            studentBookings: [...studentTime.bookings.values()],
          },
          tx.now,
          tx.actor,
        );
        tx.append(ledgerStream(input.studentId), decision.ledger);
        if (decision.enrollment.length) tx.append(enrollmentStream(input.courseId!, input.studentId), decision.enrollment);
        tx.append(conversationStream(cmd.conversationId), decision.conversation, 'no_stream');
        for (const s of speakerTime.streams) tx.append(s, decision.speakerTime);
        for (const s of studentTime.streams) tx.append(s, decision.studentTime);
        await deps.conversationMail?.reserved(tx, evolveConversation(null, decision.conversation[0])!, parties);
        // The decided reservation itself: the API may answer from it before the read models read it.
        return { conversationId: cmd.conversationId, reserved: decision.conversation[0], at: tx.now };
      });
    },

    /** Cancels as the viewer's side allows (tardy: the student, because the speaker is late); minutes go back. */
    async cancelReservation(meta: CommandMeta, input: { conversationId: string; viewer: PolicyViewer; tardy?: boolean }) {
      return deps.commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        const [event] = input.tardy ? decideCancelTardy(c, input, tx.now) : decideCancel(c, input, tx.now);
        const { reason, minutesReturned } = event.data;
        releaseReservation(tx, c, event.data);
        if (c.kind === 'lesson') {
          if (minutesReturned > 0) {
            await creditLedger(tx, {
              accountId: c.reservedBy,
              minutes: minutesReturned,
              action: 'refund',
              reason: reason === 'tardy' ? MinuteReasons.speakerLate : MinuteReasons.canceled,
            });
          }
          if (c.courseId && c.lessonId) await closeAttempt(tx, c, c.lessonId);
        }
        await deps.conversationMail?.canceled(tx, c, { reason, minutesReturned });
        return { conversationId: c.conversationId };
      });
    },

    /** The student changes the lesson (topic) of a reserved conversation of a course. */
    async changeReservationLesson(meta: CommandMeta, input: { conversationId: string; lessonId: string; viewer: PolicyViewer }) {
      return deps.commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        const lesson = c.courseId ? await readLesson(tx, c.courseId, c.reservedBy) : null;
        const events = decideChangeLesson(
          c,
          {
            viewer: input.viewer,
            lessonId: input.lessonId,
            courseLessonIds: lesson?.course.lessons.map((l) => l.lessonId) ?? [],
            takenLessonIds: lesson ? [...lesson.enrollment.lessonAttempts.keys(), ...lesson.enrollment.completedLessons.keys()] : [],
          },
          tx.now,
        );
        if (!events.length) return { conversationId: c.conversationId };
        await closeAttempt(tx, c, c.lessonId, lesson!.enrollment);
        tx.append(enrollmentStream(c.courseId!, c.reservedBy), [
          { type: 'LessonAttemptStarted', data: { lessonAttemptId: newId(), lessonId: input.lessonId, conversationId: c.conversationId } },
        ]);
        tx.append(conversationStream(c.conversationId), events);
        return { conversationId: c.conversationId };
      });
    },

    /** The speaker holding it, or an admin, before the start, to a speaker free then who speaks the language. */
    async transferReservation(meta: CommandMeta, input: { conversationId: string; transfereeId: string; viewer: PolicyViewer }) {
      const facts = await deps.speakerFacts(input.transfereeId);
      return deps.commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        const interval = { start: c.start, end: c.end };
        const [next, availability] = await Promise.all([
          readDays(tx, input.transfereeId, speakerDays(interval)),
          readAvailability(tx, input.transfereeId),
        ]);
        const events = decideTransfer(
          c,
          {
            viewer: input.viewer,
            transferee: {
              speakerId: input.transfereeId,
              facts,
              bookings: [...next.bookings.values()],
              availability: [...availability.rules.values()],
            },
          },
          tx.now,
        );
        tx.append(conversationStream(c.conversationId), events);
        for (const day of speakerDays(interval))
          tx.append(scheduleStream(c.reservedWith, day), [{ type: 'TimeReleased', data: { conversationId: c.conversationId } }], 'any');
        for (const s of next.streams)
          tx.append(s, [
            {
              type: 'TimeBooked',
              data: { conversationId: c.conversationId, start: c.start.toISOString(), end: c.end.toISOString(), role: 'speaker' },
            },
          ]);
        await deps.conversationMail?.transferred(tx, { ...c, reservedWith: input.transfereeId }, c.reservedWith);
        return { conversationId: c.conversationId };
      });
    },
  };

  /** Closes the lesson's open attempt for this conversation (on the enrollment as read, when given). */
  async function closeAttempt(tx: CommandTransaction, c: ConversationState, lessonId: string | null, read?: EnrollmentState) {
    const stream = enrollmentStream(c.courseId!, c.reservedBy);
    const enrollment = read ?? fold(evolveEnrollment, initialEnrollment(), (await tx.read(stream)) as EnrollmentEvent[]);
    const open = lessonId ? enrollment.lessonAttempts.get(lessonId) : undefined;
    if (lessonId && open?.conversationId === c.conversationId) {
      tx.append(stream, [
        { type: 'LessonAttemptCanceled', data: { lessonAttemptId: open.lessonAttemptId, lessonId, conversationId: c.conversationId } },
      ]);
    }
  }
}
export type SchedulingHandlers = ReturnType<typeof schedulingHandlers>;
