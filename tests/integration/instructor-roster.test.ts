/**
 * The instructor's students (issue 11) through the API: the students tab's enrollments with their
 * student, progress and conversations; transferUser and withdrawUser with their rules (minutes stay
 * with the student, conversations still to come are canceled with their minutes back, one running
 * now refuses the change, ended ones keep their conversation); removeCourse only without students;
 * and who may call each (students, speakers, signed-out callers, another instructor), every refusal
 * writing nothing.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp, eventCountWithoutMail } from '../support/app';
import { live, reserveConversation, enrollAsAdmin } from '../support/conversations';
import { createCourse, createPlans } from '../support/enrollment';
import { balanceOf, createSpeaker } from '../support/scheduling';

type Person = { token: string; accountId: string };
let app: TestApp;
let owner: Person;
let other: Person;
let admin: string;
let student: Person;
let speaker: Person;
let courseA: { id: string; inviteNumber: string };
let courseB: { id: string; inviteNumber: string };
let courseOther: { id: string; inviteNumber: string };

const ROSTER = `query($id: ID!) { course(courseId: $id) { id courseEnrollmentsCount courseEnrollments { id student { id displayName }
  progress { completed attempting unattempted } conversations { id isCanceled status } } } }`;
const LESSONS = `query($id: ID!) { me { ownedCourse(courseId: $id) { id lessonAssignments { lesson { id } } } } }`;
const TRANSFER = `mutation($input: TransferUserInput!) { transferUser(input: $input) { transferred canceledConversations courseEnrollment { id course { id } student { id } } } }`;
const WITHDRAW = `mutation($input: WithdrawUserInput!) { withdrawUser(input: $input) { withdrawn canceledConversations } }`;
const REMOVE = `mutation($input: RemoveCourseInput!) { removeCourse(input: $input) { removed } }`;
const MY_COURSES = `{ me { courses(scope: current_or_upcoming) { id } } }`;
const CONVERSATION = `query($id: ID!) { conversation(conversationId: $id) { id isCanceled status } }`;
const TRANSACTIONS = `{ me { account { minuteTransactions { minuteQuantity action actionReason } } } }`;

// Mail delivery appends to notification streams on its own time: counted apart.
const eventCount = () => eventCountWithoutMail(app);

async function lessonsOf(courseId: string): Promise<string[]> {
  const res = await app.gql(LESSONS, { id: courseId }, owner.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.me.ownedCourse.lessonAssignments.map((l: any) => l.lesson.id);
}

async function roster(courseId: string, token = owner.token) {
  const res = await app.gql(ROSTER, { id: courseId }, token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.course;
}

/** Every refusal: the given code, and nothing written. */
async function refused(query: string, input: unknown, token: string | undefined, code: string, message?: string) {
  const before = await eventCount();
  const res = await app.gql(query, { input }, token);
  assert.equal(codeOf(res), code, JSON.stringify(res.errors));
  if (message) assert.equal(res.errors?.[0].message, message);
  assert.equal(await eventCount(), before, 'a refusal writes nothing');
}

beforeAll(async () => {
  app = await startTestApp({}, 'instructor_roster');
  await createPlans(app);
  admin = (await createAdmin(app)).token;
  owner = await signUp(app, 'roster.owner@example.com', 'Passw0rd!', 'INSTRUCTOR');
  other = await signUp(app, 'roster.other@example.com', 'Passw0rd!', 'INSTRUCTOR');
  student = await signUp(app, 'roster.student@example.com');
  speaker = await createSpeaker(app);
  courseA = await createCourse(app, owner.token, { name: 'Spanish A' });
  courseB = await createCourse(app, owner.token, { name: 'Spanish B' });
  courseOther = await createCourse(app, other.token, { name: 'Not yours' });
  await enrollAsAdmin(app, courseA.inviteNumber, student.accountId);
});
afterAll(() => app?.close());

describe("the instructor's students", () => {
  let upcoming: string;
  let held: string;

  it("lists the course's students with progress and conversations to its owner and admins only", async () => {
    const lessons = await lessonsOf(courseA.id);
    upcoming = await reserveConversation(app, student, speaker, { courseId: courseA.id, lessonId: lessons[0] });
    held = await reserveConversation(app, student, speaker, { courseId: courseA.id, lessonId: lessons[1] });
    await live(app, held, speaker.accountId, student.accountId, 'held');

    const course = await roster(courseA.id);
    assert.equal(course.courseEnrollmentsCount, 1);
    assert.equal(course.courseEnrollments.length, 1);
    const [enrollment] = course.courseEnrollments;
    assert.equal(enrollment.student.id, student.accountId);
    assert.deepEqual(enrollment.progress, { completed: 0, attempting: 2, unattempted: 2 });
    assert.deepEqual(new Set(enrollment.conversations.map((c: any) => c.id)), new Set([upcoming, held]));
    assert.equal((await roster(courseA.id, admin)).courseEnrollments.length, 1);

    // Another instructor cannot reach the course at all; its student sees no roster.
    const foreign = await app.gql(ROSTER, { id: courseA.id }, other.token);
    assert.equal(foreign.data?.course ?? null, null);
    const asStudent = await app.gql(ROSTER, { id: courseA.id }, student.token);
    assert.deepEqual(asStudent.data.course.courseEnrollments, []);
  });

  it("refuses transfers and withdrawals to anyone but the owner, and the owner's mistakes, writing nothing", async () => {
    const transfer = { userId: student.accountId, fromCourseId: courseA.id, toCourseId: courseB.id };
    const withdraw = { userId: student.accountId, courseId: courseA.id };
    for (const token of [student.token, speaker.token, undefined]) {
      await refused(TRANSFER, transfer, token, 'UNAUTHORIZED');
      await refused(WITHDRAW, withdraw, token, 'UNAUTHORIZED');
    }
    // Another instructor: neither course is theirs; nor can they pull a student into their own.
    await refused(TRANSFER, transfer, other.token, 'UNAUTHORIZED');
    await refused(WITHDRAW, withdraw, other.token, 'UNAUTHORIZED');
    await refused(TRANSFER, { ...transfer, toCourseId: courseOther.id }, other.token, 'UNAUTHORIZED');
    // The owner: not into someone else's course, not into the same one, not a student who is not there.
    await refused(
      TRANSFER,
      { ...transfer, toCourseId: courseOther.id },
      owner.token,
      'BAD_USER_INPUT',
      'Please choose one of your current courses.',
    );
    await refused(TRANSFER, { ...transfer, toCourseId: courseA.id }, owner.token, 'BAD_USER_INPUT', 'Please choose another course.');
    await refused(
      WITHDRAW,
      { userId: other.accountId, courseId: courseA.id },
      owner.token,
      'NOT_FOUND',
      'This student is not enrolled in this course.',
    );
    await refused(TRANSFER, { ...transfer, toCourseId: crypto.randomUUID() }, owner.token, 'NOT_FOUND');
  });

  it('refuses while a conversation of the course is running, until it has ended', async () => {
    const lessons = await lessonsOf(courseA.id);
    const running = await reserveConversation(app, student, speaker, { courseId: courseA.id, lessonId: lessons[2] });
    await live(app, running, speaker.accountId, student.accountId, 'running');
    await refused(
      TRANSFER,
      { userId: student.accountId, fromCourseId: courseA.id, toCourseId: courseB.id },
      owner.token,
      'CONFLICT',
      'The student is in a conversation of this course right now. Please try again once it has ended.',
    );
    const appended = await app.runtime.store.appendToStreams([
      {
        stream: `conversation-${running}`,
        expected: 'any',
        events: [
          {
            type: 'ConversationStopped',
            data: { conversationId: running, at: new Date().toISOString(), reason: 'time_up' },
            metadata: {
              actorId: null,
              correlationId: crypto.randomUUID(),
              causationId: null,
              occurredAt: new Date().toISOString(),
              schemaVersion: 1,
            },
          },
        ],
      },
    ]);
    await app.runtime.runner.waitFor(appended.checkpoint, ['conversations']);
  });

  it('transfers a student: minutes stay, what is to come is canceled with its minutes back, the rest stays as history', async () => {
    const balance = await balanceOf(app, student.token);
    const res = await app.gql(
      TRANSFER,
      { input: { userId: student.accountId, fromCourseId: courseA.id, toCourseId: courseB.id } },
      owner.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.transferUser.transferred, true);
    assert.equal(res.data.transferUser.canceledConversations, 1);
    assert.equal(res.data.transferUser.courseEnrollment.course.id, courseB.id);
    assert.equal(res.data.transferUser.courseEnrollment.student.id, student.accountId);

    // The conversation to come is canceled and its 15 minutes are back; nothing else moves.
    assert.equal(await balanceOf(app, student.token), balance + 15);
    const tx = await app.gql(TRANSACTIONS, {}, student.token);
    assert.ok(
      tx.data.me.account.minuteTransactions.some(
        (t: any) => t.action === 'refund' && t.actionReason === 'Conversation canceled: transferred to another course',
      ),
    );
    assert.equal((await app.gql(CONVERSATION, { id: upcoming }, owner.token)).data.conversation.isCanceled, true);
    assert.equal((await app.gql(CONVERSATION, { id: held }, owner.token)).data.conversation.isCanceled, false);

    assert.equal((await roster(courseA.id)).courseEnrollments.length, 0);
    const b = await roster(courseB.id);
    assert.equal(b.courseEnrollmentsCount, 1);
    assert.deepEqual(b.courseEnrollments[0].progress, { completed: 0, attempting: 0, unattempted: 4 });
    const mine = await app.gql(MY_COURSES, {}, student.token);
    assert.deepEqual(
      mine.data.me.courses.map((c: any) => c.id),
      [courseB.id],
    );

    // Done once: the student is no longer in A.
    await refused(TRANSFER, { userId: student.accountId, fromCourseId: courseA.id, toCourseId: courseB.id }, owner.token, 'NOT_FOUND');
  });

  it('refuses to delete a course with students, and to anyone but its owner', async () => {
    await refused(
      REMOVE,
      { courseId: courseB.id },
      owner.token,
      'CONFLICT',
      'This course has students. Transfer or withdraw them before deleting the course.',
    );
    for (const token of [student.token, speaker.token, undefined, other.token])
      await refused(REMOVE, { courseId: courseA.id }, token, 'UNAUTHORIZED');
  });

  it('withdraws a student, who keeps their minutes and may join again', async () => {
    const balance = await balanceOf(app, student.token);
    const res = await app.gql(WITHDRAW, { input: { userId: student.accountId, courseId: courseB.id } }, owner.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.withdrawUser, { withdrawn: true, canceledConversations: 0 });
    assert.equal(await balanceOf(app, student.token), balance);
    assert.equal((await roster(courseB.id)).courseEnrollments.length, 0);
    assert.deepEqual((await app.gql(MY_COURSES, {}, student.token)).data.me.courses, []);

    await enrollAsAdmin(app, courseB.inviteNumber, student.accountId);
    assert.equal((await roster(courseB.id)).courseEnrollments.length, 1);
    const again = await app.gql(WITHDRAW, { input: { userId: student.accountId, courseId: courseB.id } }, owner.token);
    assert.equal(again.errors, undefined, JSON.stringify(again.errors));
  });

  it("deletes a course without students: gone from the owner's list and its invite number finds nothing", async () => {
    const res = await app.gql(REMOVE, { input: { courseId: courseA.id } }, owner.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.removeCourse.removed, true);
    const owned = await app.gql(`{ me { ownedCourses(scope: current_or_upcoming) { id } } }`, {}, owner.token);
    assert.deepEqual(
      owned.data.me.ownedCourses.map((c: any) => c.id),
      [courseB.id],
    );
    const found = await app.gql(
      `query($n: String!) { enrollingCourse(inviteNumber: $n) { id } }`,
      { n: courseA.inviteNumber },
      student.token,
    );
    assert.equal(codeOf(found), 'NOT_FOUND');
    await refused(REMOVE, { courseId: courseA.id }, owner.token, 'NOT_FOUND');
    // Its past conversations stay readable to their student.
    assert.equal((await app.gql(CONVERSATION, { id: held }, student.token)).data.conversation.id, held);
  });
});
