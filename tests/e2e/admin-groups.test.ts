/**
 * The admin's groups table in Chromium (issue 11): empty at first; two schools with instructors,
 * courses, enrollments and a held conversation, reached from the sidebar; sorted by students;
 * filtered by the school's name from the filter bar; a row opens the group's page, whose instructor
 * and course links lead to their pages. Desktop screenshots of the table and the group.
 */
import assert from 'node:assert/strict';
import type { Browser } from '@playwright/test';
import { createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { writeConversation } from '../support/adminViews';
import { enrollAsAdmin } from '../support/conversations';
import { createCourse, createPlans, readModelsCaughtUp } from '../support/enrollment';
import { createSpeaker } from '../support/scheduling';
import {
  atPath,
  eventually,
  launchBrowser,
  openSession,
  screenshot,
  visible,
  type Session,
  signInWithCookie,
  test,
} from './support/browser';

const ADMIN = { email: 'groups-admin@example.com', password: 'Adm1nPassword' };

let app: TestApp;
let browser: Browser;
let session: Session;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-groups'), launchBrowser()]);
  await createAdmin(app, ADMIN.email, ADMIN.password);
  await createPlans(app);
  session = await openSession(browser, app);
  await signInWithCookie(session.page, app, ADMIN.email, ADMIN.password);
  await session.page.goto('/admin/dashboard');
});
test.afterAll(async () => {
  await session?.close();
  await browser?.close();
  await app?.close();
});

async function gqlOk(query: string, input: Record<string, unknown>, token: string) {
  const res = await app.gql(query, { input }, token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
}

/** An onboarded instructor naming a school. */
async function instructor(email: string, displayName: string, school: string) {
  const person = await signUp(app, email, 'Passw0rd!', 'INSTRUCTOR');
  await gqlOk(
    `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }`,
    { givenName: displayName, surname: 'Teacher', displayName, school },
    person.token,
  );
  await gqlOk(
    `mutation($input: OnboardAccountInput!) { onboardAccount(input: $input) { onboarded } }`,
    { role: 'INSTRUCTOR' },
    person.token,
  );
  return person;
}

test.describe('the groups table', () => {
  test('says when there are no groups yet', async () => {
    const { page } = session;
    await page.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Groups' }).click();
    await visible(page.getByRole('heading', { name: 'Groups', level: 1 }));
    await visible(page.getByText('No groups yet.'));
  });

  test('lists schools with their counts, filters by name and opens a group', async () => {
    const { page } = session;
    const ana = await instructor('ana.norte@example.com', 'Ana Ruiz', 'Escuela Norte');
    const luis = await instructor('luis.norte@example.com', 'Luis Vega', 'Escuela Norte');
    const dan = await instructor('dan.sur@example.com', 'Dan Soto', 'Colegio Sur');
    const speaker = await createSpeaker(app);
    const a1 = await createCourse(app, ana.token, { name: 'Conversación A1' });
    await createCourse(app, luis.token, { name: 'Debate B2', proficiency: 'advanced' });
    const d1 = await createCourse(app, dan.token, { name: 'Sur inicial' });
    const students = await Promise.all([0, 1, 2].map((i) => signUp(app, `pupil${i}@example.com`)));
    for (const s of students) await enrollAsAdmin(app, a1.inviteNumber, s.accountId);
    await enrollAsAdmin(app, d1.inviteNumber, students[0].accountId);
    await writeConversation(app, students[0].accountId, speaker.accountId, new Date(Date.now() - 26 * 3_600_000), 'held', a1.id);
    await readModelsCaughtUp(app, ['groups', 'directory']);

    await page.reload();
    const rows = page.locator('table tbody tr');
    await visible(rows.nth(1));
    assert.deepEqual(
      (await rows.locator('td:first-child').allTextContents()).map((t) => t.trim()),
      ['Colegio Sur', 'Escuela Norte'],
    );
    await visible(rows.nth(1).getByRole('cell', { name: '15', exact: true }));

    // Sorted by students, most first.
    const sortByStudents = page.getByRole('columnheader', { name: 'Students' }).getByRole('button');
    await sortByStudents.click();
    await eventually(
      async () => decodeURIComponent(page.url()).includes('"field":"studentsCount","sort":"asc"'),
      'sorted by students, fewest first',
    );
    // The header offers the other order once the table has drawn this one: a click before that
    // (the address changes first) toggles the order the table still shows, ascending again.
    await visible(page.getByRole('columnheader', { name: 'Students' }).getByRole('button', { name: 'Sort by students descending' }));
    await sortByStudents.click();
    await eventually(
      async () => decodeURIComponent(page.url()).includes('"field":"studentsCount","sort":"desc"'),
      'sorted by students, most first',
    );
    await eventually(
      async () =>
        JSON.stringify((await rows.locator('td:first-child').allTextContents()).map((t) => t.trim())) ===
        JSON.stringify(['Escuela Norte', 'Colegio Sur']),
      'most students first',
    );
    await page.mouse.move(0, 0);
    await screenshot(page, 'admin-groups-desktop');

    await page.getByLabel('Column').click();
    await page.getByRole('option', { name: 'School' }).click();
    await page.getByLabel('Value').fill('norte');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await visible(page.getByText('School contains norte'));
    await visible(page.getByTestId('total-count').getByText('1 in total'));
    await eventually(async () => (await rows.count()) === 1, 'one school left');

    await rows.first().click();
    await visible(page.getByRole('heading', { name: 'Escuela Norte', level: 1 }));
    const overview = page.getByRole('region', { name: 'Overview' });
    await visible(overview.getByText('2 (2 current)'));
    await visible(overview.getByText('15'));
    const courses = page.getByRole('region', { name: 'Courses' });
    await visible(courses.getByRole('link', { name: 'Conversación A1' }));
    await visible(courses.getByRole('link', { name: 'Debate B2' }));
    await screenshot(page, 'admin-group-desktop');

    await page.getByRole('region', { name: 'Instructors' }).getByRole('link', { name: 'Luis Vega' }).click();
    await atPath(page, `/admin/instructors/${luis.accountId}`);
    await page.goBack();
    await courses.getByRole('link', { name: 'Conversación A1' }).click();
    await atPath(page, `/admin/courses/${a1.id}`);
    await visible(page.getByRole('heading', { name: 'Conversación A1', level: 1 }));
  });
});
