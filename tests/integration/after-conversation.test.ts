/**
 * After the conversation (issue 10): each marking's effect on minutes, lesson attempts and
 * promotions; a marking retried concurrently pays back once; acknowledging a promotion; make-up
 * minutes by card (declined changes nothing, concurrent purchases charge once); fair time; ratings.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { AfterMessages, BAD_SPEAKER_BONUS_MINUTES, MinuteReasons } from '../../contracts/afterConversation';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import { appendConnections, enrollAsAdmin, live, reserveConversation } from '../support/conversations';
import { createPlans, createCourseAsSystem, readModelsCaughtUp, tokenize } from '../support/enrollment';
import { balanceOf, createSpeaker, createStudent } from '../support/scheduling';

const MARK = `mutation($input: ModerateConversationInput!) { moderateConversation(input: $input) { marked conversation { id markedAs refundedMinutes } } }`;
const CONVERSATION = `query($id: ID!) { conversation(conversationId: $id) { id markedAs refundedMinutes lessonAttempt { outcome }
  markablePolicy { isMarkable choices { value label } } makeUpPolicy { canMakeUp } makeUpPrices { totalPrice currency minuteQuantity } isRatable ratings { rating role comment } } }`;
const HOME = `{ me { courses(scope: current) { id courseEnrollment { id promotion acknowledgedPromotionOn progress { completed failed attempting unattempted } } } } }`;
const ACK = `mutation($input: AcknowledgePromotionInput!) { acknowledgePromotion(input: $input) { acknowledged destination } }`;
const PURCHASE = `mutation($input: PurchaseMakeUpMinutesInput!) { purchaseMakeUpMinutes(input: $input) { purchased minuteQuantity amount } }`;
const RATE = `mutation($input: RateConversationInput!) { rateConversation(input: $input) { rated } }`;
const TRANSACTIONS = `{ me { account { remainingMinutes minuteTransactions { minuteQuantity action actionReason } } } }`;
const LESSONS = `query($id: ID!) { course(courseId: $id) { lessonAssignments { lesson { id } } } }`;

describe('after the conversation', () => {
  let app: TestApp;
  let admin: string;
  let plans: Awaited<ReturnType<typeof createPlans>>;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await createAdmin(app)).token;
    plans = await createPlans(app);
  });
  afterAll(() => app.close());

  /** A student enrolled in a priced course (4 lessons), a speaker, and the lesson ids. */
  async function world() {
    const course = await createCourseAsSystem(app, {
      name: `Course ${Math.random().toString(36).slice(2, 6)}`,
      pricingPlanId: plans.standard,
    });
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 0);
    await enrollAsAdmin(app, course.inviteNumber, student.accountId);
    const lessons = (await app.gql(LESSONS, { id: course.courseId }, student.token)).data.course.lessonAssignments.map(
      (a: any) => a.lesson.id,
    ) as string[];
    const held = async (lessonIndex: number, how: 'held' | 'unused' = 'held') => {
      const id = await reserveConversation(app, student, speaker, { courseId: course.courseId, lessonId: lessons[lessonIndex] });
      await live(app, id, speaker.accountId, student.accountId, how);
      return id;
    };
    return { course, speaker, student, lessons, held };
  }

  const mark = (token: string, conversationId: string, markAs: string | null) =>
    app.gql(MARK, { input: { conversationId, markAs } }, token);
  const conversation = async (token: string, id: string) => (await app.gql(CONVERSATION, { id }, token)).data.conversation;
  const enrollmentOf = async (token: string, courseId: string) =>
    (await app.gql(HOME, {}, token)).data.me.courses.find((c: any) => c.id === courseId).courseEnrollment;

  it("completed completes the lesson attempt and keeps the minutes; the speaker sees the spec's choices", async () => {
    const w = await world();
    const id = await w.held(0);
    const before = await balanceOf(app, w.student.token);
    const seen = await conversation(w.speaker.token, id);
    assert.deepEqual(seen.markablePolicy, {
      isMarkable: true,
      choices: [
        { value: 'completed', label: 'Completed' },
        { value: 'missed', label: 'Student Missed' },
        { value: 'reserved_with_user_issue', label: 'Speaker Missed/Issue' },
      ],
    });
    assert.equal((await mark(w.speaker.token, id, 'completed')).data.moderateConversation.marked, true);
    const after = await conversation(w.student.token, id);
    assert.equal(after.markedAs, 'completed');
    assert.equal(after.lessonAttempt.outcome, 'completed');
    assert.equal(after.makeUpPolicy.canMakeUp, false);
    assert.equal(await balanceOf(app, w.student.token), before);
    const enrollment = await enrollmentOf(w.student.token, w.course.courseId);
    assert.equal(enrollment.progress.completed, 1);
    assert.equal(enrollment.promotion, null);
    // Marked once: 'Already Marked'.
    assert.equal((await conversation(w.speaker.token, id)).markablePolicy.isMarkable, false);
    const again = await mark(w.speaker.token, id, 'missed');
    assert.equal(again.errors?.[0].message, AfterMessages.alreadyMarked);
  });

  it('missed fails the attempt and offers make-up at half the course price; the lesson can be reserved again', async () => {
    const w = await world();
    const id = await w.held(1, 'unused');
    const before = await balanceOf(app, w.student.token);
    assert.equal(
      (await conversation(w.student.token, id)).makeUpPolicy.canMakeUp,
      true,
      'an unused conversation can be made up before it is marked',
    );
    await mark(w.speaker.token, id, 'missed');
    const seen = await conversation(w.student.token, id);
    assert.equal(seen.lessonAttempt.outcome, 'failed');
    assert.equal(seen.makeUpPolicy.canMakeUp, true);
    assert.deepEqual(seen.makeUpPrices, { totalPrice: 750, currency: 'usd', minuteQuantity: 15 });
    assert.equal((await conversation(w.speaker.token, id)).makeUpPrices, null, 'only its student is offered make-up');
    assert.equal(await balanceOf(app, w.student.token), before);
    assert.equal((await enrollmentOf(w.student.token, w.course.courseId)).promotion, 'make_up');
    // The failed lesson can be reserved again; a completed one cannot.
    await reserveConversation(app, w.student, w.speaker, { courseId: w.course.courseId, lessonId: w.lessons[1] });
    const done = await w.held(2);
    await mark(w.speaker.token, done, 'completed');
    await assert.rejects(
      reserveConversation(app, w.student, w.speaker, { courseId: w.course.courseId, lessonId: w.lessons[2] }),
      /already has a conversation/,
    );
  });

  it('the first tech issue is refunded (bad_tech), the second is not (make_up)', async () => {
    const w = await world();
    const first = await w.held(0);
    const second = await w.held(1);
    const start = await balanceOf(app, w.student.token);
    // The speaker's dialog does not offer a tech issue; admins record it.
    assert.ok(!(await conversation(w.speaker.token, first)).markablePolicy.choices.some((c: any) => c.value === 'reserved_by_user_issue'));
    assert.ok((await conversation(admin, first)).markablePolicy.choices.some((c: any) => c.value === 'reserved_by_user_issue'));
    await mark(admin, first, 'reserved_by_user_issue');
    assert.equal(await balanceOf(app, w.student.token), start + 15);
    assert.equal((await enrollmentOf(w.student.token, w.course.courseId)).promotion, 'bad_tech');
    // Now the speaker may settle it with the tech-issue choices.
    assert.deepEqual(
      (await conversation(w.speaker.token, first)).markablePolicy.choices.map((c: any) => c.label),
      ['Completed', 'Student Missed (Technical Issue)', 'Speaker Missed/Issue'],
    );
    await mark(admin, second, 'reserved_by_user_issue');
    assert.equal(await balanceOf(app, w.student.token), start + 15, 'the second tech issue is not refunded');
    assert.equal((await enrollmentOf(w.student.token, w.course.courseId)).promotion, 'make_up');
    assert.equal((await conversation(w.student.token, second)).makeUpPolicy.canMakeUp, true);
    const tx = (await app.gql(TRANSACTIONS, {}, w.student.token)).data.me.account.minuteTransactions;
    assert.equal(tx.filter((t: any) => t.action === 'tech_refund').length, 1);
    assert.ok(tx.some((t: any) => t.actionReason === MinuteReasons.techRefund));
    // Re-marked completed after all: the attempt completes; the refund made stands.
    await mark(w.speaker.token, first, 'completed');
    assert.equal((await conversation(w.student.token, first)).lessonAttempt.outcome, 'completed');
    assert.equal(await balanceOf(app, w.student.token), start + 15);
  });

  it('a speaker issue refunds the minutes plus a bonus, once, however often and concurrently it is marked', async () => {
    const w = await world();
    const id = await w.held(2);
    const start = await balanceOf(app, w.student.token);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => mark(i % 2 ? admin : w.speaker.token, id, 'reserved_with_user_issue')),
    );
    for (const r of results) assert.equal(r.errors, undefined, JSON.stringify(r.errors));
    assert.equal(
      await balanceOf(app, w.student.token),
      start + 15 + BAD_SPEAKER_BONUS_MINUTES,
      JSON.stringify((await app.gql(TRANSACTIONS, {}, w.student.token)).data),
    );
    const seen = await conversation(w.student.token, id);
    assert.equal(seen.refundedMinutes, 15 + BAD_SPEAKER_BONUS_MINUTES);
    assert.equal(seen.lessonAttempt.outcome, 'failed');
    assert.equal(seen.makeUpPolicy.canMakeUp, false, 'refunded: nothing to make up');
    const tx = (await app.gql(TRANSACTIONS, {}, w.student.token)).data.me.account.minuteTransactions;
    assert.deepEqual(
      tx
        .filter((t: any) => t.action === 'refund' || t.action === 'bonus')
        .map((t: any) => [t.action, t.minuteQuantity, t.actionReason])
        .sort(),
      [
        ['bonus', BAD_SPEAKER_BONUS_MINUTES, MinuteReasons.speakerBonus],
        ['refund', 15, MinuteReasons.speakerRefund],
      ],
    );
    const enrollment = await enrollmentOf(w.student.token, w.course.courseId);
    assert.equal(enrollment.promotion, 'bad_speaker');
    // Acknowledging leads to the conversations page; someone else cannot acknowledge it.
    const other = await createStudent(app, 0);
    assert.equal(codeOf(await app.gql(ACK, { input: { courseEnrollmentId: enrollment.id } }, other.token)), 'NOT_FOUND');
    assert.equal(codeOf(await app.gql(ACK, { input: { courseEnrollmentId: enrollment.id } }, w.speaker.token)), 'UNAUTHORIZED');
    assert.deepEqual((await app.gql(ACK, { input: { courseEnrollmentId: enrollment.id } }, w.student.token)).data.acknowledgePromotion, {
      acknowledged: true,
      destination: '/student/conversations',
    });
    assert.ok((await enrollmentOf(w.student.token, w.course.courseId)).acknowledgedPromotionOn);
    assert.equal(
      (await app.gql(ACK, { input: { courseEnrollmentId: enrollment.id } }, w.student.token)).errors?.[0].message,
      AfterMessages.noPromotion,
    );
  });

  it('refuses a marking without a choice, by the student or a stranger, of a canceled or future conversation; nothing is written', async () => {
    const w = await world();
    const id = await w.held(0);
    const stranger = await createSpeaker(app);
    const before = (await app.runtime.store.readStream(`conversation-${id}`)).length;
    assert.equal((await mark(w.speaker.token, id, null)).errors?.[0].message, AfterMessages.markingRequired);
    assert.equal(codeOf(await mark(w.student.token, id, 'reserved_with_user_issue')), 'UNAUTHORIZED');
    assert.equal(codeOf(await mark(stranger.token, id, 'completed')), 'NOT_FOUND');
    assert.equal(codeOf(await app.gql(MARK, { input: { conversationId: id, markAs: 'completed' } })), 'UNAUTHORIZED');
    const future = await reserveConversation(app, w.student, w.speaker, { courseId: w.course.courseId, lessonId: w.lessons[3] });
    assert.equal((await mark(w.speaker.token, future, 'completed')).errors?.[0].message, AfterMessages.notMarkable);
    assert.equal((await conversation(w.speaker.token, future)).markablePolicy.isMarkable, false);
    assert.equal((await app.runtime.store.readStream(`conversation-${id}`)).length, before);
  });

  it('make-up by card: a declined card changes nothing; two concurrent purchases charge once', async () => {
    const w = await world();
    const id = await w.held(0);
    await mark(w.speaker.token, id, 'missed');
    const start = await balanceOf(app, w.student.token);
    const declined = await app.gql(
      PURCHASE,
      { input: { conversationId: id, cardToken: await tokenize(app, '4000000000000002') } },
      w.student.token,
    );
    assert.equal(codeOf(declined), 'PAYMENT_FAILED');
    assert.equal(await balanceOf(app, w.student.token), start);
    assert.equal((await conversation(w.student.token, id)).makeUpPolicy.canMakeUp, true);

    const [a, b] = await Promise.all([tokenize(app, '4242424242424242'), tokenize(app, '4242424242424242')]);
    const both = await Promise.all(
      [a, b].map((cardToken) => app.gql(PURCHASE, { input: { conversationId: id, cardToken } }, w.student.token)),
    );
    const ok = both.filter((r) => r.data?.purchaseMakeUpMinutes?.purchased);
    assert.equal(ok.length, 1, JSON.stringify(both.map((r) => r.errors ?? r.data)));
    assert.deepEqual(ok[0].data.purchaseMakeUpMinutes, { purchased: true, minuteQuantity: 15, amount: 750 });
    assert.equal(await balanceOf(app, w.student.token), start + 15);
    const paid = await app.runtime.pool.query(
      `SELECT status, amount FROM rm_payments.payments WHERE account_id = $1 AND purpose = 'make_up'`,
      [w.student.accountId],
    );
    assert.deepEqual(paid.rows, [{ status: 'paid', amount: 750 }], 'one charge, none reversed');
    assert.equal((await conversation(w.student.token, id)).makeUpPolicy.canMakeUp, false);
    // A repeat of the winning request (a double click answered late) answers as it did and charges nothing.
    const winner = ok[0] === both[0] ? a : b;
    assert.equal(
      (await app.gql(PURCHASE, { input: { conversationId: id, cardToken: winner } }, w.student.token)).data.purchaseMakeUpMinutes.purchased,
      true,
    );
    assert.equal(await balanceOf(app, w.student.token), start + 15);
    // Another student, and a completed conversation, cannot buy it.
    const other = await createStudent(app, 0);
    assert.equal(
      codeOf(await app.gql(PURCHASE, { input: { conversationId: id, cardToken: await tokenize(app, '4242424242424242') } }, other.token)),
      'NOT_FOUND',
    );
    const done = await w.held(1);
    await mark(w.speaker.token, done, 'completed');
    const refused = await app.gql(
      PURCHASE,
      { input: { conversationId: done, cardToken: await tokenize(app, '4242424242424242') } },
      w.student.token,
    );
    assert.equal(refused.errors?.[0].message, AfterMessages.makeUpUnavailable);
  });

  it("fair time: minutes lost to the speaker's dropped connection come back when the clock stops", async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const id = await reserveConversation(app, student, speaker);
    const { at } = await live(app, id, speaker.accountId, student.accountId, 'running');
    await appendConnections(app, id, [
      { accountId: speaker.accountId, connected: false, sequence: 2, at: at(3) },
      { accountId: speaker.accountId, connected: true, sequence: 3, at: at(6.5) },
    ]);
    const start = await balanceOf(app, student.token);
    const stopped = await app.runtime.live.timer({ conversationId: id, kind: 'stop' });
    assert.equal(stopped.status, 'stopped');
    await readModelsCaughtUp(app, ['minutes', 'conversations']);
    assert.equal(await balanceOf(app, student.token), start + 4, '3.5 minutes lost, rounded up');
    const tx = (await app.gql(TRANSACTIONS, {}, student.token)).data.me.account.minuteTransactions;
    assert.ok(tx.some((t: any) => t.action === 'fair_time' && t.actionReason === MinuteReasons.fairTime(4)));
    // Stopping again (a repeated timer) credits nothing more.
    await app.runtime.live.timer({ conversationId: id, kind: 'stop' });
    assert.equal(await balanceOf(app, student.token), start + 4);
  });

  it('ratings: once each after the end, 1 to 5; admins see both, each participant their own', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const future = await reserveConversation(app, student, speaker);
    assert.equal(
      (await app.gql(RATE, { input: { conversationId: future, rating: 5 } }, student.token)).errors?.[0].message,
      AfterMessages.notRatable,
    );
    const id = await reserveConversation(app, student, speaker);
    await live(app, id, speaker.accountId, student.accountId, 'held');
    assert.equal((await conversation(student.token, id)).isRatable, true);
    assert.equal(codeOf(await app.gql(RATE, { input: { conversationId: id, rating: 6 } }, student.token)), 'BAD_USER_INPUT');
    assert.equal(
      (await app.gql(RATE, { input: { conversationId: id, rating: 5, comment: 'Great talk about food' } }, student.token)).data
        .rateConversation.rated,
      true,
    );
    assert.equal(
      (await app.gql(RATE, { input: { conversationId: id, rating: 4 } }, student.token)).errors?.[0].message,
      AfterMessages.alreadyRated,
    );
    assert.equal(
      (await app.gql(RATE, { input: { conversationId: id, rating: 3, comment: 'Quiet student' } }, speaker.token)).data.rateConversation
        .rated,
      true,
    );
    assert.deepEqual((await conversation(student.token, id)).ratings, [{ rating: 5, role: 'student', comment: 'Great talk about food' }]);
    assert.deepEqual((await conversation(speaker.token, id)).ratings, [{ rating: 3, role: 'speaker', comment: 'Quiet student' }]);
    assert.equal((await conversation(admin, id)).ratings.length, 2);
    const summary = await app.gql(
      `query($id: ID!) { user(userId: $id) { speakerRating { count average } } }`,
      { id: speaker.accountId },
      admin,
    );
    assert.deepEqual(summary.data.user.speakerRating, { count: 1, average: 5 });
    const hidden = await app.gql(
      `query($id: ID!) { user(userId: $id) { speakerRating { count } } }`,
      { id: speaker.accountId },
      student.token,
    );
    assert.equal(hidden.data?.user?.speakerRating ?? null, null);
  });
});
