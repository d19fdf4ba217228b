/**
 * Profiles, onboarding and headshots through the GraphQL API (issue 8): changeUser's rules and who
 * may change and see what, onboardAccount refusing an incomplete profile and then flipping the role,
 * uploadHeadshot checking content and serving a re-encoded 512×512 JPEG, and names reaching the
 * directory and quick search.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { ProfileMessages } from '../../contracts/validation/profile';
import { peopleResolvers } from '../../services/api/resolvers/people';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, signIn, signUp, startTestApp, type TestApp } from '../support/app';

const CHANGE_USER = `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed user { id displayName givenName surname tzIdentifier } } }`;
const ONBOARD = `mutation($input: OnboardAccountInput!) { onboardAccount(input: $input) { onboarded account { roles isOnboarding(role: SPEAKER) } } }`;
const UPLOAD = `mutation($input: UploadHeadshotInput!) { uploadHeadshot(input: $input) { url user { headshotUrl speakingHeadshotUrl } } }`;
const ME = `{ me { id displayName givenName surname gender dateOfBirth age currentCity currentState currentCountry previousCity previousCountry school bioDreamCareer bioGoalsAre bioHobbiesAre tzIdentifier headshotUrl } }`;

const SPEAKER_PROFILE = {
  givenName: 'Lucía',
  surname: 'Fernández',
  displayName: 'Lucía F.',
  currentCity: 'Valparaíso',
  currentState: 'Valparaíso',
  currentCountry: 'Chile',
  previousCity: 'Temuco',
  previousCountry: 'Chile',
  school: 'Universidad de Chile',
  gender: 'female',
  dateOfBirth: '1992-07-14',
  bioHobbiesAre: 'Sailing, reading Neruda and cooking empanadas.',
  bioDreamCareer: 'A marine biologist who writes novels.',
  tzIdentifier: 'America/Santiago',
};

let app: TestApp;
let admin: { token: string; accountId: string };
let speaker: { token: string; accountId: string };

/** An invited speaker, promoted by staff unless told otherwise, still onboarding. */
async function createSpeaker(emailAddress: string, options: { promoted?: boolean } = {}) {
  const grant = await app.runtime.identity.register(
    { actor: SYSTEM_ACTOR },
    { emailAddress, password: 'Passw0rdSpk', roles: ['ONBOARDING_SPEAKER'] },
  );
  if (options.promoted !== false) {
    await app.runtime.speaking.seedPromotedSpeaker(
      { actor: SYSTEM_ACTOR },
      { speakerId: grant.accountId, emailAddress, languages: ['es'], payRate: 1500 },
    );
  }
  const token = await signIn(app, emailAddress, 'Passw0rdSpk');
  const me = await app.gql(`{ me { id } }`, {}, token);
  return { token, accountId: me.data.me.id as string };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  app = await startTestApp({}, 'profiles');
  admin = await createAdmin(app);
  speaker = await createSpeaker('lucia@example.com');
});
afterAll(async () => {
  await app.close();
});

describe('changeUser', () => {
  it('saves the sent fields, answers the stored zone (default America/New_York) and computes the age', async () => {
    const before = await app.gql(ME, {}, speaker.token);
    assert.equal(before.data.me.tzIdentifier, 'America/New_York', 'no zone stored yet: the default');
    assert.equal(before.data.me.displayName, null);

    const res = await app.gql(CHANGE_USER, { input: SPEAKER_PROFILE }, speaker.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.changeUser.changed, true);
    assert.equal(res.data.changeUser.user.tzIdentifier, 'America/Santiago');
    const me = (await app.gql(ME, {}, speaker.token)).data.me;
    const { gender, dateOfBirth, ...rest } = SPEAKER_PROFILE;
    for (const [field, value] of Object.entries(rest)) assert.equal(me[field], value, field);
    assert.equal(me.gender, gender);
    assert.equal(me.dateOfBirth, dateOfBirth);
    assert.ok(me.age >= 33 && me.age <= 34, `age ${me.age}`);

    const again = await app.gql(CHANGE_USER, { input: { displayName: ' Lucía F. ' } }, speaker.token);
    assert.equal(again.data.changeUser.changed, false, 'the same value (trimmed) changes nothing');
  });

  it("refuses values against the spec's rules with its messages, per field", async () => {
    const res = await app.gql(
      CHANGE_USER,
      { input: { bioHobbiesAre: 'short', currentCity: 'x'.repeat(61), displayName: '  ', gender: null } },
      speaker.token,
    );
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    assert.deepEqual(res.errors![0].extensions!.fields, {
      displayName: ProfileMessages.required,
      gender: ProfileMessages.genderRequired,
      currentCity: 'A maximum of 60 characters is accepted.',
      bioHobbiesAre: ProfileMessages.bioMin,
    });
    const long = await app.gql(CHANGE_USER, { input: { bioDreamCareer: 'x'.repeat(10_001) } }, speaker.token);
    assert.equal(long.errors![0].message, ProfileMessages.bioMax, "the spec's message, not the boundary's");
    const future = await app.gql(CHANGE_USER, { input: { dateOfBirth: '2999-01-01' } }, speaker.token);
    assert.equal(future.errors![0].message, ProfileMessages.futureDate);
    const young = await app.gql(
      CHANGE_USER,
      { input: { dateOfBirth: new Date(Date.now() - 10 * 365 * 86400_000).toISOString().slice(0, 10) } },
      speaker.token,
    );
    assert.equal(young.errors![0].message, ProfileMessages.ageRange);
    const badDate = await app.gql(CHANGE_USER, { input: { dateOfBirth: '1990-02-30' } }, speaker.token);
    assert.equal(badDate.errors![0].message, ProfileMessages.invalidDate);
    const zone = await app.gql(CHANGE_USER, { input: { tzIdentifier: 'Mars/Olympus_Mons' } }, speaker.token);
    assert.equal(codeOf(zone), 'INVALID_TIMEZONE');
    const me = (await app.gql(ME, {}, speaker.token)).data.me;
    assert.equal(me.bioHobbiesAre, SPEAKER_PROFILE.bioHobbiesAre, 'nothing of a refused change was saved');
    assert.equal(me.tzIdentifier, 'America/Santiago');
  });

  it('lets the hometown be cleared', async () => {
    const res = await app.gql(CHANGE_USER, { input: { previousCity: null, previousCountry: '' } }, speaker.token);
    assert.equal(res.data.changeUser.changed, true);
    const me = (await app.gql(ME, {}, speaker.token)).data.me;
    assert.equal(me.previousCity, null);
    assert.equal(me.previousCountry, null);
    await app.gql(CHANGE_USER, { input: { previousCity: 'Temuco', previousCountry: 'Chile' } }, speaker.token);
  });

  it('changes another user only for admins', async () => {
    const student = await signUp(app, 'pedro@example.com');
    const refused = await app.gql(CHANGE_USER, { input: { userId: speaker.accountId, displayName: 'Hacked' } }, student.token);
    assert.equal(codeOf(refused), 'UNAUTHORIZED');
    const anonymous = await app.gql(CHANGE_USER, { input: { displayName: 'Nobody' } });
    assert.equal(codeOf(anonymous), 'UNAUTHORIZED');
    const byAdmin = await app.gql(CHANGE_USER, { input: { userId: student.accountId, displayName: 'Pedro P.' } }, admin.token);
    assert.equal(byAdmin.data.changeUser.user.displayName, 'Pedro P.');
    const seen = await app.gql(
      `query($id: ID!) { user(userId: $id) { displayName gender dateOfBirth } }`,
      { id: speaker.accountId },
      admin.token,
    );
    assert.deepEqual(
      seen.data.user,
      { displayName: 'Lucía F.', gender: 'female', dateOfBirth: '1992-07-14' },
      'admins see personal fields',
    );
  });

  it('shows personal fields (gender, birthday) only to the person and admins; public ones to any signed-in user', async () => {
    const ctx = (accountId: string, roles: string[]) => ({ viewer: { accountId, sessionId: 's', roles }, runtime: app.runtime }) as any;
    const user = { id: speaker.accountId };
    const field = (name: 'gender' | 'dateOfBirth' | 'school') => (peopleResolvers.User as any)[name];
    assert.equal(await field('gender')(user, {}, ctx('someone-else', ['STUDENT'])), null);
    assert.equal(await field('dateOfBirth')(user, {}, ctx('someone-else', ['INSTRUCTOR'])), null);
    assert.equal(await field('gender')(user, {}, ctx(speaker.accountId, ['ONBOARDING_SPEAKER'])), 'female');
    assert.equal(await field('dateOfBirth')(user, {}, ctx(admin.accountId, ['ADMIN'])), '1992-07-14');
    assert.equal(await field('school')(user, {}, ctx('someone-else', ['STUDENT'])), 'Universidad de Chile');
  });
});

describe('uploadHeadshot', () => {
  it('re-encodes a PNG to a 512×512 JPEG without metadata, served with its type and nosniff', async () => {
    const data = (await png(900, 600)).toString('base64');
    const res = await app.gql(UPLOAD, { input: { name: 'me.png', type: 'image/png', size: 1, data } }, speaker.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const url = res.data.uploadHeadshot.url as string;
    assert.match(url, new RegExp(`^${app.url}/files/headshots/[0-9a-f]{32}\\.jpg$`), 'a server-made key, not the uploaded name');
    assert.equal(res.data.uploadHeadshot.user.headshotUrl, url);
    assert.equal(res.data.uploadHeadshot.user.speakingHeadshotUrl, url);

    const served = await fetch(url);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/jpeg');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 512, 512]);
    assert.equal(meta.exif, undefined, 'no EXIF kept');
  });

  it('turns a JPEG upright by its EXIF orientation and strips the EXIF', async () => {
    // A wide picture, left half red, stored rotated: orientation 6 means "turn 90° clockwise".
    const wide = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#0000ff' } })
      .composite([{ input: { create: { width: 500, height: 500, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await app.gql(
      UPLOAD,
      { input: { name: 'camera.jpg', type: 'image/jpeg', size: wide.length, data: wide.toString('base64') } },
      speaker.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const out = Buffer.from(await (await fetch(res.data.uploadHeadshot.url)).arrayBuffer());
    const meta = await sharp(out).metadata();
    assert.equal(meta.orientation, undefined);
    assert.deepEqual([meta.width, meta.height], [512, 512]);
  });

  it('refuses a text file named .png, an unreadable "image", and a file over 5 MB, with clear messages', async () => {
    const text = Buffer.from('this is not a picture, only text pretending to be one').toString('base64');
    const notImage = await app.gql(UPLOAD, { input: { name: 'photo.png', type: 'image/png', size: 50, data: text } }, speaker.token);
    assert.equal(codeOf(notImage), 'BAD_USER_INPUT');
    assert.equal(notImage.errors![0].message, ProfileMessages.headshotNotImage);

    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const broken = await app.gql(
      UPLOAD,
      { input: { name: 'x.png', type: 'image/png', size: 208, data: fakePng.toString('base64') } },
      speaker.token,
    );
    assert.equal(broken.errors![0].message, ProfileMessages.headshotUnreadable);

    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await app.gql(
      UPLOAD,
      { input: { name: 'big.png', type: 'image/png', size: big.length, data: big.toString('base64') } },
      speaker.token,
    );
    assert.equal(codeOf(tooLarge), 'BAD_USER_INPUT');
    assert.equal(tooLarge.errors![0].message, ProfileMessages.headshotTooLarge);

    const anonymous = await app.gql(UPLOAD, { input: { data: (await png(10, 10)).toString('base64') } });
    assert.equal(codeOf(anonymous), 'UNAUTHORIZED');
  });

  it('serves only server-made keys', async () => {
    // Raw paths (fetch would normalise the dot segments away before sending).
    const get = (path: string) =>
      new Promise<{ status: number; type: string }>((resolve, reject) => {
        const { hostname, port } = new URL(app.url);
        http
          .get({ hostname, port, path }, (res) => {
            res.resume();
            resolve({ status: res.statusCode!, type: String(res.headers['content-type']) });
          })
          .on('error', reject);
      });
    for (const path of [
      '/files/headshots/../../auth-secret',
      '/files/%2e%2e/auth-secret',
      '/files/headshots/nothing.jpg',
      '/files/headshots%2f..%2f..%2fauth-secret',
      `/files/headshots/${'0'.repeat(32)}.jpg`,
    ]) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.ok(res.type.startsWith('application/json'), path);
    }
  });
});

describe('onboardAccount', () => {
  it('refuses an incomplete profile, naming each missing field, then turns ONBOARDING_SPEAKER into SPEAKER', async () => {
    const newcomer = await createSpeaker('tomas@example.com');
    const refused = await app.gql(ONBOARD, { input: { role: 'SPEAKER' } }, newcomer.token);
    assert.equal(codeOf(refused), 'BAD_USER_INPUT');
    const fields = refused.errors![0].extensions!.fields!;
    assert.equal(fields.headshot, ProfileMessages.headshotRequired);
    assert.equal(fields.givenName, ProfileMessages.required);
    assert.equal(fields.previousCity, undefined, 'the hometown is optional');

    await app.gql(CHANGE_USER, { input: { ...SPEAKER_PROFILE, givenName: 'Tomás', displayName: 'Tomás F.' } }, newcomer.token);
    const noHeadshot = await app.gql(ONBOARD, { input: { role: 'SPEAKER' } }, newcomer.token);
    assert.equal(noHeadshot.errors![0].message, ProfileMessages.headshotRequired);

    await app.gql(
      UPLOAD,
      { input: { name: 'a.png', type: 'image/png', size: 1, data: (await png(300, 300)).toString('base64') } },
      newcomer.token,
    );
    const ok = await app.gql(ONBOARD, { input: { role: 'SPEAKER' } }, newcomer.token);
    assert.equal(ok.errors, undefined, JSON.stringify(ok.errors));
    assert.deepEqual(ok.data.onboardAccount, { onboarded: true, account: { roles: ['SPEAKER'], isOnboarding: false } });
    const again = await app.gql(ONBOARD, { input: { role: 'SPEAKER' } }, newcomer.token);
    assert.equal(again.data.onboardAccount.onboarded, false, 'done already: nothing changes');
  });

  it('refuses a speaker the staff has not promoted', async () => {
    const candidate = await createSpeaker('nico@example.com', { promoted: false });
    await app.gql(CHANGE_USER, { input: { ...SPEAKER_PROFILE, givenName: 'Nicolás', displayName: 'Nico F.' } }, candidate.token);
    await app.gql(UPLOAD, { input: { data: (await png(300, 300)).toString('base64') } }, candidate.token);
    const res = await app.gql(ONBOARD, { input: { role: 'SPEAKER' } }, candidate.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    assert.match(res.errors![0].message, /promoted/);
  });

  it('refuses a role the account is not onboarding for', async () => {
    const student = await signUp(app, 'ines@example.com');
    const res = await app.gql(ONBOARD, { input: { role: 'SPEAKER' } }, student.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    const admin_ = await app.gql(ONBOARD, { input: { role: 'ADMIN' } }, student.token);
    assert.equal(codeOf(admin_), 'BAD_USER_INPUT');
    const me = await app.gql(`{ me { account { roles } } }`, {}, student.token);
    assert.deepEqual(me.data.me.account.roles, ['ONBOARDING_STUDENT']);
  });
});

describe('names in the back-office', () => {
  it('shows the display name and location in the speakers list and quick search', async () => {
    const list = await app.gql(
      `{ speakers(first: 10, filter: [{ field: "displayName", predicate: "eq", value: "Lucía F." }]) { totalCount edges { node { id displayName givenName surname } } } }`,
      {},
      admin.token,
    );
    assert.equal(list.errors, undefined, JSON.stringify(list.errors));
    assert.equal(list.data.speakers.totalCount, 1);
    assert.deepEqual(list.data.speakers.edges[0].node, {
      id: speaker.accountId,
      displayName: 'Lucía F.',
      givenName: 'Lucía',
      surname: 'Fernández',
    });

    const search = await app.gql(
      `{ quickSearch(searchQuery: "Valpara") { speakers { id title subtitle location emailAddress } } }`,
      {},
      admin.token,
    );
    assert.deepEqual(
      search.data.quickSearch.speakers.filter((s: { id: string }) => s.id === speaker.accountId),
      [
        {
          id: speaker.accountId,
          title: 'Lucía F.',
          subtitle: 'Lucía Fernández',
          location: 'Valparaíso, Valparaíso, Chile',
          emailAddress: null,
        },
      ],
    );
    const byName = await app.gql(`{ quickSearch(searchQuery: "lucía f") { speakers { id } } }`, {}, admin.token);
    assert.deepEqual(
      byName.data.quickSearch.speakers.map((s: { id: string }) => s.id),
      [speaker.accountId],
    );
  });
});
