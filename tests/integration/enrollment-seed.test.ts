/** The demo world's courses: a default plan, the demo instructor's two courses, adventures. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { seedDemo } from '../../scripts/seed';
import { demoInviteNumbers } from '../../scripts/seedCourses';
import { signIn, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
before(async () => {
  app = await startTestApp({}, 'enrollment_seed');
});
after(async () => {
  await app.close();
});

it('seeds courses with a standard and an institutional agreement, adventures, and one default plan', async () => {
  assert.equal(await seedDemo(app.runtime), true);
  await app.runtime.runner.catchUp();
  const invites = await demoInviteNumbers(app.runtime);
  assert.equal(invites.length, 2);
  const token = await signIn(app, 'student@tertulia.local', 'Student-Tertulia-1');
  const kinds = [];
  for (const { inviteNumber } of invites) {
    const res = await app.gql(`query($n: String!) { enrollingCourse(inviteNumber: $n) { priceAgreement { kind } prices { totalPrice } owner { emailAddress } } }`, { n: inviteNumber }, token);
    kinds.push(res.data.enrollingCourse.priceAgreement.kind);
    assert.equal(res.data.enrollingCourse.owner.emailAddress, 'instructor@tertulia.local');
  }
  assert.deepEqual(kinds, ['standard', 'institutional']);
  const adventures = await app.gql(`{ allAdventures { adventures { language } } }`, {}, token);
  assert.deepEqual([...new Set(adventures.data.allAdventures.adventures.map((a: any) => a.language))], ['es', 'fr']);
  const admin = await signIn(app, 'admin@tertulia.local', 'Admin-Tertulia-1');
  const plans = await app.gql(`{ pricingPlans { name kind systemDefault } }`, {}, admin);
  assert.deepEqual(plans.data.pricingPlans.filter((p: any) => p.systemDefault).map((p: any) => p.name), ['Standard']);
});
