/**
 * Browser tests in Debian's Chromium through playwright-core: one browser per test file, a fresh
 * context (cookies, storage) per test. Waits are generous (the suite runs on small, busy
 * machines) and never fixed sleeps: every helper waits for what the user would see.
 *
 * Tests import `test` from here, not from @playwright/test: a context a test opened and left open
 * is closed when the test ends (a session's close also checks its page threw nothing). A test
 * closes its contexts on its way out but not in a `finally`: when it fails, its pages stay open
 * until Playwright has recorded the error, so the failure keeps the page's snapshot
 * (error-context.md), which a context closed earlier does not leave.
 */
import { eventually as eventuallyWithin } from '../../support/eventually';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test as base, chromium, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signIn, type TestApp } from '../../support/app';
import { storeAuthToken } from '../../../web/src/lib/authCookies';
import { CHROMIUM_ARGS } from './chromiumArgs';
import { fakeCameraClip } from './fakeCamera';
import { fakeSpeechWav } from './fakeSpeech';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCRATCH = path.resolve(import.meta.dirname, '../../../.test-data');
/** How long any wait for the page may take before a test fails. */
export const WAIT_MS = 30_000;

/** The browsers this worker's files launched, and the sessions opened on them (to close what a test leaves open). */
const launched = new Set<Browser>();
const sessionOf = new WeakMap<BrowserContext, Session>();
const openContexts = () => new Set([...launched].flatMap((browser) => browser.contexts()));

/**
 * `fakeMedia`: a fake camera and microphone (a small moving clip and a beep), granted without a prompt,
 * for the tests of the equipment check and the live room; `fakeSpeech`: the microphone plays
 * fakeSpeech.ts's known speech and silence instead of the beep (the speaking-time measurement).
 */
export async function launchBrowser({
  fakeMedia = false,
  fakeSpeech = false,
}: {
  fakeMedia?: boolean;
  fakeSpeech?: boolean;
} = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      ...(fakeMedia
        ? [
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
            `--use-file-for-fake-video-capture=${fakeCameraClip(SCRATCH)}`,
            ...(fakeSpeech ? [`--use-file-for-fake-audio-capture=${fakeSpeechWav(SCRATCH)}`] : []),
          ]
        : []),
    ],
  });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/**
 * Every open page's accessibility snapshot, saved as the failed test's `page-at-failure.md`
 * attachment (scripts/testReport.ts prints it in npm test's summary). Playwright's own
 * error-context.md holds one page at most, and is written again without it when the worker's
 * afterAll hooks run in the failed test's name.
 */
async function savePagesAtFailure(testInfo: TestInfo): Promise<void> {
  const parts: string[] = [];
  for (const page of [...openContexts()].flatMap((context) => context.pages())) {
    const snapshot = await page
      .locator(':root')
      .ariaSnapshot({ timeout: 5_000 })
      .catch((error: Error) => `(no snapshot: ${error.message.split('\n')[0]})`);
    parts.push(`## ${page.url()}`, '', '```yaml', snapshot, '```', '');
  }
  if (parts.length === 0) return;
  const file = testInfo.outputPath('page-at-failure.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, parts.join('\n'));
  await testInfo.attach('page-at-failure', { path: file, contentType: 'text/markdown' });
}

/**
 * Playwright's `test`, with every context opened during a test (by openSession, roomPerson or
 * `browser.newContext`) and still open at its end closed after its afterEach hooks. Contexts
 * opened in a beforeAll (a file's shared sessions) are the file's to close.
 */
export const test = base.extend<{ leftoverContextsClosed: undefined }>({
  leftoverContextsClosed: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from its first parameter.
    async ({}, use, testInfo) => {
      const before = openContexts();
      await use(undefined);
      if (testInfo.errors.length > 0) await savePagesAtFailure(testInfo);
      for (const context of openContexts()) {
        if (before.has(context)) continue;
        const session = sessionOf.get(context);
        if (session) await session.close();
        else await context.close();
      }
    },
    { auto: true },
  ],
});

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors thrown in the page so far. */
  pageErrors: Error[];
  close(): Promise<void>;
}

/**
 * A new context on the app with one page; by default wide enough for the header's full menu, in
 * British English and the machine's time zone.
 */
export async function openSession(
  browser: Browser,
  app: TestApp,
  {
    viewport = { width: 1280, height: 800 },
    timezoneId,
    locale = 'en-GB',
    reducedMotion = 'reduce',
  }: {
    viewport?: { width: number; height: number };
    timezoneId?: string;
    locale?: string;
    /** The system's reduced-motion setting: on by default, so pages settle at once (see the theme). */
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL: app.url, viewport, locale, timezoneId, reducedMotion });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  // tsx compiles the tests with esbuild's keepNames: functions passed to page.evaluate may call
  // its `__name` helper, which the page does not have.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  let closed = false;
  const session: Session = {
    context,
    page,
    pageErrors,
    async close() {
      if (closed) return;
      closed = true;
      await context.close();
      assert.deepEqual(pageErrors.map(String), [], 'the page threw no uncaught errors');
    },
  };
  sessionOf.set(context, session);
  return session;
}

/** Waits until the locator is visible (and returns it, to chain). */
export async function visible(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until the locator matches `count` elements (a list fills in as its data comes); the failure says how many it saw. */
export async function counted(locator: Locator, count: number, what: string, timeout = WAIT_MS): Promise<Locator> {
  await eventually(
    async () => {
      assert.equal(await locator.count(), count, what);
      return true;
    },
    `${count} ${what}`,
    timeout,
  );
  return locator;
}

/** Waits until the locator is hidden or gone. */
export async function hidden(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** Waits until the page's path and query are exactly `pathAndQuery`. */
export async function atPath(page: Page, pathAndQuery: string, timeout = WAIT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname + url.search === pathAndQuery, { timeout });
}

export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/**
 * Moves the page to `pathAndQuery` the way a link inside the app does: the router draws the new
 * page without loading the app again (a full load costs the browser the app's scripts and its first
 * queries). The page must be showing the app already. The router changes pages in a transition,
 * keeping the old page on screen until the new one is ready: this waits until the new page is
 * drawn, seen as a new h1 or a new document title. Already there, the page is loaded again.
 */
export async function navigateInApp(page: Page, pathAndQuery: string): Promise<void> {
  if (pathOf(page) === pathAndQuery) {
    await page.goto(pathAndQuery);
    return;
  }
  const titleBefore = await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-before-navigation', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return document.title;
  }, pathAndQuery);
  await page.waitForFunction(
    (before) => document.title !== before || [...document.querySelectorAll('h1')].some((h) => !h.hasAttribute('data-before-navigation')),
    titleBefore,
  );
  await atPath(page, pathAndQuery);
}

/** Waits until the document title is `title`. */
export async function titled(page: Page, title: string, timeout = WAIT_MS): Promise<void> {
  try {
    await page.waitForFunction((expected) => document.title === expected, title, { timeout });
  } catch {
    assert.equal(await page.title(), title);
  }
}

/** Waits until the control is visible and enabled. */
export async function enabled(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  await visible(locator, timeout);
  await eventually(() => locator.isEnabled(), 'the control to be enabled', timeout);
  return locator;
}

/**
 * Every tab of a tab list shows whole on the screen: none beyond the viewport's edges, no label cut
 * short, and no scroll arrow to find the others behind. Waited for: after a change of width the
 * page lays its tabs out again once its media query has answered (a render later).
 */
export async function assertTabsFit(tablist: Locator): Promise<void> {
  await visible(tablist);
  await eventuallyWithin(
    async () => {
      const seen = await tablist.evaluate((list) => {
        const root = list.closest('.MuiTabs-root') ?? list;
        const width = document.documentElement.clientWidth;
        return {
          arrows: [...root.querySelectorAll('.MuiTabs-scrollButtons')].filter((b) => (b as HTMLElement).offsetWidth > 0).length,
          tabs: [...list.querySelectorAll('[role="tab"]')].map((tab) => {
            const box = tab.getBoundingClientRect();
            // The label's lines, as laid out: each within the tab (a cut label runs past its edge).
            const text = document.createRange();
            text.selectNodeContents(tab);
            const lines = [...text.getClientRects()].filter((r) => r.width > 0);
            return {
              name: tab.textContent ?? '',
              inside: box.left >= 0 && box.right <= width,
              cut: lines.some((r) => r.left < box.left - 1 || r.right > box.right + 1),
            };
          }),
        };
      });
      assert.equal(seen.arrows, 0, 'no scroll arrow beside the tabs');
      for (const tab of seen.tabs) {
        assert.ok(tab.inside, `the tab "${tab.name}" is on the screen`);
        assert.ok(!tab.cut, `the tab "${tab.name}" shows its whole label`);
      }
      return true;
    },
    'the tabs to fit the screen',
    WAIT_MS,
  );
}

/** The header's main navigation (wide screens). */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The labels of the header's menu, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const nav = await visible(mainNav(page));
  return (await nav.getByRole('link').allTextContents()).map((t) => t.replace(/\s*\(opens in a new tab\)$/, '').trim());
}

/** Waits until the header's menu is `expected` (it settles once the account's roles are known). */
export async function menuIs(page: Page, expected: string[]): Promise<void> {
  await eventuallyWithin(
    async () => {
      assert.deepEqual(await menuLabels(page), expected);
      return true;
    },
    `the header's menu to be ${expected.join(', ')}`,
    WAIT_MS,
  );
}

export const SIGNED_IN_MENU = ['Home', 'Courses', 'Reserve Time', 'Conversations', 'Adventures', 'FAQ', 'Help', 'Settings', 'Sign Out'];
export const SIGNED_OUT_MENU = ['FAQ', 'Help'];

/** The header's remaining-minutes button once it shows `minutes`. */
export async function minutesShown(page: Page, minutes: number, timeout = WAIT_MS): Promise<Locator> {
  return visible(page.getByRole('link', { name: `${minutes} mins remaining`, exact: true }), timeout);
}

/** Fills the sign-in form at /auth/sign_in (the page must be there) and submits it. */
export async function submitSignIn(page: Page, emailAddress: string, password: string): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Sign in', level: 1 }));
  await page.getByLabel('Email address').fill(emailAddress);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the sign-in page and waits for `landing` (path and query). */
export async function signInThroughUi(page: Page, emailAddress: string, password: string, landing = '/student/home'): Promise<void> {
  await page.goto('/auth/sign_in');
  await submitSignIn(page, emailAddress, password);
  await atPath(page, landing);
}

/**
 * Signs the page's context in without the form, for tests whose subject is not signing in: the
 * API's login, then the cookies the web app itself writes on sign-in (storeAuthToken). The page is
 * not moved: the test goes where it means to, one page load instead of the form's two.
 */
export async function signInWithCookie(page: Page, app: TestApp, emailAddress: string, password: string): Promise<void> {
  const token = await signIn(app, emailAddress, password);
  const written: string[] = [];
  storeAuthToken(token, Date.now(), { read: () => '', write: (cookie) => written.push(cookie), secure: false });
  const now = Date.now() / 1000;
  const cookies = written
    .map((line) => {
      const [pair, ...attributes] = line.split('; ');
      const index = pair.indexOf('=');
      const expires = attributes.find((a) => a.startsWith('expires='));
      return {
        name: pair.slice(0, index),
        value: pair.slice(index + 1),
        url: app.url,
        sameSite: 'Lax' as const,
        expires: expires ? Date.parse(expires.slice('expires='.length)) / 1000 : -1,
      };
    })
    // An already-expired cookie is one the browser would not keep.
    .filter((cookie) => cookie.expires === -1 || cookie.expires > now);
  await page.context().addCookies(cookies);
}

/** The auth_token cookie of the context, if any. */
export async function authCookie(context: BrowserContext): Promise<string | null> {
  const cookie = (await context.cookies()).find((c) => c.name === 'auth_token');
  return cookie?.value ? cookie.value : null;
}

/** Polls `check` until it returns a value, failing after `timeout` (the browser tests' longer default). */
export const eventually = <T>(check: () => Promise<T | null | undefined | false>, what: string, timeout = WAIT_MS): Promise<T> =>
  eventuallyWithin(check, what, timeout);

/** Where browser tests save their screenshots (SCREENSHOT_DIR, or .test-data/screenshots). */
export const SCREENSHOTS = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(import.meta.dirname, '../../../.test-data/screenshots'));

/** Saves the page (the whole page unless `fullPage: false`) as `<name>.png` in SCREENSHOTS, to look at. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}
