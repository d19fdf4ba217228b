/** Helpers for the enrollment and payment integration tests. */
import { addDays, todayIn } from '../../contracts/calendarDate';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { signUp, type TestApp } from './app';

export const STANDARD_PRICES = [
  { conversationDuration: 15, unitPrice: 1500 },
  { conversationDuration: 30, unitPrice: 2500 },
];

/** The system default (standard) plan and an institutional plan, as the seed makes them. */
export async function createPlans(app: TestApp) {
  const standard = await app.runtime.catalog.createPricingPlan(
    { actor: SYSTEM_ACTOR },
    {
      name: 'Standard',
      kind: 'standard',
      conversationDuration: 15,
      priceList: STANDARD_PRICES,
      systemDefault: true,
    },
  );
  const institutional = await app.runtime.catalog.createPricingPlan(
    { actor: SYSTEM_ACTOR },
    {
      name: 'Institutional',
      kind: 'institutional',
      conversationDuration: 15,
      priceList: [],
    },
  );
  const noPrice = await app.runtime.catalog.createPricingPlan(
    { actor: SYSTEM_ACTOR },
    {
      name: 'Contact sales',
      kind: 'standard',
      conversationDuration: 15,
      priceList: [],
    },
  );
  await app.runtime.runner.waitFor(noPrice.appended?.checkpoint, ['catalog']);
  return {
    standard: standard.result.pricingPlanId,
    institutional: institutional.result.pricingPlanId,
    noPrice: noPrice.result.pricingPlanId,
  };
}

export const CREATE_COURSE = `mutation($input: CreateCourseInput!) { createCourse(input: $input) { created course { id name inviteNumber kind
  completionRequirement durationRequirement priceAgreement { kind } prices { unitPrice totalQuantity totalPrice } } } }`;

/** A calendar date some days from today (in the default time zone, as the server's "today"). */
export const inDays = (days: number) => addDays(todayIn(null), days);

export function courseInput(over: Record<string, unknown> = {}) {
  return {
    name: 'Spanish 101',
    language: 'es',
    proficiency: 'beginner',
    completionRequirement: 4,
    durationRequirement: 15,
    startDate: inDays(-1),
    endDate: inDays(90),
    ...over,
  };
}

export async function createInstructor(app: TestApp, email = `teacher-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  return signUp(app, email, 'Passw0rd!', 'INSTRUCTOR');
}

export async function createCourse(app: TestApp, token: string, over: Record<string, unknown> = {}) {
  const res = await app.gql(CREATE_COURSE, { input: courseInput(over) }, token);
  if (res.errors) throw new Error(res.errors[0].message);
  return res.data.createCourse.course as { id: string; inviteNumber: string; name: string };
}

/** A course made through the handler (admin/system options: plan, adventure). */
export async function createCourseAsSystem(app: TestApp, input: Record<string, any>) {
  const { result, appended } = await app.runtime.catalog.createCourse({ actor: SYSTEM_ACTOR }, {
    name: 'Course',
    language: 'es',
    proficiency: 'beginner',
    completionRequirement: 4,
    ownerId: null,
    startDate: inDays(-1),
    endDate: inDays(90),
    ...input,
  } as any);
  await app.runtime.runner.waitFor(appended?.checkpoint, ['catalog']);
  return result;
}

/** Tokenises a card at the local gateway's own endpoint, as the browser's card form does. */
export async function tokenize(app: TestApp, number: string, over: Record<string, unknown> = {}) {
  const res = await fetch(`${app.url}/payments/local/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', name: 'Ada Student', ...over }),
  });
  const body = (await res.json()) as any;
  if (!res.ok) throw Object.assign(new Error(body.error.message), { status: res.status, body });
  return body.id as string;
}

export const ENROLL = `mutation($input: EnrollUserInput!) { enrollUser(input: $input) { enrolled course { id name }
  courseEnrollment { id enrolledWith minuteQuantity extraConversations payment { id amount minutes receiptUrl } }
  payment { id amount minutes receiptUrl } } }`;

export const MINUTES = `{ me { account { remainingMinutes minuteTransactions { minuteQuantity action actionReason } paidPayments { id amount minutes receiptUrl } } } }`;

export async function student(app: TestApp, name: string) {
  return signUp(app, `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`);
}

/** Counts an event type in some streams (directly in the event store). */
export async function countEvents(app: TestApp, type: string, streamPrefix: string): Promise<number> {
  const { rows } = await app.runtime.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = $1 AND stream_id LIKE $2`, [
    type,
    `${streamPrefix}%`,
  ]);
  return rows[0].n;
}

/** Waits until the read models have every event written so far (catchUp alone may stop early while other databases' transactions are open). */
export async function readModelsCaughtUp(app: TestApp, names = ['catalog', 'enrollments', 'payments', 'codes', 'minutes', 'accounts']) {
  const { rows } = await app.runtime.pool.query(
    'SELECT transaction_id::text AS t, global_position::text AS p FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  if (!rows[0]) return;
  const ok = await app.runtime.runner.waitFor({ transactionId: rows[0].t, position: rows[0].p }, names, 20_000);
  if (!ok) throw new Error('the read models did not catch up');
}
