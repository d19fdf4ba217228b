/**
 * Scheduling through the GraphQL API: availability, openings, reservations and what follows them,
 * and the races that must never double-book a speaker, a student or their minutes.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SchedulingMessages } from '../../contracts/scheduling';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import {
  AVAILABILITY,
  CANCEL,
  OPENINGS,
  RESERVE,
  addAvailability,
  balanceOf,
  createSpeaker,
  createStudent,
  dayAt,
  hoursAhead,
  plusMinutes,
  sameDayZone,
} from '../support/scheduling';

let app: TestApp;
let admin: { token: string; accountId: string };
beforeAll(async () => {
  app = await startTestApp({ rateLimits: false }, 'scheduling');
  admin = await createAdmin(app);
});
afterAll(async () => {
  await app.close();
});

const reserve = (token: string, speakerId: string, start: Date, over: Record<string, unknown> = {}) =>
  app.gql(RESERVE, { input: { speakerId, reservedStart: start.toISOString(), language: 'es', duration: 15, ...over } }, token);

async function openingStarts(token: string, speakerId: string, from: Date, to: Date, duration = 15) {
  const res = await app.gql(
    OPENINGS,
    { speakerId, startTime: from.toISOString(), endTime: to.toISOString(), zoneName: 'UTC', duration },
    token,
  );
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.availableOpenings.map((o: { startTimestamp: string }) => o.startTimestamp.slice(11, 16));
}

describe('availability and openings', () => {
  it('offers the availability in 15-minute steps, minus a reservation and its 15-minute buffer', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app);
    const from = dayAt(2, 10);
    await addAvailability(app, speaker, from, dayAt(2, 12));
    assert.deepEqual(await openingStarts(student.token, speaker.accountId, dayAt(2, 0), dayAt(3, 0)), [
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
    ]);
    const res = await reserve(student.token, speaker.accountId, plusMinutes(from, 30));
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    // 10:30–10:45 is taken; nothing may come within 15 minutes of it (10:00–10:15 ends 15 minutes before).
    assert.deepEqual(await openingStarts(student.token, speaker.accountId, dayAt(2, 0), dayAt(3, 0)), [
      '10:00',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
    ]);
    assert.deepEqual(await openingStarts(student.token, speaker.accountId, dayAt(2, 0), dayAt(3, 0), 30), ['11:00', '11:15', '11:30']);
  });

  it('refuses overlapping availability and availability across midnight, with the messages', async () => {
    const speaker = await createSpeaker(app);
    await addAvailability(app, speaker, dayAt(3, 9), dayAt(3, 11));
    const overlap = await app.gql(
      AVAILABILITY,
      {
        input: {
          speakerId: speaker.accountId,
          startTime: dayAt(3, 10).toISOString(),
          endTime: dayAt(3, 12).toISOString(),
          zoneName: 'UTC',
        },
      },
      speaker.token,
    );
    assert.equal(overlap.errors![0].message, SchedulingMessages.availabilityOverlap);
    const night = await app.gql(
      AVAILABILITY,
      {
        input: { speakerId: speaker.accountId, startTime: dayAt(3, 23).toISOString(), endTime: dayAt(4, 1).toISOString(), zoneName: 'UTC' },
      },
      speaker.token,
    );
    assert.equal(night.errors![0].message, SchedulingMessages.availabilitySameDay);
    const zone = await app.gql(
      AVAILABILITY,
      {
        input: {
          speakerId: speaker.accountId,
          startTime: dayAt(3, 13).toISOString(),
          endTime: dayAt(3, 14).toISOString(),
          zoneName: 'Mars/Olympus',
        },
      },
      speaker.token,
    );
    assert.equal(codeOf(zone), 'INVALID_TIMEZONE');
  });

  it("lets only the speaker or an admin change a speaker's availability", async () => {
    const speaker = await createSpeaker(app);
    const other = await createSpeaker(app);
    const student = await createStudent(app, 0);
    const input = {
      speakerId: speaker.accountId,
      startTime: dayAt(4, 9).toISOString(),
      endTime: dayAt(4, 10).toISOString(),
      zoneName: 'UTC',
    };
    assert.equal(codeOf(await app.gql(AVAILABILITY, { input }, other.token)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(AVAILABILITY, { input }, student.token)), 'UNAUTHORIZED');
    assert.equal((await app.gql(AVAILABILITY, { input }, admin.token)).data.addAvailability.added, true);
  });
});

describe('reserving', () => {
  it('debits the minutes and refuses what the rules forbid, with clear errors', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 30);
    const start = dayAt(2, 14);
    await addAvailability(app, speaker, start, dayAt(2, 16));
    const ok = await reserve(student.token, speaker.accountId, start);
    assert.equal(ok.data.createReservation.conversation.status, 'reserved');
    assert.equal(await balanceOf(app, student.token), 15);

    assert.equal((await reserve(student.token, speaker.accountId, start)).errors![0].message, SchedulingMessages.slotTaken);
    assert.equal(
      (await reserve(student.token, speaker.accountId, dayAt(2, 17))).errors![0].message,
      SchedulingMessages.outsideAvailability,
    );
    assert.equal((await reserve(student.token, speaker.accountId, plusMinutes(start, 7))).errors![0].message, SchedulingMessages.notOnSlot);
    assert.equal((await reserve(student.token, speaker.accountId, dayAt(-1, 10))).errors![0].message, SchedulingMessages.inThePast);
    // The same refusal in the caller's language (issue 32), its code unchanged.
    const inSpanish = await app.gql(
      RESERVE,
      { input: { speakerId: speaker.accountId, reservedStart: dayAt(-1, 10).toISOString(), language: 'es', duration: 15 } },
      student.token,
      { 'accept-language': 'es' },
    );
    assert.equal(inSpanish.errors![0].message, 'Esta hora ya pasó. Elige una hora más tarde.');
    assert.equal(codeOf(inSpanish), codeOf(await reserve(student.token, speaker.accountId, dayAt(-1, 10))));
    assert.equal((await reserve(student.token, speaker.accountId, dayAt(9, 10))).errors![0].message, SchedulingMessages.tooFarAhead);
    assert.equal(
      (await reserve(student.token, speaker.accountId, plusMinutes(start, 60), { language: 'fr' })).errors![0].message,
      SchedulingMessages.languageMismatch,
    );
    assert.equal(codeOf(await reserve(student.token, speaker.accountId, plusMinutes(start, 60), { duration: 30 })), 'INSUFFICIENT_MINUTES');
    // The student's own overlap, with another speaker at the same time.
    const second = await createSpeaker(app);
    await addAvailability(app, second, start, dayAt(2, 16));
    assert.equal((await reserve(student.token, second.accountId, start)).errors![0].message, SchedulingMessages.studentOverlap);
    assert.equal(await balanceOf(app, student.token), 15, 'no refused reservation took minutes');
  });

  it('50 students racing for one slot: one reservation, 49 clear errors, one debit', async () => {
    const speaker = await createSpeaker(app);
    const start = dayAt(3, 8);
    await addAvailability(app, speaker, start, plusMinutes(start, 15));
    const students = await Promise.all(Array.from({ length: 50 }, () => createStudent(app, 15)));
    const results = await Promise.all(students.map((s) => reserve(s.token, speaker.accountId, start)));
    const won = results.filter((r) => r.data?.createReservation?.created);
    assert.equal(won.length, 1);
    const refused = results.filter((r) => r.errors);
    assert.equal(refused.length, 49);
    for (const r of refused) assert.equal(r.errors![0].message, SchedulingMessages.slotTaken, JSON.stringify(r.errors));
    const balances = await Promise.all(students.map((s) => balanceOf(app, s.token)));
    assert.equal(balances.filter((b) => b === 0).length, 1);
    assert.equal(balances.filter((b) => b === 15).length, 49);
  });

  it('one student racing two overlapping slots with different speakers wins one', async () => {
    const a = await createSpeaker(app);
    const b = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const start = dayAt(3, 12);
    await addAvailability(app, a, start, dayAt(3, 13));
    await addAvailability(app, b, start, dayAt(3, 13));
    const results = await Promise.all([
      reserve(student.token, a.accountId, start),
      reserve(student.token, b.accountId, plusMinutes(start, 0), { duration: 30 }),
    ]);
    assert.equal(results.filter((r) => r.data?.createReservation?.created).length, 1);
    assert.equal(results.find((r) => r.errors)!.errors![0].message, SchedulingMessages.studentOverlap);
  });

  it('a student with minutes for one conversation racing two wins one, and the balance never goes below zero', async () => {
    const a = await createSpeaker(app);
    const b = await createSpeaker(app);
    const student = await createStudent(app, 15);
    await addAvailability(app, a, dayAt(4, 8), dayAt(4, 9));
    await addAvailability(app, b, dayAt(4, 10), dayAt(4, 11));
    const results = await Promise.all([
      reserve(student.token, a.accountId, dayAt(4, 8)),
      reserve(student.token, b.accountId, dayAt(4, 10)),
    ]);
    assert.equal(results.filter((r) => r.data?.createReservation?.created).length, 1);
    assert.equal(codeOf(results.find((r) => r.errors)!), 'INSUFFICIENT_MINUTES');
    assert.equal(await balanceOf(app, student.token), 0);
  });

  it('a speaker removing availability while a student reserves it ends in one consistent state', async () => {
    const REMOVE = `mutation($input: RemoveAvailabilityInput!) { removeAvailability(input: $input) { removed } }`;
    for (let round = 0; round < 6; round++) {
      const speaker = await createSpeaker(app);
      const student = await createStudent(app, 15);
      const start = dayAt(5, 9 + round);
      const availabilityId = await addAvailability(app, speaker, start, plusMinutes(start, 30));
      const [reserved, removed] = await Promise.all([
        reserve(student.token, speaker.accountId, start),
        app.gql(REMOVE, { input: { availabilityId } }, speaker.token),
      ]);
      const didReserve = !!reserved.data?.createReservation?.created;
      const didRemove = !!removed.data?.removeAvailability?.removed;
      assert.notEqual(didReserve, didRemove, `round ${round}: exactly one wins (${JSON.stringify([reserved.errors, removed.errors])})`);
      if (didReserve) assert.equal(removed.errors![0].message, SchedulingMessages.availabilityHasReservations);
      else assert.equal(reserved.errors![0].message, SchedulingMessages.outsideAvailability);
      assert.equal(await balanceOf(app, student.token), didReserve ? 0 : 15);
    }
  });
});

describe('after reserving', () => {
  const CONVERSATION = `query($id: ID!) { conversation(conversationId: $id) { id isCanceled status reservedWith { id }
    cancellationPolicy { isCancelable cancelableUntil } openablePolicy { isOpenable } tardinessPolicy { isTardy }
    transferablePolicy { isTransferable transferableTo { id } } } }`;

  it('a student cancels more than 12 hours ahead and gets the minutes back; not within 12 hours', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 30);
    const far = dayAt(3, 15);
    const soon = hoursAhead(2);
    await addAvailability(app, speaker, far, plusMinutes(far, 60));
    await addAvailability(app, speaker, soon, plusMinutes(soon, 60));
    const a = (await reserve(student.token, speaker.accountId, far)).data.createReservation.conversation.id;
    const b = (await reserve(student.token, speaker.accountId, soon)).data.createReservation.conversation.id;
    assert.equal(await balanceOf(app, student.token), 0);

    const policy = (await app.gql(CONVERSATION, { id: a }, student.token)).data.conversation.cancellationPolicy;
    assert.equal(policy.isCancelable, true);
    assert.equal(Date.parse(policy.cancelableUntil), far.getTime() - 12 * 3600_000);
    assert.equal((await app.gql(CANCEL, { input: { conversationId: a } }, student.token)).data.cancelReservation.canceled, true);
    assert.equal(await balanceOf(app, student.token), 15);
    // The time is free again.
    assert.ok((await openingStarts(student.token, speaker.accountId, far, plusMinutes(far, 60))).includes(far.toISOString().slice(11, 16)));

    assert.equal((await app.gql(CONVERSATION, { id: b }, student.token)).data.conversation.cancellationPolicy.isCancelable, false);
    assert.equal(
      (await app.gql(CANCEL, { input: { conversationId: b } }, student.token)).errors![0].message,
      SchedulingMessages.notCancelable,
    );
    // The speaker may still cancel it, and the minutes come back.
    assert.equal((await app.gql(CANCEL, { input: { conversationId: b } }, speaker.token)).data.cancelReservation.canceled, true);
    assert.equal(await balanceOf(app, student.token), 30);
  });

  it('the speaker transfers to a speaker free then who speaks the language', async () => {
    const first = await createSpeaker(app);
    const second = await createSpeaker(app);
    const french = await createSpeaker(app, ['fr']);
    const student = await createStudent(app, 15);
    const start = dayAt(4, 14);
    for (const s of [first, second, french]) await addAvailability(app, s, start, plusMinutes(start, 60));
    const id = (await reserve(student.token, first.accountId, start)).data.createReservation.conversation.id;
    const seen = (await app.gql(CONVERSATION, { id }, first.token)).data.conversation.transferablePolicy;
    assert.equal(seen.isTransferable, true);
    assert.deepEqual(
      seen.transferableTo.map((u: { id: string }) => u.id),
      [second.accountId],
    );
    assert.equal((await app.gql(CONVERSATION, { id }, student.token)).data.conversation.transferablePolicy.isTransferable, false);

    const TRANSFER = `mutation($input: TransferReservationInput!) { transferReservation(input: $input) { transferred conversation { reservedWith { id } } } }`;
    assert.equal(
      codeOf(await app.gql(TRANSFER, { input: { conversationId: id, transfereeId: french.accountId } }, first.token)),
      'BAD_USER_INPUT',
    );
    assert.equal(
      codeOf(await app.gql(TRANSFER, { input: { conversationId: id, transfereeId: second.accountId } }, student.token)),
      'UNAUTHORIZED',
    );
    const moved = await app.gql(TRANSFER, { input: { conversationId: id, transfereeId: second.accountId } }, first.token);
    assert.equal(moved.data.transferReservation.conversation.reservedWith.id, second.accountId);
    const at = start.toISOString().slice(11, 16);
    assert.ok(
      (await openingStarts(student.token, first.accountId, start, plusMinutes(start, 60))).includes(at),
      'the first speaker is free again',
    );
    assert.ok(
      !(await openingStarts(student.token, second.accountId, start, plusMinutes(start, 60))).includes(at),
      'the second speaker holds it',
    );
  });

  it('shows a conversation only to its student, its speaker and admins', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 15);
    const stranger = await createStudent(app, 0);
    const start = dayAt(5, 16);
    await addAvailability(app, speaker, start, plusMinutes(start, 30));
    const id = (await reserve(student.token, speaker.accountId, start)).data.createReservation.conversation.id;
    assert.equal((await app.gql(CONVERSATION, { id }, stranger.token)).data.conversation, null);
    assert.equal(codeOf(await app.gql(CANCEL, { input: { conversationId: id } }, stranger.token)), 'NOT_FOUND');
    assert.equal((await app.gql(CONVERSATION, { id }, admin.token)).data.conversation.id, id);
    // A participant's address is personal: the other participant sees null, an admin sees it.
    const PEOPLE = `query($id: ID!) { conversation(conversationId: $id) { reservedBy { emailAddress } reservedWith { emailAddress } } }`;
    const asStudent = (await app.gql(PEOPLE, { id }, student.token)).data.conversation;
    assert.deepEqual([asStudent.reservedBy.emailAddress, asStudent.reservedWith.emailAddress], [student.emailAddress, null]);
    assert.equal((await app.gql(PEOPLE, { id }, admin.token)).data.conversation.reservedWith.emailAddress, speaker.emailAddress);
    // The speaker's view hides the student's personal information (spec 2: hidePii), on the server.
    const PERSONAL = `query($id: ID!) { conversation(conversationId: $id) { reservedBy { id emailAddress gender dateOfBirth } otherUsers { id emailAddress gender dateOfBirth } } }`;
    const asSpeaker = (await app.gql(PERSONAL, { id }, speaker.token)).data.conversation;
    assert.deepEqual(asSpeaker.reservedBy, { id: student.accountId, emailAddress: null, gender: null, dateOfBirth: null });
    assert.deepEqual(asSpeaker.otherUsers, [{ id: student.accountId, emailAddress: null, gender: null, dateOfBirth: null }]);
    const ACCOUNT = `query($id: ID!) { conversation(conversationId: $id) { reservedBy { account { currentSignInIp } } } }`;
    // Nor their sign-in details: private Account fields are null to anyone but the person and admins (docs/privacy.md).
    const account = await app.gql(ACCOUNT, { id }, speaker.token);
    assert.equal(account.data?.conversation?.reservedBy?.account?.currentSignInIp ?? null, null, JSON.stringify(account));
    assert.notEqual((await app.gql(ACCOUNT, { id }, admin.token)).data.conversation.reservedBy.account.currentSignInIp, undefined);
    const mine = await app.gql(`{ me { conversations(statuses: [reserved]) { id } } }`, {}, student.token);
    assert.deepEqual(
      mine.data.me.conversations.map((c: { id: string }) => c.id),
      [id],
    );
    const one = await app.gql(
      `query($id: ID!) { me { conversations(conversationId: $id) { id } conversationsCount } } `,
      { id },
      speaker.token,
    );
    assert.deepEqual(
      one.data.me.conversations.map((c: { id: string }) => c.id),
      [id],
    );
    assert.equal(one.data.me.conversationsCount, 1);
  });
});

describe('lessons, lateness, listings', () => {
  const LESSONS = `query($id: ID!) { course(courseId: $id) { id lessonAssignments { lesson { id title } } } }`;
  const CHANGE = `mutation($input: ChangeReservationLessonInput!) { changeReservationLesson(input: $input) { changed conversation { lessonId: id } } }`;
  const TOPIC = `query($id: ID!) { conversation(conversationId: $id) { lesson { id } lessonAttempt { outcome lesson { id } } course { id } } }`;

  it('reserves a lesson of an enrolled course once, and moves the reservation to another lesson', async () => {
    const { createPlans, createCourseAsSystem, ENROLL } = await import('../support/enrollment');
    const plans = await createPlans(app);
    const course = await createCourseAsSystem(app, { name: 'Spanish for the road', pricingPlanId: plans.institutional });
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 0);
    const outsider = await createStudent(app, 60);
    assert.equal((await app.gql(ENROLL, { input: { inviteNumber: course.inviteNumber } }, student.token)).data.enrollUser.enrolled, true);
    const lessons = (await app.gql(LESSONS, { id: course.courseId }, student.token)).data.course.lessonAssignments.map(
      (a: any) => a.lesson.id,
    );
    const start = dayAt(3, 18);
    await addAvailability(app, speaker, start, plusMinutes(start, 120));

    const refused = await reserve(outsider.token, speaker.accountId, start, { courseId: course.courseId, lessonId: lessons[0] });
    assert.equal(refused.errors![0].message, SchedulingMessages.lessonNotYours);
    const first = await reserve(student.token, speaker.accountId, start, {
      courseId: course.courseId,
      lessonId: lessons[0],
      language: null,
      duration: null,
    });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    const id = first.data.createReservation.conversation.id;
    assert.equal(first.data.createReservation.conversation.learningLanguage, 'es');
    const again = await reserve(student.token, speaker.accountId, plusMinutes(start, 60), {
      courseId: course.courseId,
      lessonId: lessons[0],
    });
    assert.equal(again.errors![0].message, SchedulingMessages.lessonTaken);

    assert.equal(
      (await app.gql(CHANGE, { input: { conversationId: id, lessonId: lessons[1] } }, student.token)).data.changeReservationLesson.changed,
      true,
    );
    const seen = (await app.gql(TOPIC, { id }, student.token)).data.conversation;
    assert.equal(seen.lesson.id, lessons[1]);
    assert.equal(seen.lessonAttempt.outcome, 'attempting');
    // The first lesson can be reserved again.
    const other = await reserve(student.token, speaker.accountId, plusMinutes(start, 60), {
      courseId: course.courseId,
      lessonId: lessons[0],
    });
    assert.equal(other.errors, undefined, JSON.stringify(other.errors));
    assert.equal(codeOf(await app.gql(CHANGE, { input: { conversationId: id, lessonId: lessons[2] } }, speaker.token)), 'UNAUTHORIZED');
  });

  it("shows the lesson's private note to the conversation's speaker, never to the student or another speaker", async () => {
    const { createPlans, createCourseAsSystem, ENROLL } = await import('../support/enrollment');
    const { catalogStreams } = await import('../../services/domain/catalog/events');
    const { SYSTEM_ACTOR } = await import('../../services/domain/shared/decider');
    const plans = await createPlans(app);
    const course = await createCourseAsSystem(app, { name: 'Notes course', pricingPlanId: plans.institutional });
    // The instructor's note (changeLesson arrives with the instructor area): a lesson assigned with one.
    const lessonId = `lesson-note-${Date.now()}`;
    const { checkpoint } = await app.runtime.store.appendToStreams([
      {
        stream: catalogStreams.course(course.courseId),
        expected: 'any',
        events: [
          {
            type: 'LessonAssigned',
            data: {
              courseId: course.courseId,
              lessonAssignmentId: `${lessonId}-a`,
              lessonId,
              title: 'Ordering food',
              discussionTopic: 'Restaurants',
              privateNote: 'Ask about her trip to Lima.',
              dueOn: null,
              order: 9,
            },
            metadata: {
              actorId: SYSTEM_ACTOR.accountId,
              correlationId: lessonId,
              causationId: null,
              occurredAt: new Date().toISOString(),
              schemaVersion: 1,
            },
          },
        ],
      },
    ]);
    await app.runtime.runner.waitFor(checkpoint, ['catalog']);
    const speaker = await createSpeaker(app);
    const otherSpeaker = await createSpeaker(app);
    const student = await createStudent(app, 0);
    assert.equal((await app.gql(ENROLL, { input: { inviteNumber: course.inviteNumber } }, student.token)).data.enrollUser.enrolled, true);
    const start = dayAt(4, 15);
    await addAvailability(app, speaker, start, plusMinutes(start, 60));
    const reserved = await reserve(student.token, speaker.accountId, start, {
      courseId: course.courseId,
      lessonId,
      language: null,
      duration: null,
    });
    assert.equal(reserved.errors, undefined, JSON.stringify(reserved.errors));
    const id = reserved.data.createReservation.conversation.id;
    const NOTE = `query($id: ID!) { conversation(conversationId: $id) { lesson { title privateNote } } }`;
    assert.deepEqual((await app.gql(NOTE, { id }, speaker.token)).data.conversation.lesson, {
      title: 'Ordering food',
      privateNote: 'Ask about her trip to Lima.',
    });
    assert.deepEqual((await app.gql(NOTE, { id }, student.token)).data.conversation.lesson, { title: 'Ordering food', privateNote: null });
    assert.equal(
      (await app.gql(NOTE, { id }, otherSpeaker.token)).data.conversation,
      null,
      'another speaker does not see the conversation at all',
    );
  });

  it('returns the minutes when the speaker is late, and not before', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 15);
    // Reserved two hours ago for a start 20 minutes ago (the command's clock set back).
    const start = new Date(Math.floor((Date.now() - 20 * 60_000) / (15 * 60_000)) * 15 * 60_000);
    const past = { actor: { accountId: student.accountId, roles: ['STUDENT'] }, now: () => new Date(start.getTime() - 2 * 3600_000) };
    await app.runtime.scheduling.addAvailability(
      { actor: { accountId: speaker.accountId, roles: ['SPEAKER'] } },
      {
        speakerId: speaker.accountId,
        interval: { start, end: plusMinutes(start, 60) },
        zoneName: sameDayZone(start, plusMinutes(start, 60)),
        repeatsWeekly: false,
      },
    );
    const { result, appended } = await app.runtime.scheduling.createReservation(past, {
      studentId: student.accountId,
      speakerId: speaker.accountId,
      courseId: null,
      lessonId: null,
      language: 'es',
      start,
      duration: 15,
    });
    await app.runtime.runner.waitFor(appended?.checkpoint, ['conversations', 'minutes']);
    assert.equal(await balanceOf(app, student.token), 0);
    const TARDY = `mutation($input: ConversationInput!) { cancelTardyReservation(input: $input) { canceled } }`;
    const policy = await app.gql(
      `query($id: ID!) { conversation(conversationId: $id) { status tardinessPolicy { isTardy tardyAfter } } }`,
      { id: result.conversationId },
      student.token,
    );
    assert.equal(policy.data.conversation.tardinessPolicy.isTardy, true);
    assert.equal(codeOf(await app.gql(TARDY, { input: { conversationId: result.conversationId } }, speaker.token)), 'UNAUTHORIZED');
    assert.equal(
      (await app.gql(TARDY, { input: { conversationId: result.conversationId } }, student.token)).data.cancelTardyReservation.canceled,
      true,
    );
    assert.equal(await balanceOf(app, student.token), 15);

    // A conversation still ahead is not late.
    const ahead = dayAt(3, 20);
    await addAvailability(app, speaker, ahead, plusMinutes(ahead, 30));
    const id = (await reserve(student.token, speaker.accountId, ahead)).data.createReservation.conversation.id;
    assert.equal((await app.gql(TARDY, { input: { conversationId: id } }, student.token)).errors![0].message, SchedulingMessages.notTardy);
  });

  it('refuses a day that does not exist (31 November, 30 February) naming the field, and debits nothing', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 120);
    const year = new Date().getUTCFullYear() + 1;
    for (const reservedStart of [
      `${year}-11-31T11:00:00Z`,
      `${year}-02-30T10:00:00Z`,
      `${year}-04-31T10:00:00Z`,
      `${year}-06-30T24:00:00Z`,
    ]) {
      const res = await app.gql(
        RESERVE,
        { input: { speakerId: speaker.accountId, reservedStart, language: 'es', duration: 15 } },
        student.token,
      );
      assert.equal(codeOf(res), 'BAD_USER_INPUT', reservedStart);
      assert.match(res.errors![0].message, /"input\.reservedStart".*Not a valid date and time/, reservedStart);
    }
    assert.equal(await balanceOf(app, student.token), 120);
  });

  it('shows availability occurrences to the speaker in a range, and time zones to everyone', async () => {
    const speaker = await createSpeaker(app);
    await addAvailability(app, speaker, dayAt(2, 9), dayAt(2, 10), 'UTC', true);
    const OCC = `query($s: ID!, $a: DateTime!, $b: DateTime!) { availabilityOccurrences(speakerId: $s, rangeStart: $a, rangeEnd: $b, zoneName: "Europe/Madrid") { startTimestamp repeatsWeekly } }`;
    const res = await app.gql(OCC, { s: speaker.accountId, a: dayAt(0, 0).toISOString(), b: dayAt(28, 0).toISOString() }, speaker.token);
    assert.equal(res.data.availabilityOccurrences.length, 4);
    assert.ok(res.data.availabilityOccurrences.every((o: any) => o.repeatsWeekly && o.startTimestamp.slice(11, 16) === '09:00'));
    const tooLong = await app.gql(
      OCC,
      { s: speaker.accountId, a: dayAt(0, 0).toISOString(), b: dayAt(90, 0).toISOString() },
      speaker.token,
    );
    assert.equal(codeOf(tooLong), 'BAD_USER_INPUT');
    const zones = (await app.gql(`{ timezones { identifier friendlyIdentifier formattedOffset } }`, {}, speaker.token)).data.timezones;
    const kolkata = zones.find((z: any) => z.identifier === 'Asia/Kolkata');
    assert.deepEqual(kolkata, { identifier: 'Asia/Kolkata', friendlyIdentifier: '(GMT+05:30) Asia/Kolkata', formattedOffset: '+05:30' });
  });

  it('lists every conversation for admins, paged and filtered', async () => {
    const LIST = `query($f: [FilterInput!]) { conversations(first: 5, filter: $f) { totalCount edges { node { id reservedBy { id } } } } }`;
    const all = await app.gql(LIST, {}, admin.token);
    assert.ok(all.data.conversations.totalCount > 5);
    assert.equal(all.data.conversations.edges.length, 5);
    const canceled = await app.gql(LIST, { f: [{ field: 'isCanceled', predicate: 'eq', value: 'true' }] }, admin.token);
    assert.ok(canceled.data.conversations.totalCount >= 1);
    const student = await createStudent(app, 0);
    assert.equal(codeOf(await app.gql(LIST, {}, student.token)), 'UNAUTHORIZED');
  });
});
