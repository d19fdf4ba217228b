/** Marking, fair time, ratings and make-up eligibility, given/when/then on conversation events (issue 10). */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { AfterMessages, BAD_SPEAKER_BONUS_MINUTES } from '../../../contracts/afterConversation';
import { evolveConversation, type ConversationState } from './conversation';
import type { ConversationEvent } from './events';
import { canMakeUp, decideFairTime, decideMark, decideRate, speakerLostSeconds } from './marking';
import { DomainError } from '../shared/errors';

const T0 = new Date('2026-11-20T15:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();
const reserved: ConversationEvent = {
  type: 'ConversationReserved',
  data: {
    conversationId: 'c1',
    kind: 'lesson',
    provider: 'local',
    reservedBy: 'student',
    reservedWith: 'speaker',
    reservedStart: at(0),
    reservedEnd: at(15),
    duration: 15,
    learningLanguage: 'es',
    courseId: 'course',
    lessonId: 'lesson',
    minutes: 15,
  },
};
const heldEvents: ConversationEvent[] = [
  reserved,
  { type: 'ConversationOpened', data: { conversationId: 'c1', openedBy: 'speaker', at: at(-2) } },
  { type: 'ParticipantConnected', data: { conversationId: 'c1', accountId: 'speaker', sequence: 1, at: at(-2) } },
  { type: 'ParticipantConnected', data: { conversationId: 'c1', accountId: 'student', sequence: 1, at: at(0) } },
  { type: 'ConversationStarted', data: { conversationId: 'c1', at: at(0), stopsAt: at(15) } },
];
const state = (events: ConversationEvent[]) => events.reduce<ConversationState | null>(evolveConversation, null)!;
const speaker = { accountId: 'speaker', isAdmin: false };
const admin = { accountId: 'admin', isAdmin: true };
const ctx = (over: Partial<Parameters<typeof decideMark>[2]> = {}) => ({
  now: new Date(at(20)),
  priorTechRefunds: 0,
  enrollment: null,
  ...over,
});
const throwsWith = (f: () => unknown, code: string, message: string) =>
  assert.throws(f, (e: unknown) => e instanceof DomainError && e.code === code && e.message === message);

describe('marking', () => {
  it('needs a choice, the speaker or an admin, and a conversation whose time has come', () => {
    throwsWith(
      () => decideMark(state(heldEvents), { markAs: null, viewer: speaker }, ctx()),
      'BAD_USER_INPUT',
      AfterMessages.markingRequired,
    );
    throwsWith(
      () => decideMark(state(heldEvents), { markAs: 'completed', viewer: { accountId: 'student', isAdmin: false } }, ctx()),
      'UNAUTHORIZED',
      AfterMessages.notYourConversation,
    );
    throwsWith(
      () => decideMark(state([reserved]), { markAs: 'completed', viewer: speaker }, ctx({ now: new Date(at(-60)) })),
      'CONFLICT',
      AfterMessages.notMarkable,
    );
    const canceled = state([
      reserved,
      { type: 'ConversationCanceled', data: { conversationId: 'c1', canceledBy: 'student', reason: 'student', minutesReturned: 15 } },
    ]);
    throwsWith(() => decideMark(canceled, { markAs: 'missed', viewer: admin }, ctx()), 'CONFLICT', AfterMessages.notMarkable);
  });

  it('pays back by marking: speaker issue refund and bonus, first tech issue refund, none for missed or completed', () => {
    const c = state(heldEvents);
    assert.deepEqual(decideMark(c, { markAs: 'reserved_with_user_issue', viewer: speaker }, ctx()).credits, [
      { action: 'refund', minutes: 15 },
      { action: 'bonus', minutes: BAD_SPEAKER_BONUS_MINUTES },
    ]);
    assert.deepEqual(decideMark(c, { markAs: 'reserved_by_user_issue', viewer: admin }, ctx()).credits, [
      { action: 'tech_refund', minutes: 15 },
    ]);
    assert.deepEqual(decideMark(c, { markAs: 'reserved_by_user_issue', viewer: admin }, ctx({ priorTechRefunds: 1 })).credits, []);
    assert.deepEqual(decideMark(c, { markAs: 'missed', viewer: speaker }, ctx()).credits, []);
    assert.equal(decideMark(c, { markAs: 'completed', viewer: speaker }, ctx()).attempt, 'completed');
    assert.equal(decideMark(c, { markAs: 'missed', viewer: speaker }, ctx()).attempt, 'failed');
  });

  it('is final once marked, except a tech issue; the same marking again changes nothing', () => {
    const marked = (markedAs: any, refundedMinutes = 0): ConversationEvent => ({
      type: 'ConversationMarked',
      data: { conversationId: 'c1', markedAs, previous: null, markedBy: 'speaker', refundedMinutes, bonusMinutes: 0, promotion: null },
    });
    const completed = state([...heldEvents, marked('completed')]);
    assert.deepEqual(decideMark(completed, { markAs: 'completed', viewer: speaker }, ctx()).events, []);
    throwsWith(() => decideMark(completed, { markAs: 'missed', viewer: speaker }, ctx()), 'CONFLICT', AfterMessages.alreadyMarked);
    const tech = state([...heldEvents, marked('reserved_by_user_issue', 15)]);
    const toSpeaker = decideMark(tech, { markAs: 'reserved_with_user_issue', viewer: speaker }, ctx());
    // The refund was made with the tech issue: only the bonus is added.
    assert.deepEqual(toSpeaker.credits, [{ action: 'bonus', minutes: BAD_SPEAKER_BONUS_MINUTES }]);
    assert.equal(toSpeaker.attempt, null, 'the attempt failed already');
    assert.equal(decideMark(tech, { markAs: 'completed', viewer: speaker }, ctx()).attempt, 'completed');
  });

  it('offers explore_adventures when the completion requirement is reached', () => {
    const enrollment = {
      enrollmentId: 'e',
      courseKind: 'course',
      completionRequirement: 2,
      completedLessons: 1,
      lessonCompletedHere: false,
    };
    assert.equal(
      decideMark(state(heldEvents), { markAs: 'completed', viewer: speaker }, ctx({ enrollment })).events[0].data.promotion,
      'explore_adventures',
    );
    assert.equal(
      decideMark(state(heldEvents), { markAs: 'completed', viewer: speaker }, ctx({ enrollment: { ...enrollment, completedLessons: 0 } }))
        .events[0].data.promotion,
      null,
    );
  });
});

describe('fair time', () => {
  const drop = (from: number, to: number, sequence: number): ConversationEvent[] => [
    { type: 'ParticipantDisconnected', data: { conversationId: 'c1', accountId: 'speaker', sequence, at: at(from), reason: 'lost' } },
    { type: 'ParticipantConnected', data: { conversationId: 'c1', accountId: 'speaker', sequence: sequence + 1, at: at(to) } },
  ];
  it("counts the speaker's time away while the conversation ran, and credits it from the threshold up", () => {
    const c = state([...heldEvents, ...drop(3, 4.5, 2), ...drop(10, 11, 4)]);
    assert.equal(speakerLostSeconds(c, new Date(at(15))), 150);
    assert.deepEqual(decideFairTime(c, new Date(at(15))), [
      { type: 'FairTimeCredited', data: { conversationId: 'c1', studentId: 'student', minutes: 3, lostSeconds: 150 } },
    ]);
    assert.deepEqual(decideFairTime(state([...heldEvents, ...drop(3, 4.5, 2)]), new Date(at(15))), [], 'under two minutes: nothing');
    // The student's drops are not the speaker's fault.
    const studentDrop = state([
      ...heldEvents,
      { type: 'ParticipantDisconnected', data: { conversationId: 'c1', accountId: 'student', sequence: 2, at: at(2), reason: 'lost' } },
    ]);
    assert.deepEqual(decideFairTime(studentDrop, new Date(at(15))), []);
    // Never back again, never more than the conversation cost.
    const gone = state([
      ...heldEvents,
      { type: 'ParticipantDisconnected', data: { conversationId: 'c1', accountId: 'speaker', sequence: 2, at: at(-1), reason: 'lost' } },
    ]);
    assert.equal(decideFairTime(gone, new Date(at(15)))[0].data.minutes, 15);
    const credited = state([
      ...heldEvents,
      ...drop(3, 6, 2),
      ...decideFairTime(state([...heldEvents, ...drop(3, 6, 2)]), new Date(at(15))),
    ]);
    assert.deepEqual(decideFairTime(credited, new Date(at(15))), []);
  });
});

describe('ratings and make-up', () => {
  it('rates once per participant after the end, 1 to 5', () => {
    const ended = state([...heldEvents, { type: 'ConversationStopped', data: { conversationId: 'c1', at: at(15), reason: 'time_up' } }]);
    assert.equal(decideRate(ended, { accountId: 'student', rating: 4, comment: ' Fun ' }, new Date(at(16)))[0].data.comment, 'Fun');
    throwsWith(
      () => decideRate(ended, { accountId: 'student', rating: 0, comment: null }, new Date(at(16))),
      'BAD_USER_INPUT',
      AfterMessages.ratingRange,
    );
    throwsWith(
      () => decideRate(state(heldEvents), { accountId: 'student', rating: 4, comment: null }, new Date(at(5))),
      'CONFLICT',
      AfterMessages.notRatable,
    );
    throwsWith(
      () => decideRate(ended, { accountId: 'stranger', rating: 4, comment: null }, new Date(at(16))),
      'UNAUTHORIZED',
      AfterMessages.notRatable,
    );
    const rated = state([...heldEvents, ...decideRate(ended, { accountId: 'speaker', rating: 5, comment: null }, new Date(at(16)))]);
    throwsWith(
      () => decideRate(rated, { accountId: 'speaker', rating: 5, comment: null }, new Date(at(16))),
      'CONFLICT',
      AfterMessages.alreadyRated,
    );
  });

  it('make-up is for the student of a missed, tech-issue or unused lesson without a refund, within 30 days', () => {
    const base: Parameters<typeof canMakeUp>[0] = {
      kind: 'lesson',
      isCanceled: false,
      reservedBy: 'student',
      start: new Date(at(0)),
      end: new Date(at(15)),
      status: 'stopped',
      markedAs: 'missed',
      makeUpPurchased: false,
      refundedTotal: 0,
    };
    const now = new Date(at(60));
    assert.equal(canMakeUp(base, 'student', now), true);
    assert.equal(canMakeUp(base, 'speaker', now), false);
    assert.equal(canMakeUp({ ...base, markedAs: 'completed' }, 'student', now), false);
    assert.equal(canMakeUp({ ...base, refundedTotal: 15 }, 'student', now), false);
    assert.equal(canMakeUp({ ...base, makeUpPurchased: true }, 'student', now), false);
    assert.equal(canMakeUp({ ...base, markedAs: null, status: 'unused' }, 'student', now), true);
    assert.equal(canMakeUp({ ...base, markedAs: null, status: 'stopped' }, 'student', now), false);
    assert.equal(canMakeUp(base, 'student', new Date(at(31 * 24 * 60))), false);
  });
});
