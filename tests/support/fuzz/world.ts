/**
 * The world the fuzz runs in: one caller per role (signed out, student, instructor, speaker,
 * admin) and a few real records (courses with invite numbers, a redemption set, a template, an
 * enrollment paid by card, a notification, card tokens, list cursors), so that some fuzzed calls
 * get past "not found" and write.
 */
import { getNamedType, isInputObjectType, isNonNullType, type GraphQLSchema } from 'graphql';
import { findAccount } from '../../../projections/accounts';
import { createAdmin, signIn, signUp, type TestApp } from '../app';
import { ENROLL, createCourseAsSystem, createPlans, tokenize } from '../enrollment';
import { connectionNodePaths } from './schema';
import { idsFor, type FuzzPools } from './values';

export const PASSWORD = 'Passw0rd!';
const ADMIN_PASSWORD = 'Adm1nPassword';

export interface Caller {
  role: string;
  accountId: string | null;
  token: string | null;
  password: string;
}

export interface World {
  callers: Caller[];
  pools: FuzzPools;
}

const CHANGE_ROLES = `mutation($input: ChangeRolesInput!) { changeRoles(input: $input) { changed } }`;

async function must(app: TestApp, query: string, variables: Record<string, unknown>, token: string | null) {
  const res = await app.gql(query, variables, token);
  if (res.errors) throw new Error(`seeding: ${res.errors[0].message} (${query.slice(0, 60)})`);
  return res.data;
}

/** A day from now, written as the schema's type for CreateCourseInput.startDate wants it (a `Date` day or a `DateTime` instant). */
function courseDate(schema: GraphQLSchema, days: number): string {
  const input = schema.getType('CreateCourseInput');
  const scalar = isInputObjectType(input) ? getNamedType(input.getFields().startDate?.type)?.name : 'DateTime';
  const iso = new Date(Date.now() + days * 86_400_000).toISOString();
  return scalar === 'Date' ? iso.slice(0, 10) : iso;
}

const CREATE_COURSE = `mutation($input: CreateCourseInput!) { createCourse(input: $input) { course { id inviteNumber } } }`;

export async function buildWorld(app: TestApp, schema: GraphQLSchema, fieldPaths: string[]): Promise<World> {
  const plans = await createPlans(app);
  const admin = await createAdmin(app, 'fuzz-admin@example.com', ADMIN_PASSWORD);
  const student = await signUp(app, 'fuzz-student@example.com', PASSWORD);
  const instructor = await signUp(app, 'fuzz-instructor@example.com', PASSWORD, 'INSTRUCTOR');
  const speaker = await signUp(app, 'fuzz-speaker@example.com', PASSWORD);
  await must(app, CHANGE_ROLES, { input: { accountId: speaker.accountId, add: ['SPEAKER'], remove: ['STUDENT'] } }, admin.token);
  const other = await signUp(app, 'fuzz-other@example.com', PASSWORD);

  const courseInput = {
    language: 'es',
    proficiency: 'beginner',
    completionRequirement: 4,
    durationRequirement: 15,
    startDate: courseDate(schema, -1),
    endDate: courseDate(schema, 90),
  };
  const course = (
    await must(app, CREATE_COURSE, { input: { ...courseInput, name: 'Fuzz Spanish', school: 'Lincoln High' } }, instructor.token)
  ).createCourse.course;
  const school = (
    await must(
      app,
      CREATE_COURSE,
      { input: { ...courseInput, name: 'Fuzz Institutional', ownerId: instructor.accountId, pricingPlanId: plans.institutional } },
      admin.token,
    )
  ).createCourse.course;
  // Adventures are made by the system only (no GraphQL input for the kind).
  const adventure = await createCourseAsSystem(app, {
    kind: 'adventure',
    name: 'Fuzz Tapas',
    language: 'es',
    proficiency: 'beginner',
    completionRequirement: 3,
    startDate: null,
    endDate: null,
  });

  // The student enrolled (by card) in the instructor's course: payments, enrollments and minutes hold a row.
  const paid = await must(
    app,
    ENROLL,
    { input: { inviteNumber: course.inviteNumber, cardToken: await tokenize(app, '4242424242424242') } },
    student.token,
  );

  const set = (
    await must(
      app,
      `mutation($input: CreateRedemptionSetInput!) { createRedemptionSet(input: $input) { set { id codes { id value } } } }`,
      { input: { name: 'Fuzz set', fillLimit: 4, duration: 15, quantity: 2 } },
      admin.token,
    )
  ).createRedemptionSet.set;
  const template = (
    await must(
      app,
      `mutation($input: CreateTemplateInput!) { createTemplate(input: $input) { template { id } } }`,
      { input: { name: 'Fuzz template', language: 'es', proficiency: 'beginner', requirements: { completionRequirement: 3 } } },
      instructor.token,
    )
  ).createTemplate.template;
  await must(
    app,
    `mutation($input: SendPasswordResetInput!) { sendPasswordReset(input: $input) { sent } }`,
    { input: { userId: other.accountId } },
    admin.token,
  );
  await must(
    app,
    `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`,
    { input: { accountId: other.accountId, minutes: 60, reason: 'seed' } },
    admin.token,
  );

  const lists = await must(
    app,
    `query($id: ID!) { students(first: 1) { pageInfo { endCursor } } instructors(first: 1) { pageInfo { endCursor } }
      notifications(first: 1) { pageInfo { endCursor } edges { node { id } } } redemptionCodes(first: 1) { pageInfo { endCursor } }
      userHistory(userId: $id, first: 1) { pageInfo { endCursor } edges { node { id } } } }`,
    { id: student.accountId },
    admin.token,
  );
  const cursors = [lists.students, lists.instructors, lists.notifications, lists.redemptionCodes, lists.userHistory]
    .map((c: any) => c.pageInfo.endCursor)
    .filter(Boolean);

  // Good cards (the first use spends each) and a declined one.
  const cardTokens: string[] = [];
  for (const number of ['4242424242424242', '4242424242424242', '4242424242424242', '5555555555554444', '4000000000000002'])
    cardTokens.push(await tokenize(app, number));

  const idsByKind: Record<string, string[]> = {
    account: [admin.accountId, student.accountId, instructor.accountId, speaker.accountId, other.accountId],
    course: [course.id, school.id, adventure.courseId],
    pricingPlan: [plans.standard, plans.institutional, plans.noPrice],
    redemptionSet: [set.id],
    redemptionCode: set.codes.map((c: any) => c.id),
    template: [template.id],
    courseEnrollment: [paid.enrollUser.courseEnrollment.id],
    payment: [paid.enrollUser.payment?.id].filter(Boolean),
    notification: lists.notifications.edges.map((e: any) => e.node.id),
    historyEntry: lists.userHistory.edges.map((e: any) => e.node.id),
  };
  const ids = Object.values(idsByKind)
    .flat()
    .filter((x): x is string => typeof x === 'string' && x.length > 0);

  const callers: Caller[] = [
    { role: 'signed out', accountId: null, token: null, password: '' },
    { role: 'student', accountId: student.accountId, token: student.token, password: PASSWORD },
    { role: 'instructor', accountId: instructor.accountId, token: instructor.token, password: PASSWORD },
    { role: 'speaker', accountId: speaker.accountId, token: speaker.token, password: PASSWORD },
    { role: 'admin', accountId: admin.accountId, token: admin.token, password: ADMIN_PASSWORD },
  ];
  return {
    callers,
    pools: {
      ids: [...new Set(ids)],
      idsByKind,
      emails: [
        'fuzz-admin@example.com',
        'fuzz-student@example.com',
        'fuzz-instructor@example.com',
        'fuzz-speaker@example.com',
        'fuzz-other@example.com',
      ],
      passwords: [PASSWORD, ADMIN_PASSWORD],
      inviteNumbers: [course.inviteNumber, school.inviteNumber, adventure.inviteNumber],
      codes: set.codes.map((c: any) => c.value),
      cardTokens,
      cursors,
      words: ['Fuzz Spanish', 'Fuzz Institutional', 'Fuzz Tapas', 'Fuzz set', 'Fuzz template', 'Lincoln High', 'fuzz', 'Spanish'],
      fieldPaths,
    },
  };
}

/**
 * Gives a caller an open session again after a fuzzed call closed it (logout) or moved its
 * address (an admin's changeUserEmailAddress on itself): signs in at its current address.
 */
export async function ensureSession(app: TestApp, caller: Caller): Promise<void> {
  if (!caller.accountId) return;
  const me = await app.gql(`{ me { id } }`, {}, caller.token);
  if (me.data?.me?.id === caller.accountId) return;
  const account = await findAccount(app.runtime.pool, caller.accountId);
  if (!account) throw new Error(`the ${caller.role}'s account is gone`);
  caller.token = await signIn(app, account.emailAddress, caller.password);
}

/**
 * Asks each list query (a connection with a `filter` argument) which of its nodes' field paths its
 * filters accept, so that the fuzz's filters and sorts name real fields most of the time and reach
 * the SQL behind them. As the admin.
 */
export async function discoverListFields(
  app: TestApp,
  schema: GraphQLSchema,
  pools: FuzzPools,
  token: string,
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) {
    const paths = connectionNodePaths(field.type);
    if (!paths.length || !field.args.some((a) => a.name === 'filter')) continue;
    // Required arguments (userHistory's userId): a seeded id of the kind the name says, else no discovery.
    const fixed: string[] = [];
    for (const arg of field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined)) {
      const ids = idsFor(arg.name, pools);
      if (ids.length) fixed.push(`${arg.name}: ${JSON.stringify(ids[Math.min(1, ids.length - 1)])}`);
    }
    const accepted: string[] = [];
    let refusal = '';
    // One path per request (a refusal nulls the whole answer and cuts the other fields' errors short), eight at a time.
    for (let i = 0; i < paths.length; i += 8) {
      const chunk = paths.slice(i, i + 8);
      const answers = await Promise.all(
        chunk.map((p) =>
          app.gql(
            `{ ${field.name}(${[...fixed, `filter: [{ field: ${JSON.stringify(p)}, predicate: "eq", value: null }]`].join(', ')}) { __typename } }`,
            {},
            token,
          ),
        ),
      );
      for (const [j, res] of answers.entries()) {
        if (res.errors) refusal ||= res.errors[0].message;
        else accepted.push(chunk[j]);
      }
    }
    // None accepted is a harness problem to see (the fuzz then falls back to every path of the nodes).
    if (!accepted.length) console.log(`fuzz: no filter field accepted by ${field.name}: ${refusal}`);
    found.set(field.name, accepted);
    console.log(`fuzz: ${field.name} filters accept ${accepted.length} of its nodes' ${paths.length} field paths: ${accepted.join(' ')}`);
  }
  return found;
}
