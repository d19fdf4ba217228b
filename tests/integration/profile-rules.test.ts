/**
 * Every field rule of spec 3, section 5 ("Profile and onboarding fields"), on the server: each bad
 * value sent to changeUser, changeUserEmailAddress or onboardAccount is refused with the spec's
 * message on its field and writes nothing (the person's profile and account streams keep their
 * length, and the stored value is unchanged); the value at each bound is accepted. The same rules
 * run in the forms (contracts/validation/profile.ts; web/src/settings/forms.test.ts).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { todayIn } from '../../contracts/calendarDate';
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE } from '../../contracts/validation/email';
import { ProfileMessages } from '../../contracts/validation/profile';
import { streams as identityStreams } from '../../services/domain/identity/events';
import { streams as profileStreams } from '../../services/domain/people/events';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { signIn, signUp, startTestApp, type GraphQLResult, type TestApp } from '../support/app';

const CHANGE_USER = `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }`;
const CHANGE_EMAIL = `mutation($input: ChangeUserEmailAddressInput!) { changeUserEmailAddress(input: $input) { changed user { emailAddress } } }`;
const ONBOARD = `mutation($input: OnboardAccountInput!) { onboardAccount(input: $input) { onboarded } }`;
const ME = `{ me { emailAddress givenName surname displayName gender dateOfBirth currentCity currentState currentCountry previousCity previousCountry school bioDreamCareer bioGoalsAre bioHobbiesAre tzIdentifier } }`;

type Person = { token: string; accountId: string };
let app: TestApp;
let student: Person;
let instructor: Person;

const VALID = {
  givenName: 'Amaia',
  surname: 'Etxeberria',
  displayName: 'Amaia E.',
  currentCity: 'Bilbao',
  currentState: 'Bizkaia',
  currentCountry: 'Spain',
  previousCity: 'Donostia',
  previousCountry: 'Spain',
  school: 'Universidad de Deusto',
  gender: 'female',
  dateOfBirth: '1990-04-02',
  bioHobbiesAre: 'Surfing and pintxos with friends.',
  bioDreamCareer: 'A marine biologist on a research ship.',
  bioGoalsAre: 'Speaking English at work without fear.',
  tzIdentifier: 'Europe/Madrid',
};

const streamLength = async (streamId: string) =>
  (await app.runtime.pool.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [streamId])).rows[0].n as number;

/** Sends the change as `who`, expects the refusal with `message` on `field`, and that nothing was written. */
async function refused(who: Person, query: string, input: Record<string, unknown>, field: string, message: string) {
  const streamsOf = [profileStreams.profile(who.accountId), identityStreams.account(who.accountId)];
  const before = await Promise.all(streamsOf.map(streamLength));
  const stored = (await app.gql(ME, {}, who.token)).data.me;
  const res: GraphQLResult = await app.gql(query, { input }, who.token);
  assert.ok(res.errors, `refused: ${JSON.stringify(input).slice(0, 120)}`);
  assert.equal(res.errors[0].message, message, `${field}: the spec's message`);
  assert.equal(res.errors[0].extensions?.fields?.[field], message, `${field}: the message is on its field`);
  assert.deepEqual(await Promise.all(streamsOf.map(streamLength)), before, `${field}: nothing was written`);
  assert.deepEqual((await app.gql(ME, {}, who.token)).data.me, stored, `${field}: the stored profile is unchanged`);
}

async function accepted(who: Person, query: string, input: Record<string, unknown>) {
  const res = await app.gql(query, { input }, who.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
}

beforeAll(async () => {
  app = await startTestApp({}, 'profile_rules');
  student = await signUp(app, 'amaia@example.com');
  instructor = await signUp(app, 'teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
  await accepted(student, CHANGE_USER, VALID);
  await accepted(instructor, CHANGE_USER, {
    givenName: 'Jon',
    surname: 'Arriola',
    displayName: 'Jon A.',
    school: 'Ikastola Bilbao',
    tzIdentifier: 'Europe/Madrid',
  });
});
afterAll(async () => {
  await app.close();
});

describe('bio fields (dream career, goals, hobbies)', () => {
  for (const field of ['bioDreamCareer', 'bioGoalsAre', 'bioHobbiesAre']) {
    it(`${field}: required, at least 10 and at most 10,000 characters`, async () => {
      await refused(student, CHANGE_USER, { [field]: '' }, field, 'This is a required field.  Please provide a value.');
      await refused(student, CHANGE_USER, { [field]: null }, field, 'This is a required field.  Please provide a value.');
      await refused(
        student,
        CHANGE_USER,
        { [field]: '   short   ' },
        field,
        'A minimum of 10 characters is required. Please add a bit more.',
      );
      await refused(student, CHANGE_USER, { [field]: 'x'.repeat(10_001) }, field, 'A maximum of 10,000 characters is accepted.');
      await accepted(student, CHANGE_USER, { [field]: 'x'.repeat(10_000) });
      await accepted(student, CHANGE_USER, { [field]: '0123456789' });
      await accepted(student, CHANGE_USER, { [field]: VALID[field as keyof typeof VALID] });
    });
  }
});

describe('names, location and school', () => {
  const bounds: [string, number, boolean][] = [
    ['currentCity', 60, true],
    ['currentState', 60, true],
    ['currentCountry', 50, true],
    ['school', 120, true],
    ['displayName', 145, true],
    ['givenName', 80, false],
    ['surname', 145, false],
    ['previousCity', 60, false],
    ['previousCountry', 50, false],
  ];
  for (const [field, max, required] of bounds) {
    it(`${field}: ${required ? 'required, ' : ''}at most ${max} characters`, async () => {
      if (required) {
        await refused(student, CHANGE_USER, { [field]: '' }, field, ProfileMessages.required);
        await refused(student, CHANGE_USER, { [field]: '  ' }, field, ProfileMessages.required);
      }
      await refused(student, CHANGE_USER, { [field]: 'é'.repeat(max + 1) }, field, `A maximum of ${max} characters is accepted.`);
      await accepted(student, CHANGE_USER, { [field]: 'é'.repeat(max) });
      await accepted(student, CHANGE_USER, { [field]: VALID[field as keyof typeof VALID] });
    });
  }

  it('the student settings form: given name and surname may be cleared; display name, location and zone may not', async () => {
    await accepted(student, CHANGE_USER, { givenName: null, surname: '' });
    const me = (await app.gql(ME, {}, student.token)).data.me;
    assert.equal(me.givenName, null);
    assert.equal(me.surname, null);
    for (const field of ['displayName', 'currentCity', 'currentState', 'currentCountry']) {
      await refused(student, CHANGE_USER, { [field]: null }, field, ProfileMessages.required);
    }
    await refused(student, CHANGE_USER, { tzIdentifier: '' }, 'tzIdentifier', ProfileMessages.required);
    await refused(student, CHANGE_USER, { tzIdentifier: 'Mars/Olympus_Mons' }, 'tzIdentifier', ProfileMessages.invalidTimezone);
    await accepted(student, CHANGE_USER, { givenName: VALID.givenName, surname: VALID.surname });
  });
});

describe('gender', () => {
  it("is required: 'Please choose Male or Female.'", async () => {
    await refused(student, CHANGE_USER, { gender: null }, 'gender', 'This is a required field. Please choose Male or Female.');
    await accepted(student, CHANGE_USER, { gender: 'male' });
    await accepted(student, CHANGE_USER, { gender: 'female' });
  });
});

describe('birthday', () => {
  it('is a real day, not in the future, and an age from 17 to 100 years', async () => {
    const today = todayIn(VALID.tzIdentifier);
    const [y, m, d] = today.split('-').map(Number);
    const yearsAgo = (n: number, days = 0) => {
      const date = new Date(Date.UTC(y - n, m - 1, d + days));
      return date.toISOString().slice(0, 10);
    };
    await refused(student, CHANGE_USER, { dateOfBirth: '' }, 'dateOfBirth', ProfileMessages.required);
    await refused(student, CHANGE_USER, { dateOfBirth: '1990-02-30' }, 'dateOfBirth', 'Invalid date. Please provide a different date.');
    await refused(student, CHANGE_USER, { dateOfBirth: '02/04/1990' }, 'dateOfBirth', 'Invalid date. Please provide a different date.');
    await refused(student, CHANGE_USER, { dateOfBirth: yearsAgo(0, 1) }, 'dateOfBirth', ProfileMessages.futureDate);
    await refused(student, CHANGE_USER, { dateOfBirth: yearsAgo(17, 1) }, 'dateOfBirth', ProfileMessages.ageRange);
    await refused(student, CHANGE_USER, { dateOfBirth: yearsAgo(101) }, 'dateOfBirth', ProfileMessages.ageRange);
    assert.match(ProfileMessages.ageRange, /contact the Tertulia administrator about your age/);
    await accepted(student, CHANGE_USER, { dateOfBirth: yearsAgo(17) });
    await accepted(student, CHANGE_USER, { dateOfBirth: yearsAgo(101, 1) });
    await accepted(student, CHANGE_USER, { dateOfBirth: VALID.dateOfBirth });
  });
});

describe('email', () => {
  it("an instructor's own address: required, at most 255 characters, a basic address pattern ('The given value is invalid.')", async () => {
    const input = (emailAddress: string) => ({ userId: instructor.accountId, emailAddress });
    await refused(instructor, CHANGE_EMAIL, input(''), 'emailAddress', EMAIL_REQUIRED_MESSAGE);
    await refused(instructor, CHANGE_EMAIL, input('not-an-address'), 'emailAddress', 'The given value is invalid.');
    await refused(instructor, CHANGE_EMAIL, input('jon@@example'), 'emailAddress', EMAIL_INVALID_MESSAGE);
    await refused(instructor, CHANGE_EMAIL, input(`${'j'.repeat(244)}@example.com`), 'emailAddress', 'The given value is invalid.');
    const res = await app.gql(CHANGE_EMAIL, { input: input(`${'j'.repeat(243)}@example.com`) }, instructor.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.changeUserEmailAddress.user.emailAddress.length, 255);
    await accepted(instructor, CHANGE_EMAIL, input('teacher@example.com'));
  });
});

describe('headshot', () => {
  it("a speaker's onboarding needs one: 'A headshot is required. Please upload a picture.'", async () => {
    const grant = await app.runtime.identity.register(
      { actor: SYSTEM_ACTOR },
      { emailAddress: 'mikel@example.com', password: 'Passw0rdSpk', roles: ['ONBOARDING_SPEAKER'] },
    );
    await app.runtime.speaking.seedPromotedSpeaker(
      { actor: SYSTEM_ACTOR },
      { speakerId: grant.accountId, emailAddress: 'mikel@example.com', languages: ['es'], payRate: 1500 },
    );
    const speaker = { token: await signIn(app, 'mikel@example.com', 'Passw0rdSpk'), accountId: grant.accountId };
    const { bioGoalsAre: _goals, ...speakerProfile } = VALID;
    await accepted(speaker, CHANGE_USER, speakerProfile);
    await refused(speaker, ONBOARD, { role: 'SPEAKER' }, 'headshot', 'A headshot is required. Please upload a picture.');
  });
});

describe('onboarding', () => {
  it("a student's onboarding needs names, location and the three bios, each with its message", async () => {
    const fresh = await signUp(app, 'nerea@example.com');
    const res = await app.gql(ONBOARD, { input: { role: 'STUDENT' } }, fresh.token);
    assert.deepEqual(res.errors?.[0].extensions?.fields, {
      givenName: ProfileMessages.required,
      surname: ProfileMessages.required,
      displayName: ProfileMessages.required,
      currentCity: ProfileMessages.required,
      currentState: ProfileMessages.required,
      currentCountry: ProfileMessages.required,
      bioHobbiesAre: ProfileMessages.required,
      bioDreamCareer: ProfileMessages.required,
      bioGoalsAre: ProfileMessages.required,
    });
    assert.equal(await streamLength(profileStreams.profile(fresh.accountId)), 0, 'nothing was written');
    const roles = (await app.gql(`{ me { account { roles } } }`, {}, fresh.token)).data.me.account.roles;
    assert.deepEqual(roles, ['ONBOARDING_STUDENT']);
  });

  it("an instructor's needs names and school", async () => {
    const fresh = await signUp(app, 'iker@example.com', 'Passw0rd!', 'INSTRUCTOR');
    await accepted(fresh, CHANGE_USER, { givenName: 'Iker', surname: 'Goikoetxea', displayName: 'Iker G.' });
    await refused(fresh, ONBOARD, { role: 'INSTRUCTOR' }, 'school', ProfileMessages.required);
    await accepted(fresh, CHANGE_USER, { school: 'Ikastola Bilbao' });
    const done = await app.gql(ONBOARD, { input: { role: 'INSTRUCTOR' } }, fresh.token);
    assert.equal(done.data.onboardAccount.onboarded, true);
  });
});
