/**
 * Hardening of enrollment (issue 7, items 6, 7, 9 and 11): a bad card token never locks a student
 * out; a redemption code is never used up for a course it did not pay for, and can be looked at
 * before it is redeemed; admins enroll students only; an instructor's course queries answer owned
 * courses only, and a course's student count is its owner's and admins' business.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { EnrollmentMessages } from '../../contracts/enrollment';
import { REDEMPTION_CODE_INVALID } from '../../contracts/validation/enrollment';
import { Messages } from '../../contracts/errors';
import { enrollmentHandlers } from '../../services/domain/enrollment/handlers';
import { enrollmentStream } from '../../services/domain/enrollment/enrollment';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { PaymentMethodMessages, type PaymentGateway } from '../../services/integrations/payments/port';
import { createStripeGateway } from '../../services/integrations/payments/stripe';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import {
  ENROLL,
  MINUTES,
  countEvents,
  createCourse,
  createCourseAsSystem,
  createInstructor,
  createPlans,
  student,
  tokenize,
} from '../support/enrollment';

let app: TestApp;
let plans: Awaited<ReturnType<typeof createPlans>>;
let admin: { token: string; accountId: string };
let teacher: { token: string; accountId: string };
let paid: { id: string; inviteNumber: string; name: string };

beforeAll(async () => {
  app = await startTestApp({}, 'hardening_enrollment');
  plans = await createPlans(app);
  admin = await createAdmin(app, 'admin-hardening@example.com');
  teacher = await createInstructor(app);
  paid = await createCourse(app, teacher.token, { name: 'Hardened Spanish', completionRequirement: 4, durationRequirement: 15 });
});
afterAll(async () => {
  await app.close();
});

const CREATE_SET = `mutation($input: CreateRedemptionSetInput!) { createRedemptionSet(input: $input) { set { codes { id value } } } }`;
const CODE = `query($id: ID!) { redemptionCode(redemptionCodeId: $id) { redeemedOn redeemedBy { id } } }`;
const ENROLLING_CODE = `query($code: String!) { enrollingCode(code: $code) { value minuteQuantity duration quantity } }`;

async function makeCodes(input: { fillLimit: number; duration?: number; quantity?: number }) {
  const res = await app.gql(CREATE_SET, { input: { name: 'Hardening codes', ...input } }, admin.token);
  if (res.errors) throw new Error(res.errors[0].message);
  return res.data.createRedemptionSet.set.codes as { id: string; value: string }[];
}

const attempts = (courseId: string, studentId: string) =>
  countEvents(app, 'EnrollmentPaymentStarted', enrollmentStream(courseId, studentId));

describe('item 6: a bad card token never locks the student out', () => {
  for (const [label, token] of [
    ['a token with a NUL byte', 'tok_local_\u0000AAAAAAAAAAAAAAA'],
    ['a token that is not one of the gateway’s', 'garbage'],
    ['a well-formed token the gateway never issued', 'tok_local_AAAAAAAAAAAAAAAA'],
  ] as const) {
    it(`refuses ${label} before claiming an attempt, and a good card works right after`, async () => {
      const s = await student(app, 'bad-token');
      // The use case itself (the API's input limits may refuse some tokens before it)…
      await assert.rejects(
        () =>
          app.runtime.enrollment.enroll(
            { actor: { accountId: s.accountId, roles: ['STUDENT'] } },
            { inviteNumber: paid.inviteNumber, studentId: s.accountId, cardToken: token },
          ),
        (e: any) => e.code === 'PAYMENT_FAILED' && [PaymentMethodMessages.invalid, PaymentMethodMessages.unknown].includes(e.message),
      );
      // …and through the API.
      const bad = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, cardToken: token } }, s.token);
      assert.ok(['PAYMENT_FAILED', 'BAD_USER_INPUT'].includes(codeOf(bad)!), JSON.stringify(bad.errors));
      assert.equal(await attempts(paid.id, s.accountId), 0, 'nothing was claimed');
      const good = await app.gql(
        ENROLL,
        { input: { inviteNumber: paid.inviteNumber, cardToken: await tokenize(app, '4242424242424242') } },
        s.token,
      );
      assert.equal(good.data?.enrollUser.enrolled, true, JSON.stringify(good.errors));
      assert.equal(good.data.enrollUser.payment.amount, 6000);
    });
  }

  it('refuses a token already used for another payment before claiming, and still joins a repeat of the request that used it', async () => {
    const first = await student(app, 'token-owner');
    const token = await tokenize(app, '4242424242424242');
    const paidOnce = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, cardToken: token } }, first.token);
    assert.equal(paidOnce.data?.enrollUser.enrolled, true, JSON.stringify(paidOnce.errors));
    // The same request again (a double click answered late) answers as it did.
    const repeat = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, cardToken: token } }, first.token);
    assert.equal(repeat.data?.enrollUser.enrolled, true, JSON.stringify(repeat.errors));
    const other = await student(app, 'token-thief');
    const reused = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, cardToken: token } }, other.token);
    assert.equal(reused.errors?.[0].message, PaymentMethodMessages.used);
    assert.equal(await attempts(paid.id, other.accountId), 0);
    const good = await app.gql(
      ENROLL,
      { input: { inviteNumber: paid.inviteNumber, cardToken: await tokenize(app, '5555555555554444') } },
      other.token,
    );
    assert.equal(good.data?.enrollUser.enrolled, true, JSON.stringify(good.errors));
  });

  it('closes at once an attempt whose charge the gateway refused without trying it', async () => {
    // A gateway whose check passes but whose charge refuses the token (it was used meanwhile).
    const real = app.runtime.payments.gateway;
    let refuse = true;
    const gateway: PaymentGateway = {
      ...real,
      provider: real.provider,
      checkPaymentMethod: async () => ({ status: 'usable' }),
      charge: async (request) =>
        refuse
          ? { status: 'declined', code: 'token_already_used', message: PaymentMethodMessages.used, paymentId: null }
          : real.charge(request),
      refund: (id, key) => real.refund(id, key),
      findCharge: (key) => real.findCharge(key),
      publicConfig: () => real.publicConfig(),
    };
    const handlers = enrollmentHandlers({ commands: app.runtime.commands, payments: gateway });
    const s = await student(app, 'raced-token');
    await assert.rejects(
      () =>
        handlers.enroll(
          { actor: { accountId: s.accountId, roles: ['STUDENT'] } },
          { inviteNumber: paid.inviteNumber, studentId: s.accountId, cardToken: 'tok_local_BBBBBBBBBBBBBBBB' },
        ),
      (e: any) => e.code === 'PAYMENT_FAILED' && e.message === PaymentMethodMessages.used,
    );
    assert.equal(await countEvents(app, 'EnrollmentPaymentFailed', enrollmentStream(paid.id, s.accountId)), 1, 'the attempt is closed');
    refuse = false;
    const good = await app.gql(
      ENROLL,
      { input: { inviteNumber: paid.inviteNumber, cardToken: await tokenize(app, '4242424242424242') } },
      s.token,
    );
    assert.equal(good.data?.enrollUser.enrolled, true, JSON.stringify(good.errors));
  });

  it('the local gateway answers a malformed token with a decline, never an error', async () => {
    const local = app.runtime.payments.local!;
    assert.deepEqual(await local.checkPaymentMethod('tok_local_\u0000'), {
      status: 'invalid',
      code: 'invalid_payment_method',
      message: PaymentMethodMessages.invalid,
    });
    const charged = await local.charge({
      amount: 100,
      currency: 'usd',
      paymentMethod: 'x\u0000',
      idempotencyKey: 'hardening-nul',
      description: 'x',
      metadata: {},
    });
    assert.equal(charged.status, 'declined');
  });

  it('the Stripe adapter refuses a malformed PaymentMethod without asking Stripe, and reports a refused one as a decline', async () => {
    // A stand-in for Stripe's API that refuses every PaymentMethod as unknown.
    let calls = 0;
    const server = http.createServer((req, res) => {
      calls++;
      req.resume();
      req.on('end', () => {
        res.writeHead(400, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'payment_method',
              message: "No such PaymentMethod: 'pm_gone'",
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const stripe = createStripeGateway({
        secretKey: 'sk_test_not_a_real_key',
        publishableKey: null,
        webhookSecret: null,
        api: { host: '127.0.0.1', port, protocol: 'http' },
      });
      assert.equal((await stripe.checkPaymentMethod('garbage')).status, 'invalid');
      assert.equal((await stripe.checkPaymentMethod('pm_1NabcDEF')).status, 'usable');
      const malformed = await stripe.charge({
        amount: 100,
        currency: 'usd',
        paymentMethod: 'pm_\u0000',
        idempotencyKey: 'k1',
        description: 'x',
        metadata: {},
      });
      assert.equal(malformed.status, 'declined');
      assert.equal(calls, 0, 'a malformed PaymentMethod never reaches Stripe');
      const unknown = await stripe.charge({
        amount: 100,
        currency: 'usd',
        paymentMethod: 'pm_gone',
        idempotencyKey: 'k2',
        description: 'x',
        metadata: {},
      });
      assert.deepEqual(unknown, { status: 'declined', code: 'resource_missing', message: PaymentMethodMessages.unknown, paymentId: null });
    } finally {
      server.close();
    }
  });
});

describe('item 7: a code pays only for what it can pay for, and is seen before it is redeemed', () => {
  it('refuses a code with an institutional course, leaves it unused, and the course grants its own minutes', async () => {
    const school = await createCourseAsSystem(app, {
      name: 'School French',
      pricingPlanId: plans.institutional,
      ownerId: teacher.accountId,
      school: 'Lincoln High',
      completionRequirement: 4,
      durationRequirement: 30,
    });
    const [code] = await makeCodes({ fillLimit: 1, duration: 15, quantity: 1 });
    const s = await student(app, 'school-code');
    const res = await app.gql(ENROLL, { input: { inviteNumber: school.inviteNumber, code: code.value } }, s.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    assert.equal(res.errors![0].message, EnrollmentMessages.codeNotNeeded);
    const detail = await app.gql(CODE, { id: code.id }, admin.token);
    assert.deepEqual(detail.data.redemptionCode, { redeemedOn: null, redeemedBy: null }, 'the code stays unused');
    assert.equal((await app.gql(MINUTES, {}, s.token)).data.me.account.remainingMinutes, 0);
    const enrolled = await app.gql(ENROLL, { input: { inviteNumber: school.inviteNumber } }, s.token);
    assert.equal(enrolled.data?.enrollUser.courseEnrollment.enrolledWith, 'institutional', JSON.stringify(enrolled.errors));
    assert.equal(enrolled.data.enrollUser.courseEnrollment.minuteQuantity, 120);
    // The code is still good for a course it can pay for.
    const other = await student(app, 'school-code-later');
    const redeemed = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, code: code.value } }, other.token);
    assert.equal(redeemed.data?.enrollUser.courseEnrollment.enrolledWith, 'redemption_code', JSON.stringify(redeemed.errors));
  });

  it('shows a student what a code is worth without redeeming it or saying who redeemed it', async () => {
    const [code, used] = await makeCodes({ fillLimit: 2, duration: 15, quantity: 4 });
    const s = await student(app, 'code-looker');
    const typed = `${code.value.slice(0, 5)} ${code.value.slice(5)}`.toLowerCase();
    const seen = await app.gql(ENROLLING_CODE, { code: typed }, s.token);
    assert.deepEqual(
      seen.data?.enrollingCode,
      { value: code.value, minuteQuantity: 60, duration: 15, quantity: 4 },
      JSON.stringify(seen.errors),
    );
    assert.equal((await app.gql(CODE, { id: code.id }, admin.token)).data.redemptionCode.redeemedOn, null, 'looking does not redeem');
    // A used code and an unknown code answer as enrollUser does; who redeemed is not a field.
    const redeemer = await student(app, 'code-redeemer');
    await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, code: used.value } }, redeemer.token);
    const usedSeen = await app.gql(ENROLLING_CODE, { code: used.value }, s.token);
    assert.equal(codeOf(usedSeen), 'CONFLICT');
    assert.equal(usedSeen.errors![0].message, EnrollmentMessages.codeAlreadyRedeemed);
    assert.ok(!JSON.stringify(usedSeen).includes(redeemer.accountId));
    const unknown = await app.gql(ENROLLING_CODE, { code: 'ZZZZZZZZZZ' }, s.token);
    assert.equal(unknown.errors![0].message, EnrollmentMessages.codeNotFound);
    const inFrench = await app.gql(ENROLLING_CODE, { code: 'ZZZZZZZZZZ' }, s.token, { 'accept-language': 'fr' });
    assert.equal(inFrench.errors![0].message, 'Ce code d’échange n’existe pas. Vérifiez le code et réessayez.');
    const malformed = await app.gql(ENROLLING_CODE, { code: 'ABC' }, s.token);
    assert.equal(malformed.errors![0].message, REDEMPTION_CODE_INVALID);
    const who = await app.gql(`query($code: String!) { enrollingCode(code: $code) { redeemedBy { id } } }`, { code: code.value }, s.token);
    assert.ok(who.errors?.length, 'no field tells who redeemed a code');
    // Signed out, and accounts that cannot enroll, learn nothing.
    assert.equal(codeOf(await app.gql(ENROLLING_CODE, { code: code.value })), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(ENROLLING_CODE, { code: code.value }, teacher.token)), 'UNAUTHORIZED');
  });

  it('limits how many codes one account may look up or redeem', async () => {
    const s = await student(app, 'code-guesser');
    let limited: unknown = null;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await app.gql(ENROLLING_CODE, { code: 'ZZZZZZZZZZ' }, s.token);
      if (codeOf(res) === 'RATE_LIMITED') limited = i;
    }
    assert.equal(limited, 20, 'the 21st lookup in ten minutes is refused');
    const redeem = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, code: 'ZZZZZZZZZZ' } }, s.token);
    assert.equal(codeOf(redeem), 'RATE_LIMITED');
    assert.equal(redeem.errors![0].message, Messages.tooManyAttempts);
  });

  it('grants a short code its own minutes (the student confirmed the difference in the web)', async () => {
    const long = await createCourseAsSystem(app, {
      name: 'Long course',
      completionRequirement: 10,
      durationRequirement: 15,
      ownerId: teacher.accountId,
    });
    const [code] = await makeCodes({ fillLimit: 1, duration: 15, quantity: 4 });
    const s = await student(app, 'short-code');
    const res = await app.gql(ENROLL, { input: { inviteNumber: long.inviteNumber, code: code.value } }, s.token);
    assert.equal(res.data?.enrollUser.courseEnrollment.minuteQuantity, 60, JSON.stringify(res.errors));
  });
});

describe('item 9: an administrator enrolls students only', () => {
  it('refuses an account without a student role with a clear message, and enrolls nothing', async () => {
    const other = await createInstructor(app);
    const res = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, userId: other.accountId } }, admin.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    assert.equal(res.errors![0].message, EnrollmentMessages.notAStudent);
    assert.equal(await countEvents(app, 'StudentEnrolled', enrollmentStream(paid.id, other.accountId)), 0);
    const speaker = await app.runtime.identity.register(
      { actor: SYSTEM_ACTOR },
      { emailAddress: 'speaker-hardening@example.com', password: 'Speaker-Pass1', roles: ['SPEAKER'] },
    );
    const speakerId = speaker.accountId;
    const asSpeaker = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, userId: speakerId } }, admin.token);
    assert.equal(asSpeaker.errors?.[0].message, EnrollmentMessages.notAStudent, JSON.stringify(asSpeaker.errors));
    const s = await student(app, 'admin-enrolled');
    const ok = await app.gql(ENROLL, { input: { inviteNumber: paid.inviteNumber, userId: s.accountId } }, admin.token);
    assert.equal(ok.data?.enrollUser.courseEnrollment.enrolledWith, 'admin', JSON.stringify(ok.errors));
  });
});

describe("item 11: an instructor's course queries answer owned courses only", () => {
  const FIELDS = 'id name inviteNumber courseEnrollmentsCount lessonAssignments { lesson { privateNote } }';
  it('gives a student who became an instructor their own courses, never the ones they are enrolled in', async () => {
    const other = await createCourse(app, teacher.token, { name: "Someone else's course" });
    const s = await student(app, 'student-turned-teacher');
    const enrolled = await app.gql(
      ENROLL,
      { input: { inviteNumber: other.inviteNumber, cardToken: await tokenize(app, '4242424242424242') } },
      s.token,
    );
    assert.equal(enrolled.data?.enrollUser.enrolled, true, JSON.stringify(enrolled.errors));
    const roles = await app.gql(
      `mutation($input: ChangeRolesInput!) { changeRoles(input: $input) { changed } }`,
      { input: { accountId: s.accountId, add: ['INSTRUCTOR'] } },
      admin.token,
    );
    assert.ok(!roles.errors, JSON.stringify(roles.errors));
    const own = await createCourse(app, s.token, { name: 'My own course' });

    const me = await app.gql(
      `query($other: ID!, $own: ID!) { me {
      ownedCourses(scope: current_or_upcoming) { ${FIELDS} } ownedCoursesCount(scope: current_or_upcoming)
      past: ownedCourses(scope: past) { id }
      ownedCourse(courseId: $other) { id } mine: ownedCourse(courseId: $own) { id courseEnrollmentsCount }
      courses(scope: current_or_upcoming) { ${FIELDS} } coursesCount(scope: current_or_upcoming) } }`,
      { other: other.id, own: own.id },
      s.token,
    );
    assert.ok(!me.errors, JSON.stringify(me.errors));
    assert.deepEqual(
      me.data.me.ownedCourses.map((c: any) => c.name),
      ['My own course'],
    );
    assert.equal(me.data.me.ownedCoursesCount, 1);
    assert.deepEqual(me.data.me.past, []);
    assert.equal(me.data.me.ownedCourse, null, 'a course they are only enrolled in is not theirs to open');
    assert.deepEqual(me.data.me.mine, { id: own.id, courseEnrollmentsCount: 0 });
    // As a student they see the course they joined, without its owner's figures.
    assert.deepEqual(
      me.data.me.courses.map((c: any) => [c.id, c.courseEnrollmentsCount]),
      [[other.id, null]],
    );
    assert.equal(me.data.me.coursesCount, 1);
    const direct = await app.gql(`query($id: ID!) { course(courseId: $id) { ${FIELDS} } }`, { id: other.id }, s.token);
    assert.equal(direct.data.course.courseEnrollmentsCount, null);
    assert.ok(direct.data.course.lessonAssignments.every((l: any) => l.lesson.privateNote === null));

    // Its owner and admins see the count; an instructor's own list never holds courses they joined.
    const owner = await app.gql(
      `query($id: ID!) { course(courseId: $id) { courseEnrollmentsCount } me { ownedCourses(scope: current_or_upcoming) { id } courses(scope: current_or_upcoming) { id } } }`,
      { id: other.id },
      teacher.token,
    );
    assert.equal(owner.data.course.courseEnrollmentsCount, 1);
    assert.ok(owner.data.me.ownedCourses.some((c: any) => c.id === other.id));
    assert.deepEqual(owner.data.me.courses, [], 'an instructor is enrolled in nothing');
    const byAdmin = await app.gql(`query($id: ID!) { course(courseId: $id) { courseEnrollmentsCount } }`, { id: other.id }, admin.token);
    assert.equal(byAdmin.data.course.courseEnrollmentsCount, 1);
    // Another person's owned courses are theirs and admins' only.
    const peek = await app.gql(
      `query($id: ID!) { user(userId: $id) { ownedCourses(scope: current_or_upcoming) { id } } }`,
      { id: teacher.accountId },
      s.token,
    );
    assert.ok(peek.errors?.length || !peek.data?.user, JSON.stringify(peek));
  });
});

describe('the join link signed out (issue 28)', () => {
  const INVITED = `query($n: String!) { invitedCourse(inviteNumber: $n) { name kind language school } }`;
  it("names an invite number's course to anyone, and nothing more", async () => {
    const res = await app.gql(INVITED, { n: paid.inviteNumber });
    assert.equal(res.errors, undefined);
    const { name, kind, language } = res.data.invitedCourse;
    assert.deepEqual({ name, kind, language }, { name: 'Hardened Spanish', kind: 'regular', language: 'es' });
    assert.equal((await app.gql(INVITED, { n: '999999999' })).data.invitedCourse, null, 'an unknown number is no course');
  });
  it('refuses what is not an invite number', async () => {
    const res = await app.gql(INVITED, { n: 'not a number\u0000' });
    assert.equal(res.errors?.[0].extensions?.code, 'BAD_USER_INPUT');
  });
});
