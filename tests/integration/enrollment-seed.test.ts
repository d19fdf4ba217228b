/** The demo world's courses: a default plan, the demo instructor's two courses, adventures. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { seedDemo } from '../../scripts/seed';
import { demoInviteNumbers } from '../../scripts/seedCourses';
import { DEMO_SCHOOL } from '../../scripts/seedPeople';
import { checkpointOf } from '../../services/eventstore/port';
import { signIn, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'enrollment_seed');
});
afterAll(async () => {
  await app.close();
});

it('seeds courses with a standard and an institutional agreement, adventures, and one default plan', async () => {
  assert.equal(await seedDemo(app.runtime), true);
  // The seed's last event comes after everything it made: wait for the read models to pass it.
  const seedEvents = await app.runtime.store.readStream('seed-demo');
  assert.ok(await app.runtime.runner.waitFor(checkpointOf(seedEvents.at(-1)!), ['accounts', 'catalog', 'minutes'], 20_000));
  const invites = await demoInviteNumbers(app.runtime);
  assert.equal(invites.length, 2);
  const token = await signIn(app, 'student@tertulia.local', 'Student-Tertulia-1');
  const kinds = [];
  for (const { inviteNumber } of invites) {
    const res = await app.gql(
      `query($n: String!) { enrollingCourse(inviteNumber: $n) { priceAgreement { kind } prices { totalPrice } owner { id emailAddress } } }`,
      { n: inviteNumber },
      token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    kinds.push(res.data.enrollingCourse.priceAgreement.kind);
    // A student sees who teaches by display name, never the owner's email address (issue 11).
    assert.ok(res.data.enrollingCourse.owner.id);
    assert.equal(res.data.enrollingCourse.owner.emailAddress, null);
  }
  assert.deepEqual(kinds, ['standard', 'institutional']);
  const adventures = await app.gql(`{ allAdventures { adventures { language } } }`, {}, token);
  assert.deepEqual([...new Set(adventures.data.allAdventures.adventures.map((a: any) => a.language))], ['es', 'fr']);
  const admin = await signIn(app, 'admin@tertulia.local', 'Admin-Tertulia-1');
  const plans = await app.gql(`{ pricingPlans { name kind systemDefault } }`, {}, admin);
  assert.deepEqual(
    plans.data.pricingPlans.filter((p: any) => p.systemDefault).map((p: any) => p.name),
    ['Standard'],
  );

  // The demo speaker has a week of availability, so the demo student can reserve at once.
  assert.ok(
    await app.runtime.runner.waitFor(
      checkpointOf((await app.runtime.store.readStream('seed-demo')).at(-1)!),
      ['availability', 'speakers'],
      20_000,
    ),
  );
  const found = await app.gql(
    `query { availableSpeakers(first: 5, language: "es", zoneName: "America/New_York", duration: 15) { edges { node { id } } } }`,
    {},
    token,
  );
  assert.equal(found.errors, undefined, JSON.stringify(found.errors));
  const speakerId = found.data.availableSpeakers.edges[0]?.node.id;
  assert.ok(speakerId, 'the demo speaker is found for Spanish');
  const now = new Date();
  const openings = await app.gql(
    `query($id: ID!, $from: DateTime!, $to: DateTime!) { availableOpenings(speakerId: $id, startTime: $from, endTime: $to, zoneName: "America/New_York", duration: 15) { startTimestamp } }`,
    { id: speakerId, from: now.toISOString(), to: new Date(now.getTime() + 7 * 24 * 3600_000).toISOString() },
    token,
  );
  assert.ok(openings.data.availableOpenings.length > 100, `a week of openings (${openings.data.availableOpenings.length})`);
});

it('gives the demo people names, portraits and the instructor a school', async () => {
  const seedEvents = await app.runtime.store.readStream('seed-demo');
  assert.ok(await app.runtime.runner.waitFor(checkpointOf(seedEvents.at(-1)!), ['accounts', 'profiles', 'catalog'], 20_000));
  const seen: Record<string, unknown> = {};
  for (const [email, password] of [
    ['admin@tertulia.local', 'Admin-Tertulia-1'],
    ['instructor@tertulia.local', 'Instructor-Tertulia-1'],
    ['speaker@tertulia.local', 'Speaker-Tertulia-1'],
    ['student@tertulia.local', 'Student-Tertulia-1'],
  ]) {
    const token = await signIn(app, email, password);
    const res = await app.gql(`{ me { displayName school tzIdentifier headshotUrl } }`, {}, token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const { headshotUrl, ...me } = res.data.me;
    assert.ok(headshotUrl, `${email} has a portrait`);
    const portrait = await fetch(new URL(headshotUrl, app.url));
    assert.equal(portrait.headers.get('content-type'), 'image/jpeg');
    assert.ok((await portrait.arrayBuffer()).byteLength > 1000, 'a real picture');
    seen[email.split('@')[0]] = me;
  }
  assert.deepEqual(seen, {
    admin: { displayName: 'Marta R.', school: null, tzIdentifier: 'Europe/Madrid' },
    instructor: { displayName: 'Elena V.', school: DEMO_SCHOOL, tzIdentifier: 'America/Chicago' },
    speaker: { displayName: 'Sofía M.', school: null, tzIdentifier: 'America/Mexico_City' },
    student: { displayName: 'Daniel B.', school: null, tzIdentifier: 'America/New_York' },
  });
});
