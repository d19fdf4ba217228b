/**
 * The pseudo-locale en-XA (issue 32, web/src/i18n/pseudo.ts) at a phone's width: every role's main
 * pages, in English accented and about 40 % longer, neither scroll sideways nor cut a button's or a
 * tab's label — the room a translation needs. Screenshots of each page.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from '@playwright/test';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { createSpeaker, createStudent } from '../support/scheduling';
import { launchBrowser, navigateInApp, openSession, screenshot, visible, test } from './support/browser';

let app: TestApp;
let browser: Browser;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-pseudo-locale'), launchBrowser()]);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** What does not fit: the page wider than the screen, a control whose label is cut. */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px in ${width})`);
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="button"], [role="tab"], a.MuiButton-root')) {
      if (!el.checkVisibility() || !el.getBoundingClientRect().width) continue;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`cut: "${(el.textContent ?? '').trim().slice(0, 60)}"`);
    }
    return problems;
  });
}

async function checkPages(page: Page, role: string, paths: string[]) {
  const found: string[] = [];
  for (const p of paths) {
    // The first page loaded, the others reached inside the app as its links do.
    if (page.url().startsWith(app.url)) await navigateInApp(page, p);
    else await page.goto(p);
    await visible(page.locator('h1').first());
    await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-XA', `${p} is in the pseudo-locale`);
    // Pages not converted yet (scripts/i18n/unconverted.txt) keep English words beside the shell's.
    assert.match(await page.locator('body').innerText(), /ẋ/, `${p} shows words of the catalog`);
    found.push(...(await misfits(page)).map((m) => `${p}: ${m}`));
    await screenshot(page, `pseudo-${role}${p.replace(/\//g, '-')}-375`);
  }
  assert.deepEqual(found, [], `${role}'s pages at 375 px in en-XA`);
}

async function pseudoSession(emailAddress?: string, password?: string) {
  const session = await openSession(browser, app, { viewport: { width: 375, height: 800 } });
  await session.context.addInitScript("localStorage.setItem('tertulia.locale', 'en-XA')");
  if (emailAddress && password) {
    // The form by its fields' names: its labels are in the pseudo-locale too.
    await session.page.goto('/auth/sign_in');
    await session.page.locator('input[name="emailAddress"]').fill(emailAddress);
    await session.page.locator('input[name="password"]').fill(password);
    await session.page.locator('button[type="submit"]').click();
    await session.page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  }
  return session;
}

test.describe('the pseudo-locale en-XA at 375 px', () => {
  test('fits on the signed-out pages', async () => {
    const session = await pseudoSession();
    await checkPages(session.page, 'visitor', ['/auth/sign_in', '/auth/sign_up']);
    // The check finds what it looks for: a label cut short and a page pushed wider than the screen.
    await session.page.evaluate(() => {
      const cut = Object.assign(document.createElement('button'), { textContent: 'A label far too long for its button' });
      cut.style.cssText = 'width: 80px; white-space: nowrap; overflow: hidden';
      const wide = Object.assign(document.createElement('div'), { textContent: 'wide' });
      wide.style.cssText = 'width: 600px';
      document.body.append(cut, wide);
    });
    assert.deepEqual(await misfits(session.page), [
      'the page scrolls sideways (600 px in 375)',
      'cut: "A label far too long for its button"',
    ]);
    await session.close();
  });

  test("fits on a student's main pages", async () => {
    const student = await createStudent(app, 60);
    const session = await pseudoSession(student.emailAddress, 'Stud3ntPass!');
    await checkPages(session.page, 'student', ['/student/home', '/student/reserve', '/student/conversations', '/student/settings']);
    await session.close();
  });

  test("fits on a speaker's, an instructor's and an admin's landing pages", async () => {
    const speaker = await createSpeaker(app);
    let session = await pseudoSession(speaker.emailAddress, 'Sp3akerPass!');
    await checkPages(session.page, 'speaker', ['/speaker/planner']);
    await session.close();

    const instructor = 'pseudo.instructor@example.com';
    await app.runtime.identity.register(
      { actor: SYSTEM_ACTOR },
      { emailAddress: instructor, password: 'Instruct0r-Pass', roles: ['INSTRUCTOR'] },
    );
    session = await pseudoSession(instructor, 'Instruct0r-Pass');
    await checkPages(session.page, 'instructor', ['/instructor/courses/grid']);
    await session.close();

    await createAdmin(app, 'pseudo.admin@example.com', 'Adm1nPassword');
    session = await pseudoSession('pseudo.admin@example.com', 'Adm1nPassword');
    await checkPages(session.page, 'admin', ['/admin/dashboard']);
    await session.close();
  });
});
