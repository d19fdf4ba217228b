/**
 * Polish found by trying Tertulia as a new user (issue 11), in Chromium: a mistyped code is an
 * error beside the field; Try Again keeps the code and, after a declined card, the cardholder name;
 * a declined card is not a ticked Enroll step and 'Tertulia Support' is a link; a success offers
 * reserving the first conversation; a reload after /join does not reopen the enroll panel; no red
 * 'Failed 0' for a new student; a failed adventures load says so; the reset request never shows a
 * validation error beside an earlier success; the minutes and payments fit a 390 px phone.
 * Screenshots: .test-data/screenshots/polish-*.png.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from '@playwright/test';
import { EnrollmentMessages } from '../../contracts/enrollment';
import { EMAIL_INVALID_MESSAGE } from '../../contracts/validation/email';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { signUp, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { createCourseAsSystem, createPlans, readModelsCaughtUp } from '../support/enrollment';
import {
  atPath,
  authCookie,
  counted,
  enabled,
  hidden,
  launchBrowser,
  minutesShown,
  openSession,
  screenshot,
  submitSignIn,
  visible,
  test,
} from './support/browser';

let app: TestApp;
let browser: Browser;
let invite = '';
let codeInvite = '';
let codes: string[] = [];

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-polish'), launchBrowser()]);
  const plans = await createPlans(app);
  const course = await createCourseAsSystem(app, {
    name: 'Polish Spanish',
    pricingPlanId: plans.standard,
    completionRequirement: 4,
    durationRequirement: 15,
  });
  invite = course.inviteNumber;
  const coded = await createCourseAsSystem(app, {
    name: 'Coded Spanish',
    pricingPlanId: plans.standard,
    completionRequirement: 4,
    durationRequirement: 15,
  });
  codeInvite = coded.inviteNumber;
  codes = (
    await app.runtime.codes.createRedemptionSet({ actor: SYSTEM_ACTOR }, { name: 'Polish codes', fillLimit: 2, duration: 15, quantity: 4 })
  ).result.codes;
  await readModelsCaughtUp(app);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

let n = 0;
async function newStudent(path: string, landing: string) {
  const email = `polish${++n}@example.com`;
  await signUp(app, email, 'Student-Pass1');
  const session = await openSession(browser, app);
  await session.page.goto(path);
  // The join link signed out names the course and offers an account first; this student has one.
  if (path.startsWith('/join/')) await (await visible(session.page.getByRole('link', { name: 'Sign in' }))).click();
  await atPath(session.page, '/auth/sign_in');
  await submitSignIn(session.page, email, 'Student-Pass1');
  await atPath(session.page, landing);
  await minutesShown(session.page, 0);
  return session;
}

async function acknowledge(page: Page) {
  const panel = page.getByRole('region', { name: 'Enroll in a course' });
  await (await visible(panel.getByRole('checkbox'))).check();
  await (await enabled(panel.getByRole('button', { name: 'Continue' }))).click();
  return panel;
}

async function fillCard(page: Page, number: string, name = 'Ada Student') {
  if (name) await page.getByTestId('card-name').fill(name);
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('123');
}

test.describe('enrolling as a new student', () => {
  test('a declined card: Enroll is marked failed, Support is a link, Try Again keeps the name; then the first conversation is offered; a reload stays put', async () => {
    const session = await newStudent(`/join/${invite}`, '/student/courses');
    const { page } = session;
    const panel = await acknowledge(page);
    await fillCard(page, '4000 0000 0000 0002');
    await (await enabled(panel.getByRole('button', { name: 'Pay $60 for access' }))).click();
    await visible(page.getByTestId('outcome-message').getByText('Your card was declined.'));
    // The stepper does not tick Enroll: it says it failed.
    await visible(panel.getByText('Not enrolled', { exact: true }));
    await counted(panel.locator('.MuiStepLabel-root.Mui-error'), 1, 'failed steps');
    assert.equal(await panel.locator('.MuiStepLabel-root.Mui-error .Mui-completed').count(), 0);
    const support = panel.getByRole('link', { name: 'Tertulia Support' });
    assert.equal(await support.getAttribute('href'), '/help');
    await screenshot(page, 'polish-declined-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'polish-declined-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await panel.getByRole('button', { name: 'Try Again' }).click();
    assert.equal(await page.getByTestId('card-name').inputValue(), 'Ada Student', 'the cardholder name is kept');
    assert.equal(await page.getByTestId('card-number').inputValue(), '', 'the card number is never kept');
    await fillCard(page, '4242 4242 4242 4242', '');
    await (await enabled(panel.getByRole('button', { name: 'Pay $60 for access' }))).click();
    await visible(page.getByTestId('outcome-title').getByText('Your payment was completed successfully!'));
    const reserve = await visible(panel.getByRole('link', { name: 'Reserve your first conversation' }));
    assert.equal(await reserve.getAttribute('href'), '/student/reserve');
    await minutesShown(page, 60);
    await screenshot(page, 'polish-enrolled-next');

    // A reload after /join shows the course, not the enroll panel with an error.
    await page.reload();
    await visible(page.getByRole('region', { name: 'Course details' }));
    await screenshot(page, 'polish-after-reload');
    assert.equal(await page.getByRole('region', { name: 'Enroll in a course' }).count(), 0);
    assert.equal(await page.getByText(EnrollmentMessages.courseAlreadyEnrolled).count(), 0);
    // A new enrollment has failed nothing: no red 'Failed 0'.
    await visible(page.getByText('Unattempted 4'));
    assert.equal(await page.getByText(/^Failed \d/).count(), 0);

    // The next step offered after the enrollment leads to reserving, for this course.
    await page.getByRole('button', { name: 'Enroll in a course' }).click();
    await hidden(page.getByRole('region', { name: 'Course details' }));
    await session.close();
  });

  test('a mistyped code is an error beside the field, and Try Again after a refused code keeps it', async () => {
    const session = await newStudent(`/join/${codeInvite}`, '/student/courses');
    const { page } = session;
    const panel = await acknowledge(page);
    await panel.getByRole('button', { name: 'Use a redemption code instead' }).click();
    await page.getByTestId('redemption-code').fill('ABCDE FGHJK');
    await panel.getByRole('button', { name: 'Check code' }).click();
    await visible(panel.getByText(EnrollmentMessages.codeNotFound));
    assert.equal(await page.getByTestId('outcome-title').count(), 0, 'no failure outcome for a typo');
    assert.equal(await page.getByTestId('redemption-code').getAttribute('aria-invalid'), 'true');

    // The redeem is refused once (a dropped connection): Try Again comes back with the code.
    let refuse = true;
    await page.route('**/graphql', async (route) => {
      if (refuse && route.request().postData()?.includes('EnrollUser')) {
        refuse = false;
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ message: 'The service is busy.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
        });
        return;
      }
      await route.continue();
    });
    await page.getByTestId('redemption-code').fill(codes[0]);
    await panel.getByRole('button', { name: 'Check code' }).click();
    await (await visible(panel.getByRole('button', { name: 'Redeem code' }))).click();
    await visible(page.getByTestId('outcome-title'));
    await panel.getByRole('button', { name: 'Try Again' }).click();
    assert.equal((await page.getByTestId('redemption-code').inputValue()).replace(/\s/g, ''), codes[0].replace(/\s/g, ''));
    await panel.getByRole('button', { name: 'Check code' }).click();
    await (await visible(panel.getByRole('button', { name: 'Redeem code' }))).click();
    await visible(page.getByTestId('outcome-title').getByText('Your code was redeemed successfully!'));
    await session.close();
  });

  test('a failed adventures load shows the error and Try again, not "no adventures"', async () => {
    const session = await newStudent('/student/courses', '/student/courses');
    const { page } = session;
    let fail = true;
    await page.route('**/graphql', async (route) => {
      if (fail && route.request().postData()?.includes('AllAdventures')) {
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ message: 'The service is busy.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
        });
        return;
      }
      await route.continue();
    });
    await page.getByRole('link', { name: 'See the adventures' }).click();
    await atPath(page, '/student/adventures');
    const alert = await visible(page.getByRole('alert').filter({ hasText: 'The adventures could not be loaded' }));
    assert.equal(await page.getByText(/No course adventures exist/).count(), 0);
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByText(/No course adventures exist for the language/));
    await screenshot(page, 'polish-adventures-empty');
    await session.close();
  });
});

test.describe('the time zone (issue 28)', () => {
  test('a student who comes by the invite link in Madrid sees Madrid times; a saved zone that differs is offered for change', async () => {
    const madrid = await openSession(browser, app, { timezoneId: 'Europe/Madrid' });
    const { page } = madrid;
    // Signed out, the join link names the course and offers a new account first (issue 28).
    await page.goto(`/join/${invite}`);
    await visible(page.getByRole('heading', { name: 'Join Polish Spanish', level: 1 }));
    const offers = page.getByRole('main').getByRole('link', { name: /^(Create an account|Sign in)$/ });
    assert.deepEqual(await offers.allTextContents(), ['Create an account', 'Sign in']);
    await screenshot(page, 'join-signed-out');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'join-signed-out-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await atPath(page, '/auth/sign_up');
    await page.getByLabel('Email address').fill('madrid@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Student-Pass1');
    await page.getByLabel('Confirm password').fill('Student-Pass1');
    await (await enabled(page.getByRole('button', { name: 'Sign up' }))).click();
    await atPath(page, '/student/courses');
    const panel = await acknowledge(page);
    await fillCard(page, '4242 4242 4242 4242');
    await (await enabled(panel.getByRole('button', { name: 'Pay $60 for access' }))).click();
    await (await visible(panel.getByRole('link', { name: 'Reserve your first conversation' }))).click();
    await atPath(page, '/student/reserve');
    // The only course comes chosen: pick a lesson and look for a speaker.
    const choose = page.getByRole('region', { name: 'Choose what to talk about' });
    assert.equal(await (await visible(choose.getByRole('radio', { name: /^Polish Spanish/ }))).isChecked(), true);
    await choose.getByRole('radiogroup', { name: 'Lesson' }).getByRole('radio').first().check();
    await choose.getByRole('button', { name: 'Find a speaker' }).click();
    await visible(page.getByText('times in Europe/Madrid', { exact: false }));
    assert.equal((await app.gql('{ me { tzIdentifier } }', {}, await authCookie(madrid.context))).data.me.tzIdentifier, 'Europe/Madrid');
    assert.equal(await page.getByRole('region', { name: 'Time zone' }).count(), 0, 'no offer: the zone was recorded at sign-up');
    await screenshot(page, 'zone-madrid-reserve');
    // Home then opens the onboarding, whose last step does not ask an enrolled student to join a course.
    const profile = await app.gql(
      `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }`,
      {
        input: {
          givenName: 'Lucía',
          surname: 'Ortega',
          displayName: 'Lucía O.',
          currentCity: 'Madrid',
          currentState: 'Madrid',
          currentCountry: 'Spain',
          bioHobbiesAre: 'Cycling and old films.',
          bioDreamCareer: 'An architect of quiet libraries.',
          bioGoalsAre: 'Speak Spanish at work without notes.',
        },
      },
      await authCookie(madrid.context),
    );
    assert.equal(profile.errors, undefined);
    await page.goto('/student/home');
    const onboarding = await visible(page.getByRole('dialog'));
    await onboarding.getByRole('button', { name: "Let's begin" }).click();
    const congratulations = onboarding.getByRole('heading', { name: 'Congratulations!' });
    for (const step of [
      'What is your name?',
      'Where do you live?',
      'What are your hobbies?',
      'What is your dream career?',
      'What are your goals?',
    ]) {
      await visible(onboarding.getByRole('heading', { name: step }));
      await onboarding.getByRole('button', { name: 'Continue' }).click();
    }
    await visible(congratulations);
    await visible(onboarding.getByText('Next, reserve a conversation with a native speaker from Reserve Time.'));
    assert.equal(await onboarding.getByText('join your course', { exact: false }).count(), 0);
    await screenshot(page, 'onboarding-enrolled-congratulations');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'onboarding-enrolled-congratulations-375');
    await madrid.close();

    // An account whose saved zone is not the browser's is offered the browser's.
    const email = 'traveller@example.com';
    await signUpOnboarded(app, email, 'Student-Pass1');
    const travelling = await openSession(browser, app, { timezoneId: 'Asia/Tokyo', viewport: { width: 375, height: 800 } });
    await travelling.page.goto('/auth/sign_in');
    await submitSignIn(travelling.page, email, 'Student-Pass1');
    const offer = await visible(travelling.page.getByRole('region', { name: 'Time zone' }));
    await visible(offer.getByText('Times are shown in America/New_York, but this device is in Asia/Tokyo.'));
    await screenshot(travelling.page, 'zone-offer-375');
    await offer.getByRole('button', { name: 'Use Asia/Tokyo' }).click();
    await hidden(offer);
    const token = await authCookie(travelling.context);
    assert.equal((await app.gql('{ me { tzIdentifier } }', {}, token)).data.me.tzIdentifier, 'Asia/Tokyo');
    await travelling.close();
  });
});

test.describe('the reset request', () => {
  test('drops the success box when the address changes to a wrong one', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/auth/request_password_reset');
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send the reset message' }).click();
    const success = page.locator('.MuiAlert-standardSuccess');
    await visible(success);
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByRole('button', { name: /Send/ }).click();
    await visible(page.getByText(EMAIL_INVALID_MESSAGE));
    assert.equal(await success.count(), 0, 'no success beside the error');
    await session.close();
  });
});

test.describe('minutes and payments on a phone', () => {
  test('stacks the payments and transactions as cards at 390 px, with nothing wider than the screen', async () => {
    const session = await newStudent(`/join/${invite}`, '/student/courses');
    const { page } = session;
    const panel = await acknowledge(page);
    await fillCard(page, '4242 4242 4242 4242');
    await (await enabled(panel.getByRole('button', { name: 'Pay $60 for access' }))).click();
    await minutesShown(page, 60);
    await page.setViewportSize({ width: 390, height: 844 });
    // The header's balance leads to the minutes and payments.
    await (await minutesShown(page, 60)).click();
    await atPath(page, '/student/settings');
    const payments = await visible(page.getByRole('list', { name: 'Payments' }));
    await visible(payments.getByText('$60'));
    await visible(payments.getByRole('link', { name: 'Receipt' }));
    await visible(page.getByRole('list', { name: 'Minute transactions' }).getByText('+60 minutes'));
    assert.equal(await page.getByRole('table', { name: 'Payments' }).isVisible(), false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await screenshot(page, 'polish-minutes-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await visible(page.getByRole('table', { name: 'Payments' }));
    await screenshot(page, 'polish-minutes-desktop');
    await session.close();
  });
});
