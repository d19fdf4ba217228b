/**
 * The areas' role guard in Chromium (issue 7, item 13): a speaker opening the student's courses,
 * a join link or the new-course form, and a student opening the back-office, see a page saying
 * which role the area needs with the way to their own home — never the form, never a sign-in
 * prompt. The page works from the keyboard and on a phone. Screenshots go to
 * .test-data/screenshots (or SCREENSHOT_DIR).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { Messages } from '../../contracts/errors';
import type { Role } from '../../contracts/roles';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { signUp, startTestApp, type TestApp } from '../support/app';
import { atPath, eventually, launchBrowser, openSession, titled, visible, signInWithCookie, test } from './support/browser';

const SCREENSHOTS = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(import.meta.dirname, '../../.test-data/screenshots'));
const PASSWORD = 'Guard-Pass1';

let app: TestApp;
let browser: Browser;
test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-role-guard'), launchBrowser()]);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function account(emailAddress: string, roles: Role[]) {
  await app.runtime.identity.register({ actor: SYSTEM_ACTOR }, { emailAddress, password: PASSWORD, roles });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `role-guard-${name}.png`), fullPage: true });
}

/** The role page for `role`: its heading and title, and no sign-in prompt anywhere. */
async function rolePage(page: Page, role: string) {
  const heading = `This area needs the ${role} role`;
  await visible(page.getByRole('heading', { name: heading, level: 1 }));
  await titled(page, `Tertulia - ${heading}`);
  assert.equal(await page.getByText(Messages.unauthorized).count(), 0, 'no "sign in again" message');
  assert.equal(await page.getByRole('button', { name: 'Sign In', exact: true }).count(), 0, 'no Sign In action');
  assert.equal(await page.getByRole('heading', { name: 'Sign in', level: 1 }).count(), 0, 'not the sign-in page');
}

/** The page fits the viewport's width: nothing to scroll sideways. */
async function fitsWidth(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `no horizontal scrolling: ${scrollWidth} > ${clientWidth}`);
}

/** Tabs from the top of the page until `name` has the focus; returns how many presses it took. */
async function tabTo(page: Page, name: string, limit = 25): Promise<number> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return presses;
  }
  throw new Error(`'${name}' was not reached with Tab`);
}

test.describe('the role guard', () => {
  test('shows a speaker the student role page at /student/courses and a join link, not the courses or the enroll form', async () => {
    await account('speaker@example.com', ['SPEAKER']);
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, 'speaker@example.com', PASSWORD);

    await page.goto('/student/courses');
    await rolePage(page, 'student');
    await atPath(page, '/student/courses');
    await visible(page.getByText('You are signed in with the speaker role.', { exact: false }));
    assert.equal(await page.getByRole('heading', { name: 'Your Courses' }).count(), 0, 'not the courses page');
    assert.equal(await page.getByRole('region', { name: 'Enroll in a course' }).count(), 0, 'no enroll panel');
    assert.equal(await page.getByRole('checkbox').count(), 0);
    await shot(page, 'speaker-student-courses');

    // A join link: the same page, and no invite is kept for later.
    await page.goto('/join/123456');
    await rolePage(page, 'student');
    await atPath(page, '/join/123456');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('tertulia.pendingInviteNumber')), null);

    // The way home, from the keyboard.
    const presses = await tabTo(page, 'Go to your speaker home');
    assert.ok(presses <= 15, `reached in ${presses} presses`);
    await page.keyboard.press('Enter');
    // This speaker has no speaking record yet, so the planner sends them on to needs_invitation.
    await atPath(page, '/speaker/planner/needs_invitation');
    await visible(page.getByRole('heading', { name: 'An invitation is needed', level: 1 }));
    await session.close();
  });

  test('shows an onboarding speaker the instructor role page at /instructor/courses/new, not the form', async () => {
    await account('new.speaker@example.com', ['ONBOARDING_SPEAKER']);
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, 'new.speaker@example.com', PASSWORD);

    await page.goto('/instructor/courses/new');
    await rolePage(page, 'instructor');
    await atPath(page, '/instructor/courses/new');
    assert.equal(await page.getByLabel('Course name').count(), 0, 'no new-course form');
    assert.equal(await page.getByRole('button', { name: 'Create course' }).count(), 0);
    await shot(page, 'speaker-instructor-new-course');

    await page.getByRole('link', { name: 'Go to your speaker home' }).click();
    // The planner sends a speaker without a speaking record on to needs_invitation at once (its
    // code is in: no spinner keeps /speaker/planner on screen for a moment).
    await atPath(page, '/speaker/planner/needs_invitation');
    await session.close();
  });

  test('shows a student the admin role page at /admin, also on a phone', async () => {
    await signUp(app, 'pupil@example.com', PASSWORD);
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, 'pupil@example.com', PASSWORD);

    await page.goto('/admin');
    await rolePage(page, 'admin');
    assert.equal(await page.getByText('Tertulia back-office').count(), 0, 'not the back-office');
    await visible(page.getByText('You are signed in with the student role.', { exact: false }));
    await visible(page.getByRole('link', { name: 'contact support' }));
    await shot(page, 'student-admin');

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/admin/students');
    await rolePage(page, 'admin');
    await fitsWidth(page);
    const home = await visible(page.getByRole('link', { name: 'Go to your student home' }));
    const box = await home.boundingBox();
    assert.ok(box && box.height >= 36 && box.x >= 0 && box.x + box.width <= 375, `a large enough target on screen: ${JSON.stringify(box)}`);
    await shot(page, 'student-admin-phone');

    await home.click();
    await atPath(page, '/student/home');
    await session.close();
  });

  test('offers an account with several roles a switch to the others', async () => {
    await account('busy@example.com', ['SPEAKER', 'INSTRUCTOR']);
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, 'busy@example.com', PASSWORD);

    await page.goto('/student/courses');
    await rolePage(page, 'student');
    await visible(page.getByRole('heading', { name: 'Your other roles', level: 2 }));
    await visible(page.getByRole('link', { name: 'Go to your speaker home' }));
    await shot(page, 'several-roles');
    await page.getByRole('button', { name: 'Switch to Instructor' }).click();
    await atPath(page, '/instructor/courses/grid');

    // The instructor area is theirs: no role page there.
    await page.goto('/instructor/courses/new');
    await visible(page.getByLabel('Course name'));
    assert.equal(await page.getByRole('heading', { name: /needs the/ }).count(), 0);
    await session.close();
  });

  test("shows the server's role refusal from any call, not 'Try to sign in again'", async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, 'pupil@example.com', PASSWORD);
    await page.goto('/student/home');
    // Any call the page does not handle itself: the header's minutes, refused as the API refuses a role.
    await page.route('**/graphql', async (route) => {
      let operation: string | undefined;
      try {
        operation = route.request().postDataJSON()?.operationName;
      } catch {
        operation = undefined;
      }
      if (operation !== 'RemainingMinutes') return route.fallback();
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          errors: [{ message: 'This needs the admin role.', path: ['me'], extensions: { code: 'UNAUTHORIZED', reason: 'role' } }],
        }),
      });
    });
    await page.goto('/help');
    const snackbar = await visible(page.getByText('This needs the admin role.', { exact: true }));
    // Fully on screen once it has slid in.
    await eventually(async () => ((await snackbar.boundingBox())?.x ?? -1) >= 0, 'the snackbar on screen');
    assert.equal(await page.getByText(Messages.unauthorized).count(), 0, 'no "sign in again" message');
    assert.equal(await page.getByRole('button', { name: 'Sign In', exact: true }).count(), 0, 'no Sign In action');
    await shot(page, 'role-refusal-snackbar');
    await page.unroute('**/graphql');
    await session.close();
  });

  test('still sends a signed-out visitor to sign in, and back to the area afterwards', async () => {
    // Its own account: a failed test before it restarts the worker, and with it the app's database.
    await account('returning.speaker@example.com', ['SPEAKER']);
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/instructor/courses/new');
    await atPath(page, '/auth/sign_in');
    await visible(page.getByRole('heading', { name: 'Sign in', level: 1 }));
    await page.getByLabel('Email address').fill('returning.speaker@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await atPath(page, '/instructor/courses/new');
    await rolePage(page, 'instructor');
    await eventually(async () => (await page.getByLabel('Course name').count()) === 0, 'no form');
    await session.close();
  });
});
