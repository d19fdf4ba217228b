/**
 * Mail people expect (issue 11): one welcome on sign-up, one receipt a payment (amount, minutes,
 * receipt link), through the mailer and listed in the admin's notifications; a double-submitted or
 * repeated payment still mails one receipt, a declined one none.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { enrollAsAdmin, live, reserveConversation } from '../support/conversations';
import { ENROLL, createCourse, createCourseAsSystem, createInstructor, createPlans, student, tokenize } from '../support/enrollment';
import { createSpeaker, createStudent } from '../support/scheduling';
import { eventually } from '../support/eventually';

let app: TestApp;
let admin: { token: string };
let invite: string;
let plans: Awaited<ReturnType<typeof createPlans>>;
beforeAll(async () => {
  app = await startTestApp({}, 'mail_welcome_receipts');
  plans = await createPlans(app);
  admin = await createAdmin(app);
  const teacher = await createInstructor(app);
  const course = await createCourse(app, teacher.token, { name: 'Receipts Spanish', completionRequirement: 4, durationRequirement: 15 });
  invite = course.inviteNumber;
});
afterAll(async () => {
  await app.close();
});

/** The notifications queued for an account, by template key (read through the store: their values are sealed, docs/decisions/erasure.md). */
async function queued(accountId: string, templateKey: string) {
  const { rows } = await app.runtime.pool.query(
    `SELECT stream_id FROM events WHERE type = 'NotificationQueued' AND data->'recipient'->>'accountId' = $1 AND data->>'templateKey' = $2 ORDER BY global_position`,
    [accountId, templateKey],
  );
  const streams = await app.runtime.store.readStreams(rows.map((r) => r.stream_id));
  return rows.map(
    (r) =>
      streams.get(r.stream_id)!.find((e) => e.type === 'NotificationQueued')!.data as {
        notificationId: string;
        subject: string;
        templateValue: Record<string, string>;
      },
  );
}

const LIST = `query($filter: [FilterInput!]) { notifications(filter: $filter) { totalCount edges { node { id subject templateKey } } } }`;

describe('the welcome', () => {
  it('is queued exactly once on sign-up, sent, and listed in the admin notifications', async () => {
    const address = 'new.student@example.com';
    const s = await signUp(app, address);
    const welcomes = await queued(s.accountId, 'welcome');
    assert.equal(welcomes.length, 1);
    assert.equal(welcomes[0].subject, 'Welcome to Tertulia');
    assert.deepEqual(welcomes[0].templateValue, { emailAddress: address, role: 'student', link: `${app.url}/student/home` });

    const mail = await eventually(
      async () => (await app.runtime.outbox!.list(address)).find((m) => m.subject === 'Welcome to Tertulia'),
      'the welcome mail',
    );
    assert.match(mail.text, /Join your course with the invite number/);
    assert.ok(mail.html.includes(`href="${app.url}/student/home"`));

    await eventually(async () => {
      const list = await app.gql(LIST, { filter: [{ field: 'recipient_id', predicate: 'eq', value: s.accountId }] }, admin.token);
      return list.data.notifications.totalCount === 1 && list.data.notifications.edges[0].node.templateKey === 'welcome';
    }, 'the welcome in the admin notifications');
  });

  it('tells an instructor their first step, and a refused sign-up mails nothing', async () => {
    const teacher = await createInstructor(app, 'new.teacher@example.com');
    const [welcome] = await queued(teacher.accountId, 'welcome');
    assert.equal(welcome.templateValue.role, 'instructor');
    assert.equal(welcome.templateValue.link, `${app.url}/instructor/courses`);

    const again = await app.gql(`mutation($input: SignupInput!) { signup(input: $input) { token } }`, {
      input: { emailAddress: 'new.teacher@example.com', password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' },
    });
    assert.ok(again.errors, 'the address is taken');
    assert.equal((await queued(teacher.accountId, 'welcome')).length, 1);
  });
});

describe('the receipt', () => {
  it('is queued once for a paid enrollment with the amount, the minutes and the receipt link', async () => {
    const s = { ...(await signUp(app, 'payer@example.com')), emailAddress: 'payer@example.com' };
    const res = await app.gql(
      ENROLL,
      { input: { inviteNumber: invite, cardToken: await tokenize(app, '4242424242424242'), extraConversations: 2 } },
      s.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const payment = res.data.enrollUser.payment;

    const receipts = await queued(s.accountId, 'payment_receipt');
    assert.equal(receipts.length, 1);
    const v = receipts[0].templateValue;
    assert.equal(v.amount, '$90.00');
    assert.equal(v.minutes, '90');
    assert.equal(v.courseName, 'Receipts Spanish');
    assert.deepEqual([v.cardBrand, v.cardLast4], ['visa', '4242']);
    assert.equal(v.link, payment.receiptUrl);
    assert.equal(receipts[0].subject, 'Your Tertulia receipt: $90.00');

    const mail = await eventually(
      async () => (await app.runtime.outbox!.list(s.emailAddress)).find((m) => m.subject.startsWith('Your Tertulia receipt')),
      'the receipt mail',
    );
    assert.match(mail.text, /Amount paid: \$90\.00/);
    assert.match(mail.text, /Minutes: 90/);
    assert.match(mail.text, /Paid with: visa ending in 4242/);
    assert.ok(mail.html.includes(`href="${payment.receiptUrl}"`));
    assert.equal((await fetch(payment.receiptUrl)).status, 200, 'the link opens the receipt');

    await eventually(async () => {
      const list = await app.gql(LIST, { filter: [{ field: 'recipient_id', predicate: 'eq', value: s.accountId }] }, admin.token);
      return (
        list.data.notifications.edges
          .map((e: any) => e.node.templateKey)
          .sort()
          .join() === 'payment_receipt,welcome'
      );
    }, 'the receipt in the admin notifications');
  });

  it('is queued once for a double-submitted payment and for its repeat, and not for a decline', async () => {
    const s = await student(app, 'doubleclick');
    const declined = await app.gql(
      ENROLL,
      { input: { inviteNumber: invite, cardToken: await tokenize(app, '4000000000000002') } },
      s.token,
    );
    assert.equal(declined.errors?.[0].extensions?.code, 'PAYMENT_FAILED');
    assert.equal((await queued(s.accountId, 'payment_receipt')).length, 0);

    const token = await tokenize(app, '4242424242424242');
    const input = { input: { inviteNumber: invite, cardToken: token } };
    const [a, b] = await Promise.all([app.gql(ENROLL, input, s.token), app.gql(ENROLL, input, s.token)]);
    assert.equal(a.data?.enrollUser.enrolled, true, JSON.stringify(a.errors));
    assert.equal(b.data?.enrollUser.enrolled, true, JSON.stringify(b.errors));
    const repeat = await app.gql(ENROLL, input, s.token);
    assert.equal(repeat.data?.enrollUser.enrolled, true, JSON.stringify(repeat.errors));

    const receipts = await queued(s.accountId, 'payment_receipt');
    assert.equal(receipts.length, 1);
    assert.equal(receipts[0].templateValue.amount, '$60.00');
    assert.equal(receipts[0].templateValue.minutes, '60');
  });

  it('is queued once for make-up minutes bought by card (the other kind of payment)', async () => {
    const course = await createCourseAsSystem(app, { name: 'Make-up Spanish', pricingPlanId: plans.standard });
    const speaker = await createSpeaker(app);
    const s = await createStudent(app, 0);
    await enrollAsAdmin(app, course.inviteNumber, s.accountId);
    const lessons = await app.gql(
      `query($id: ID!) { course(courseId: $id) { lessonAssignments { lesson { id } } } }`,
      { id: course.courseId },
      s.token,
    );
    const id = await reserveConversation(app, s, speaker, {
      courseId: course.courseId,
      lessonId: lessons.data.course.lessonAssignments[0].lesson.id,
    });
    await live(app, id, speaker.accountId, s.accountId, 'held');
    const marked = await app.gql(
      `mutation($input: ModerateConversationInput!) { moderateConversation(input: $input) { marked } }`,
      { input: { conversationId: id, markAs: 'missed' } },
      speaker.token,
    );
    assert.equal(marked.errors, undefined, JSON.stringify(marked.errors));
    const PURCHASE = `mutation($input: PurchaseMakeUpMinutesInput!) { purchaseMakeUpMinutes(input: $input) { purchased minuteQuantity amount } }`;
    const input = { input: { conversationId: id, cardToken: await tokenize(app, '4242424242424242') } };
    const [a, b] = await Promise.all([app.gql(PURCHASE, input, s.token), app.gql(PURCHASE, input, s.token)]);
    assert.ok(
      [a, b].some((r) => r.data?.purchaseMakeUpMinutes?.purchased),
      JSON.stringify([a.errors, b.errors]),
    );

    const receipts = await queued(s.accountId, 'payment_receipt');
    assert.equal(receipts.length, 1);
    assert.equal(receipts[0].templateValue.amount, '$7.50');
    assert.equal(receipts[0].templateValue.minutes, '15');
    assert.equal(receipts[0].templateValue.courseName, 'Make-up minutes (Make-up Spanish)');
    assert.match(receipts[0].templateValue.link, /^http/);
  });
});

describe('the language (issue 32)', () => {
  const SIGNUP = `mutation($input: SignupInput!) { signup(input: $input) { token } }`;
  const RECOVER = `mutation($input: RecoverPasswordInput!) { recoverPassword(input: $input) { recovered } }`;
  const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token } }`;
  const CHANGE = `mutation($input: ChangeUserInput!) { changeUser(input: $input) { user { locale } } }`;
  const password = 'Passw0rd!';

  it("writes the welcome in the sign-up page's language, and the reset mail in the account's setting", async () => {
    const address = 'lengua@example.com';
    const signed = await app.gql(SIGNUP, { input: { emailAddress: address, password, passwordConfirmation: password } }, null, {
      'accept-language': 'es-MX,es;q=0.9,en;q=0.5',
    });
    const token = signed.data.signup.token as string;
    const welcome = await eventually(
      async () => (await app.runtime.outbox!.list(address)).find((m) => m.subject === 'Te damos la bienvenida a Tertulia'),
      'the welcome in Spanish',
    );
    assert.match(welcome.text, /Únete a tu curso con el número de invitación/);
    assert.match(welcome.text, /Ver este correo en el navegador: http/);

    // No setting: the asking page's language; with one, the setting whatever the page speaks.
    await app.gql(RECOVER, { input: { emailAddress: address } }, null, { 'accept-language': 'pt-BR' });
    const portuguese = await eventually(
      async () => (await app.runtime.outbox!.list(address)).find((m) => m.subject === 'Redefina sua senha do Tertulia'),
      'the reset mail in Portuguese',
    );
    assert.match(portuguese.text, /Abra este link nos próximos 60 minutos/);
    const changed = await app.gql(CHANGE, { input: { locale: 'fr' } }, token);
    assert.equal(changed.data.changeUser.user.locale, 'fr');
    await app.gql(RECOVER, { input: { emailAddress: address } }, null, { 'accept-language': 'es' });
    const french = await eventually(
      async () => (await app.runtime.outbox!.list(address)).find((m) => m.subject === 'Réinitialisez votre mot de passe Tertulia'),
      'the reset mail in French',
    );
    assert.match(french.html, /Choisir un nouveau mot de passe<\/a>/);
  });

  it("answers an error's words in the caller's language, its code unchanged", async () => {
    const wrong = { input: { emailAddress: 'nobody-here@example.com', password: 'Wrong-Passw0rd' } };
    const es = await app.gql(LOGIN, wrong, null, { 'accept-language': 'es' });
    assert.equal(es.errors?.[0].message, 'El correo electrónico o la contraseña no son correctos.');
    assert.equal(es.errors?.[0].extensions?.code, 'UNAUTHORIZED');
    const en = await app.gql(LOGIN, wrong, null, { 'accept-language': 'de-DE' });
    assert.equal(en.errors?.[0].message, 'The email address or password is incorrect.');

    const weak = await app.gql(
      SIGNUP,
      { input: { emailAddress: 'weak@example.com', password: 'short', passwordConfirmation: 'short' } },
      null,
      {
        'accept-language': 'fr',
      },
    );
    assert.equal(weak.errors?.[0].extensions?.code, 'BAD_USER_INPUT');
    assert.equal(weak.errors?.[0].extensions?.fields?.password, 'Au moins 8 caractères. Au moins 1 chiffre. Au moins 1 lettre majuscule.');
  });

  it('keeps a language setting to the supported ones, and null follows the browser again', async () => {
    const s = await signUp(app, 'setting@example.com');
    const refused = await app.gql(CHANGE, { input: { locale: 'de' } }, s.token, { 'accept-language': 'pt-BR' });
    assert.equal(refused.errors?.[0].extensions?.code, 'BAD_USER_INPUT');
    assert.equal(refused.errors?.[0].message, 'O Tertulia não fala esse idioma. Escolha um da lista.');
    const chosen = await app.gql(CHANGE, { input: { locale: 'pt-BR' } }, s.token);
    assert.equal(chosen.data.changeUser.user.locale, 'pt-BR');
    const cleared = await app.gql(CHANGE, { input: { locale: null } }, s.token);
    assert.equal(cleared.data.changeUser.user.locale, null);
  });
});
