/**
 * Scheduling use cases: availability, reservations, cancellations, transfers and topic changes.
 * Every invariant is guarded by the streams a command reads (see ./events.ts): a reservation reads
 * the speaker's and the student's days no later than the speaker's availability (in one read, one
 * snapshot, on PostgreSQL) and appends its bookings with the versions read; a change of the
 * availability marks the days it touches, so a second booking of the same time or a concurrent
 * change of the availability makes one of them retry and see the other.
 */
import {
  BUFFER_MINUTES,
  DURATIONS,
  HORIZON_DAYS,
  MIN_NOTICE_MINUTES,
  SchedulingMessages,
} from '../../../contracts/scheduling';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { decideChangeMinutes, ledgerStream } from '../billing/ledger';
import { creditLedger, readLedger } from '../billing/handlers';
import { catalogStreams, type CourseEvent } from '../catalog/events';
import { evolveCourse, initialCourse } from '../catalog/course';
import { conversationStream, type ConversationCanceledReason, type ConversationEvent, type ConversationReserved } from '../conversations/events';
import { cancellationPolicy, canTransfer, evolveConversation, tardinessPolicy, type ConversationState, type PolicyViewer } from '../conversations/conversation';
import type { ConversationMail } from '../conversations/mail';
import { enrollmentStream, evolveEnrollment, initialEnrollment, type EnrollmentEvent } from '../enrollment/enrollment';
import { fold } from '../shared/decider';
import { DomainError, badInput, conflict, notFound, unauthorized } from '../shared/errors';
import { newId } from '../shared/ids';
import { ErrorCode } from '../../../contracts/errors';
import {
  decideAddAvailability,
  decideChangeAvailability,
  decideRemoveAvailability,
  evolveAvailability,
  initialAvailability,
  withinAvailability,
} from './availability';
import { archiveOnStart } from '../archive/archive';
import { availabilityStream, scheduleStream, type AvailabilityEvent, type AvailabilityRule, type Booking, type ScheduleEvent } from './events';
import { addMinutes, isValidZone, occurrences, onSlot, overlaps, utcDays, type Interval } from './time';

/** What scheduling needs to know about a speaker (from the speakers read model). */
export interface SpeakerFacts {
  /** Holds the SPEAKER role (not only onboarding) and is promoted. */
  canSpeak: boolean;
  languages: string[];
}
export interface SchedulingDeps {
  commands: CommandExecutor;
  /** The video provider new conversations use (configuration). */
  videoProvider: string;
  speakerFacts(speakerId: string): Promise<SpeakerFacts | null>;
  /** Mail to both parties (with calendar files) and reminders, queued in the command's transaction. */
  conversationMail?: ConversationMail;
}

const MINUTE = 60_000;

/** Bookings still held on the days read, by conversation. */
function bookingsOf(events: ScheduleEvent[][]): Map<string, Booking> {
  const held = new Map<string, Booking>();
  for (const stream of events) {
    for (const e of stream) {
      if (e.type === 'TimeBooked') held.set(e.data.conversationId, e.data);
      else if (e.type === 'TimeReleased') held.delete(e.data.conversationId);
    }
  }
  return held;
}

const intervalOf = (b: Booking): Interval => ({ start: new Date(b.start), end: new Date(b.end) });
const padded = (i: Interval): Interval => ({ start: addMinutes(i.start, -BUFFER_MINUTES), end: addMinutes(i.end, BUFFER_MINUTES) });

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
  const events = (await tx.read(conversationStream(conversationId))) as ConversationEvent[];
  const state = events.reduce<ConversationState | null>(evolveConversation, null);
  if (!state) throw notFound('The conversation was not found.');
  return state;
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
  tx.append(conversationStream(c.conversationId), [{ type: 'ConversationCanceled', data: { conversationId: c.conversationId, ...cancel } }]);
  const released: ScheduleEvent[] = [{ type: 'TimeReleased', data: { conversationId: c.conversationId } }];
  const interval = { start: c.start, end: c.end };
  for (const day of utcDays(padded(interval))) tx.append(scheduleStream(c.reservedWith, day), released, 'any');
  if (c.kind === 'lesson') for (const day of utcDays(interval)) tx.append(scheduleStream(c.reservedBy, day), released, 'any');
}

export function schedulingHandlers(deps: SchedulingDeps) {
  /** Days of the speaker touched by the rule's occurrences from now to the end of the booking horizon. */
  const horizonDays = (rules: AvailabilityRule[], now: Date) => {
    const to = addMinutes(now, (HORIZON_DAYS + 1) * 24 * 60);
    return [...new Set(rules.flatMap((r) => occurrences(r, now, to).flatMap((o) => utcDays(padded(o)))))];
  };

  /**
   * Availability changes may not strand a reservation: every booking inside the old occurrences
   * must lie inside the availability after the change. The days read get a marker, so a
   * reservation racing the change conflicts with it.
   */
  async function changeRules(tx: CommandTransaction, speakerId: string, availabilityId: string, decide: (state: ReturnType<typeof initialAvailability>) => AvailabilityEvent[]) {
    const stream = availabilityStream(speakerId);
    const before = fold(evolveAvailability, initialAvailability(), (await tx.read(stream)) as AvailabilityEvent[]);
    const events = decide(before);
    const after = events.reduce(evolveAvailability, before);
    const old = before.rules.get(availabilityId);
    const days = horizonDays([old, after.rules.get(availabilityId)].filter((r): r is AvailabilityRule => !!r), tx.now);
    const { streams, bookings } = await readDays(tx, speakerId, days);
    for (const booking of bookings.values()) {
      if (booking.role !== 'speaker' || Date.parse(booking.end) <= tx.now.getTime()) continue;
      const interval = intervalOf(booking);
      if (old && withinAvailability([old], interval) && !withinAvailability(after.rules.values(), interval)) {
        throw new DomainError(ErrorCode.CONFLICT, SchedulingMessages.availabilityHasReservations);
      }
    }
    for (const s of streams) tx.append(s, [{ type: 'AvailabilityMarked', data: { availabilityId } }]);
    tx.append(stream, events);
  }

  function checkZone(zoneName: string) {
    if (!isValidZone(zoneName)) throw new DomainError(ErrorCode.INVALID_TIMEZONE, SchedulingMessages.invalidTimezone, { zoneName: SchedulingMessages.invalidTimezone });
  }

  return {
    async addAvailability(meta: CommandMeta, input: { speakerId: string; interval: Interval; zoneName: string; repeatsWeekly: boolean }) {
      checkZone(input.zoneName);
      const availabilityId = newId();
      return deps.commands.execute(meta, async (tx) => {
        const state = await readAvailability(tx, input.speakerId);
        tx.append(availabilityStream(input.speakerId), decideAddAvailability(state, { availabilityId, ...input }, tx.now));
        return { availabilityId };
      });
    },

    async changeAvailability(meta: CommandMeta, input: { speakerId: string; availabilityId: string; interval: Interval; zoneName: string }) {
      checkZone(input.zoneName);
      return deps.commands.execute(meta, (tx) =>
        changeRules(tx, input.speakerId, input.availabilityId, (state) => decideChangeAvailability(state, input, tx.now)),
      );
    },

    async removeAvailability(meta: CommandMeta, input: { speakerId: string; availabilityId: string }) {
      return deps.commands.execute(meta, (tx) => changeRules(tx, input.speakerId, input.availabilityId, (state) => decideRemoveAvailability(state, input)));
    },

    /**
     * One atomic append: the conversation, the speaker's and the student's time, the minutes and the
     * lesson attempt. Refused when the time is taken, outside availability, overlapping the
     * student's own conversations, not covered by the minutes, not the student's lesson, or too soon.
     */
    async createReservation(
      meta: CommandMeta,
      input: { studentId: string; speakerId: string; courseId: string | null; lessonId: string | null; language: string | null; start: Date; duration: number | null },
    ) {
      if (input.speakerId === input.studentId) throw badInput(SchedulingMessages.notASpeaker, { speakerId: SchedulingMessages.notASpeaker });
      // The mail's recipients are looked up alongside the speaker's facts and the command's reads.
      const parties = deps.conversationMail?.lookUpParties(input.studentId, input.speakerId);
      const facts = await deps.speakerFacts(input.speakerId);
      if (!facts?.canSpeak) throw badInput(SchedulingMessages.notASpeaker, { speakerId: SchedulingMessages.notASpeaker });
      if (!onSlot(input.start)) throw badInput(SchedulingMessages.notOnSlot, { reservedStart: SchedulingMessages.notOnSlot });
      const conversationId = newId();
      return deps.commands.execute(meta, async (tx) => {
        const now = tx.now.getTime();
        if (input.start.getTime() <= now) throw badInput(SchedulingMessages.inThePast, { reservedStart: SchedulingMessages.inThePast });
        if (input.start.getTime() < now + MIN_NOTICE_MINUTES * MINUTE) throw badInput(SchedulingMessages.tooSoon, { reservedStart: SchedulingMessages.tooSoon });
        if (input.start.getTime() > now + HORIZON_DAYS * 24 * 60 * MINUTE) throw badInput(SchedulingMessages.tooFarAhead, { reservedStart: SchedulingMessages.tooFarAhead });

        // The course and lesson, when there is one: the student's, with no open attempt.
        let language = input.language;
        let duration = input.duration;
        if (input.courseId || input.lessonId) {
          if (!input.courseId || !input.lessonId) throw badInput(SchedulingMessages.lessonNotYours, { lessonId: SchedulingMessages.lessonNotYours });
          const [courseEvents, enrollmentEvents] = await Promise.all([
            tx.read(catalogStreams.course(input.courseId)) as Promise<CourseEvent[]>,
            tx.read(enrollmentStream(input.courseId, input.studentId)) as Promise<EnrollmentEvent[]>,
          ]);
          const course = fold(evolveCourse, initialCourse(), courseEvents);
          const enrollment = fold(evolveEnrollment, initialEnrollment(), enrollmentEvents);
          if (!course.course || !enrollment.enrolled || !course.lessons.some((l) => l.lessonId === input.lessonId)) {
            throw badInput(SchedulingMessages.lessonNotYours, { lessonId: SchedulingMessages.lessonNotYours });
          }
          if (enrollment.lessonAttempts.has(input.lessonId) || enrollment.completedLessons.has(input.lessonId)) throw badInput(SchedulingMessages.lessonTaken, { lessonId: SchedulingMessages.lessonTaken });
          language = course.course.language;
          duration ??= course.course.durationRequirement;
          tx.append(enrollmentStream(input.courseId, input.studentId), [
            { type: 'LessonAttemptStarted', data: { lessonAttemptId: newId(), lessonId: input.lessonId, conversationId } },
          ]);
        }
        duration ??= 15;
        if (!(DURATIONS as readonly number[]).includes(duration)) throw badInput(SchedulingMessages.durationInvalid, { duration: SchedulingMessages.durationInvalid });
        if (!language || !facts.languages.includes(language)) throw badInput(SchedulingMessages.languageMismatch, { language: SchedulingMessages.languageMismatch });

        const interval = { start: input.start, end: addMinutes(input.start, duration) };
        // All in one read, the speaker's days first (see the module comment).
        const [speaker, availability, student, ledger] = await Promise.all([
          readDays(tx, input.speakerId, utcDays(padded(interval))),
          readAvailability(tx, input.speakerId),
          readDays(tx, input.studentId, utcDays(interval)),
          readLedger(tx, input.studentId),
        ]);
        if ([...speaker.bookings.values()].some((b) => overlaps(intervalOf(b), interval, BUFFER_MINUTES * MINUTE))) {
          throw new DomainError(ErrorCode.CONFLICT, SchedulingMessages.slotTaken);
        }
        if ([...student.bookings.values()].some((b) => overlaps(intervalOf(b), interval))) {
          throw new DomainError(ErrorCode.CONFLICT, SchedulingMessages.studentOverlap);
        }
        if (!withinAvailability(availability.rules.values(), interval)) throw badInput(SchedulingMessages.outsideAvailability, { reservedStart: SchedulingMessages.outsideAvailability });

        tx.append(ledgerStream(input.studentId), decideChangeMinutes(ledger, {
          transactionId: newId(), accountId: input.studentId, minutes: -duration, action: 'conversation', reason: `Reserved a ${duration}-minute conversation`,
        }, { now: tx.now, actor: tx.actor }));

        const reserved: ConversationReserved = {
          type: 'ConversationReserved',
          data: {
            conversationId, kind: 'lesson', provider: deps.videoProvider, reservedBy: input.studentId, reservedWith: input.speakerId,
            reservedStart: interval.start.toISOString(), reservedEnd: interval.end.toISOString(), duration, learningLanguage: language,
            courseId: input.courseId, lessonId: input.lessonId, minutes: duration, archiveOnStart: archiveOnStart(input.courseId),
          },
        };
        tx.append(conversationStream(conversationId), [reserved], 'no_stream');
        const booked = (role: Booking['role']): ScheduleEvent[] => [{ type: 'TimeBooked', data: { conversationId, start: reserved.data.reservedStart, end: reserved.data.reservedEnd, role } }];
        for (const s of speaker.streams) tx.append(s, booked('speaker'));
        for (const s of student.streams) tx.append(s, booked('student'));
        await deps.conversationMail?.reserved(tx, evolveConversation(null, reserved)!, parties);
        return { conversationId };
      });
    },

    /** Cancels as the viewer's side allows (tardy: the student, because the speaker is late); minutes go back. */
    async cancelReservation(meta: CommandMeta, input: { conversationId: string; viewer: PolicyViewer; tardy?: boolean }) {
      return deps.commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        const subject = { ...c, isCanceled: !!c.canceled };
        let reason: 'student' | 'speaker' | 'admin' | 'tardy';
        if (input.tardy) {
          if (input.viewer.accountId !== c.reservedBy && !input.viewer.isAdmin) throw unauthorized('Only the student of this conversation can return its minutes.');
          if (!tardinessPolicy(subject, tx.now).isTardy) throw badInput(SchedulingMessages.notTardy);
          reason = 'tardy';
        } else {
          const policy = cancellationPolicy(subject, input.viewer, tx.now);
          if (!policy.role) throw unauthorized('You cannot cancel this conversation.');
          if (!policy.isCancelable) throw conflict(SchedulingMessages.notCancelable);
          reason = policy.role;
        }
        const minutesReturned = c.kind === 'lesson' ? c.minutes : 0;
        releaseReservation(tx, c, { canceledBy: input.viewer.accountId, reason, minutesReturned });
        if (c.kind === 'lesson') {
          if (minutesReturned > 0) {
            await creditLedger(tx, { accountId: c.reservedBy, minutes: minutesReturned, action: 'refund', reason: reason === 'tardy' ? 'The speaker was late: conversation canceled' : 'Conversation canceled' });
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
        if (input.viewer.accountId !== c.reservedBy && !input.viewer.isAdmin) throw unauthorized('Only the student of this conversation can change its topic.');
        if (c.canceled || c.status !== 'reserved' || tx.now.getTime() >= c.start.getTime()) throw conflict(SchedulingMessages.topicLocked);
        if (!c.courseId) throw badInput(SchedulingMessages.lessonNotYours, { lessonId: SchedulingMessages.lessonNotYours });
        if (c.lessonId === input.lessonId) return { conversationId: c.conversationId };
        const course = fold(evolveCourse, initialCourse(), (await tx.read(catalogStreams.course(c.courseId))) as CourseEvent[]);
        if (!course.lessons.some((l) => l.lessonId === input.lessonId)) throw badInput(SchedulingMessages.lessonNotYours, { lessonId: SchedulingMessages.lessonNotYours });
        const enrollment = await closeAttempt(tx, c, c.lessonId);
        if (enrollment.lessonAttempts.has(input.lessonId) || enrollment.completedLessons.has(input.lessonId)) throw badInput(SchedulingMessages.lessonTaken, { lessonId: SchedulingMessages.lessonTaken });
        tx.append(enrollmentStream(c.courseId, c.reservedBy), [{ type: 'LessonAttemptStarted', data: { lessonAttemptId: newId(), lessonId: input.lessonId, conversationId: c.conversationId } }]);
        tx.append(conversationStream(c.conversationId), [{ type: 'ConversationLessonChanged', data: { conversationId: c.conversationId, courseId: c.courseId, fromLessonId: c.lessonId, toLessonId: input.lessonId } }]);
        return { conversationId: c.conversationId };
      });
    },

    /** The speaker holding it, or an admin, before the start, to a speaker free then who speaks the language. */
    async transferReservation(meta: CommandMeta, input: { conversationId: string; transfereeId: string; viewer: PolicyViewer }) {
      const facts = await deps.speakerFacts(input.transfereeId);
      return deps.commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        if (!canTransfer({ ...c, isCanceled: !!c.canceled }, input.viewer, tx.now)) {
          if (!input.viewer.isAdmin && input.viewer.accountId !== c.reservedWith) throw unauthorized('Only the speaker of this conversation or an admin can transfer it.');
          throw conflict(SchedulingMessages.notTransferable);
        }
        if (input.transfereeId === c.reservedWith || input.transfereeId === c.reservedBy || !facts?.canSpeak || !facts.languages.includes(c.learningLanguage)) {
          throw badInput(SchedulingMessages.transfereeUnavailable, { transfereeId: SchedulingMessages.transfereeUnavailable });
        }
        const interval = { start: c.start, end: c.end };
        const next = await readDays(tx, input.transfereeId, utcDays(padded(interval)));
        const availability = await readAvailability(tx, input.transfereeId);
        if ([...next.bookings.values()].some((b) => overlaps(intervalOf(b), interval, BUFFER_MINUTES * MINUTE)) || !withinAvailability(availability.rules.values(), interval)) {
          throw badInput(SchedulingMessages.transfereeUnavailable, { transfereeId: SchedulingMessages.transfereeUnavailable });
        }
        tx.append(conversationStream(c.conversationId), [{ type: 'ConversationTransferred', data: { conversationId: c.conversationId, fromSpeakerId: c.reservedWith, toSpeakerId: input.transfereeId, transferredBy: input.viewer.accountId } }]);
        for (const day of utcDays(padded(interval))) tx.append(scheduleStream(c.reservedWith, day), [{ type: 'TimeReleased', data: { conversationId: c.conversationId } }], 'any');
        for (const s of next.streams) tx.append(s, [{ type: 'TimeBooked', data: { conversationId: c.conversationId, start: c.start.toISOString(), end: c.end.toISOString(), role: 'speaker' } }]);
        await deps.conversationMail?.transferred(tx, { ...c, reservedWith: input.transfereeId }, c.reservedWith);
        return { conversationId: c.conversationId };
      });
    },
  };

  /** Closes the lesson's open attempt for this conversation; returns the enrollment as read. */
  async function closeAttempt(tx: CommandTransaction, c: ConversationState, lessonId: string | null) {
    const stream = enrollmentStream(c.courseId!, c.reservedBy);
    const enrollment = fold(evolveEnrollment, initialEnrollment(), (await tx.read(stream)) as EnrollmentEvent[]);
    const open = lessonId ? enrollment.lessonAttempts.get(lessonId) : undefined;
    if (lessonId && open?.conversationId === c.conversationId) {
      tx.append(stream, [{ type: 'LessonAttemptCanceled', data: { lessonAttemptId: open.lessonAttemptId, lessonId, conversationId: c.conversationId } }]);
      const lessonAttempts = new Map(enrollment.lessonAttempts);
      lessonAttempts.delete(lessonId);
      return { ...enrollment, lessonAttempts };
    }
    return enrollment;
  }
}
export type SchedulingHandlers = ReturnType<typeof schedulingHandlers>;
