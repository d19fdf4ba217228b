/**
 * The shell in the browser (spec 1, Shell): page titles, the header's menus, the 404 page, legacy
 * redirects, protected URLs coming back after sign-in, and the role selection redirect.
 */
import assert from 'node:assert/strict';
import type { Browser, Page, Request } from '@playwright/test';
import { createAdmin, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import {
  SIGNED_IN_MENU,
  SIGNED_OUT_MENU,
  atPath,
  launchBrowser,
  mainNav,
  menuIs,
  minutesShown,
  openSession,
  pathOf,
  screenshot,
  signInThroughUi,
  submitSignIn,
  titled,
  visible,
  test,
} from './support/browser';

const STUDENT = { email: 'student@example.com', password: 'Student-Pass1' };
const ADMIN = { email: 'admin@example.com', password: 'Adm1nPassword' };

let app: TestApp;
let browser: Browser;
test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-shell'), launchBrowser()]);
  await signUpOnboarded(app, STUDENT.email, STUDENT.password);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/**
 * Reloads `page` and notes what `note` makes of each request the reloaded document makes (null: not
 * noted), as they come. Only the reloaded document's: the page before it may still be asking (its
 * subscriptions' first messages read again) until the reload replaces it.
 */
async function reloadNoting(page: Page, note: (request: Request) => string | null): Promise<string[]> {
  const noted: string[] = [];
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  page.on('request', (request) => {
    const value = reloaded ? note(request) : null;
    if (value !== null) noted.push(value);
  });
  await page.reload();
  return noted;
}

test.describe('signed out', () => {
  test('shows only FAQ and Help in the header, and no minutes', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/help');
    await visible(page.getByRole('heading', { name: 'Help', level: 1 }));
    await titled(page, 'Tertulia - Help');
    await menuIs(page, SIGNED_OUT_MENU);
    const faq = mainNav(page).getByRole('link', { name: 'FAQ' });
    assert.match((await faq.getAttribute('href')) ?? '', /^https:\/\/.+\/faq$/);
    assert.equal(await faq.getAttribute('target'), '_blank');
    assert.equal(await page.getByRole('link', { name: /mins remaining/ }).count(), 0);
    assert.equal(await page.getByText(/\bmins$/).count(), 0);

    await mainNav(page).getByRole('link', { name: 'Help' }).click();
    await atPath(page, '/help');
    await session.close();
  });

  test("shows the 404 page with 'Go back' and 'Get help'", async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/help');
    await visible(page.getByRole('heading', { name: 'Help', level: 1 }));
    await page.goto('/no/such/page?x=1');
    await visible(page.getByText("We couldn't find this page."));
    await titled(page, 'Tertulia - Page not found');
    assert.equal(pathOf(page), '/no/such/page?x=1', 'the address stays as typed');

    // Go back returns to the page before.
    await page.getByRole('button', { name: 'Go back' }).click();
    await atPath(page, '/help');
    await visible(page.getByRole('heading', { name: 'Help', level: 1 }));

    // Get help opens the help page; unknown paths inside an area get the same page.
    await page.goto('/auth/nowhere');
    await visible(page.getByText("We couldn't find this page."));
    await page.getByRole('link', { name: 'Get help' }).click();
    await atPath(page, '/help');
    await titled(page, 'Tertulia - Help');
    await session.close();
  });

  test('forwards legacy addresses under /~ with their query string', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/~/sign_in');
    await atPath(page, '/auth/sign_in');
    await visible(page.getByRole('heading', { name: 'Sign in', level: 1 }));
    await titled(page, 'Tertulia - Sign in');

    await page.goto('/~/sign_up?role=INSTRUCTOR');
    await atPath(page, '/auth/sign_up?role=INSTRUCTOR');
    assert.equal(await page.getByRole('radio', { name: 'An instructor' }).isChecked(), true);

    await page.goto('/~/no_such_thing');
    await visible(page.getByText("We couldn't find this page."));
    await session.close();
  });

  test('sends a protected URL to sign-in and comes back to exactly that path and query', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    const target = '/student/courses?tab=past&x=1';
    await page.goto(target);
    await atPath(page, '/auth/sign_in');
    await submitSignIn(page, STUDENT.email, STUDENT.password);
    await atPath(page, target);
    await visible(page.getByRole('heading', { name: 'Your Courses', level: 1 }));
    await titled(page, 'Tertulia - Your Courses');
    await menuIs(page, SIGNED_IN_MENU);
    await session.close();
  });
});

test.describe('signed in', () => {
  test("an admin signing in never sees the student's header or minutes on the way to the back-office (issue 28)", async () => {
    await createAdmin(app, ADMIN.email, ADMIN.password);
    const session = await openSession(browser, app);
    const { page } = session;
    // The role selection's question is held: the page waits where the student's header showed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName !== 'MyRoles') return route.fallback();
      await held;
      await route.fallback();
    });
    await page.goto('/auth/sign_in');
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await atPath(page, '/auth/role_selection');
    await visible(page.getByRole('progressbar', { name: 'Loading your roles' }));
    await menuIs(page, SIGNED_OUT_MENU);
    assert.equal(await page.getByRole('banner').getByText(/mins/).count(), 0, 'no minutes');
    await screenshot(page, 'shell-admin-arriving');
    release();
    await atPath(page, '/admin/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard' }).first());
    assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Courses' }).count(), 0);
    assert.equal(await page.getByRole('banner').getByText(/mins/).count(), 0, 'no minutes');
    await session.close();
  });

  test('sends a student from the role selection and from / to the student home', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInThroughUi(page, STUDENT.email, STUDENT.password);

    await page.goto('/auth/role_selection');
    await atPath(page, '/student/home');
    await visible(page.getByRole('heading', { name: 'Home', level: 1 }));

    await page.goto('/help');
    await visible(page.getByRole('heading', { name: 'Help', level: 1 }));
    await page.getByRole('banner').getByRole('link', { name: 'Tertulia' }).click();
    await atPath(page, '/student/home');
    await titled(page, 'Tertulia - Home');

    // The header's full menu and minutes everywhere, also on pages outside the areas.
    await page.goto('/help');
    await menuIs(page, SIGNED_IN_MENU);
    await minutesShown(page, 0);
    await mainNav(page).getByRole('link', { name: 'Courses' }).click();
    await atPath(page, '/student/courses');
    await titled(page, 'Tertulia - Your Courses');
    await session.close();
  });

  test("a signed-in page's first load draws from the answers inside its HTML, without asking the API for them (issue 31)", async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInThroughUi(page, STUDENT.email, STUDENT.password);
    const asked = await reloadNoting(page, (request) =>
      new URL(request.url()).pathname === '/graphql' ? JSON.parse(request.postData() ?? '{}').operationName : null,
    );
    await visible(page.getByRole('heading', { name: 'Home', level: 1 }));
    await minutesShown(page, 0);
    // The home's own queries: the page's HTML answered them (a frame's query mounted a second time,
    // such as the role guard's, refreshes from the API in the background as every page does).
    assert.deepEqual(
      asked.filter((name) => ['StudentHome', 'StudentOnboardingStatus'].includes(name)),
      [],
    );
    assert.ok(asked.filter((name) => name === 'MyRoles').length <= 1, `the role guard asked once at most: ${asked.join(', ')}`);

    // Moving on inside the app asks as ever.
    await mainNav(page).getByRole('link', { name: 'Courses' }).click();
    await atPath(page, '/student/courses');
    await session.close();
  });

  test("a signed-in page's HTML names every chunk it draws with, so that none waits for the entry to run (issue 31)", async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInThroughUi(page, STUDENT.email, STUDENT.password);
    const scripts = await reloadNoting(page, (request) => (request.resourceType() === 'script' ? new URL(request.url()).pathname : null));
    await visible(page.getByRole('heading', { name: 'Home', level: 1 }));
    const drawnWith = [...scripts];
    // What the page's HTML names, as the server sent it (the live document also has the preloads the
    // app's lazy imports add as they run).
    const html = await (await page.request.get('/student/home')).text();
    const named = [...html.matchAll(/<(?:link rel="modulepreload" crossorigin href|script type="module" crossorigin src)="([^"]+)"/g)].map(
      ([, url]) => new URL(url, app.url).pathname,
    );
    assert.ok(
      drawnWith.some((file) => /\/assets\/HomePage-/.test(file)),
      `the home's chunk was asked for: ${drawnWith.join(', ')}`,
    );
    // The live connection's client comes with the first subscription, just after the first paint,
    // and no page but the room preloads it (contracts/firstPageData.ts, LIVE_CODE).
    assert.deepEqual(
      drawnWith.filter((file) => !named.includes(file) && !/\/assets\/socketLink-/.test(file)),
      [],
      'every chunk asked for before the page was drawn is named in its HTML',
    );
    assert.ok(!named.some((file) => /\/assets\/socketLink-/.test(file)), `the home does not preload the live client: ${named.join(', ')}`);
    assert.ok(
      named.some((file) => /\/assets\/messages-en-studentHome-/.test(file)),
      "the home's words, in the page's language",
    );
    await session.close();
  });

  test('keeps the menu on a narrow screen behind a labelled menu button', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInThroughUi(page, STUDENT.email, STUDENT.password);
    await page.setViewportSize({ width: 390, height: 800 });
    assert.equal(await mainNav(page).isVisible(), false);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = await visible(page.getByRole('menu'));
    const items = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.replace(/\s*\(opens in a new tab\)$/, '').trim());
    assert.deepEqual(items, SIGNED_IN_MENU);
    await menu.getByRole('menuitem', { name: 'Conversations' }).click();
    await atPath(page, '/student/conversations');
    await titled(page, 'Tertulia - Your Conversations');
    await minutesShown(page, 0);
    await session.close();
  });
});
