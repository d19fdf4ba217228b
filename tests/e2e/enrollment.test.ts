/**
 * Enrollment in Chromium: an instructor creates a course and gets its invite number and link; a
 * student opens the join link, pays by card through the local gateway and watches the minutes in
 * the header change live; another redeems a code; another joins an institutional course; a
 * declined card shows the failure outcome and Try Again works; an adventure bought with 2 extra
 * conversations credits the right minutes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { createCourse, createCourseAsSystem, createPlans, readModelsCaughtUp } from '../support/enrollment';
import {
  atPath,
  counted,
  enabled,
  minutesShown,
  openSession,
  submitSignIn,
  visible,
  WAIT_MS,
  signInWithCookie,
  test,
} from './support/browser';

let app: TestApp;
let browser: Browser;
let plans: Awaited<ReturnType<typeof createPlans>>;
let instructor: { token: string; accountId: string };
/** The course the instructor makes in the first test; the next tests join it. */
let invite = '';
/** That course's invite number; a test run without the first (on its own, or after its failure) makes the same course through the API. */
async function courseInvite(): Promise<string> {
  if (!invite) invite = (await createCourse(app, instructor.token, { name: 'Spanish Conversation 101' })).inviteNumber;
  return invite;
}

test.beforeAll(async () => {
  const { launchBrowser } = await import('./support/browser');
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-enrollment'), launchBrowser()]);
  plans = await createPlans(app);
  instructor = await signUpOnboarded(app, 'teacher@example.com', 'Teacher-Pass1', 'INSTRUCTOR');
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const SCREENSHOTS = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(import.meta.dirname, '../../.test-data/screenshots'));
async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

const studentCount = { n: 0 };
/** A new student opens /join/{invite} signed out, chooses Sign in, and lands on the enroll panel. */
async function joinAsNewStudent(inviteNumber: string) {
  const email = `student${++studentCount.n}@example.com`;
  await signUpOnboarded(app, email, 'Student-Pass1');
  const session = await openSession(browser, app);
  const { page } = session;
  await page.goto(`/join/${inviteNumber}`);
  await (await visible(page.getByRole('link', { name: 'Sign in' }))).click();
  await atPath(page, '/auth/sign_in');
  await submitSignIn(page, email, 'Student-Pass1');
  await atPath(page, '/student/courses');
  await minutesShown(page, 0);
  return session;
}

async function acknowledge(page: Page) {
  const panel = page.getByRole('region', { name: 'Enroll in a course' });
  await visible(panel.getByRole('checkbox'));
  await panel.getByRole('checkbox').check();
  await (await enabled(panel.getByRole('button', { name: 'Continue' }))).click();
  return panel;
}

async function fillCard(page: Page, number: string) {
  await page.getByTestId('card-name').fill('Ada Student');
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('123');
}

test.describe('enrollment in the browser', () => {
  test('an instructor creates a course and sees its invite number and join link', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/auth/sign_in');
    await submitSignIn(page, 'teacher@example.com', 'Teacher-Pass1');
    await atPath(page, '/instructor/courses/grid');
    await page.getByRole('link', { name: 'Create a course' }).click();
    await atPath(page, '/instructor/courses/new');
    await page.getByLabel('Course name').fill('Spanish Conversation 101');
    await page.getByLabel('Required conversations').fill('4');
    await page.getByLabel('Starts').fill('2026-11-23');
    await page.getByRole('button', { name: 'Create course' }).click();
    await visible(page.getByText('The new course was created successfully!'));
    // The start date is the day picked (issue 7, item 12), shown as a date in the browser's locale (en-GB).
    await visible(page.getByText(/^23 Nov 2026 to /));
    const chip = await visible(page.getByTestId('invite-number-chip'));
    const text = (await chip.textContent()) ?? '';
    const match = /(\d{3})-(\d{3})/.exec(text);
    assert.ok(match, `an invite number shown as 123-456: ${text}`);
    invite = match[1] + match[2];
    const link = await page.getByTestId('join-link').textContent();
    assert.equal(link, `${app.url}/join/${invite}`);
    await session.close();
  });

  test('a student opens the join link, pays by card and sees the outcome and the minutes change live', async () => {
    const session = await joinAsNewStudent(await courseInvite());
    const { page } = session;
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const panel = await acknowledge(page);
    await visible(panel.getByText('Spanish Conversation 101'));
    const pay = panel.getByRole('button', { name: 'Pay $60 for access' });
    await visible(pay);
    assert.equal(await pay.isEnabled(), false, 'Pay waits for the whole card');
    await page.getByTestId('card-name').fill('Ada Student');
    await page.getByTestId('card-number').fill('4242 4242 4242 4242');
    await page.getByTestId('card-expiry').fill('12/34');
    assert.equal(await pay.isEnabled(), false);
    await page.getByTestId('card-cvc').fill('123');
    await (await enabled(pay)).click();
    await visible(page.getByTestId('outcome-title').getByText('Your payment was completed successfully!'));
    await visible(page.getByText('Your card was charged $60.'));
    await minutesShown(page, 60);
    assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'no reload');
    await page.getByRole('button', { name: 'Done' }).click();
    const details = await visible(page.getByRole('region', { name: 'Course details' }));
    await visible(details.getByRole('link', { name: '$60 receipt' }));
    await visible(details.getByText('Unattempted 4'));
    // The transactions link leads to the minutes and payments panel, with the receipt.
    await details.getByRole('link', { name: '60 minutes added' }).click();
    await atPath(page, '/student/settings');
    const payments = await visible(page.getByRole('table', { name: 'Payments' }));
    await visible(payments.getByRole('cell', { name: '$60' }));
    const receipt = payments.getByRole('link', { name: 'Receipt' });
    const href = await receipt.getAttribute('href');
    const html = await (await fetch(href!)).text();
    assert.match(html, /Receipt from Tertulia/);
    await session.close();
  });

  test('another student enrolls with a redemption code, after seeing what it gives against what the course needs', async () => {
    const { result } = await app.runtime.codes.createRedemptionSet(
      { actor: SYSTEM_ACTOR },
      { name: 'E2E codes', fillLimit: 1, duration: 15, quantity: 4 },
    );
    const short = await app.runtime.codes.createRedemptionSet(
      { actor: SYSTEM_ACTOR },
      { name: 'E2E short codes', fillLimit: 1, duration: 15, quantity: 2 },
    );
    await readModelsCaughtUp(app);
    const code = result.codes[0];
    const session = await joinAsNewStudent(await courseInvite());
    const { page } = session;
    const panel = await acknowledge(page);
    await panel.getByRole('button', { name: 'Use a redemption code instead' }).click();
    await page.getByTestId('redemption-code').fill('abc');
    await panel.getByRole('button', { name: 'Check code' }).click();
    await visible(panel.getByText('The redemption code must contain ten characters.'));
    // A code worth less than the course needs: the student sees the difference and goes back.
    await page.getByTestId('redemption-code').fill(short.result.codes[0]);
    await panel.getByRole('button', { name: 'Check code' }).click();
    await visible(
      panel
        .getByTestId('code-worth-text')
        .getByText(
          'This code gives 30 minutes; the course needs 60 (4 conversations of 15 minutes). You would be 30 minutes short of completing it.',
        ),
    );
    await screenshot(page, 'enrollment-code-short');
    await panel.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('redemption-code').fill(`${code.slice(0, 5)} ${code.slice(5)}`.toLowerCase());
    await panel.getByRole('button', { name: 'Check code' }).click();
    await visible(
      panel.getByTestId('code-worth-text').getByText('This code gives 60 minutes, what the course needs (4 conversations of 15 minutes).'),
    );
    await screenshot(page, 'enrollment-code-confirm');
    await panel.getByRole('button', { name: 'Redeem code' }).click();
    await visible(page.getByTestId('outcome-title').getByText('Your code was redeemed successfully!'));
    await minutesShown(page, 60);
    await session.close();
  });

  test('an admin makes a redemption set, sees its codes, finds one, and downloads the CSV', async () => {
    await app.runtime.identity.register(
      { actor: SYSTEM_ACTOR },
      { emailAddress: 'boss@example.com', password: 'Boss-Pass1', roles: ['ADMIN'] },
    );
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/auth/sign_in');
    await submitSignIn(page, 'boss@example.com', 'Boss-Pass1');
    await atPath(page, '/admin/dashboard');
    await page.getByRole('link', { name: 'Redemption codes' }).click();
    await page.getByRole('link', { name: 'New redemption set' }).click();
    await atPath(page, '/admin/redemption_sets/new');
    await page.getByLabel('Name').fill('ab');
    await page.getByRole('button', { name: 'Create codes' }).click();
    await visible(page.getByText('The name must have at least 3 characters.'));
    await visible(page.getByText('The fill limit is required.'));
    await page.getByLabel('Name').fill('Lincoln spring');
    await page.getByLabel('Fill limit (number of codes)').fill('3');
    await page.getByLabel('Quantity (conversations per code)').fill('2');
    await visible(page.getByText('Each code is worth 30 minutes.'));
    await page.getByRole('button', { name: 'Create codes' }).click();
    await visible(page.getByRole('heading', { name: 'Lincoln spring', level: 1 }));
    const codes = page.getByRole('table', { name: 'Codes' }).getByRole('link');
    await visible(codes.first());
    await counted(codes, 3, 'codes');
    const value = (await codes.first().textContent())!;
    assert.match(value, /^[A-Z]{10}$/, 'shown without the v1 prefix');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    assert.equal(download.suggestedFilename(), 'redemption-set-lincoln-spring.csv');
    await codes.first().click();
    await visible(page.getByTestId('code-value').getByText(value));
    await visible(page.getByText('Not redeemed'));
    await page.getByRole('link', { name: 'Redemption codes' }).first().click();
    await atPath(page, '/admin/redemption_codes');
    await page.getByLabel('Redemption code').fill('ABC');
    await page.getByRole('button', { name: 'Find' }).click();
    await visible(page.getByText('Not a valid V1 or V2 redemption code format.'));
    await page.getByLabel('Redemption code').fill(`${value.slice(0, 5)} ${value.slice(5)}`.toLowerCase());
    await page.getByRole('button', { name: 'Find' }).click();
    await visible(page.getByRole('cell', { name: value }));
    await session.close();
  });

  test('an admin enrolls a student in the standard course from the student page', async () => {
    const learner = await signUpOnboarded(app, 'enrolled-by-admin@example.com', 'Learner-Pass1');
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, 'boss@example.com', 'Boss-Pass1');
    await page.goto(`/admin/students/${learner.accountId}/enroll`);
    await page.getByLabel('Invite number').fill(`${invite.slice(0, 3)}-${invite.slice(3)}`);
    await page.getByRole('button', { name: 'Find course' }).click();
    await visible(page.getByRole('heading', { name: 'Spanish Conversation 101' }));
    await page.getByRole('button', { name: 'Enroll enrolled-by-admin@example.com' }).click();
    await visible(page.getByText('The student was enrolled successfully!'));
    const me = await app.gql(`{ me { account { remainingMinutes } courseEnrollments { enrolledWith } } }`, {}, learner.token);
    assert.deepEqual(me.data.me, { account: { remainingMinutes: 60 }, courseEnrollments: [{ enrolledWith: 'admin' }] });
    await session.close();
  });

  test('another student enrolls in an institutional course', async () => {
    const course = await createCourseAsSystem(app, {
      name: 'School French',
      language: 'fr',
      pricingPlanId: plans.institutional,
      ownerId: instructor.accountId,
      school: 'Lincoln High',
      completionRequirement: 2,
      durationRequirement: 30,
    });
    const session = await joinAsNewStudent(course.inviteNumber);
    const { page } = session;
    const panel = await acknowledge(page);
    await visible(panel.getByText('School French is paid for by Lincoln High: there is nothing to pay.'));
    await panel.getByRole('button', { name: 'Enroll', exact: true }).click();
    await visible(page.getByTestId('outcome-title').getByText('Enrollment completed successfully!'));
    await minutesShown(page, 60);
    await session.close();
  });

  test('a declined card shows the payment failure outcome, and Try Again works', async () => {
    const session = await joinAsNewStudent(await courseInvite());
    const { page } = session;
    const panel = await acknowledge(page);
    await fillCard(page, '4000 0000 0000 0002');
    await (await enabled(panel.getByRole('button', { name: 'Pay $60 for access' }))).click();
    await visible(page.getByTestId('outcome-title').getByText('There was an issue with your payment.'));
    await visible(page.getByTestId('outcome-message').getByText('Your card was declined.'));
    await visible(page.getByText('If you need further help, please contact Tertulia Support. We apologize for the inconvenience.'));
    await minutesShown(page, 0);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await (await enabled(panel.getByRole('button', { name: 'Pay $60 for access' }))).click();
    await visible(page.getByTestId('outcome-title').getByText('Your payment was completed successfully!'));
    await minutesShown(page, 60);
    await session.close();
  });

  test('an adventure bought with 2 extra conversations credits the right minutes', async () => {
    await createCourseAsSystem(app, {
      kind: 'adventure',
      name: 'Tapas Tour',
      language: 'es',
      proficiency: 'beginner',
      completionRequirement: 3,
      durationRequirement: 15,
      startDate: null,
      endDate: null,
    });
    await signUpOnboarded(app, 'explorer@example.com', 'Explorer-Pass1');
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/student/adventures');
    await atPath(page, '/auth/sign_in');
    await submitSignIn(page, 'explorer@example.com', 'Explorer-Pass1');
    await atPath(page, '/student/adventures');
    await minutesShown(page, 0);
    await page.getByRole('button', { name: 'Choose Tapas Tour' }).click();
    const stepper = await visible(page.getByRole('region', { name: 'Enroll in Tapas Tour' }));
    await (await enabled(stepper.getByRole('button', { name: 'Continue' }))).click();
    await stepper.getByRole('checkbox').check();
    await (await enabled(stepper.getByRole('button', { name: 'Continue' }))).click();
    await stepper.getByLabel('Extra conversations').click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await visible(stepper.getByText('5 conversations: $75'));
    await (await enabled(stepper.getByRole('button', { name: 'Continue' }))).click();
    await fillCard(page, '4242424242424242');
    await (await enabled(stepper.getByRole('button', { name: 'Pay $75 for access' }))).click();
    await visible(stepper.getByText('Your payment was completed successfully!'));
    await visible(stepper.getByText('Your card was charged $75. 75 minutes were added to your account.'));
    // The drawer hides the page from assistive technology while open: close it to read the header.
    await stepper.getByRole('button', { name: 'Close' }).click();
    await minutesShown(page, (3 + 2) * 15, WAIT_MS);
    await visible(page.getByRole('button', { name: 'Enrolled in Tapas Tour' }));
    await session.close();
  });
});
