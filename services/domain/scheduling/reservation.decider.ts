/**
 * The reservation decider: whether a student may reserve a conversation with a speaker at an
 * instant, and the events that reserving appends. Pure: the handler (./handlers.ts) reads the
 * speaker's facts, the course and enrollment, both people's days, the speaker's availability and
 * the student's ledger, passes them in, and appends what comes back. Constants and messages:
 * contracts/scheduling.ts. Its given/when/then test: ./reservation.decider.test.ts. What happens to
 * a conversation after it is reserved: ../conversations/conversation.decider.ts.
 */
import { MinuteReasons } from '../../../contracts/afterConversation';
import { BUFFER_MINUTES, DURATIONS, HORIZON_DAYS, MIN_NOTICE_MINUTES, SchedulingMessages } from '../../../contracts/scheduling';
import { ErrorCode } from '../../../contracts/errors';
import { archiveOnStart } from '../archive/archive';
import { decideChangeMinutes, type LedgerEvent, type LedgerState } from '../billing/ledger';
import type { CourseState } from '../catalog/course';
import type { ConversationReserved } from '../conversations/events';
import type { EnrollmentEvent, EnrollmentState } from '../enrollment/enrollment';
import type { Actor } from '../shared/decider';
import { DomainError, badInput } from '../shared/errors';
import { withinAvailability } from './availability';
import type { AvailabilityRule, Booking, ScheduleEvent, TimeBooked } from './events';
import { addMinutes, onSlot, overlaps, utcDays, type Interval } from './time';

const MINUTE = 60_000;

/** What scheduling needs to know about a speaker (from the speakers read model). */
export interface SpeakerFacts {
  /** Holds the SPEAKER role (not only onboarding) and is promoted. */
  canSpeak: boolean;
  languages: string[];
}

const intervalOf = (b: Pick<Booking, 'start' | 'end'>): Interval => ({ start: new Date(b.start), end: new Date(b.end) });
/** A speaker's booking holds the buffer on both sides (paid as idle time in payroll). */
export const padded = (i: Interval): Interval => ({ start: addMinutes(i.start, -BUFFER_MINUTES), end: addMinutes(i.end, BUFFER_MINUTES) });
/** The UTC days a booking is written to: a speaker's padded by the buffer, a student's as it is. */
export const speakerDays = (i: Interval) => utcDays(padded(i));
export const studentDays = (i: Interval) => utcDays(i);

/** Bookings still held on the days read, by conversation. */
export function bookingsOf(days: ScheduleEvent[][]): Map<string, Booking> {
  const held = new Map<string, Booking>();
  for (const day of days) {
    for (const e of day) {
      if (e.type === 'TimeBooked') held.set(e.data.conversationId, e.data);
      else if (e.type === 'TimeReleased') held.delete(e.data.conversationId);
    }
  }
  return held;
}

/** A speaker is free for an interval inside their availability with no booking within the buffer of it. */
export const speakerIsFree = (bookings: readonly Booking[], availability: readonly AvailabilityRule[], interval: Interval) =>
  !bookings.some((b) => overlaps(intervalOf(b), interval, BUFFER_MINUTES * MINUTE)) && withinAvailability(availability, interval);

export interface ReserveCommand {
  conversationId: string;
  studentId: string;
  speakerId: string;
  courseId: string | null;
  lessonId: string | null;
  /** The language asked for; a course's language wins. */
  language: string | null;
  start: Date;
  /** Minutes; a course's duration requirement when null, else 15. */
  duration: number | null;
  /** The video provider new conversations use (configuration). */
  provider: string;
  /** Ids the events carry, chosen by the handler so the decision stays pure. */
  transactionId: string;
  lessonAttemptId: string;
}

/** The course and the student's enrollment in it, read when the command names both. */
export interface LessonFacts {
  course: CourseState;
  enrollment: EnrollmentState;
}

export interface ReserveState {
  speaker: SpeakerFacts | null;
  lesson: LessonFacts | null;
  speakerBookings: readonly Booking[];
  studentBookings: readonly Booking[];
  availability: readonly AvailabilityRule[];
  ledger: LedgerState;
  /** For a course lesson's recording consent (../archive/consent.ts): the student's birthday and the school's threshold. */
  student: { dateOfBirth: string | null };
  recordingAgeThreshold: number;
}

/** What reserving appends, by stream: the conversation, the minutes, the lesson attempt, both people's days. */
export interface ReserveDecision {
  conversation: [ConversationReserved];
  ledger: LedgerEvent[];
  enrollment: EnrollmentEvent[];
  speakerTime: TimeBooked[];
  studentTime: TimeBooked[];
}

const refuse = (field: string, message: string) => badInput(message, { [field]: message });

/**
 * The checks that need no one's bookings, in the order the student hears of them: who the speaker
 * is, the instant (on the grid, not past, not too soon, not too far), the lesson, the duration and
 * the language. Returns the interval and what it is; the handler reads the days it touches.
 */
export function reservationShape(cmd: ReserveCommand, state: Pick<ReserveState, 'speaker' | 'lesson'>, now: Date) {
  if (cmd.speakerId === cmd.studentId || !state.speaker?.canSpeak) throw refuse('speakerId', SchedulingMessages.notASpeaker);
  if (!onSlot(cmd.start)) throw refuse('reservedStart', SchedulingMessages.notOnSlot);
  const start = cmd.start.getTime();
  if (start <= now.getTime()) throw refuse('reservedStart', SchedulingMessages.inThePast);
  if (start < now.getTime() + MIN_NOTICE_MINUTES * MINUTE) throw refuse('reservedStart', SchedulingMessages.tooSoon);
  if (start > now.getTime() + HORIZON_DAYS * 24 * 60 * MINUTE) throw refuse('reservedStart', SchedulingMessages.tooFarAhead);

  let language = cmd.language;
  let duration = cmd.duration;
  if (cmd.courseId || cmd.lessonId) {
    const { course, enrollment } = state.lesson ?? {};
    if (
      !cmd.courseId ||
      !cmd.lessonId ||
      !course?.course ||
      !enrollment?.enrolled ||
      !course.lessons.some((l) => l.lessonId === cmd.lessonId)
    ) {
      throw refuse('lessonId', SchedulingMessages.lessonNotYours);
    }
    if (enrollment.lessonAttempts.has(cmd.lessonId) || enrollment.completedLessons.has(cmd.lessonId))
      throw refuse('lessonId', SchedulingMessages.lessonTaken);
    language = course.course.language;
    duration ??= course.course.durationRequirement;
  }
  duration ??= 15;
  if (!(DURATIONS as readonly number[]).includes(duration)) throw refuse('duration', SchedulingMessages.durationInvalid);
  if (!language || !state.speaker.languages.includes(language)) throw refuse('language', SchedulingMessages.languageMismatch);
  return { interval: { start: cmd.start, end: addMinutes(cmd.start, duration) }, duration, language };
}

/**
 * Reserves when the speaker is free (availability, and no booking within the buffer), the student
 * has no conversation at that time, and the student's minutes cover the duration (debited now).
 */
export function decideReserve(cmd: ReserveCommand, state: ReserveState, now: Date, actor: Actor): ReserveDecision {
  const { interval, duration, language } = reservationShape(cmd, state, now);
  if (state.speakerBookings.some((b) => overlaps(intervalOf(b), interval, BUFFER_MINUTES * MINUTE))) {
    throw new DomainError(ErrorCode.CONFLICT, SchedulingMessages.slotTaken);
  }
  if (state.studentBookings.some((b) => overlaps(intervalOf(b), interval)))
    throw new DomainError(ErrorCode.CONFLICT, SchedulingMessages.studentOverlap);
  if (!withinAvailability(state.availability, interval)) throw refuse('reservedStart', SchedulingMessages.outsideAvailability);

  const ledger = decideChangeMinutes(
    state.ledger,
    {
      transactionId: cmd.transactionId,
      accountId: cmd.studentId,
      minutes: -duration,
      action: 'conversation',
      reason: MinuteReasons.reserved(duration),
    },
    { now, actor },
  );
  const reserved: ConversationReserved = {
    type: 'ConversationReserved',
    data: {
      conversationId: cmd.conversationId,
      kind: 'lesson',
      provider: cmd.provider,
      reservedBy: cmd.studentId,
      reservedWith: cmd.speakerId,
      reservedStart: interval.start.toISOString(),
      reservedEnd: interval.end.toISOString(),
      duration,
      learningLanguage: language,
      courseId: cmd.courseId,
      lessonId: cmd.lessonId,
      minutes: duration,
      archiveOnStart: archiveOnStart(
        cmd.courseId,
        state.lesson && {
          allowRecordingUnderAge: state.lesson.course.allowRecordingUnderAge,
          studentDateOfBirth: state.student.dateOfBirth,
          recordingAgeThreshold: state.recordingAgeThreshold,
          day: interval.start.toISOString().slice(0, 10),
        },
      ),
    },
  };
  const booked = (role: Booking['role']): TimeBooked[] => [
    {
      type: 'TimeBooked',
      data: { conversationId: cmd.conversationId, start: reserved.data.reservedStart, end: reserved.data.reservedEnd, role },
    },
  ];
  return {
    conversation: [reserved],
    ledger,
    enrollment:
      cmd.courseId && cmd.lessonId
        ? [
            {
              type: 'LessonAttemptStarted',
              data: { lessonAttemptId: cmd.lessonAttemptId, lessonId: cmd.lessonId, conversationId: cmd.conversationId },
            },
          ]
        : [],
    speakerTime: booked('speaker'),
    studentTime: booked('student'),
  };
}
