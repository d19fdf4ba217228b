/**
 * Redemption sets and codes: the admin form's rules, codes listed through the shared connection
 * mechanism, redemption with or without the middle space in any case, redeemed once (also when
 * two students race for one code).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { EnrollmentMessages } from '../../contracts/enrollment';
import { REDEMPTION_CODE_INVALID, REDEMPTION_CODE_REQUIRED, RedemptionSetMessages } from '../../contracts/validation/enrollment';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import { ENROLL, MINUTES, createCourse, createInstructor, createPlans, student } from '../support/enrollment';

const CREATE_SET = `mutation($input: CreateRedemptionSetInput!) { createRedemptionSet(input: $input) { created set {
  id name fillLimit duration quantity minuteQuantity createdBy { id } lastFilledOn codes { id value valueVersion minuteQuantity redeemedOn } } } }`;
const CODE = `query($id: ID!) { redemptionCode(redemptionCodeId: $id) { id value valueVersion minuteQuantity redeemedOn redeemedBy { id emailAddress } redemptionSet { id name } } }`;
const LIST = `query($first: Int, $after: String, $filter: [FilterInput!], $sort: [SortInput!]) { redemptionCodes(first: $first, after: $after, filter: $filter, sort: $sort) {
  totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id value redeemedOn } } } }`;

let app: TestApp;
let admin: { token: string; accountId: string };
let invite: string;
beforeAll(async () => {
  app = await startTestApp({}, 'codes_redemption');
  await createPlans(app);
  admin = await createAdmin(app);
  const teacher = await createInstructor(app);
  invite = (await createCourse(app, teacher.token, { name: 'Code course' })).inviteNumber;
});
afterAll(async () => {
  await app.close();
});

async function makeSet(input: Record<string, unknown>) {
  const res = await app.gql(CREATE_SET, { input }, admin.token);
  if (res.errors) throw new Error(res.errors[0].message);
  return res.data.createRedemptionSet.set;
}

describe('createRedemptionSet (admin)', () => {
  it('makes fillLimit codes of ten unambiguous letters worth duration × quantity minutes, shown without the v1 prefix', async () => {
    const set = await makeSet({ name: 'Spring term', fillLimit: 5, duration: 30, quantity: 2 });
    assert.equal(set.minuteQuantity, 60);
    assert.equal(set.codes.length, 5);
    assert.equal(set.createdBy.id, admin.accountId);
    assert.ok(set.lastFilledOn);
    for (const code of set.codes) {
      assert.match(code.value, /^[A-HJKMNP-Z]{10}$/);
      assert.equal(code.valueVersion, 'v1');
      assert.equal(code.minuteQuantity, 60);
    }
    assert.equal(new Set(set.codes.map((c: any) => c.value)).size, 5);
    const defaults = await makeSet({ name: 'Defaults', fillLimit: 1 });
    assert.deepEqual([defaults.duration, defaults.quantity, defaults.minuteQuantity], [15, 1, 15]);
  });

  it("takes the spec's call, (fillLimit, minuteQuantity, name), counting the minutes in conversations of the duration (15 unless given)", async () => {
    const spec = await makeSet({ fillLimit: 2, minuteQuantity: 60, name: 'Spec call' });
    assert.deepEqual([spec.duration, spec.quantity, spec.minuteQuantity, spec.codes[0].minuteQuantity], [15, 4, 60, 60]);
    const halfHours = await makeSet({ fillLimit: 1, minuteQuantity: 60, duration: 30, name: 'Half hours' });
    assert.deepEqual([halfHours.duration, halfHours.quantity, halfHours.minuteQuantity], [30, 2, 60]);
    for (const input of [{ minuteQuantity: 20 }, { minuteQuantity: 45, duration: 30 }, { minuteQuantity: 60, quantity: 3 }]) {
      const res = await app.gql(CREATE_SET, { input: { name: 'Odd minutes', fillLimit: 1, ...input } }, admin.token);
      assert.equal(codeOf(res), 'BAD_USER_INPUT', JSON.stringify(input));
      assert.deepEqual(res.errors![0].extensions!.fields, { minuteQuantity: RedemptionSetMessages.minutesNotWhole });
    }
  });

  it('refuses a short name, a fill limit that is not positive, and a quantity under 1', async () => {
    const res = await app.gql(CREATE_SET, { input: { name: 'ab', fillLimit: 0, quantity: 0 } }, admin.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    assert.deepEqual(res.errors![0].extensions!.fields, {
      name: RedemptionSetMessages.nameTooShort,
      fillLimit: RedemptionSetMessages.fillLimitPositive,
      quantity: RedemptionSetMessages.quantityMinimum,
    });
  });

  it('is for admins only', async () => {
    const s = await student(app, 'forger');
    const res = await app.gql(CREATE_SET, { input: { name: 'Free minutes', fillLimit: 1 } }, s.token);
    assert.equal(codeOf(res), 'UNAUTHORIZED');
    const list = await app.gql(LIST, {}, s.token);
    assert.equal(codeOf(list), 'UNAUTHORIZED');
  });
});

describe('redeeming a code on enrollment', () => {
  it('accepts the code with the middle space and in lower case, grants its minutes, and records who redeemed it', async () => {
    const set = await makeSet({ name: 'Lincoln', fillLimit: 2, duration: 15, quantity: 4 });
    const code = set.codes[0];
    const s = await student(app, 'redeemer');
    const typed = `${code.value.slice(0, 5)} ${code.value.slice(5)}`.toLowerCase();
    const res = await app.gql(ENROLL, { input: { inviteNumber: invite, code: typed } }, s.token);
    assert.equal(res.data?.enrollUser.courseEnrollment.enrolledWith, 'redemption_code', JSON.stringify(res.errors));
    assert.equal(res.data.enrollUser.courseEnrollment.minuteQuantity, 60);
    const me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 60);
    assert.deepEqual(me.data.me.account.paidPayments, []);
    const detail = await app.gql(CODE, { id: code.id }, admin.token);
    assert.equal(detail.data.redemptionCode.value, code.value);
    assert.equal(detail.data.redemptionCode.redeemedBy.id, s.accountId);
    assert.ok(detail.data.redemptionCode.redeemedOn);
    assert.equal(detail.data.redemptionCode.redemptionSet.name, 'Lincoln');
  });

  it("answers the student's format rules and unknown or used codes", async () => {
    const s = await student(app, 'typist');
    let res = await app.gql(ENROLL, { input: { inviteNumber: invite, code: '' } }, s.token);
    assert.equal(res.errors![0].message, REDEMPTION_CODE_REQUIRED);
    res = await app.gql(ENROLL, { input: { inviteNumber: invite, code: 'ABCDE FGH' } }, s.token);
    assert.equal(res.errors![0].message, REDEMPTION_CODE_INVALID);
    res = await app.gql(ENROLL, { input: { inviteNumber: invite, code: 'ZZZZZZZZZZ' } }, s.token);
    assert.equal(res.errors![0].message, EnrollmentMessages.codeNotFound);
    const set = await makeSet({ name: 'Single', fillLimit: 1 });
    const first = await student(app, 'first');
    await app.gql(ENROLL, { input: { inviteNumber: invite, code: set.codes[0].value } }, first.token);
    res = await app.gql(ENROLL, { input: { inviteNumber: invite, code: set.codes[0].value } }, s.token);
    assert.equal(res.errors![0].message, EnrollmentMessages.codeAlreadyRedeemed);
    const me = await app.gql(MINUTES, {}, s.token);
    assert.equal(me.data.me.account.remainingMinutes, 0, 'a refused code changes nothing');
  });

  it('is redeemed once when students race for it', async () => {
    const set = await makeSet({ name: 'Race', fillLimit: 1, duration: 30, quantity: 1 });
    const students = await Promise.all(Array.from({ length: 5 }, (_, i) => student(app, `racer${i}`)));
    const results = await Promise.all(
      students.map((s) => app.gql(ENROLL, { input: { inviteNumber: invite, code: set.codes[0].value } }, s.token)),
    );
    assert.equal(results.filter((r) => r.data?.enrollUser?.enrolled).length, 1);
    for (const r of results.filter((r) => r.errors)) assert.equal(r.errors![0].message, EnrollmentMessages.codeAlreadyRedeemed);
    const balances = await Promise.all(students.map(async (s) => (await app.gql(MINUTES, {}, s.token)).data.me.account.remainingMinutes));
    assert.deepEqual(
      balances.sort((a, b) => a - b),
      [0, 0, 0, 0, 30],
    );
  });

  it('does not use up a code when the student is already enrolled', async () => {
    const set = await makeSet({ name: 'Twice', fillLimit: 2 });
    const s = await student(app, 'keeper');
    await app.gql(ENROLL, { input: { inviteNumber: invite, code: set.codes[0].value } }, s.token);
    const res = await app.gql(ENROLL, { input: { inviteNumber: invite, code: set.codes[1].value } }, s.token);
    assert.equal(res.errors![0].message, EnrollmentMessages.courseAlreadyEnrolled);
    const detail = await app.gql(CODE, { id: set.codes[1].id }, admin.token);
    assert.equal(detail.data.redemptionCode.redeemedOn, null);
  });
});

describe('redemptionCodes (admin list through the connection mechanism)', () => {
  it('pages, sorts and filters codes by value (as shown, any case, with or without the space)', async () => {
    const set = await makeSet({ name: 'Listed', fillLimit: 30 });
    const all = await app.gql(LIST, { first: 200 }, admin.token);
    assert.ok(all.data.redemptionCodes.totalCount >= 30);
    const page1 = await app.gql(LIST, { first: 10, sort: [{ field: 'value', direction: 'ASC' }] }, admin.token);
    const page2 = await app.gql(
      LIST,
      { first: 10, after: page1.data.redemptionCodes.pageInfo.endCursor, sort: [{ field: 'value', direction: 'ASC' }] },
      admin.token,
    );
    const values = [...page1.data.redemptionCodes.edges, ...page2.data.redemptionCodes.edges].map((e: any) => e.node.value);
    assert.deepEqual(values, [...values].sort());
    assert.equal(new Set(values).size, 20);
    const target = set.codes[3].value as string;
    const spaced = `${target.slice(0, 5)} ${target.slice(5)}`.toLowerCase();
    const found = await app.gql(LIST, { filter: [{ field: 'value', predicate: 'eq', value: spaced }] }, admin.token);
    assert.deepEqual(
      found.data.redemptionCodes.edges.map((e: any) => e.node.value),
      [target],
    );
    const unredeemed = await app.gql(
      LIST,
      { first: 200, filter: [{ field: 'redeemedOn', predicate: 'not_eq', value: null }] },
      admin.token,
    );
    assert.ok(unredeemed.data.redemptionCodes.edges.every((e: any) => e.node.redeemedOn));
    const bad = await app.gql(LIST, { filter: [{ field: 'nope', predicate: 'eq', value: 'x' }] }, admin.token);
    assert.equal(codeOf(bad), 'BAD_USER_INPUT');
  });
});
