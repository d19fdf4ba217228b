/**
 * The instructor's sidebar in Chromium (spec 3, Instructor): Courses, Templates, Gallery, Settings
 * and the support links Quick Start, Help, FAQ, Sign out, each shown once (the header leaves out
 * what the sidebar holds); the search over the instructor's own courses and lessons shows
 * 'Searching ...' while it asks, groups what it finds under Courses and Lessons (never another
 * instructor's course), says 'No results found', and opens a result by keyboard: Down and Enter on
 * a wide screen (a lesson opens its course's discussion topics with its row marked), Tab and Enter
 * in the phone's drawer. Screenshots: .test-data/screenshots/instructor-search-*.png.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import { signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { createCourse, createPlans } from '../support/enrollment';
import { atPath, hidden, launchBrowser, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';

const PASSWORD = 'Instructor-Pass1';
let app: TestApp;
let browser: Browser;
const courses: Record<string, string> = {};
let guestsLessonId = '';

async function setTopic(token: string, courseId: string, index: number, title: string, discussionTopic: string) {
  const owned = await app.gql(
    `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { lesson { id } } } } }`,
    { id: courseId },
    token,
  );
  const lessonId = owned.data.me.ownedCourse.lessonAssignments[index].lesson.id as string;
  const res = await app.gql(
    `mutation($input: ChangeLessonInput!) { changeLesson(input: $input) { changed } }`,
    { input: { lessonId, title, discussionTopic } },
    token,
  );
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return lessonId;
}

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-instructor-search'), launchBrowser()]);
  await createPlans(app);
  const ana = await signUpOnboarded(app, 'ana.sidebar@example.com', PASSWORD, 'INSTRUCTOR');
  const bob = await signUpOnboarded(app, 'bob.sidebar@example.com', PASSWORD, 'INSTRUCTOR');
  courses.travellers = (await createCourse(app, ana.token, { name: 'Spanish for Travellers', completionRequirement: 2 })).id;
  courses.business = (await createCourse(app, ana.token, { name: 'Business French', completionRequirement: 3 })).id;
  courses.literature = (await createCourse(app, bob.token, { name: 'Spanish Literature', completionRequirement: 2 })).id;
  guestsLessonId = await setTopic(ana.token, courses.business, 1, 'Spanish guests', 'Welcoming Spanish-speaking clients to the office');
  await setTopic(bob.token, courses.literature, 0, 'Spanish poets', 'Lorca and Machado');
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 A and AA rules on the sidebar as it is (results open): the rule ids it breaks. */
async function sidebarViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the pages' CSP refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const r = await (window as any).axe.run('aside', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Instructor area' });
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search courses and lessons' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

/** Holds the search's answers back a little, so 'Searching ...' is there to be seen. */
async function slowSearch(page: Page) {
  await page.route('**/graphql', async (route) => {
    // Deliberate: a slow answer, so that 'Searching ...' shows meanwhile.
    if (route.request().postData()?.includes('InstructorSearch')) await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
}

test.describe('instructor sidebar and search', () => {
  test("a wide screen: the sidebar's links once each; grouped results, by keyboard to a lesson", async () => {
    const session = await openSession(browser, app, { viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const { page } = session;
    await slowSearch(page);
    await signInWithCookie(page, app, 'ana.sidebar@example.com', PASSWORD);
    await page.goto('/instructor/courses/grid');
    const aside = await visible(sidebar(page));
    const names = async (nav: string) =>
      (await aside.getByRole('navigation', { name: nav }).getByRole('link').allInnerTexts()).map((t) =>
        t.replace(/\s+\(opens in a new tab\)/, '').trim(),
      );
    assert.deepEqual(await names('Instructor'), ['Courses', 'Templates', 'Gallery', 'Settings']);
    assert.deepEqual(await names('Support'), ['Quick Start', 'Help', 'FAQ', 'Sign out']);
    assert.equal(await aside.getByRole('link', { name: 'Courses' }).getAttribute('aria-current'), 'page');
    // Each link once: the header keeps only the logo (home) while the sidebar holds the rest.
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    assert.equal(await page.getByRole('link', { name: /^Settings$/ }).count(), 1);
    assert.equal(await page.getByRole('link', { name: /^Help$/ }).count(), 1);

    await searchBox(page).click();
    await page.keyboard.type('spanish');
    await visible(aside.getByRole('status').getByText('Searching ...'));
    const list = await visible(results(page));
    const groups = list.getByRole('list');
    assert.deepEqual(
      await groups.evaluateAll((els) =>
        els.map((el) => el.getAttribute('aria-labelledby') && document.getElementById(el.getAttribute('aria-labelledby')!)!.textContent),
      ),
      ['Courses', 'Lessons'],
    );
    assert.deepEqual(
      await list.getByRole('link').evaluateAll((els) => els.map((el) => el.querySelector('.MuiListItemText-primary')!.textContent)),
      ['Spanish for Travellers', 'Spanish guests'],
    );
    assert.equal(await list.getByText('Spanish Literature').count(), 0, "another instructor's course is never listed");
    assert.equal(await list.getByText('Spanish poets').count(), 0);
    await visible(aside.getByRole('status').getByText('1 course and 1 lesson found', { exact: false }));
    await screenshot(page, 'instructor-search-desktop');
    assert.deepEqual(await sidebarViolations(page), [], 'the open results pass axe');

    // Across the breakpoint and back (a window resized; a full-page screenshot does it for a
    // moment): the sidebar is not mounted afresh, so the search and its results stay.
    await page.setViewportSize({ width: 600, height: 900 });
    await visible(page.getByRole('button', { name: 'Instructor menu' }));
    await page.setViewportSize({ width: 1280, height: 900 });
    await hidden(page.getByRole('button', { name: 'Instructor menu' }));
    assert.equal(await searchBox(page).inputValue(), 'spanish');
    await visible(aside.getByRole('status').getByText('1 course and 1 lesson found', { exact: false }));

    // By keyboard: Down to the course, Down to the lesson, Enter.
    await searchBox(page).press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.startsWith('Spanish for Travellers')), true);
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.startsWith('Spanish guests')), true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/instructor/courses/${courses.business}` && url.hash === '#topics');
    await visible(page.getByRole('tab', { name: 'Discussion topics', selected: true }));
    const marked = page.locator(`[id="lesson-${guestsLessonId}"]`);
    await visible(marked);
    assert.equal(await marked.getAttribute('aria-current'), 'true');
    assert.equal(await searchBox(page).inputValue(), '', 'the box is cleared once a result opens');
    await screenshot(page, 'instructor-search-lesson-desktop');

    await searchBox(page).fill('zzzz');
    await visible(aside.getByRole('status').getByText('No results found'));
    await searchBox(page).press('Escape');
    assert.equal(await searchBox(page).inputValue(), '');
    await hidden(aside.getByText('No results found'));
    await session.close();
  });

  test('a phone: the sidebar is a drawer; Tab and Enter open a course', async () => {
    const session = await openSession(browser, app, { viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const { page } = session;
    await signInWithCookie(page, app, 'ana.sidebar@example.com', PASSWORD);
    await page.goto('/instructor/courses/grid');
    const menu = await visible(page.getByRole('button', { name: 'Instructor menu' }));
    assert.equal(await page.getByRole('button', { name: 'Open the menu' }).count(), 0, 'one menu on a phone: the instructor menu');
    await screenshot(page, 'instructor-sidebar-closed-phone', { fullPage: false });
    await menu.click();
    const drawer = await visible(page.getByRole('presentation').getByRole('complementary', { name: 'Instructor area' }));
    await drawer.getByRole('textbox', { name: 'Search courses and lessons' }).fill('spanish');
    await visible(results(page).getByRole('link', { name: /Spanish guests/ }));
    await screenshot(page, 'instructor-search-phone', { fullPage: false });
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.startsWith('Spanish for Travellers')), true);
    await page.keyboard.press('Enter');
    await atPath(page, `/instructor/courses/${courses.travellers}`);
    await hidden(drawer);
    await visible(page.getByRole('heading', { name: 'Spanish for Travellers', level: 1 }));
    await screenshot(page, 'instructor-search-course-phone', { fullPage: false });
    await session.close();
  });

  test("in the browser's language (Spanish, then French): the sidebar, the search, the courses and a course's page", async () => {
    const session = await openSession(browser, app, { viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
    const { page } = session;
    await signInWithCookie(page, app, 'ana.sidebar@example.com', PASSWORD);
    await page.goto('/instructor/courses/grid');
    const aside = await visible(page.getByRole('complementary', { name: 'Área de profesor/a' }));
    await visible(page.getByRole('heading', { name: 'Cursos', level: 1 }));
    await visible(page.getByText('Crear un curso'));
    await visible(page.getByText('Mostrar cursos terminados'));
    await aside.getByRole('textbox', { name: 'Buscar cursos y lecciones' }).fill('spanish');
    await visible(aside.getByRole('status').getByText('1 curso y 1 lección encontrados', { exact: false }));
    await visible(page.getByRole('list', { name: 'Resultados de la búsqueda' }).getByText('Business French · conversación 2'));
    await screenshot(page, 'instructor-courses-es');
    await page.goto(`/instructor/courses/${courses.business}`);
    await visible(page.getByRole('tab', { name: 'Temas de conversación' }));
    await visible(page.getByText('3 conversaciones de 15 minutos', { exact: false }));
    await visible(page.getByRole('button', { name: 'Copiar el número de invitación' }));
    await screenshot(page, 'instructor-course-es');
    await page.evaluate(() => localStorage.setItem('tertulia.locale', 'fr'));
    // Only the hash changes: the page is loaded again to read the device's language afresh.
    await page.goto(`/instructor/courses/${courses.business}#students`);
    await page.reload();
    await visible(page.getByText('Pas encore d’étudiants'));
    await visible(page.getByRole('tab', { name: 'Sujets de discussion' }));
    await screenshot(page, 'instructor-course-students-fr');
    await session.close();
  });
});
