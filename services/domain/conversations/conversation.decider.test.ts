/**
 * The conversation's life, given/when/then: given the past events of one conversation's stream,
 * when a command runs at an instant, then these events or this error. Every rule after reserving
 * is here (reserving: ../scheduling/reservation.decider.test.ts); where each rule lives is listed
 * in ./conversation.decider.ts.
 */
import { describe, it } from 'vitest';
import { AfterMessages, BAD_SPEAKER_BONUS_MINUTES } from '../../../contracts/afterConversation';
import { LiveMessages } from '../../../contracts/live';
import {
  BUFFER_MINUTES,
  OPENABLE_MINUTES_BEFORE,
  SchedulingMessages,
  STUDENT_CANCEL_CUTOFF_HOURS,
  TARDY_AFTER_MINUTES,
} from '../../../contracts/scheduling';
import type { Booking } from '../scheduling/events';
import { deciderSpec } from '../shared/spec';
import { evolveConversation, type PolicyViewer } from './conversation';
import { decideCancel, decideCancelTardy, decideChangeLesson, decideTransfer, type Transferee } from './conversation.decider';
import type { ConversationEvent, ConversationMarked } from './events';
import { decideLeave, decideOpen, decideSync, decideTimeUp, decideUnused } from './live';
import { decideMark, type MarkingContext } from './marking';

const spec = deciderSpec(evolveConversation, () => null);

/** The conversation starts at T0 and lasts 15 minutes; `at(m)` is m minutes from its start. */
const T0 = new Date('2027-03-08T15:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const HOURS = 60;

const student: PolicyViewer = { accountId: 'student', isAdmin: false };
const speaker: PolicyViewer = { accountId: 'speaker', isAdmin: false };
const stranger: PolicyViewer = { accountId: 'stranger', isAdmin: false };
const admin: PolicyViewer = { accountId: 'admin', isAdmin: true };

const reserved = (over: Partial<Extract<ConversationEvent, { type: 'ConversationReserved' }>['data']> = {}): ConversationEvent => ({
  type: 'ConversationReserved',
  data: {
    conversationId: 'c1',
    kind: 'lesson',
    provider: 'local',
    reservedBy: 'student',
    reservedWith: 'speaker',
    reservedStart: at(0).toISOString(),
    reservedEnd: at(15).toISOString(),
    duration: 15,
    learningLanguage: 'es',
    courseId: 'course',
    lessonId: 'lesson1',
    minutes: 15,
    archiveOnStart: true,
    ...over,
  },
});
const canceledBy = (viewer: PolicyViewer, reason: 'student' | 'speaker' | 'admin' | 'tardy', minutesReturned = 15): ConversationEvent => ({
  type: 'ConversationCanceled',
  data: { conversationId: 'c1', canceledBy: viewer.accountId, reason, minutesReturned },
});
const opened: ConversationEvent = {
  type: 'ConversationOpened',
  data: { conversationId: 'c1', openedBy: 'speaker', at: at(-2).toISOString() },
};
const connected = (accountId: string, minute: number, sequence = 1): ConversationEvent => ({
  type: 'ParticipantConnected',
  data: { conversationId: 'c1', accountId, sequence, at: at(minute).toISOString() },
});
const started = (minute: number, stopsAt: number): ConversationEvent => ({
  type: 'ConversationStarted',
  data: { conversationId: 'c1', at: at(minute).toISOString(), stopsAt: at(stopsAt).toISOString() },
});
const stopped = (minute: number, reason: 'time_up' | 'unused'): ConversationEvent => ({
  type: 'ConversationStopped',
  data: { conversationId: 'c1', at: at(minute).toISOString(), reason },
});
const held = [reserved(), opened, connected('speaker', -2), connected('student', 0), started(0, 15), stopped(15, 'time_up')];

describe('canceling: the 12-hour rule for students, the start for speakers, the end for admins', () => {
  const cutoff = -STUDENT_CANCEL_CUTOFF_HOURS * HOURS;
  it('the student cancels up to 12 hours before the start, with every minute back', () => {
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: student }, at(cutoff - 1)))
      .then([canceledBy(student, 'student')]);
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: student }, at(cutoff)))
      .thenThrows('CONFLICT', SchedulingMessages.notCancelable);
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: student }, at(-60)))
      .thenThrows('CONFLICT', SchedulingMessages.notCancelable);
  });
  it('the speaker cancels up to the start, the minutes going back to the student', () => {
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: speaker }, at(-1)))
      .then([canceledBy(speaker, 'speaker')]);
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: speaker }, at(0)))
      .thenThrows('CONFLICT', SchedulingMessages.notCancelable);
  });
  it('an admin cancels up to the end, as an admin even when a participant', () => {
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: admin }, at(14)))
      .then([canceledBy(admin, 'admin')]);
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: admin }, at(15)))
      .thenThrows('CONFLICT', SchedulingMessages.notCancelable);
    const adminSpeaker = { accountId: 'speaker', isAdmin: true };
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: adminSpeaker }, at(5)))
      .then([canceledBy(adminSpeaker, 'admin')]);
  });
  it('nobody else; nothing canceled, opened or unknown', () => {
    spec
      .given([reserved()])
      .when((c) => decideCancel(c, { viewer: stranger }, at(-24 * HOURS)))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([reserved(), canceledBy(speaker, 'speaker')])
      .when((c) => decideCancel(c, { viewer: admin }, at(-24 * HOURS)))
      .thenThrows('CONFLICT', SchedulingMessages.notCancelable);
    spec
      .given([reserved(), opened])
      .when((c) => decideCancel(c, { viewer: admin }, at(0)))
      .thenThrows('CONFLICT', SchedulingMessages.notCancelable);
    spec
      .given([])
      .when((c) => decideCancel(c, { viewer: admin }, at(0)))
      .thenThrows('NOT_FOUND');
  });
  it('an interview cost nothing, so it returns nothing', () => {
    spec
      .given([reserved({ kind: 'interview', reservedBy: 'staff', minutes: 0, courseId: null, lessonId: null })])
      .when((c) => decideCancel(c, { viewer: admin }, at(-60)))
      .then([canceledBy(admin, 'admin', 0)]);
  });
});

describe('tardy cancel: the student, once the speaker is late', () => {
  it('not before the tardy threshold; from it, every minute back', () => {
    spec
      .given([reserved()])
      .when((c) => decideCancelTardy(c, { viewer: student }, at(TARDY_AFTER_MINUTES - 1)))
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.notTardy);
    spec
      .given([reserved()])
      .when((c) => decideCancelTardy(c, { viewer: student }, at(TARDY_AFTER_MINUTES)))
      .then([canceledBy(student, 'tardy')]);
  });
  it('only the student (or an admin), never the late speaker', () => {
    spec
      .given([reserved()])
      .when((c) => decideCancelTardy(c, { viewer: speaker }, at(10)))
      .thenThrows('UNAUTHORIZED', 'Only the student of this conversation can return its minutes.');
    spec
      .given([reserved()])
      .when((c) => decideCancelTardy(c, { viewer: stranger }, at(10)))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([reserved()])
      .when((c) => decideCancelTardy(c, { viewer: admin }, at(10)))
      .then([canceledBy(admin, 'tardy')]);
  });
  it('not once the speaker opened it, nor twice', () => {
    spec
      .given([reserved(), opened])
      .when((c) => decideCancelTardy(c, { viewer: student }, at(10)))
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.notTardy);
    spec
      .given([reserved(), canceledBy(student, 'tardy')])
      .when((c) => decideCancelTardy(c, { viewer: student }, at(10)))
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.notTardy);
  });
});

describe('transfer: the speaker holding it or an admin, before the start, to a free speaker of the language', () => {
  const free = (over: Partial<Transferee> = {}): Transferee => ({
    speakerId: 'other',
    facts: { canSpeak: true, languages: ['es'] },
    bookings: [],
    availability: [
      {
        availabilityId: 'a',
        speakerId: 'other',
        zoneName: 'UTC',
        localDate: '2027-03-08',
        startTime: '14:00',
        endTime: '16:00',
        repeatsWeekly: false,
      },
    ],
    ...over,
  });
  const transferred = (by: PolicyViewer, from = 'speaker', to = 'other'): ConversationEvent => ({
    type: 'ConversationTransferred',
    data: { conversationId: 'c1', fromSpeakerId: from, toSpeakerId: to, transferredBy: by.accountId },
  });
  const booking = (start: number, end: number): Booking => ({
    conversationId: 'x',
    start: at(start).toISOString(),
    end: at(end).toISOString(),
    role: 'speaker',
  });

  it('moves the conversation to the other speaker', () => {
    spec
      .given([reserved()])
      .when((c) => decideTransfer(c, { viewer: speaker, transferee: free() }, at(-1)))
      .then([transferred(speaker)]);
    spec
      .given([reserved()])
      .when((c) => decideTransfer(c, { viewer: admin, transferee: free() }, at(-1)))
      .then([transferred(admin)]);
  });
  it('only by the speaker holding it or an admin', () => {
    spec
      .given([reserved()])
      .when((c) => decideTransfer(c, { viewer: student, transferee: free() }, at(-60)))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([reserved()])
      .when((c) => decideTransfer(c, { viewer: stranger, transferee: free() }, at(-60)))
      .thenThrows('UNAUTHORIZED');
    // Once transferred, the new speaker holds it and the old one no longer may.
    spec
      .given([reserved(), transferred(speaker)])
      .when((c) => decideTransfer(c, { viewer: speaker, transferee: free({ speakerId: 'third' }) }, at(-60)))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([reserved(), transferred(speaker)])
      .when((c) => decideTransfer(c, { viewer: { accountId: 'other', isAdmin: false }, transferee: free({ speakerId: 'third' }) }, at(-60)))
      .then([transferred({ accountId: 'other', isAdmin: false }, 'other', 'third')]);
  });
  it('only before the start, and not once canceled', () => {
    spec
      .given([reserved()])
      .when((c) => decideTransfer(c, { viewer: speaker, transferee: free() }, at(0)))
      .thenThrows('CONFLICT', SchedulingMessages.notTransferable);
    spec
      .given([reserved(), canceledBy(student, 'student')])
      .when((c) => decideTransfer(c, { viewer: admin, transferee: free() }, at(-60)))
      .thenThrows('CONFLICT', SchedulingMessages.notTransferable);
  });
  it('to another speaker who can speak, speaks the language and is free (availability, buffer) then', () => {
    const unavailable = (transferee: Transferee) =>
      spec
        .given([reserved()])
        .when((c) => decideTransfer(c, { viewer: speaker, transferee }, at(-60)))
        .thenThrows('BAD_USER_INPUT', SchedulingMessages.transfereeUnavailable);
    unavailable(free({ speakerId: 'speaker' }));
    unavailable(free({ speakerId: 'student' }));
    unavailable(free({ facts: null }));
    unavailable(free({ facts: { canSpeak: false, languages: ['es'] } }));
    unavailable(free({ facts: { canSpeak: true, languages: ['fr'] } }));
    unavailable(free({ availability: [] }));
    unavailable(free({ bookings: [booking(15, 30)] }));
    unavailable(free({ bookings: [booking(-30, -10)] }));
    spec
      .given([reserved()])
      .when((c) => decideTransfer(c, { viewer: speaker, transferee: free({ bookings: [booking(-30, -BUFFER_MINUTES)] }) }, at(-60)))
      .then([transferred(speaker)]);
  });
});

describe('change lesson: the student, before the start, to a lesson of the course not yet taken', () => {
  const change = (viewer: PolicyViewer, lessonId: string, taken: string[] = []) => ({
    viewer,
    lessonId,
    courseLessonIds: ['lesson1', 'lesson2', 'lesson3'],
    takenLessonIds: ['lesson1', ...taken],
  });
  const changed: ConversationEvent = {
    type: 'ConversationLessonChanged',
    data: { conversationId: 'c1', courseId: 'course', fromLessonId: 'lesson1', toLessonId: 'lesson2' },
  };
  it('records the new lesson; the same lesson again changes nothing', () => {
    spec
      .given([reserved()])
      .when((c) => decideChangeLesson(c, change(student, 'lesson2'), at(-1)))
      .then([changed]);
    spec
      .given([reserved()])
      .when((c) => decideChangeLesson(c, change(student, 'lesson1'), at(-1)))
      .then([]);
    spec
      .given([reserved(), changed])
      .when((c) => decideChangeLesson(c, change(student, 'lesson2'), at(-1)))
      .then([]);
  });
  it('refuses a lesson outside the course, one already attempted or completed, and a conversation without a course', () => {
    spec
      .given([reserved()])
      .when((c) => decideChangeLesson(c, change(student, 'elsewhere'), at(-60)))
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.lessonNotYours);
    spec
      .given([reserved()])
      .when((c) => decideChangeLesson(c, change(student, 'lesson3', ['lesson3']), at(-60)))
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.lessonTaken);
    spec
      .given([reserved({ courseId: null, lessonId: null })])
      .when((c) => decideChangeLesson(c, change(student, 'lesson2'), at(-60)))
      .thenThrows('BAD_USER_INPUT', SchedulingMessages.lessonNotYours);
  });
  it('only by the student or an admin, and only before the start of a conversation still reserved', () => {
    spec
      .given([reserved()])
      .when((c) => decideChangeLesson(c, change(speaker, 'lesson2'), at(-60)))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([reserved()])
      .when((c) => decideChangeLesson(c, change(admin, 'lesson2'), at(-60)))
      .then([changed]);
    spec
      .given([reserved()])
      .when((c) => decideChangeLesson(c, change(student, 'lesson2'), at(0)))
      .thenThrows('CONFLICT', SchedulingMessages.topicLocked);
    spec
      .given([reserved(), opened])
      .when((c) => decideChangeLesson(c, change(student, 'lesson2'), at(-2)))
      .thenThrows('CONFLICT', SchedulingMessages.topicLocked);
    spec
      .given([reserved(), canceledBy(student, 'student')])
      .when((c) => decideChangeLesson(c, change(student, 'lesson2'), at(-60)))
      .thenThrows('CONFLICT', SchedulingMessages.topicLocked);
  });
});

describe('start: the host opens it from 5 minutes before; it starts when both are connected', () => {
  const openedAt = (minute: number): ConversationEvent => ({
    type: 'ConversationOpened',
    data: { conversationId: 'c1', openedBy: 'speaker', at: at(minute).toISOString() },
  });
  it('opens in the early start window up to the end, not before it', () => {
    spec
      .given([reserved()])
      .when((c) => decideOpen(c!, 'speaker', at(-OPENABLE_MINUTES_BEFORE)))
      .then([openedAt(-OPENABLE_MINUTES_BEFORE)]);
    spec
      .given([reserved()])
      .when((c) => decideOpen(c!, 'speaker', at(-OPENABLE_MINUTES_BEFORE - 1)))
      .thenThrows('CONFLICT', LiveMessages.notOpenable);
    spec
      .given([reserved()])
      .when((c) => decideOpen(c!, 'speaker', at(15)))
      .thenThrows('CONFLICT', LiveMessages.notOpenable);
    spec
      .given([reserved(), canceledBy(student, 'student')])
      .when((c) => decideOpen(c!, 'speaker', at(0)))
      .thenThrows('CONFLICT', LiveMessages.notOpenable);
  });
  it('only the speaker of a lesson (the staff member of an interview) opens it; twice is a no-op', () => {
    spec
      .given([reserved()])
      .when((c) => decideOpen(c!, 'student', at(0)))
      .thenThrows('UNAUTHORIZED', LiveMessages.onlySpeakerOpens);
    spec
      .given([reserved({ kind: 'interview', reservedBy: 'staff', reservedWith: 'candidate' })])
      .when((c) => decideOpen(c!, 'candidate', at(0)))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([reserved(), opened])
      .when((c) => decideOpen(c!, 'speaker', at(0)))
      .then([]);
  });
  it('records each connection and starts once both participants are connected, for its full duration', () => {
    spec
      .given([reserved(), opened])
      .when((c) => decideSync(c!, 'speaker', at(-2), 60))
      .then([connected('speaker', -2)]);
    spec
      .given([reserved(), opened, connected('speaker', -2)])
      .when((c) => decideSync(c!, 'speaker', at(-1), 60))
      .then([]);
    spec
      .given([reserved(), opened, connected('speaker', -2)])
      .when((c) => decideSync(c!, 'student', at(1), 60))
      .then([connected('student', 1), started(1, 16)]);
    // Not before the host opened the room; never for someone else.
    spec
      .given([reserved()])
      .when((c) => decideSync(c!, 'student', at(0), 60))
      .then([]);
    spec
      .given([reserved(), opened])
      .when((c) => decideSync(c!, 'stranger', at(0), 60))
      .thenThrows('UNAUTHORIZED', LiveMessages.noAccess('c1'));
  });
  it('a late start still runs its full duration, but no further than the end plus the buffer', () => {
    spec
      .given([reserved(), opened, connected('speaker', -2)])
      .when((c) => decideSync(c!, 'student', at(10), 60))
      .then([connected('student', 10), started(10, 25)]);
    spec
      .given([reserved(), opened, connected('speaker', -2)])
      .when((c) => decideSync(c!, 'student', at(20), 60))
      .then([connected('student', 20), started(20, 15 + BUFFER_MINUTES)]);
  });
  it('records a participant leaving once per connection', () => {
    const left: ConversationEvent = {
      type: 'ParticipantDisconnected',
      data: { conversationId: 'c1', accountId: 'speaker', sequence: 2, at: at(3).toISOString(), reason: 'left' },
    };
    spec
      .given([reserved(), opened, connected('speaker', -2)])
      .when((c) => decideLeave(c!, 'speaker', at(3), 'left'))
      .then([left]);
    spec
      .given([reserved(), opened, connected('speaker', -2), left])
      .when((c) => decideLeave(c!, 'speaker', at(4), 'left'))
      .then([]);
  });
});

describe("stop: by the server's clock, or unused when it never started", () => {
  const running = [reserved(), opened, connected('speaker', -2), connected('student', 0), started(0, 15)];
  it('stops when its time is up, not before, and only once', () => {
    spec
      .given(running)
      .when((c) => decideTimeUp(c!, at(14)))
      .then([]);
    spec
      .given(running)
      .when((c) => decideTimeUp(c!, at(15)))
      .then([stopped(15, 'time_up')]);
    spec
      .given(held)
      .when((c) => decideTimeUp(c!, at(16)))
      .then([]);
    // A participant's sync is the timer's backstop.
    spec
      .given(running)
      .when((c) => decideSync(c!, 'student', at(15), 60))
      .then([stopped(15, 'time_up')]);
  });
  it('stops as unused what never started by its end', () => {
    spec
      .given([reserved()])
      .when((c) => decideUnused(c!, at(14)))
      .then([]);
    spec
      .given([reserved()])
      .when((c) => decideUnused(c!, at(15)))
      .then([stopped(15, 'unused')]);
    spec
      .given([reserved(), opened, connected('speaker', -2)])
      .when((c) => decideUnused(c!, at(15)))
      .then([stopped(15, 'unused')]);
    spec
      .given(running)
      .when((c) => decideUnused(c!, at(15)))
      .then([]);
    spec
      .given([reserved(), canceledBy(student, 'student')])
      .when((c) => decideUnused(c!, at(15)))
      .then([]);
  });
});

describe('marking: the speaker or an admin, once its time has come; what each outcome pays back', () => {
  const ctx = (over: Partial<MarkingContext> = {}): MarkingContext => ({ now: at(20), priorTechRefunds: 0, enrollment: null, ...over });
  const mark =
    (markAs: string, viewer: PolicyViewer = speaker, over: Partial<MarkingContext> = {}) =>
    (c: Parameters<typeof decideMark>[0] | null) =>
      decideMark(c!, { markAs, viewer }, ctx(over)).events;
  const marked = (
    markedAs: ConversationMarked['data']['markedAs'],
    refundedMinutes = 0,
    bonusMinutes = 0,
    previous: string | null = null,
    markedBy = 'speaker',
  ): ConversationMarked => ({
    type: 'ConversationMarked',
    data: { conversationId: 'c1', markedAs, previous, markedBy, refundedMinutes, bonusMinutes, promotion: null },
  });
  it('completed and missed pay nothing back', () => {
    spec
      .given(held)
      .when(mark('completed'))
      .then([marked('completed')]);
    spec
      .given(held)
      .when(mark('missed'))
      .then([marked('missed')]);
  });
  it("the speaker's issue refunds the minutes with a bonus; the student's first tech issue refunds them, a later one not", () => {
    spec
      .given(held)
      .when(mark('reserved_with_user_issue'))
      .then([marked('reserved_with_user_issue', 15, BAD_SPEAKER_BONUS_MINUTES)]);
    spec
      .given(held)
      .when(mark('reserved_by_user_issue', admin))
      .then([marked('reserved_by_user_issue', 15, 0, null, 'admin')]);
    spec
      .given(held)
      .when(mark('reserved_by_user_issue', admin, { priorTechRefunds: 1 }))
      .then([marked('reserved_by_user_issue', 0, 0, null, 'admin')]);
  });
  it('never refunds more than is owed after fair time', () => {
    const fair: ConversationEvent = {
      type: 'FairTimeCredited',
      data: { conversationId: 'c1', studentId: 'student', minutes: 5, lostSeconds: 300 },
    };
    spec
      .given([...held, fair])
      .when(mark('reserved_with_user_issue'))
      .then([marked('reserved_with_user_issue', 10, BAD_SPEAKER_BONUS_MINUTES)]);
  });
  it('only the speaker or an admin, once its start has come, never a canceled one', () => {
    spec.given(held).when(mark('completed', student)).thenThrows('UNAUTHORIZED', AfterMessages.notYourConversation);
    spec
      .given([reserved()])
      .when(mark('completed', speaker, { now: at(-1) }))
      .thenThrows('CONFLICT', AfterMessages.notMarkable);
    spec
      .given([reserved()])
      .when(mark('missed', speaker, { now: at(0) }))
      .then([marked('missed')]);
    spec
      .given([reserved(), canceledBy(speaker, 'speaker')])
      .when(mark('missed', admin))
      .thenThrows('CONFLICT', AfterMessages.notMarkable);
    spec.given(held).when(mark('excellent')).thenThrows('BAD_USER_INPUT', AfterMessages.markingNotAllowed);
  });
  it('is final once marked, except a tech issue, which may be changed once; the same marking again changes nothing', () => {
    spec
      .given([...held, marked('completed')])
      .when(mark('completed'))
      .then([]);
    spec
      .given([...held, marked('completed')])
      .when(mark('missed'))
      .thenThrows('CONFLICT', AfterMessages.alreadyMarked);
    const tech = marked('reserved_by_user_issue', 15);
    spec
      .given([...held, tech])
      .when(mark('reserved_with_user_issue'))
      .then([marked('reserved_with_user_issue', 0, BAD_SPEAKER_BONUS_MINUTES, 'reserved_by_user_issue')]);
    spec
      .given([...held, tech, marked('completed', 0, 0, 'reserved_by_user_issue')])
      .when(mark('missed'))
      .thenThrows('CONFLICT', AfterMessages.alreadyMarked);
  });
});
