/**
 * The admin's conversations table in Chromium (issue 11): names of both people, an 'Unused' filter
 * chosen in the filter bar, paging forward and back, a reload that keeps the view; the dashboard's
 * figures; the sidebar as a drawer on a 390 px phone with nothing wider than the screen; an unknown
 * back-office path shows the 404 page. Desktop (1280) and phone screenshots.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from '@playwright/test';
import { createAdmin, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { nameOf, writeChat, writeConversation, type HowItWent } from '../support/adminViews';
import { createSpeaker } from '../support/scheduling';
import { createCourse } from '../support/enrollment';
import {
  counted,
  eventually,
  launchBrowser,
  openSession,
  screenshot,
  visible,
  type Session,
  signInWithCookie,
  test,
} from './support/browser';

const ADMIN = { email: 'admin@example.com', password: 'Adm1nPassword' };
const UNUSED = 23;
const HOUR = 3600_000;

let app: TestApp;
let browser: Browser;
let session: Session;
let heldId = '';

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-admin-views'), launchBrowser()]);
  await createAdmin(app, ADMIN.email, ADMIN.password);
  const student = await signUpOnboarded(app, 'rosa@example.com');
  const speaker = await createSpeaker(app);
  await nameOf(app, student.accountId, 'Rosa P.');
  let checkpoint = await nameOf(app, speaker.accountId, 'Miguel S.');
  const slot = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 900_000) * 900_000);
  const plan: [number, HowItWent][] = [
    ...Array.from({ length: UNUSED }, (_, i): [number, HowItWent] => [-(i + 2) * 5, 'unused']),
    [-26, 'held'],
    [-50, 'held'],
    [3, 'canceled'],
    [4, 'reserved'],
    [20, 'reserved'],
  ];
  for (const [hours, how] of plan) {
    const written = await writeConversation(app, student.accountId, speaker.accountId, slot(hours), how);
    checkpoint = written.checkpoint;
    if (hours === -26) heldId = written.conversationId;
  }
  await writeChat(
    app,
    heldId,
    [
      [student.accountId, 'Hola Miguel, ¿empezamos?'],
      [speaker.accountId, '¡Claro! <b>Vamos</b>.'],
    ],
    slot(-26),
  );
  const teacher = await signUpOnboarded(app, 'teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
  const course = await createCourse(app, teacher.token, { name: 'Zarzuela and song', completionRequirement: 3 });
  const owned = await app.gql(
    `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { lesson { id } } } } }`,
    { id: course.id },
    teacher.token,
  );
  await app.gql(
    `mutation($input: ChangeLessonInput!) { changeLesson(input: $input) { lessonAssignment { id } } }`,
    {
      input: {
        lessonId: owned.data.me.ownedCourse.lessonAssignments[1].lesson.id,
        title: 'Mercados de Oaxaca',
        discussionTopic: 'What you buy at a market',
      },
    },
    teacher.token,
  );
  assert.ok(await app.runtime.runner.waitFor(checkpoint, ['conversations', 'directory'], 30_000));
  session = await openSession(browser, app);
  await signInWithCookie(session.page, app, ADMIN.email, ADMIN.password);
  await session.page.goto('/admin/dashboard');
});
test.afterAll(async () => {
  await session?.close();
  await browser?.close();
  await app?.close();
});

const firstColumn = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();

test.describe('the admin conversations and dashboard', () => {
  test('shows the dashboard with its figures and today and tomorrow named', async () => {
    const { page } = session;
    await page.goto('/admin/dashboard');
    await visible(page.getByText('Conversations tomorrow'));
    await visible(page.getByRole('table', { name: 'Reserved conversations' }).getByText('Rosa P.').first());
    await counted(page.locator('dl[aria-label="Key figures"] dt'), 4, 'key figures');
    await screenshot(page, 'admin-dashboard-desktop');
  });

  test("filters by status 'Unused', pages both ways and reloads", async () => {
    const { page } = session;
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Conversations' }).click();
    await visible(page.getByRole('heading', { name: 'Conversations', level: 1 }));
    const range = page.getByTestId('page-range');
    await visible(range.getByText(`1–25 of ${UNUSED + 5}`));
    await visible(page.getByText('Miguel S.').first());
    assert.equal(await page.getByText(/^Scroll sideways for more columns/).count(), 0, 'the whole table fits at 1280 px');

    await page.getByLabel('Column').click();
    await page.getByRole('option', { name: 'Status' }).click();
    await page.getByLabel('Value').click();
    await page.getByRole('option', { name: 'Unused' }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await visible(page.getByText('Status is Unused'));
    await visible(range.getByText(`1–${UNUSED} of ${UNUSED}`));

    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await visible(range.getByText(`1–10 of ${UNUSED}`));
    await counted(page.locator('table tbody tr').getByText('Stopped*'), 10, "'Stopped*' rows on a page of 10");
    const next = page.getByRole('button', { name: 'Next page' });
    const previous = page.getByRole('button', { name: 'Previous page' });
    const firstPage = JSON.stringify(await firstColumn(page));
    await next.click();
    await visible(range.getByText(`11–20 of ${UNUSED}`));
    // The range may show before the table has the new rows: the second page is ten other starts.
    const second = await eventually(async () => {
      const rows = await firstColumn(page);
      return rows.length === 10 && JSON.stringify(rows) !== firstPage ? rows : null;
    }, "the second page's rows");
    await next.click();
    await visible(range.getByText(`21–${UNUSED} of ${UNUSED}`));
    await previous.click();
    await visible(range.getByText(`11–20 of ${UNUSED}`));
    await eventually(async () => JSON.stringify(await firstColumn(page)) === JSON.stringify(second), 'the second page again');

    await page.reload();
    await visible(range.getByText(`11–20 of ${UNUSED}`));
    await visible(page.getByText('Status is Unused'));
    await eventually(async () => JSON.stringify(await firstColumn(page)) === JSON.stringify(second), 'the same rows after a reload');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 1280, `no sideways scrolling at 1280 px (${wide})`);
    await screenshot(page, 'admin-conversations-desktop');

    await page.locator('table tbody tr').first().click();
    await visible(page.getByRole('heading', { name: 'Rosa P. with Miguel S.', level: 1 }));
    await visible(page.getByText('Stopped*'));
    assert.equal(await page.getByRole('button', { name: /start|resume/i }).count(), 0, 'no start action');
  });

  test("shows a held conversation's chat read-only, each line with its author", async () => {
    const { page } = session;
    await page.goto(`/admin/conversations/${encodeURIComponent(heldId)}`);
    await visible(page.getByRole('heading', { name: 'Chat', level: 2 }));
    const log = page.getByRole('log', { name: 'Chat messages' });
    await visible(log.getByText('Hola Miguel, ¿empezamos?'));
    await visible(log.getByText('¡Claro! <b>Vamos</b>.'));
    await visible(log.getByText(/^Student · Rosa P\./));
    await visible(log.getByText(/^Speaker · Miguel S\./));
    await visible(page.getByText('The chat has closed. These are the messages that were sent.'));
    const sidebarBoxes = await page.getByRole('complementary', { name: 'Back-office' }).getByRole('textbox').count();
    assert.equal(await page.getByRole('textbox').count(), sidebarBoxes, 'nothing to write in but the quick search');
    assert.equal(await page.getByRole('button', { name: /send/i }).count(), 0, 'no send button');
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-conversation-chat-desktop');
  });

  test('quick search finds conversations, courses and lessons; a lesson opens its course at its row; the switch says what it does', async () => {
    const { page } = session;
    await page.goto('/admin/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Back-office' });
    await visible(sidebar.getByText('Off: only names, titles and locations are searched; turn it on to find people by email address.'));
    const box = sidebar.getByRole('textbox', { name: 'Quick search' });
    await box.fill('rosa');
    const results = sidebar.getByRole('list', { name: 'Quick search results' });
    await visible(results.getByText('Conversations'));
    await visible(results.getByText('Rosa P. with Miguel S.').first());
    await visible(results.getByText('Students'));
    await screenshot(page, 'admin-quick-search-conversations');
    await box.fill('zarzuela');
    await visible(results.getByText('Courses'));
    await visible(results.getByRole('link', { name: /^Zarzuela and song/ }));
    await visible(results.getByText('Lessons'));
    await box.fill('oaxaca');
    await visible(results.getByText('Lessons'));
    await screenshot(page, 'admin-quick-search-lesson');
    await results.getByRole('link', { name: /Mercados de Oaxaca/ }).click();
    await visible(page.getByRole('heading', { name: 'Zarzuela and song', level: 1 }));
    const row = page.getByRole('row', { name: /Mercados de Oaxaca/ });
    await visible(row);
    assert.equal(
      (await row.getAttribute('aria-selected')) ?? (await row.evaluate((el) => (el.classList.contains('Mui-selected') ? 'true' : 'false'))),
      'true',
      'the lesson row is marked',
    );
    await screenshot(page, 'admin-quick-search-lesson-course');
    await sidebar.getByRole('switch', { name: 'Personal details' }).check();
    await visible(sidebar.getByText('On: email addresses are searched and shown.'));
    await box.fill('rosa@example');
    await visible(results.getByText('Rosa P. with Miguel S.').first());
    await sidebar.getByRole('switch', { name: 'Personal details' }).uncheck();
  });

  test("lists every course's lessons, and a lesson row opens its course", async () => {
    const { page } = session;
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Lessons' }).click();
    await visible(page.getByRole('heading', { name: 'Lessons', level: 1 }));
    await visible(page.getByTestId('page-range').getByText('1–3 of 3'));
    await visible(page.getByRole('cell', { name: 'Mercados de Oaxaca' }));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 1280, `no sideways scrolling at 1280 px (${wide})`);
    await screenshot(page, 'admin-lessons-desktop');
    await page.getByRole('cell', { name: 'Mercados de Oaxaca' }).click();
    await visible(page.getByRole('heading', { name: 'Zarzuela and song', level: 1 }));
  });

  test('folds the sidebar into a drawer on a phone, fits 390 px, and shows the 404 page for unknown paths', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/conversations');
    await visible(page.getByTestId('page-range'));
    assert.equal(await page.getByRole('complementary', { name: 'Back-office' }).count(), 0, 'no sidebar above the page');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `nothing wider than the phone (${width})`);
    // The table's clipped columns are announced under it.
    await visible(page.getByText(/^Scroll sideways for more columns/));
    await screenshot(page, 'admin-conversations-phone');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'admin-conversations-375');
    await page.setViewportSize({ width: 390, height: 844 });
    // The back-office wears the product's look: its teal, rounded buttons and type (not react-admin's blue).
    const look = await page.getByRole('button', { name: 'Back-office menu' }).evaluate((button) => ({
      color: getComputedStyle(button).color,
      radius: getComputedStyle(button).borderTopLeftRadius,
      font: getComputedStyle(document.querySelector('h1')!).fontFamily,
    }));
    assert.deepEqual({ ...look, font: look.font.split(',')[0] }, { color: 'rgb(29, 92, 107)', radius: '999px', font: '"Segoe UI"' });
    // One menu: the header has none of its own in the back-office; the drawer holds its links.
    assert.equal(await page.getByRole('button', { name: 'Open the menu' }).count(), 0, 'no header menu above the back-office menu');
    await page.getByRole('button', { name: 'Back-office menu' }).click();
    const drawer = page.getByRole('complementary', { name: 'Back-office' });
    await visible(drawer.getByText(`© ${new Date().getFullYear()} Tertulia`));
    for (const link of ['Settings', 'Help', 'Sign out']) await visible(drawer.getByRole('link', { name: link, exact: true }));
    await screenshot(page, 'admin-drawer-phone');
    await drawer.getByRole('link', { name: 'Dashboard' }).click();
    await visible(page.getByText('Conversations tomorrow'));
    await screenshot(page, 'admin-dashboard-phone');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/no-such-page');
    await visible(page.getByText("We couldn't find this page."));
    await visible(page.getByRole('button', { name: 'Go back' }));
    await visible(page.getByRole('link', { name: 'Get help' }));
  });
});
