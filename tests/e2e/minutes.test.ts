/**
 * Remaining minutes in the header (spec 1, section 4): 'N mins', updated live through the
 * remainingMinutesChanged subscription when an admin changes them, animated over 2 s (at once for
 * reduced motion), no reload.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from '@playwright/test';
import { createAdmin, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { launchBrowser, minutesShown, openSession, visible, signInWithCookie, test } from './support/browser';

const CHANGE_MINUTES = `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed account { remainingMinutes } } }`;
const ANIMATION_MS = 2000;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let app: TestApp;
let browser: Browser;
test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-minutes'), launchBrowser()]);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Records every label the header's minutes button shows from now on. */
async function recordMinutes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { minutesSeen: string[]; minutesObserver?: MutationObserver };
    w.minutesSeen = [];
    w.minutesObserver?.disconnect();
    const banner = document.querySelector('header')!;
    const read = () => {
      // The visible words ('45 mins'), without the visually hidden ' remaining' of the name.
      const label = [...banner.querySelectorAll('a')]
        .map((a) => (a.textContent ?? '').replace(/ remaining.*$/, ''))
        .find((t) => /^\S+ mins$/.test(t));
      if (label && label !== w.minutesSeen.at(-1)) w.minutesSeen.push(label);
    };
    w.minutesObserver = new MutationObserver(read);
    w.minutesObserver.observe(banner, { subtree: true, childList: true, characterData: true });
  });
}

const minutesSeen = (page: Page) => page.evaluate(() => (window as unknown as { minutesSeen: string[] }).minutesSeen);
const valuesOf = (labels: string[]) => labels.map((l) => Number(l.replace(/ mins$/, '')));

async function changeMinutes(adminToken: string, accountId: string, minutes: number) {
  const res = await app.gql(CHANGE_MINUTES, { input: { accountId, minutes, reason: 'e2e' } }, adminToken);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.changeMinutes.account.remainingMinutes as number;
}

test.describe('remaining minutes', () => {
  test("update live in the student's header when an admin changes them", async () => {
    const student = await signUpOnboarded(app, 'learner@example.com', 'Learner-Pass1');
    const admin = await createAdmin(app);
    const session = await openSession(browser, app, { reducedMotion: 'no-preference' });
    const { page } = session;
    await signInWithCookie(page, app, 'learner@example.com', 'Learner-Pass1');
    await page.goto('/student/home');
    await minutesShown(page, 0);
    await visible(page.getByRole('banner').getByText('0 mins', { exact: true }));

    // A mark that a reload would wipe.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await recordMinutes(page);

    // A credit: the header counts up to the new balance.
    const started = Date.now();
    assert.equal(await changeMinutes(admin.token, student.accountId, 45), 45);
    await minutesShown(page, 45);
    await visible(page.getByRole('banner').getByText('45 mins', { exact: true }));
    assert.ok(Date.now() - started >= ANIMATION_MS - 100, 'the change animates over 2 s');
    let seen = valuesOf(await minutesSeen(page));
    assert.equal(seen.at(-1), 45);
    assert.ok(
      seen.every((v, i) => v >= 0 && v <= 45 && (i === 0 || v > seen[i - 1])),
      `counts up: ${seen}`,
    );

    // A debit: it counts down.
    await recordMinutes(page);
    assert.equal(await changeMinutes(admin.token, student.accountId, -15), 30);
    await minutesShown(page, 30);
    seen = valuesOf(await minutesSeen(page));
    assert.equal(seen.at(-1), 30);
    assert.ok(
      seen.every((v, i) => v >= 30 && v <= 45 && (i === 0 || v < seen[i - 1])),
      `counts down: ${seen}`,
    );

    assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'no reload');
    await session.close();
  });

  test('change at once, without counting, for a person who asked their system for less motion', async () => {
    const student = await signUpOnboarded(app, 'still@example.com', 'Still-Pass1');
    const admin = await createAdmin(app, 'admin4@example.com');
    const session = await openSession(browser, app, { reducedMotion: 'reduce' });
    const { page } = session;
    await signInWithCookie(page, app, 'still@example.com', 'Still-Pass1');
    await page.goto('/student/home');
    await minutesShown(page, 0);
    await recordMinutes(page);
    assert.equal(await changeMinutes(admin.token, student.accountId, 45), 45);
    await minutesShown(page, 45);
    assert.deepEqual(await minutesSeen(page), ['45 mins'], 'no count between 0 and 45');
    await session.close();
  });

  test('a change that lands while the header is reading its balance still shows', async () => {
    const student = await signUpOnboarded(app, 'overlap@example.com', 'Overlap-Pass1');
    const admin = await createAdmin(app, 'admin3@example.com');
    const session = await openSession(browser, app);
    const { page } = session;
    // The header reads its balance again on the subscription's first notice (the server listens
    // from then on). That read's answer, 0, is held back at the browser until the page has asked
    // again after the change, so the page has two reads of the same query in flight.
    const readAnswered = deferred();
    const askedAgain = deferred();
    let held = false;
    let changing = false;
    await page.route('**/graphql', async (route) => {
      if (!route.request().postData()?.includes('query RemainingMinutes')) return route.continue();
      if (held) {
        if (changing) askedAgain.resolve();
        return route.continue();
      }
      held = true;
      const response = await route.fetch();
      readAnswered.resolve();
      await askedAgain.promise;
      await route.fulfill({ response });
    });
    await signInWithCookie(page, app, 'overlap@example.com', 'Overlap-Pass1');
    await page.goto('/student/home');
    await minutesShown(page, 0);
    await readAnswered.promise;

    // The change's notice must start a read of its own, not join the one begun before the change:
    // until the page asks again, the held answer stays held and the header cannot show 45.
    changing = true;
    assert.equal(await changeMinutes(admin.token, student.accountId, 45), 45);
    await minutesShown(page, 45);
    await session.close();
  });

  test('shows the current balance right after signing in', async () => {
    const student = await signUpOnboarded(app, 'rich@example.com', 'Rich-Pass1');
    const admin = await createAdmin(app, 'admin2@example.com');
    await changeMinutes(admin.token, student.accountId, 120);
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, 'rich@example.com', 'Rich-Pass1');
    await page.goto('/student/home');
    await minutesShown(page, 120);
    // The minutes button opens the student's settings.
    await page.getByRole('link', { name: '120 mins remaining' }).click();
    await page.waitForURL((url) => url.pathname === '/student/settings');
    await visible(page.getByRole('heading', { name: 'Your settings', level: 1 }));
    await session.close();
  });
});
