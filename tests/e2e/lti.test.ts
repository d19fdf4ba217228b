/**
 * Tertulia as an LTI 1.3 tool in Chromium (issue 33), against the platform peer
 * (tests/support/ltiPlatform.ts): an admin registers the LMS in the back-office (the JWKS URL's
 * failure shown beside its field, then saved), and a learner opening the placed link in the LMS goes
 * through the real login redirect and the platform's form_post, and lands signed in on the course's
 * enrollment (an institutional course: nothing to pay). Screenshots of both.
 */
import assert from 'node:assert/strict';
import { test, type Browser } from '@playwright/test';
import { LTI_PATHS } from '../../services/integrations/lti/paths';
import { createAdmin, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { createCourseAsSystem, createPlans } from '../support/enrollment';
import { LTI_ROLES, startLtiPlatform, type LtiPlatformPeer } from '../support/ltiPlatform';
import { atPath, launchBrowser, openSession, screenshot, signInWithCookie, visible } from './support/browser';

const ADMIN = { email: 'lti-admin@example.com', password: 'Adm1nPassword' };

let app: TestApp;
let browser: Browser;
let peer: LtiPlatformPeer;

test.beforeAll(async () => {
  [app, browser, peer] = await Promise.all([startTestApp({}, 'e2e-lti'), launchBrowser(), startLtiPlatform()]);
  peer.tool = {
    jwksUrl: `${app.url}${LTI_PATHS.jwks}`,
    redirectUris: [`${app.url}${LTI_PATHS.launch}`, `${app.url}${LTI_PATHS.deepLinking}`],
  };
  await createAdmin(app, ADMIN.email, ADMIN.password);
});
test.afterAll(async () => {
  await browser?.close();
  await peer?.close();
  await app?.close();
});

test.describe('LTI in the browser', () => {
  test('an admin registers the LMS: the URLs to paste, the JWKS URL checked on save', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, ADMIN.email, ADMIN.password);
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'LMS platforms (LTI)' }).click();
    await visible(page.getByRole('heading', { name: 'LMS platforms (LTI)', level: 1 }));
    await visible(page.getByText(`${app.url}/lti/login`));
    await visible(page.getByText('No platform is registered yet.'));

    await page.getByRole('link', { name: 'Register a platform' }).click();
    await visible(page.getByRole('heading', { name: 'Register an LMS platform', level: 1 }));
    const field = (name: string) => page.getByRole('textbox', { name });
    await field('Name').fill('Colegio Cervantes Canvas');
    await field('Issuer').fill(peer.issuer);
    await field('Client id').fill(peer.clientId);
    await field('Deployment ids').fill(peer.deploymentId);
    await field('OIDC authorization URL').fill(peer.authLoginUrl);
    await field('Access token URL').fill(peer.accessTokenUrl);
    await field('Public keyset URL (JWKS)').fill(`${peer.url}/no-keys-here`);
    await page.getByRole('button', { name: 'Register a platform' }).click();
    await visible(page.getByText("The JWKS URL answered HTTP 404 instead of the platform's keys.").first());
    // Said once, beside the field and in the form's alert: not also as the page's generic error.
    assert.equal(await page.getByText('Uh oh, an error occurred on the page.').count(), 0);
    await screenshot(page, 'lti-admin-register-jwks-refused');

    await field('Public keyset URL (JWKS)').fill(peer.jwksUrl);
    await page.getByRole('button', { name: 'Register a platform' }).click();
    await visible(page.getByRole('heading', { name: 'Colegio Cervantes Canvas', level: 1 }));
    await visible(page.getByText('The platform was registered. Its keys were fetched and read.'));
    await page.getByRole('link', { name: 'LMS platforms (LTI)' }).first().click();
    await visible(page.getByRole('cell', { name: peer.clientId }));
    await screenshot(page, 'lti-admin-platforms');
    await session.close();
  });

  test('a learner opens the placed link in the LMS and lands on the course, signed in, with nothing to pay', async () => {
    const plans = await createPlans(app);
    const teacher = await signUpOnboarded(app, 'lti-teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const course = await createCourseAsSystem(app, {
      name: 'Español para la escuela',
      language: 'es',
      pricingPlanId: plans.institutional,
      ownerId: teacher.accountId,
      school: 'Colegio Cervantes',
      completionRequirement: 2,
      durationRequirement: 30,
    });
    await signUpOnboarded(app, 'lti-learner@school.example', 'Passw0rd!');
    peer.nextLaunch = { sub: 'canvas-user-42', email: 'lti-learner@school.example', custom: { tertulia_course_id: course.courseId } };

    const session = await openSession(browser, app);
    const { page } = session;
    const login = new URL(`${app.url}${LTI_PATHS.login}`);
    for (const [name, value] of Object.entries({
      iss: peer.issuer,
      login_hint: peer.loginHint,
      target_link_uri: `${app.url}${LTI_PATHS.launch}`,
      client_id: peer.clientId,
      lti_deployment_id: peer.deploymentId,
    }))
      login.searchParams.set(name, value);
    // The LMS's link: our login redirects to the platform, whose page posts the id_token back to us.
    await page.goto(login.toString());
    await atPath(page, '/student/courses');
    const panel = page.getByRole('region', { name: 'Enroll in a course' });
    await visible(panel.getByText('Español para la escuela').first());
    await screenshot(page, 'lti-launch-course');
    await panel.getByRole('checkbox').check();
    await panel.getByRole('button', { name: 'Continue' }).click();
    await visible(panel.getByText('Español para la escuela is paid for by Colegio Cervantes: there is nothing to pay.'));
    await panel.getByRole('button', { name: 'Enroll', exact: true }).click();
    await visible(page.getByTestId('outcome-title').getByText('Enrollment completed successfully!'));
    await screenshot(page, 'lti-launch-enrolled');
    await session.close();

    // The course's instructor sees the LMS course's roster: who has not opened Tertulia yet.
    peer.members = [
      { user_id: 'canvas-user-42', roles: [LTI_ROLES.learner], name: 'Lucía Learner', email: 'lti-learner@school.example' },
      { user_id: 'canvas-user-43', roles: [LTI_ROLES.learner], name: 'Mateo Pending', email: 'mateo@school.example' },
    ];
    const teacherSession = await openSession(browser, app);
    await signInWithCookie(teacherSession.page, app, 'lti-teacher@example.com', 'Passw0rd!');
    await teacherSession.page.goto(`/instructor/courses/${course.courseId}`);
    const roster = teacherSession.page.getByRole('region', { name: 'LMS roster: Spanish 101 (Colegio Cervantes Canvas)' });
    await visible(roster.getByText('1 student in the LMS course has not opened Tertulia yet.'));
    await visible(roster.getByRole('row', { name: /Mateo Pending.*Not yet/ }));
    await screenshot(teacherSession.page, 'lti-instructor-roster');
    await teacherSession.close();
  });
});
