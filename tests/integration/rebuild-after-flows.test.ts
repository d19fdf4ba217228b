/**
 * Read models are disposable: after real product flows (the demo seed, sign-ups, an enrollment,
 * admin changes, a reset mail), every read model rebuilt from the log comes back identical.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { demoInviteNumbers } from '../../scripts/seedCourses';
import { seedDemo } from '../../scripts/seed';
import { liveSchema } from '../../services/feed/projector';
import { createAdmin, mailSettled, signUp, startTestApp, type TestApp } from '../support/app';
import { dumpSchema } from '../support/database';
import { readModelsCaughtUp } from '../support/enrollment';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'rebuild_flows');
});
afterAll(async () => {
  await app.close();
});

it('rebuilds every read model identical after the product has been used', async () => {
  await seedDemo(app.runtime);
  const admin = await createAdmin(app);
  const student = await signUp(app, 'rebuild-student@example.com');
  await app.gql(
    `mutation($i: ChangeMinutesInput!) { changeMinutes(input: $i) { changed } }`,
    { i: { accountId: student.accountId, minutes: 30, reason: 'r' } },
    admin.token,
  );
  await app.gql(
    `mutation($i: ChangeRolesInput!) { changeRoles(input: $i) { changed } }`,
    { i: { accountId: student.accountId, add: ['INSTRUCTOR'] } },
    admin.token,
  );
  await app.gql(`mutation($i: RecoverPasswordInput!) { recoverPassword(input: $i) { recovered } }`, {
    i: { emailAddress: 'rebuild-student@example.com' },
  });
  const institutional = (await demoInviteNumbers(app.runtime)).find((c) => /institutional/.test(c.name))!;
  const enrolled = await app.gql(
    `mutation($i: EnrollUserInput!) { enrollUser(input: $i) { enrolled } }`,
    { i: { inviteNumber: institutional.inviteNumber } },
    student.token,
  );
  assert.equal(enrolled.data?.enrollUser?.enrolled, true, JSON.stringify(enrolled.errors));

  // Let every queued mail be sent, then stop the writers in the background (mail job, projector loops).
  await mailSettled(app);
  await app.runtime.jobs.stop();
  // Every read model up to the last event, by checkpoint (catchUp alone may stop early while a
  // transaction of another database in the cluster is open: the feed's xmin is cluster-wide).
  await readModelsCaughtUp(
    app,
    app.runtime.runner.projectors.map((p) => p.name),
  );
  await app.runtime.runner.stop();
  for (const projector of app.runtime.runner.projectors) {
    const before = await dumpSchema(app.runtime.pool, liveSchema(projector));
    await app.runtime.runner.rebuild(projector.name);
    assert.deepEqual(await dumpSchema(app.runtime.pool, liveSchema(projector)), before, `${projector.name} is identical after a rebuild`);
  }
});
