/**
 * The back-office in Chromium (issue 3): an admin finds a student by quick search, adds minutes with
 * a reason and sees the transaction, the history entry and the student's own header change live;
 * changes the student's roles; opens the student's password-reset notification and its timeline;
 * pages a filtered students list forward and back, reloads, and gets the same view; the back-office in
 * the browser's Spanish (screenshots admin-dashboard-es-1280, admin-students-es-1280,
 * admin-student-es-375, admin-menu-es-375).
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { GlobalCheckpoint } from '../../services/eventstore/port';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { MinuteReasons } from '../../contracts/afterConversation';
import { createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import {
  eventually,
  launchBrowser,
  minutesShown,
  openSession,
  screenshot,
  visible,
  type Session,
  signInWithCookie,
  test,
} from './support/browser';

const ADMIN = { email: 'admin@example.com', password: 'Adm1nPassword' };
const STUDENT = { email: 'rosa.student@example.com', password: 'Student-Pass1' };
const SCHOOL_STUDENTS = 57;

let app: TestApp;
let browser: Browser;
let studentId: string;
let adminSession: Session;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-admin'), launchBrowser()]);
  await createAdmin(app, ADMIN.email, ADMIN.password);
  studentId = (await signUp(app, STUDENT.email, STUDENT.password)).accountId;
  // A school's worth of students, written as sign-ups would have written them.
  const meta = (i: number) => ({
    actorId: null,
    correlationId: crypto.randomUUID(),
    causationId: null,
    occurredAt: new Date(Date.UTC(2025, 0, 1, 8, i)).toISOString(),
    schemaVersion: 1,
  });
  let checkpoint: GlobalCheckpoint | undefined;
  for (let i = 0; i < SCHOOL_STUDENTS; i++) {
    const id = crypto.randomUUID();
    const result = await app.runtime.store.appendToStreams([
      {
        stream: `account-${id}`,
        expected: 'no_stream',
        events: [
          {
            type: 'AccountRegistered',
            data: {
              accountId: id,
              emailAddress: `pupil${String(i).padStart(2, '0')}@school.example.com`,
              passwordHash: 'x',
              roles: ['STUDENT'],
              via: 'seed',
            },
            metadata: meta(i),
          },
          // Signed in since (the table's widest column: a time).
          {
            type: 'SignedIn',
            data: { sessionId: crypto.randomUUID(), ip: '203.0.113.7', expiresAt: new Date(Date.UTC(2025, 0, 2)).toISOString() },
            metadata: meta(i + 30),
          },
        ],
      },
    ]);
    checkpoint = result.checkpoint;
  }
  assert.ok(await app.runtime.runner.waitFor(checkpoint, ['directory', 'search', 'accounts'], 30_000));
  adminSession = await openSession(browser, app);
  await signInWithCookie(adminSession.page, app, ADMIN.email, ADMIN.password);
  await adminSession.page.goto('/admin/dashboard');
});
test.afterAll(async () => {
  await adminSession?.close();
  await browser?.close();
  await app?.close();
});

const snackbar = (page: Page, text: string) => visible(page.getByText(text, { exact: true }).first());

/** The text of the first cell of each body row of the table on the page. */
const firstColumn = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();

test.describe('the back-office bundle', () => {
  test('ships react-admin in the lazily loaded back-office chunk only, apart from the dashboard', () => {
    const dist = path.resolve(import.meta.dirname, '../../web/dist');
    const assets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const code = new Map(assets.map((f) => [f, fs.readFileSync(path.join(dist, 'assets', f), 'utf8')]));
    const holders = assets.filter((f) => code.get(f)!.includes('RaDatagrid'));
    assert.equal(holders.length, 1, `react-admin is in one chunk: ${holders.join(', ')}`);
    const [chunk] = holders;
    assert.match(chunk, /^BackOffice-/);
    for (const [file, text] of code) {
      assert.ok(
        !new RegExp(`(from|import)\\s*"\\./${chunk.replace(/[.]/g, '\\.')}"`).test(text),
        `${file} does not import the admin chunk statically`,
      );
    }
    assert.ok(!fs.readFileSync(path.join(dist, 'index.html'), 'utf8').includes(chunk), 'the page does not preload it');
  });
});

test.describe('the back-office', () => {
  test('shows the dashboard with its empty state', async () => {
    const { page } = adminSession;
    await page.goto('/admin/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    await visible(page.getByText('No conversations are reserved for today or tomorrow.'));
    await visible(page.getByRole('complementary', { name: 'Back-office' }).getByText(`© ${new Date().getFullYear()} Tertulia`));
  });

  test('finds a student by quick search, adds 30 minutes, and the student sees them live', async () => {
    const { page } = adminSession;
    // The student signs in elsewhere and watches their header.
    const student = await openSession(browser, app);
    await signInWithCookie(student.page, app, STUDENT.email, STUDENT.password);
    await student.page.goto('/student/home');
    // (Away from home, where the onboarding dialog of a new student covers the page.)
    await student.page.goto('/student/courses');
    await minutesShown(student.page, 0);

    await page.goto('/admin/dashboard');
    const search = page.getByRole('search', { name: 'Quick search' });
    await search.getByLabel('Personal details').check();
    await search.getByLabel('Quick search').fill('zzzz-nobody');
    await visible(search.getByText('No results found'));
    await search.getByLabel('Quick search').fill('rosa.stud');
    const results = await visible(search.getByRole('list', { name: 'Quick search results' }));
    await visible(results.getByText('Students'));
    await results.getByRole('link', { name: STUDENT.email }).click();
    await page.waitForURL((url) => url.pathname === `/admin/students/${studentId}`);
    await visible(page.getByRole('heading', { name: STUDENT.email, level: 1 }));

    await page.getByRole('tab', { name: 'Minutes' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/students/${studentId}/minutes`);
    const form = page.getByRole('form', { name: 'Adjust minutes' });
    await form.getByLabel('Minutes').fill('0');
    await form.getByRole('button', { name: 'Change minutes' }).click();
    await visible(form.getByText('Nothing changes with zero minutes. Please provide a different value.'));
    await visible(form.getByText('Please say why the minutes change: the reason is kept in the history.'));
    await form.getByLabel('Minutes').fill('30');
    await form.getByLabel('Reason').fill('Welcome gift');
    await form.getByRole('button', { name: 'Change minutes' }).click();
    await snackbar(page, 'The minutes were changed successfully!');
    await visible(page.getByTestId('person-minutes').getByText('30 minutes remaining'));
    const row = await visible(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1));
    assert.match((await row.textContent()) ?? '', /\+30.*admin adjustment.*Welcome gift/);

    // The student's header follows without a reload.
    await minutesShown(student.page, 30);

    await page.getByRole('tab', { name: 'History' }).click();
    const entry = await visible(page.getByRole('row').filter({ hasText: 'Added 30 minutes (admin adjustment). Reason: Welcome gift.' }));
    assert.match((await entry.textContent()) ?? '', /admin@example\.com/);
    await student.close();
  });

  test("changes the student's roles: Unassigned to Assigned, applied on save", async () => {
    const { page } = adminSession;
    await page.goto(`/admin/students/${studentId}/roles`);
    const assigned = await visible(page.getByRole('list', { name: 'Assigned', exact: true }));
    await visible(assigned.getByText('STUDENT', { exact: true }));
    await page.getByRole('button', { name: 'Assign INSTRUCTOR' }).click();
    await visible(assigned.getByText('INSTRUCTOR', { exact: true }));
    await page.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'The roles were updated successfully.');
    await visible(page.getByText('INSTRUCTOR (onboarding)'));
    const roles = await app.gql(`query($id: ID!) { user(userId: $id) { account { roles } } }`, { id: studentId }, await adminToken());
    assert.deepEqual(roles.data.user.account.roles, ['ONBOARDING_STUDENT', 'ONBOARDING_INSTRUCTOR']);

    // Admins edit their own roles too, but never ADMINISTRATOR.
    await page.goto('/admin/settings/roles');
    await visible(page.getByRole('list', { name: 'Assigned', exact: true }).getByText('Cannot be changed here'));
  });

  test("opens the student's password-reset notification and its timeline", async () => {
    const { page } = adminSession;
    await page.goto(`/admin/students/${studentId}/security`);
    await page.getByRole('button', { name: 'Send a password reset' }).click();
    await snackbar(page, "We've sent the reset message. Check your inbox for the password reset message.");
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('row').filter({ hasText: 'Reset your Tertulia password' }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/notifications/'));
    await visible(page.getByRole('heading', { name: 'Reset your Tertulia password', level: 1 }));
    const timeline = page.getByRole('table', { name: 'Timeline' });
    await visible(timeline.getByText('Queued', { exact: true }));
    await visible(timeline.getByText('Sent', { exact: true }), 60_000);
    await visible(page.getByText(STUDENT.email).first());
    assert.match((await page.getByLabel('Plain text').textContent()) ?? '', /\[redacted\]/);
  });

  test("lists the mail templates with their counts, and opens one template's messages", async () => {
    const { page } = adminSession;
    // A reset mail of its own, so that the template has a message to show whatever ran before.
    const recovered = await app.gql(`mutation($input: RecoverPasswordInput!) { recoverPassword(input: $input) { recovered } }`, {
      input: { emailAddress: STUDENT.email },
    });
    assert.equal(recovered.data?.recoverPassword.recovered, true, JSON.stringify(recovered.errors));
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Support', exact: true }).getByRole('link', { name: 'Mail templates' }).click();
    await visible(page.getByRole('heading', { name: 'Mail templates', level: 1 }));
    const reset = page.locator('table tbody tr').filter({ hasText: 'Password reset' });
    await visible(reset.getByText('Reset your Tertulia password'));
    await visible(page.locator('table tbody tr').filter({ hasText: 'Course share invite' }).getByText('Never sent'));
    await screenshot(page, 'admin-mail-templates-desktop');
    await reset.click();
    await page.waitForURL((url) => url.pathname === '/admin/notifications');
    await visible(page.getByText('Template is exactly password_reset'));
    await visible(page.getByRole('row').filter({ hasText: 'Reset your Tertulia password' }).first());
  });

  test('lists every profile, and a row opens the person under their role', async () => {
    const { page } = adminSession;
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Profiles' }).click();
    await visible(page.getByRole('heading', { name: 'Profiles', level: 1 }));
    const row = page.locator('table tbody tr').filter({ hasText: STUDENT.email });
    await visible(row.getByText('Not set yet').first());
    await screenshot(page, 'admin-profiles-desktop');
    await row.click();
    await page.waitForURL((url) => url.pathname === `/admin/students/${studentId}`);
  });

  test('pages a filtered students list forward and back, and a reload keeps the view', async () => {
    const { page } = adminSession;
    const table = {
      filter: { items: [{ field: 'emailAddress', operator: 'contains', value: '@school' }] },
      pagination: { page: 0, pageSize: 10 },
      sort: [{ field: 'emailAddress', sort: 'asc' }],
    };
    await page.goto(`/admin/students?table=${encodeURIComponent(JSON.stringify(table))}`);
    const range = page.getByTestId('page-range');
    await visible(range.getByText(`1–10 of ${SCHOOL_STUDENTS}`));
    await visible(page.getByText('Email contains @school'));
    assert.deepEqual(
      await firstColumn(page),
      Array.from({ length: 10 }, (_, i) => `pupil${String(i).padStart(2, '0')}@school.example.com`),
    );

    const next = page.getByRole('button', { name: 'Next page' });
    const previous = page.getByRole('button', { name: 'Previous page' });
    await next.click();
    await visible(range.getByText(`11–20 of ${SCHOOL_STUDENTS}`));
    await next.click();
    await visible(range.getByText(`21–30 of ${SCHOOL_STUDENTS}`));
    await eventually(async () => (await firstColumn(page))[0] === 'pupil20@school.example.com', 'the third page');
    await previous.click();
    await visible(range.getByText(`11–20 of ${SCHOOL_STUDENTS}`));
    await eventually(async () => (await firstColumn(page))[0] === 'pupil10@school.example.com', 'the second page again');
    const shown = await firstColumn(page);
    assert.deepEqual(
      shown,
      Array.from({ length: 10 }, (_, i) => `pupil${String(i + 10).padStart(2, '0')}@school.example.com`),
    );

    const state = JSON.parse(new URL(page.url()).searchParams.get('table')!);
    assert.equal(state.pagination.page, 1);
    assert.ok(state.pagination.before, 'going back carries the start cursor in the URL');

    await page.reload();
    await visible(range.getByText(`11–20 of ${SCHOOL_STUDENTS}`));
    await eventually(async () => JSON.stringify(await firstColumn(page)) === JSON.stringify(shown), 'the same rows after a reload');
    await visible(page.getByText('Email contains @school'));

    await previous.click();
    await visible(range.getByText(`1–10 of ${SCHOOL_STUDENTS}`));
    assert.equal(JSON.parse(new URL(page.url()).searchParams.get('table')!).pagination.page, 0);

    // On a 1280 px laptop the table fits beside the sidebar: no sideways scrolling.
    const sideways = await page
      .locator('table')
      .first()
      .evaluate((table) => {
        const card = table.parentElement!;
        return card.scrollWidth - card.clientWidth;
      });
    assert.ok(sideways <= 0, `the students table scrolls ${sideways} px sideways at 1280 px`);
    await screenshot(page, 'admin-students-1280');
  });

  test("in the browser's Spanish: the sidebar, the dashboard, a filtered students list at 1280 px and a student's page at 375 px", async () => {
    const session = await openSession(browser, app, { viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
    const { page } = session;
    await signInWithCookie(page, app, ADMIN.email, ADMIN.password);
    await page.goto('/admin/dashboard');
    const sections = await visible(page.getByRole('navigation', { name: 'Secciones de la administración' }));
    await visible(sections.getByRole('link', { name: 'Proveedores de identidad' }));
    await visible(page.getByRole('heading', { name: 'Panel', level: 1 }));
    await visible(page.getByText('Conversaciones de hoy'));
    await visible(page.getByText('No hay conversaciones reservadas para hoy ni mañana.'));
    await screenshot(page, 'admin-dashboard-es-1280');

    const table = {
      filter: { items: [{ field: 'emailAddress', operator: 'contains', value: '@school' }] },
      pagination: { page: 0, pageSize: 10 },
      sort: [{ field: 'emailAddress', sort: 'asc' }],
    };
    await page.goto(`/admin/students?table=${encodeURIComponent(JSON.stringify(table))}`);
    await visible(page.getByRole('heading', { name: 'Estudiantes', level: 1 }));
    await visible(page.getByTestId('page-range').getByText(`1–10 de ${SCHOOL_STUDENTS}`));
    await visible(page.getByText('Correo electrónico contiene @school'));
    await visible(page.getByRole('button', { name: 'Página siguiente' }));
    // react-admin's own words (the sort tooltip's) come from the catalogs too.
    await page.getByRole('columnheader', { name: 'Creado' }).getByRole('button').hover();
    await visible(page.getByRole('tooltip').getByText(/^Ordenar por creado en orden (ascendente|descendente)$/));
    await screenshot(page, 'admin-students-es-1280');

    // What the server writes, in Spanish: a minute transaction's action and known reason, the
    // history's sentences and the role chips.
    const bonus = await app.runtime.billing.changeMinutes(
      { actor: SYSTEM_ACTOR },
      { accountId: studentId, minutes: 5, reason: MinuteReasons.speakerBonus, action: 'bonus' },
    );
    await app.runtime.runner.waitFor(bonus.appended?.checkpoint, ['minutes', 'history']);
    await page.goto(`/admin/students/${studentId}/minutes`);
    const bonusRow = await visible(
      page.getByRole('row').filter({ hasText: 'Bonificación: te pedimos disculpas por el problema del hablante' }),
    );
    await visible(bonusRow.getByRole('cell', { name: 'bonificación', exact: true }));
    await visible(page.getByText(/^Estudiante/).first());
    await page.getByRole('tab', { name: 'Historial' }).click();
    await visible(
      page.getByRole('row').filter({
        hasText:
          /^.*Se añadieron 5 minutos \(bonificación\)\. Motivo: Bonificación: te pedimos disculpas por el problema del hablante\. Saldo: \d+ minutos\./,
      }),
    );
    await visible(page.getByRole('row').filter({ hasText: /Se registró como estudiante/ }));
    await screenshot(page, 'admin-student-history-es-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin/students/${studentId}/minutes`);
    await visible(page.getByRole('tab', { name: 'Minutos' }));
    await visible(page.getByRole('heading', { name: 'Ajustar minutos' }));
    await visible(page.getByTestId('person-minutes').getByText(/^Queda(n)? \d+ minutos?$/));
    await screenshot(page, 'admin-student-es-375');
    await page.getByRole('button', { name: 'Menú de la administración' }).click();
    await visible(
      page.getByRole('navigation', { name: 'Secciones de la administración' }).getByRole('link', { name: 'Planes de precios' }),
    );
    await screenshot(page, 'admin-menu-es-375', { fullPage: false });
    await session.close();
  });
});

async function adminToken(): Promise<string> {
  const res = await app.gql(`mutation($input: LoginInput!) { login(input: $input) { token } }`, {
    input: { emailAddress: ADMIN.email, password: ADMIN.password },
  });
  return res.data.login.token;
}
