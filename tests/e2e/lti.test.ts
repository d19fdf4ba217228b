/**
 * Tertulia as an LTI 1.3 tool in Chromium (issue 33), against the platform peer
 * (tests/support/ltiPlatform.ts): an admin registers the LMS in the back-office (the JWKS URL's
 * failure shown beside its field, then saved), and a learner opening the placed link in the LMS goes
 * through the real login redirect and the platform's form_post, and lands signed in on the course's
 * enrollment (an institutional course: nothing to pay); its instructor adds the LMS roster to the
 * course and sees each learner's place. Screenshots of each.
 */
import assert from 'node:assert/strict';
import type { Browser } from '@playwright/test';
import { LTI_PATHS } from '../../services/integrations/lti/paths';
import { createAdmin, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { findLtiPlatformForLogin } from '../../projections/lti';
import { lineItemOf } from '../../services/domain/lti/grades';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { nameOf, writeConversation } from '../support/adminViews';
import { createCourse, createCourseAsSystem, createPlans } from '../support/enrollment';
import { systemEvent } from '../support/events';
import { LTI_ROLES, startLtiPlatform, type LtiPlatformPeer } from '../support/ltiPlatform';
import { atPath, launchBrowser, openSession, screenshot, signInWithCookie, visible, test } from './support/browser';

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
      { user_id: 'canvas-user-44', roles: [LTI_ROLES.learner], name: 'Nora Gone', email: 'nora@school.example', status: 'Inactive' },
    ];
    const teacherSession = await openSession(browser, app);
    await signInWithCookie(teacherSession.page, app, 'lti-teacher@example.com', 'Passw0rd!');
    await teacherSession.page.goto(`/instructor/courses/${course.courseId}`);
    const roster = teacherSession.page.getByRole('region', { name: 'LMS roster: Spanish 101 (Colegio Cervantes Canvas)' });
    await visible(roster.getByText('1 student in the LMS course has not opened Tertulia yet.'));
    await visible(roster.getByRole('row', { name: /Mateo Pending.*Not yet/ }));
    await screenshot(teacherSession.page, 'lti-instructor-roster');

    // The roster into the course: asked first, saying how many; Mateo (no account yet) waits for his
    // first sign-in, Lucía is enrolled, Nora left the LMS course and is not added.
    await roster.getByRole('button', { name: 'Add the roster to the course' }).click();
    const dialog = teacherSession.page.getByRole('dialog', { name: 'Add 1 learner to the course?' });
    await visible(dialog.getByText('The school pays: nobody is charged.'));
    await dialog.getByRole('button', { name: 'Add the roster to the course' }).click();
    await visible(teacherSession.page.getByText('1 learner added (0 enrolled now).'));
    await visible(roster.getByRole('row', { name: /Mateo Pending.*Pending until first sign-in/ }));
    await visible(roster.getByRole('row', { name: /Lucía Learner.*Enrolled/ }));
    await visible(roster.getByRole('row', { name: /Nora Gone.*Not added.*Left the LMS course/ }));
    await visible(roster.getByText('Every active learner of the LMS course has a place in the course.'));
    assert.equal(await roster.getByRole('button', { name: 'Add the roster to the course' }).isDisabled(), true);
    await screenshot(teacherSession.page, 'lti-instructor-roster-added');
    await teacherSession.page.setViewportSize({ width: 375, height: 812 });
    await visible(roster.getByRole('row', { name: /Mateo Pending/ }));
    await screenshot(teacherSession.page, 'lti-instructor-roster-added-375');
    await teacherSession.close();
  });

  test('the instructor sees each grade’s way to the LMS, the LMS’s reason for a failed one, and sends it again', async () => {
    const platform = (await findLtiPlatformForLogin(app.runtime.pool, peer.issuer, peer.clientId))!;
    const teacher = await signUpOnboarded(app, 'grades-teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const course = await createCourse(app, teacher.token, { name: 'Español 2' });
    const lessons = await app.gql(
      `query($id: ID!) { course(courseId: $id) { lessonAssignments { id lesson { id title } } } }`,
      { id: course.id },
      teacher.token,
    );
    const assignment = lessons.data.course.lessonAssignments[0] as { id: string; lesson: { id: string; title: string } };
    const meta = { actor: SYSTEM_ACTOR };
    const item = lineItemOf({ id: assignment.id, title: assignment.lesson.title }, course.name);
    const lineItemUrl = await app.runtime.ltiServices.createLineItem(platform, `${peer.url}/ags/espanol-2/lineitems`, item);
    await app.runtime.lti.recordLineItem(meta, {
      lessonId: assignment.lesson.id,
      courseId: course.id,
      platformId: platform.id,
      lineItemUrl,
      label: item.label,
      scoreMaximum: item.scoreMaximum,
    });
    // Two students who came from the LMS (their launches' own checks are the integration test's).
    const students: string[] = [];
    for (const [sub, email, name] of [
      ['canvas-grades-1', 'sofia@school.example', 'Sofía Ruiz'],
      ['canvas-grades-2', 'tomas@school.example', 'Tomás Vidal'],
    ]) {
      const { result } = await app.runtime.lti.launch(meta, {
        platformId: platform.id,
        issuer: platform.issuer,
        launch: {
          messageType: 'LtiResourceLinkRequest',
          deploymentId: peer.deploymentId,
          subject: sub,
          email,
          givenName: null,
          familyName: null,
          role: 'STUDENT',
          contextId: 'espanol-2',
          contextTitle: null,
          membershipsUrl: null,
          lineItemsUrl: null,
          resourceLinkId: 'link-2',
          targetLinkUri: null,
          custom: {},
          deepLinking: null,
        },
        ip: null,
        courseId: null,
      });
      await app.runtime.runner.waitFor(await nameOf(app, result.accountId, name), ['profiles']);
      students.push(result.accountId);
    }
    const lesson = { courseId: course.id, lessonId: assignment.lesson.id };
    // Each a held conversation of the placed lesson; Sofía's marked completed: its job posts the score.
    const heldLesson = async (studentId: string, hoursAgo: number, marked: boolean) => {
      const { conversationId } = await writeConversation(
        app,
        studentId,
        'speaker-1',
        new Date(Date.now() - hoursAgo * 3600_000),
        'held',
        course.id,
      );
      const events = [
        systemEvent('ConversationLessonChanged', { conversationId, courseId: course.id, fromLessonId: null, toLessonId: lesson.lessonId }),
      ];
      if (marked)
        events.push(
          systemEvent('ConversationMarked', {
            conversationId,
            markedAs: 'completed',
            previous: null,
            markedBy: null,
            refundedMinutes: 0,
            bonusMinutes: 0,
            promotion: null,
          }),
        );
      await app.runtime.store.appendToStreams([{ stream: `conversation-${conversationId}`, expected: 'any', events }]);
      return conversationId;
    };
    await heldLesson(students[0], 3, true);
    // Tomás's: the LMS kept refusing it (as the job records its last try).
    const failed = { conversationId: await heldLesson(students[1], 2, false) };
    const failedAt = new Date(Date.now() - 3600_000).toISOString();
    const sending = { conversationId: failed.conversationId, ...lesson, studentId: students[1], platformId: platform.id, lineItemUrl };
    await app.runtime.lti.scoreSending(meta, { ...sending, timestamp: failedAt, markedAs: 'completed', scoreGiven: 1 });
    await app.runtime.lti.scoreFailed(meta, {
      conversationId: failed.conversationId,
      timestamp: failedAt,
      status: 403,
      reason: '{"error":"the course is concluded"}',
    });

    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, 'grades-teacher@example.com', 'Passw0rd!');
    await page.goto(`/instructor/courses/${course.id}`);
    const grades = page.getByRole('region', { name: 'Grades sent to the LMS' });
    await visible(grades.getByRole('row', { name: /Sofía Ruiz.*Completed \(full marks\).*Sent/ }));
    const tomas = grades.getByRole('row', { name: /Tomás Vidal/ });
    await visible(tomas.getByText('Failed'));
    await visible(tomas.getByText('The LMS answered HTTP 403: {"error":"the course is concluded"}'));
    await screenshot(page, 'lti-instructor-grades');
    await tomas.getByRole('button', { name: 'Send again' }).click();
    await visible(grades.getByRole('row', { name: /Tomás Vidal.*Sent/ }));
    await screenshot(page, 'lti-instructor-grades-resent');
    assert.equal(peer.received.applied.filter((a) => a.lineItemId === lineItemUrl).length, 2);
    await session.close();
  });
});
