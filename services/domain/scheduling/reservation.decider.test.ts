/**
 * Reserving, given/when/then: given the past events of the speaker's and the student's days, the
 * speaker's availability, the student's ledger and course, when a student reserves a start at an
 * instant, then these events or this error. Rules: ./reservation.decider.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { HORIZON_DAYS, MIN_NOTICE_MINUTES, SchedulingMessages } from '../../../contracts/scheduling';
import { evolveLedger, initialLedger, type LedgerEvent } from '../billing/ledger';
import { evolveCourse, initialCourse } from '../catalog/course';
import type { CourseEvent } from '../catalog/events';
import { evolveEnrollment, initialEnrollment, type EnrollmentEvent } from '../enrollment/enrollment';
import { fold } from '../shared/decider';
import { assertDomainError } from '../shared/spec';
import { evolveAvailability, initialAvailability } from './availability';
import type { AvailabilityAdded, AvailabilityEvent, ScheduleEvent, TimeBooked } from './events';
import { bookingsOf, decideReserve, type ReserveCommand, type ReserveDecision, type SpeakerFacts } from './reservation.decider';

const NOW = new Date('2027-03-07T12:00:00Z');
const at = (iso: string) => new Date(iso);
const minutesFromNow = (m: number) => new Date(NOW.getTime() + m * 60_000);
const actor = { accountId: 'student', roles: ['STUDENT'] };

/** The speaker is available all day (UTC) on 7, 8 and 14 March. */
const allDay = (localDate: string): AvailabilityAdded => ({
  type: 'AvailabilityAdded',
  data: {
    availabilityId: `a-${localDate}`,
    speakerId: 'speaker',
    zoneName: 'UTC',
    localDate,
    startTime: '00:00',
    endTime: '24:00',
    repeatsWeekly: false,
  },
});
const credited = (balanceAfter: number): LedgerEvent => ({
  type: 'MinutesChanged',
  data: {
    transactionId: 'earlier',
    accountId: 'student',
    minuteQuantity: balanceAfter,
    action: 'admin_adjustment',
    actionReason: null,
    balanceAfter,
  },
});
const booked = (conversationId: string, start: string, end: string, role: 'speaker' | 'student'): TimeBooked => ({
  type: 'TimeBooked',
  data: { conversationId, start, end, role },
});

const course: CourseEvent[] = [
  {
    type: 'CourseCreated',
    data: {
      courseId: 'course',
      kind: 'regular',
      name: 'Spanish 1',
      language: 'es',
      proficiency: 'beginner',
      startDate: '2027-03-01',
      endDate: null,
      inviteNumber: '1234',
      completionRequirement: 2,
      durationRequirement: 30,
      ownerId: 'instructor',
      school: null,
      priceAgreement: { id: 'p', kind: 'standard', pricingPlanId: null, unitPrice: 1000, currency: 'usd' },
      templateId: null,
    },
  },
  {
    type: 'LessonAssigned',
    data: {
      courseId: 'course',
      lessonAssignmentId: 'la1',
      lessonId: 'lesson1',
      title: 'One',
      discussionTopic: null,
      privateNote: null,
      dueOn: null,
      order: 1,
    },
  },
  {
    type: 'LessonAssigned',
    data: {
      courseId: 'course',
      lessonAssignmentId: 'la2',
      lessonId: 'lesson2',
      title: 'Two',
      discussionTopic: null,
      privateNote: null,
      dueOn: null,
      order: 2,
    },
  },
];
const enrolled: EnrollmentEvent = {
  type: 'StudentEnrolled',
  data: {
    enrollmentId: 'e',
    courseId: 'course',
    studentId: 'student',
    courseKind: 'regular',
    enrolledWith: 'redemption_code',
    extraConversations: 0,
    minuteQuantity: 60,
    paymentId: null,
    amount: null,
    redemptionCodeId: null,
    attempt: null,
  },
};

interface Past {
  speaker?: SpeakerFacts | null;
  speakerDays?: ScheduleEvent[];
  studentDays?: ScheduleEvent[];
  availability?: AvailabilityEvent[];
  ledger?: LedgerEvent[];
  course?: CourseEvent[];
  enrollment?: EnrollmentEvent[];
  /** The student's birthday (an adult's unless given; null: unknown) and the school's age threshold (18 unless given). */
  dateOfBirth?: string | null;
  recordingAgeThreshold?: number;
}

function given(past: Past = {}) {
  const state = {
    speaker: past.speaker === undefined ? { canSpeak: true, languages: ['es', 'fr'] } : past.speaker,
    lesson:
      past.course || past.enrollment
        ? {
            course: fold(evolveCourse, initialCourse(), past.course ?? []),
            enrollment: fold(evolveEnrollment, initialEnrollment(), past.enrollment ?? []),
          }
        : null,
    speakerBookings: [...bookingsOf([past.speakerDays ?? []]).values()],
    studentBookings: [...bookingsOf([past.studentDays ?? []]).values()],
    availability: [
      ...fold(
        evolveAvailability,
        initialAvailability(),
        past.availability ?? ['2027-03-07', '2027-03-08', '2027-03-14'].map(allDay),
      ).rules.values(),
    ],
    ledger: fold(evolveLedger, initialLedger(), past.ledger ?? [credited(60)]),
    student: { dateOfBirth: past.dateOfBirth === undefined ? '1990-05-01' : past.dateOfBirth },
    recordingAgeThreshold: past.recordingAgeThreshold ?? 18,
  };
  return {
    when(over: Partial<ReserveCommand>, now = NOW) {
      const cmd: ReserveCommand = {
        conversationId: 'c1',
        studentId: 'student',
        speakerId: 'speaker',
        courseId: null,
        lessonId: null,
        language: 'es',
        start: at('2027-03-08T09:00:00Z'),
        duration: 15,
        provider: 'local',
        transactionId: 't1',
        lessonAttemptId: 'la-new',
        ...over,
      };
      const decide = () => decideReserve(cmd, state, now, actor);
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then, as deciderSpec; nothing awaits it
        then: (expected: ReserveDecision) => assert.deepEqual(decide(), expected),
        thenThrows: (code: string, message?: string) => assertDomainError(decide, code, message),
        /** The decision, for a test that checks one part of it. */
        decision: decide,
      };
    },
  };
}

const reservedAt = (start: string, end: string, over: Partial<ReserveDecision['conversation'][0]['data']> = {}): ReserveDecision => ({
  conversation: [
    {
      type: 'ConversationReserved',
      data: {
        conversationId: 'c1',
        kind: 'lesson',
        provider: 'local',
        reservedBy: 'student',
        reservedWith: 'speaker',
        reservedStart: start,
        reservedEnd: end,
        duration: 15,
        learningLanguage: 'es',
        courseId: null,
        lessonId: null,
        minutes: 15,
        archiveOnStart: false,
        ...over,
      },
    },
  ],
  ledger: [
    {
      type: 'MinutesChanged',
      data: {
        transactionId: 't1',
        accountId: 'student',
        minuteQuantity: -(over.duration ?? 15),
        action: 'conversation',
        actionReason: `Reserved a ${over.duration ?? 15}-minute conversation`,
        balanceAfter: 60 - (over.duration ?? 15),
      },
    },
  ],
  enrollment: [],
  speakerTime: [booked('c1', start, end, 'speaker')],
  studentTime: [booked('c1', start, end, 'student')],
});

describe('reserving a conversation', () => {
  it('books both people, debits the minutes and records the conversation in one decision', () => {
    given().when({}).then(reservedAt('2027-03-08T09:00:00.000Z', '2027-03-08T09:15:00.000Z'));
  });

  it('starts on the quarter hour (slot alignment)', () => {
    given()
      .when({ start: at('2027-03-08T09:05:00Z') })
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.notOnSlot);
    given()
      .when({ start: at('2027-03-08T09:45:00Z') })
      .decision();
  });

  it('refuses a start already past, and one sooner than the minimum notice, and one past the horizon', () => {
    given()
      .when({ start: at('2027-03-07T11:45:00Z') })
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.inThePast);
    given().when({ start: NOW }).thenThrows('BAD_USER_INPUT', SchedulingMessages.inThePast);
    given()
      .when({ start: minutesFromNow(MIN_NOTICE_MINUTES - 15) })
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.tooSoon);
    // Exactly the minimum notice ahead is allowed.
    assert.equal(
      given()
        .when({ start: minutesFromNow(MIN_NOTICE_MINUTES) })
        .decision().conversation[0].data.reservedStart,
      '2027-03-07T13:00:00.000Z',
    );
    given()
      .when({ start: minutesFromNow(HORIZON_DAYS * 24 * 60 + 15) })
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.tooFarAhead);
    assert.equal(
      given()
        .when({ start: minutesFromNow(HORIZON_DAYS * 24 * 60) })
        .decision().conversation.length,
      1,
    );
  });

  it('is with a speaker who can speak the language, never with oneself, for 15 or 30 minutes', () => {
    given({ speaker: null }).when({}).thenThrows('BAD_USER_INPUT', SchedulingMessages.notASpeaker);
    given({ speaker: { canSpeak: false, languages: ['es'] } })
      .when({})
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.notASpeaker);
    given().when({ speakerId: 'student' }).thenThrows('BAD_USER_INPUT', SchedulingMessages.notASpeaker);
    given().when({ language: 'de' }).thenThrows('BAD_USER_INPUT', SchedulingMessages.languageMismatch);
    given().when({ duration: 45 }).thenThrows('BAD_USER_INPUT', SchedulingMessages.durationInvalid);
    given()
      .when({ duration: 30 })
      .then(reservedAt('2027-03-08T09:00:00.000Z', '2027-03-08T09:30:00.000Z', { duration: 30, minutes: 30 }));
  });

  it("refuses a time overlapping the speaker's bookings or their 15-minute buffer, but not a released one", () => {
    given({ speakerDays: [booked('x', '2027-03-08T09:00:00Z', '2027-03-08T09:15:00Z', 'speaker')] })
      .when({})
      .thenThrows('CONFLICT', SchedulingMessages.slotTaken);
    given({ speakerDays: [booked('x', '2027-03-08T08:45:00Z', '2027-03-08T09:00:00Z', 'speaker')] })
      .when({})
      .thenThrows('CONFLICT', SchedulingMessages.slotTaken);
    given({ speakerDays: [booked('x', '2027-03-08T09:15:00Z', '2027-03-08T09:30:00Z', 'speaker')] })
      .when({})
      .thenThrows('CONFLICT', SchedulingMessages.slotTaken);
    // A full buffer apart, or released, is free.
    given({ speakerDays: [booked('x', '2027-03-08T08:30:00Z', '2027-03-08T08:45:00Z', 'speaker')] })
      .when({})
      .decision();
    given({
      speakerDays: [
        booked('x', '2027-03-08T09:00:00Z', '2027-03-08T09:15:00Z', 'speaker'),
        { type: 'TimeReleased', data: { conversationId: 'x' } },
      ],
    })
      .when({})
      .then(reservedAt('2027-03-08T09:00:00.000Z', '2027-03-08T09:15:00.000Z'));
  });

  it("refuses a time overlapping the student's own conversations (no buffer for students)", () => {
    given({ studentDays: [booked('y', '2027-03-08T08:50:00Z', '2027-03-08T09:05:00Z', 'student')] })
      .when({})
      .thenThrows('CONFLICT', SchedulingMessages.studentOverlap);
    given({ studentDays: [booked('y', '2027-03-08T08:45:00Z', '2027-03-08T09:00:00Z', 'student')] })
      .when({})
      .decision();
  });

  it("refuses a time outside the speaker's availability", () => {
    given()
      .when({ start: at('2027-03-09T09:00:00Z') })
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.outsideAvailability);
    given({ availability: [{ type: 'AvailabilityAdded', data: { ...allDay('2027-03-08').data, startTime: '08:00', endTime: '09:15' } }] })
      .when({ duration: 30 })
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.outsideAvailability);
  });

  it("refuses when the student's minutes do not cover the duration", () => {
    given({ ledger: [credited(10)] })
      .when({})
      .thenThrows('INSUFFICIENT_MINUTES');
    given({ ledger: [] }).when({}).thenThrows('INSUFFICIENT_MINUTES');
    assert.equal(
      given({ ledger: [credited(15)] })
        .when({})
        .decision().ledger[0].data.balanceAfter,
      0,
    );
  });

  it("reserves a lesson of the student's course in its language and duration, recorded, and starts the lesson attempt", () => {
    given({ course, enrollment: [enrolled] })
      .when({ courseId: 'course', lessonId: 'lesson1', language: null, duration: null })
      .then({
        ...reservedAt('2027-03-08T09:00:00.000Z', '2027-03-08T09:30:00.000Z', {
          duration: 30,
          minutes: 30,
          courseId: 'course',
          lessonId: 'lesson1',
          archiveOnStart: true,
        }),
        enrollment: [{ type: 'LessonAttemptStarted', data: { lessonAttemptId: 'la-new', lessonId: 'lesson1', conversationId: 'c1' } }],
      });
  });

  it("refuses a lesson that is not the student's, or one already attempted or completed", () => {
    const lesson = { courseId: 'course', lessonId: 'lesson1', language: null, duration: null };
    given({ course }).when(lesson).thenThrows('BAD_USER_INPUT', SchedulingMessages.lessonNotYours);
    given({ course, enrollment: [enrolled] })
      .when({ ...lesson, lessonId: 'elsewhere' })
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.lessonNotYours);
    given({ course, enrollment: [enrolled] })
      .when({ ...lesson, courseId: null })
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.lessonNotYours);
    const attempt = { lessonAttemptId: 'a0', lessonId: 'lesson1', conversationId: 'c0' };
    given({ course, enrollment: [enrolled, { type: 'LessonAttemptStarted', data: attempt }] })
      .when(lesson)
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.lessonTaken);
    given({
      course,
      enrollment: [enrolled, { type: 'LessonAttemptStarted', data: attempt }, { type: 'LessonAttemptCompleted', data: attempt }],
    })
      .when(lesson)
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.lessonTaken);
    // A canceled attempt frees the lesson again.
    given({
      course,
      enrollment: [enrolled, { type: 'LessonAttemptStarted', data: attempt }, { type: 'LessonAttemptCanceled', data: attempt }],
    })
      .when(lesson)
      .decision();
  });

  describe('recording consent (issue 34)', () => {
    const lesson = { courseId: 'course', lessonId: 'lesson1', language: null, duration: null };
    const allowing: CourseEvent = { type: 'CourseRecordingConsentChanged', data: { courseId: 'course', allowRecordingUnderAge: true } };
    const recorded = (past: Past) =>
      given({ course, enrollment: [enrolled], ...past })
        .when(lesson)
        .decision().conversation[0].data.archiveOnStart;

    it('does not record an under-age student in a course that does not allow it; records them where it does', () => {
      // 18 on 2027-03-09: 17 on the conversation's day (2027-03-08).
      assert.equal(recorded({ dateOfBirth: '2009-03-09' }), false);
      assert.equal(recorded({ dateOfBirth: '2009-03-09', course: [...course, allowing] }), true);
    });

    it('records a student from the day they reach the threshold', () => {
      assert.equal(recorded({ dateOfBirth: '2009-03-08' }), true);
      assert.equal(recorded({ dateOfBirth: '2009-03-08', recordingAgeThreshold: 19 }), false);
    });

    it('counts an unknown birthday as under age, and nobody as under age at a threshold of 0', () => {
      assert.equal(recorded({ dateOfBirth: null }), false);
      assert.equal(recorded({ dateOfBirth: null, course: [...course, allowing] }), true);
      assert.equal(recorded({ dateOfBirth: null, recordingAgeThreshold: 0 }), true);
    });

    it('never records a conversation outside a course, whatever the age', () => {
      assert.equal(given({ dateOfBirth: '1990-01-01' }).when({}).decision().conversation[0].data.archiveOnStart, false);
    });
  });
});
