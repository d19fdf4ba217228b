/**
 * Pricing plans in the back-office (issue 11): admins create, edit and make a plan the default; the
 * table pages, sorts and filters on the server; an edit never reprices a course already made; bad
 * terms are refused with a message per field and write nothing; nobody but an admin may read or
 * change a plan.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { codeOf, createAdmin, eventCountWithoutMail, signUp, startTestApp, type TestApp } from '../support/app';
import { createSpeaker } from '../support/scheduling';

const PLAN =
  'id name kind conversationDuration priceList { conversationDuration unitPrice } promotionalPriceList { conversationDuration unitPrice } systemDefault coursesCount createdAt';
const CREATE = `mutation($input: CreatePricingPlanInput!) { createPricingPlan(input: $input) { changed pricingPlan { ${PLAN} } } }`;
const CHANGE = `mutation($input: ChangePricingPlanInput!) { changePricingPlan(input: $input) { changed pricingPlan { ${PLAN} } } }`;
const MAKE_DEFAULT = `mutation($input: MakeDefaultPricingPlanInput!) { makeDefaultPricingPlan(input: $input) { changed pricingPlan { id systemDefault } } }`;
const TABLE = `query($first: Int, $last: Int, $after: String, $before: String, $sort: [SortInput!], $filter: [FilterInput!]) {
  pricingPlanTable(first: $first, last: $last, after: $after, before: $before, sort: $sort, filter: $filter) {
    totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { node { id name kind systemDefault coursesCount } } } }`;
const ONE = `query($id: ID!) { pricingPlan(pricingPlanId: $id) { ${PLAN} } }`;
const CREATE_COURSE = `mutation($input: CreateCourseInput!) { createCourse(input: $input) { course { id priceAgreement { kind } prices { unitPrice } } } }`;

const prices = (p15: number, p30: number) => [
  { conversationDuration: 15, unitPrice: p15 },
  { conversationDuration: 30, unitPrice: p30 },
];

describe('pricing plans in the back-office', () => {
  let app: TestApp;
  let admin: { token: string; accountId: string };
  beforeAll(async () => {
    app = await startTestApp({}, 'pricing_plans');
    admin = await createAdmin(app);
  });
  afterAll(async () => app?.close());

  const create = async (input: Record<string, unknown>) => {
    const res = await app.gql(
      CREATE,
      { input: { kind: 'standard', conversationDuration: 15, priceList: prices(1500, 2500), ...input } },
      admin.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    return res.data.createPricingPlan.pricingPlan;
  };

  it('creates plans (the first is the default), edits one, moves the default, and never reprices a course already made', async () => {
    const standard = await create({ name: 'Standard' });
    assert.equal(standard.systemDefault, true, 'the first plan is the default');
    assert.deepEqual(standard.priceList, prices(1500, 2500));
    assert.equal(standard.promotionalPriceList, null);
    const spring = await create({ name: 'Spring offer', promotionalPriceList: [{ conversationDuration: 15, unitPrice: 1000 }] });
    assert.equal(spring.systemDefault, false);

    const course = await app.gql(
      CREATE_COURSE,
      {
        input: {
          name: 'Priced course',
          language: 'es',
          proficiency: 'beginner',
          startDate: '2026-01-05',
          endDate: '2026-12-20',
          completionRequirement: 4,
          pricingPlanId: spring.id,
        },
      },
      admin.token,
    );
    assert.equal(course.errors, undefined, JSON.stringify(course.errors));
    assert.deepEqual(
      [course.data.createCourse.course.priceAgreement.kind, course.data.createCourse.course.prices?.unitPrice],
      ['standard', 1000],
    );

    const edit = {
      pricingPlanId: spring.id,
      name: 'Spring offer 2',
      kind: 'reserved',
      conversationDuration: 30,
      priceList: prices(1400, 2400),
      promotionalPriceList: [],
    };
    const changed = await app.gql(CHANGE, { input: edit }, admin.token);
    assert.equal(changed.errors, undefined, JSON.stringify(changed.errors));
    assert.equal(changed.data.changePricingPlan.changed, true);
    assert.deepEqual(
      { ...changed.data.changePricingPlan.pricingPlan, createdAt: undefined, id: undefined },
      {
        id: undefined,
        createdAt: undefined,
        name: 'Spring offer 2',
        kind: 'reserved',
        conversationDuration: 30,
        priceList: prices(1400, 2400),
        promotionalPriceList: null,
        systemDefault: false,
        coursesCount: 1,
      },
    );
    const events = await eventCountWithoutMail(app);
    assert.equal(
      (await app.gql(CHANGE, { input: edit }, admin.token)).data.changePricingPlan.changed,
      false,
      'the same terms again change nothing',
    );
    assert.equal(await eventCountWithoutMail(app), events);
    const kept = await app.gql(
      `query($id: ID!) { course(courseId: $id) { priceAgreement { kind } prices { unitPrice } } }`,
      { id: course.data.createCourse.course.id },
      admin.token,
    );
    assert.deepEqual(
      [kept.data.course.priceAgreement.kind, kept.data.course.prices?.unitPrice],
      ['standard', 1000],
      'the course keeps the price it was made with',
    );

    const moved = await app.gql(MAKE_DEFAULT, { input: { pricingPlanId: spring.id } }, admin.token);
    assert.deepEqual(moved.data.makeDefaultPricingPlan, { changed: true, pricingPlan: { id: spring.id, systemDefault: true } });
    assert.equal((await app.gql(ONE, { id: standard.id }, admin.token)).data.pricingPlan.systemDefault, false);
    assert.equal(
      (await app.gql(MAKE_DEFAULT, { input: { pricingPlanId: spring.id } }, admin.token)).data.makeDefaultPricingPlan.changed,
      false,
    );
    assert.equal(codeOf(await app.gql(MAKE_DEFAULT, { input: { pricingPlanId: 'no-such-plan' } }, admin.token)), 'NOT_FOUND');
    assert.equal((await app.gql(ONE, { id: 'no-such-plan' }, admin.token)).data.pricingPlan, null);
  });

  it('pages both ways, sorts and filters the table on the server, the default first', async () => {
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await create({ name, kind: name === 'Bravo' ? 'institutional' : 'standard' });
    const all = (await app.gql(TABLE, { first: 50 }, admin.token)).data.pricingPlanTable;
    assert.equal(all.totalCount, 5);
    assert.equal(all.edges[0].node.systemDefault, true, 'the default first');
    assert.deepEqual(
      all.edges.slice(1).map((e: any) => e.node.name),
      ['Alpha', 'Bravo', 'Charlie', 'Standard'],
    );

    const first = (await app.gql(TABLE, { first: 2, sort: [{ field: 'name', direction: 'ASC' }] }, admin.token)).data.pricingPlanTable;
    assert.deepEqual(
      first.edges.map((e: any) => e.node.name),
      ['Alpha', 'Bravo'],
    );
    const second = (
      await app.gql(TABLE, { first: 2, after: first.pageInfo.endCursor, sort: [{ field: 'name', direction: 'ASC' }] }, admin.token)
    ).data.pricingPlanTable;
    assert.deepEqual(
      second.edges.map((e: any) => e.node.name),
      ['Charlie', 'Spring offer 2'],
    );
    const back = (
      await app.gql(TABLE, { last: 2, before: second.pageInfo.startCursor, sort: [{ field: 'name', direction: 'ASC' }] }, admin.token)
    ).data.pricingPlanTable;
    assert.deepEqual(
      back.edges.map((e: any) => e.node.name),
      ['Alpha', 'Bravo'],
    );

    const institutional = (
      await app.gql(TABLE, { first: 50, filter: [{ field: 'kind', predicate: 'eq', value: 'institutional' }] }, admin.token)
    ).data.pricingPlanTable;
    assert.deepEqual(
      institutional.edges.map((e: any) => e.node.name),
      ['Bravo'],
    );
    const used = (await app.gql(TABLE, { first: 50, filter: [{ field: 'coursesCount', predicate: 'gt', value: '0' }] }, admin.token)).data
      .pricingPlanTable;
    assert.deepEqual(
      used.edges.map((e: any) => e.node.name),
      ['Spring offer 2'],
    );
  });

  it('refuses bad terms with a message per field, and writes nothing', async () => {
    const plan = await create({ name: 'Checked' });
    const before = await eventCountWithoutMail(app);
    const bad = async (input: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await app.gql(
        CHANGE,
        {
          input: {
            pricingPlanId: plan.id,
            name: 'Checked',
            kind: 'standard',
            conversationDuration: 15,
            priceList: prices(1500, 2500),
            ...input,
          },
        },
        admin.token,
      );
      assert.equal(codeOf(res), 'BAD_USER_INPUT', JSON.stringify(res));
      const fields = res.errors![0].extensions?.fields as Record<string, string> | undefined;
      assert.match(fields?.[field] ?? res.errors![0].message, message);
    };
    await bad({ name: '   ' }, 'name', /The plan needs a name/);
    await bad(
      {
        priceList: [
          { conversationDuration: 15, unitPrice: 1500 },
          { conversationDuration: 15, unitPrice: 1600 },
        ],
      },
      'priceList',
      /One price per conversation duration/,
    );
    await bad({ priceList: [{ conversationDuration: 20, unitPrice: 1500 }] }, 'priceList', /15 or 30 minute/);
    await bad({ promotionalPriceList: [{ conversationDuration: 15, unitPrice: 1_000_001 }] }, 'promotionalPriceList', /1,000,000|at most/);
    await bad({ name: 'x'.repeat(101) }, 'name', /100/);
    await bad({ name: 'Bad\u0000name' }, 'name', /./);
    assert.equal(
      codeOf(
        await app.gql(
          CHANGE,
          { input: { pricingPlanId: plan.id, name: 'X', kind: 'cheap', conversationDuration: 15, priceList: [] } },
          admin.token,
        ),
      ),
      'BAD_USER_INPUT',
    );
    assert.equal(await eventCountWithoutMail(app), before);
  });

  it('is refused to every other role and signed out, writing nothing', async () => {
    const plan = await create({ name: 'Guarded' });
    const student = await signUp(app, 'plans-student@example.com');
    const instructor = await signUp(app, 'plans-teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const speaker = await createSpeaker(app);
    const before = await eventCountWithoutMail(app);
    for (const token of [student.token, instructor.token, speaker.token, null]) {
      assert.equal(codeOf(await app.gql(TABLE, { first: 5 }, token)), 'UNAUTHORIZED');
      assert.equal(codeOf(await app.gql(ONE, { id: plan.id }, token)), 'UNAUTHORIZED');
      assert.equal(
        codeOf(
          await app.gql(CREATE, { input: { name: 'Mine', kind: 'standard', conversationDuration: 15, priceList: prices(1, 2) } }, token),
        ),
        'UNAUTHORIZED',
      );
      assert.equal(
        codeOf(
          await app.gql(
            CHANGE,
            { input: { pricingPlanId: plan.id, name: 'Mine', kind: 'standard', conversationDuration: 15, priceList: prices(1, 2) } },
            token,
          ),
        ),
        'UNAUTHORIZED',
      );
      assert.equal(codeOf(await app.gql(MAKE_DEFAULT, { input: { pricingPlanId: plan.id } }, token)), 'UNAUTHORIZED');
    }
    assert.equal(await eventCountWithoutMail(app), before);
  });
});
