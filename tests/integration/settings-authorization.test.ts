/**
 * Who may use the settings and onboarding operations (issue 11): lookupCountries and lookupSchools
 * for any signed-in user, never signed out; changeUserEmailAddress for admins (anyone) and an
 * instructor (their own only), refused to students, speakers, another instructor and signed-out
 * callers; changeUser on someone else and onboardAccount refused as before. Every refusal writes
 * nothing. The lookups answer real data: the ISO country list and schools from people's profiles.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, signIn, signUp, startTestApp, type TestApp, eventCountWithoutMail } from '../support/app';

type Person = { token: string; accountId: string };
let app: TestApp;
let admin: Person;
let student: Person;
let instructor: Person;
let otherInstructor: Person;
let speaker: Person;

const CHANGE_USER = `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }`;
const CHANGE_EMAIL = `mutation($input: ChangeUserEmailAddressInput!) { changeUserEmailAddress(input: $input) { changed user { emailAddress } } }`;
const COUNTRIES = `query($q: String) { lookupCountries(query: $q) { code name } }`;
const SCHOOLS = `query($q: String) { lookupSchools(query: $q) { name address } }`;

const eventCount = () => eventCountWithoutMail(app);
// Through the store: the address is stored sealed (docs/decisions/erasure.md).
const emailOf = async (accountId: string) =>
  (await app.runtime.store.readStream(`account-${accountId}`))
    .filter((e) => e.type === 'AccountRegistered' || e.type === 'EmailAddressChanged')
    .at(-1)!.data.emailAddress as string;

beforeAll(async () => {
  app = await startTestApp({}, 'settings_authz');
  admin = await createAdmin(app);
  student = await signUp(app, 'student@example.com');
  instructor = await signUp(app, 'teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
  otherInstructor = await signUp(app, 'other.teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
  const grant = await app.runtime.identity.register(
    { actor: SYSTEM_ACTOR },
    { emailAddress: 'speaker@example.com', password: 'Passw0rdSpk', roles: ['SPEAKER'] },
  );
  speaker = { token: await signIn(app, 'speaker@example.com', 'Passw0rdSpk'), accountId: grant.accountId };
  for (const [who, school] of [
    [instructor, 'Colegio San Ignacio'],
    [otherInstructor, 'Colegio San Ignacio'],
    [speaker, 'Universidad de Salamanca'],
  ] as const) {
    const res = await app.gql(CHANGE_USER, { input: { school } }, who.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  }
});
afterAll(async () => {
  await app.close();
});

describe('lookups', () => {
  it('answer any signed-in user and refuse a signed-out one', async () => {
    for (const who of [student, instructor, speaker, admin]) {
      assert.equal((await app.gql(COUNTRIES, { q: 'per' }, who.token)).errors, undefined);
      assert.equal((await app.gql(SCHOOLS, { q: 'col' }, who.token)).errors, undefined);
    }
    assert.equal(codeOf(await app.gql(COUNTRIES, { q: 'per' })), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(SCHOOLS, { q: 'col' })), 'UNAUTHORIZED');
  });

  it('lookupCountries: the ISO list by name, starts-with first, accents and case ignored', async () => {
    const all = (await app.gql(COUNTRIES, {}, student.token)).data.lookupCountries;
    assert.equal(all.length, 20);
    assert.deepEqual((await app.gql(COUNTRIES, { q: 'PERU' }, student.token)).data.lookupCountries, [{ code: 'PE', name: 'Peru' }]);
    const cote = (await app.gql(COUNTRIES, { q: 'cote' }, student.token)).data.lookupCountries;
    assert.deepEqual(
      cote.map((c: { code: string }) => c.code),
      ['CI'],
    );
    const united = (await app.gql(COUNTRIES, { q: 'united' }, student.token)).data.lookupCountries.map((c: { code: string }) => c.code);
    for (const code of ['AE', 'GB', 'US']) assert.ok(united.includes(code), code);
    assert.deepEqual((await app.gql(COUNTRIES, { q: 'atlantis' }, student.token)).data.lookupCountries, []);
  });

  it('lookupSchools: the schools people name, the most named first, matched inside the name', async () => {
    const schools = (await app.gql(SCHOOLS, { q: '' }, student.token)).data.lookupSchools;
    assert.deepEqual(schools, [
      { name: 'Colegio San Ignacio', address: null },
      { name: 'Universidad de Salamanca', address: null },
    ]);
    assert.deepEqual((await app.gql(SCHOOLS, { q: 'salaman' }, student.token)).data.lookupSchools, [
      { name: 'Universidad de Salamanca', address: null },
    ]);
    assert.deepEqual((await app.gql(SCHOOLS, { q: '100%' }, student.token)).data.lookupSchools, [], 'a % is a character, not a wildcard');
  });
});

describe('changeUserEmailAddress', () => {
  const change = (userId: string, emailAddress: string) => ({ input: { userId, emailAddress } });

  it('is refused to a student, a speaker, another instructor and a signed-out caller, and writes nothing', async () => {
    const cases: [string, string | null, string][] = [
      ['a student (own address)', student.token, student.accountId],
      ['a speaker (own address)', speaker.token, speaker.accountId],
      ["a student (an instructor's address)", student.token, instructor.accountId],
      ['another instructor', otherInstructor.token, instructor.accountId],
      ["an instructor (a student's address)", instructor.token, student.accountId],
      ['signed out', null, instructor.accountId],
    ];
    for (const [who, token, target] of cases) {
      const before = await eventCount();
      const emailBefore = await emailOf(target);
      const res = await app.gql(CHANGE_EMAIL, change(target, 'taken.over@example.com'), token);
      assert.equal(codeOf(res), 'UNAUTHORIZED', who);
      assert.equal(await eventCount(), before, `${who}: nothing was written`);
      assert.equal(await emailOf(target), emailBefore, `${who}: the address is unchanged`);
    }
  });

  it("lets an instructor change their own address (and sign in with it) and an admin anyone's", async () => {
    const own = await app.gql(CHANGE_EMAIL, change(instructor.accountId, 'Teacher.New@Example.com'), instructor.token);
    assert.equal(own.errors, undefined, JSON.stringify(own.errors));
    assert.deepEqual(own.data.changeUserEmailAddress, { changed: true, user: { emailAddress: 'teacher.new@example.com' } });
    assert.ok(await signIn(app, 'teacher.new@example.com', 'Passw0rd!'));

    const taken = await app.gql(CHANGE_EMAIL, change(instructor.accountId, 'student@example.com'), instructor.token);
    assert.equal(codeOf(taken), 'BAD_USER_INPUT', 'an address another account holds is refused');

    const byAdmin = await app.gql(CHANGE_EMAIL, change(student.accountId, 'student.new@example.com'), admin.token);
    assert.equal(byAdmin.errors, undefined, JSON.stringify(byAdmin.errors));
    assert.equal(await emailOf(student.accountId), 'student.new@example.com');
  });
});

describe('changeUser and onboardAccount', () => {
  it('changeUser on someone else is refused to everyone but admins, and signed out; nothing is written', async () => {
    for (const [who, token] of [
      ['student', student.token],
      ['instructor', instructor.token],
      ['speaker', speaker.token],
      ['signed out', null],
    ] as const) {
      const before = await eventCount();
      const res = await app.gql(CHANGE_USER, { input: { userId: otherInstructor.accountId, displayName: 'Hijacked' } }, token);
      assert.equal(codeOf(res), 'UNAUTHORIZED', who);
      assert.equal(await eventCount(), before, `${who}: nothing was written`);
    }
    const res = await app.gql(CHANGE_USER, { input: { userId: otherInstructor.accountId, displayName: 'Ana R.' } }, admin.token);
    assert.equal(res.data.changeUser.changed, true);
  });

  it('onboardAccount is refused signed out and for a role the account is not onboarding for', async () => {
    const before = await eventCount();
    assert.equal(codeOf(await app.gql(`mutation { onboardAccount(input: { role: STUDENT }) { onboarded } }`)), 'UNAUTHORIZED');
    const notMine = await app.gql(`mutation { onboardAccount(input: { role: INSTRUCTOR }) { onboarded } }`, {}, student.token);
    assert.ok(notMine.errors, 'a student cannot finish an instructor onboarding');
    assert.equal(await eventCount(), before, 'nothing was written');
  });
});
