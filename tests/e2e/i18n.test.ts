/**
 * Languages in the browser (issue 32): a visitor whose browser speaks Spanish or Brazilian
 * Portuguese signs up and signs in in it (the errors too), a student who changes the language
 * setting to French sees the shell in French, also after a reload, and an instructor whose browser
 * speaks Spanish reads the contracts' refusals the web shows in Spanish (the course form's, the
 * gallery's). Screenshots at 1280 and 375 px.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from '@playwright/test';
import { signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { atPath, eventually, launchBrowser, openSession, screenshot, signInWithCookie, visible, test } from './support/browser';

const PHONE = { width: 375, height: 800 };

let app: TestApp;
let browser: Browser;
test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-i18n'), launchBrowser()]);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The words of one locale the test looks for. */
interface Words {
  locale: string;
  signUpTitle: string;
  email: string;
  password: string;
  confirm: string;
  signUp: string;
  welcomeSubject: string;
  signInTitle: string;
  signIn: string;
  wrongCredentials: string;
  home: string;
  settings: string;
  shortcuts: string;
  reserveTitle: string;
  reserveFirstStep: string;
  reserveNoCourse: string;
  /** The catalogs' language the page speaks. */
  language: string;
}

const SPANISH: Words = {
  locale: 'es-MX',
  signUpTitle: 'Crea tu cuenta',
  email: 'Correo electrónico',
  password: 'Contraseña',
  confirm: 'Confirma la contraseña',
  signUp: 'Registrarme',
  welcomeSubject: 'Te damos la bienvenida a Tertulia',
  signInTitle: 'Iniciar sesión',
  signIn: 'Iniciar sesión',
  wrongCredentials: 'El correo electrónico o la contraseña no son correctos.',
  home: 'Inicio',
  settings: 'Ajustes',
  shortcuts: 'Accesos directos',
  reserveTitle: 'Reservar conversación',
  reserveFirstStep: 'Curso y lección',
  reserveNoCourse: 'No tienes ningún curso en marcha: elige un idioma para hablar.',
  language: 'es',
};
const PORTUGUESE: Words = {
  locale: 'pt-BR',
  signUpTitle: 'Crie sua conta',
  email: 'E-mail',
  password: 'Senha',
  confirm: 'Confirme a senha',
  signUp: 'Cadastrar',
  welcomeSubject: 'Boas-vindas ao Tertulia',
  signInTitle: 'Entrar',
  signIn: 'Entrar',
  wrongCredentials: 'O e-mail ou a senha estão incorretos.',
  home: 'Início',
  settings: 'Configurações',
  shortcuts: 'Atalhos',
  reserveTitle: 'Reservar conversa',
  reserveFirstStep: 'Curso e lição',
  reserveNoCourse: 'Você não tem nenhum curso em andamento: escolha um idioma para conversar.',
  language: 'pt-BR',
};

/** The languages of the message chunks a page downloads from now on (web/vite.config.ts: `messages-<language>[-<part>]-<hash>.js`). */
function messageLanguagesLoaded(page: Page): Set<string> {
  const languages = new Set<string>();
  page.on('request', (request) => {
    const chunk = /\/assets\/messages-(en|es|fr|pt-BR|en-XA)(?:-[A-Za-z]+)?-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (chunk) languages.add(chunk[1]);
  });
  return languages;
}

/** No button or link is cut off: each shows its whole text inside its own box. */
async function nothingClipped(page: Page): Promise<void> {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a, [role="button"], label')]
      .filter((e) => e.offsetParent !== null && !e.closest('.visually-hidden'))
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => e.textContent?.trim()),
  );
  assert.deepEqual(clipped, [], 'clipped or overflowing controls');
}

for (const words of [SPANISH, PORTUGUESE]) {
  test(`${words.locale}: sign up and sign in in the browser's language`, async () => {
    const tag = words.locale.toLowerCase();
    const address = `new.${tag}@example.com`;
    const signUp = await openSession(browser, app, { locale: words.locale });
    const { page } = signUp;
    await page.goto('/auth/sign_up');
    await visible(page.getByRole('heading', { name: words.signUpTitle, level: 1 }));
    await nothingClipped(page);
    await screenshot(page, `i18n-${tag}-sign-up-1280`);
    await page.getByLabel(words.email).fill(address);
    await page.getByRole('textbox', { name: words.password, exact: true }).fill('Passw0rd!');
    await page.getByRole('textbox', { name: words.confirm }).fill('Passw0rd!');
    await page.getByRole('button', { name: words.signUp, exact: true }).click();
    await eventually(async () => !new URL(page.url()).pathname.startsWith('/auth/sign_up'), 'the sign-up to end');
    const welcome = await eventually(
      async () => (await app.runtime.outbox!.list(address)).find((m) => m.subject === words.welcomeSubject),
      'the welcome in the page language',
    );
    assert.ok(welcome);
    await signUp.close();

    const student = { email: `student.${tag}@example.com`, password: 'Student-Pass1' };
    await signUpOnboarded(app, student.email, student.password);
    for (const viewport of [undefined, PHONE]) {
      const session = await openSession(browser, app, { locale: words.locale, ...(viewport ? { viewport } : {}) });
      const { page } = session;
      const width = viewport ? 375 : 1280;
      const languages = messageLanguagesLoaded(page);
      await page.goto('/auth/sign_in');
      await visible(page.getByRole('heading', { name: words.signInTitle, level: 1 }));
      await page.getByLabel(words.email).fill(student.email);
      await page.getByRole('textbox', { name: words.password, exact: true }).fill('Wrong-Passw0rd');
      await page.getByRole('button', { name: words.signIn, exact: true }).click();
      await visible(page.getByText(words.wrongCredentials));
      await nothingClipped(page);
      await screenshot(page, `i18n-${tag}-sign-in-error-${width}`);
      await page.getByRole('textbox', { name: words.password, exact: true }).fill(student.password);
      await page.getByRole('button', { name: words.signIn, exact: true }).click();
      await atPath(page, '/student/home');
      await visible(page.getByRole('navigation', { name: words.shortcuts }));
      if (!viewport) {
        await visible(page.getByRole('link', { name: words.settings, exact: true }));
        // The whole menu fits the header's one row, as the English one does.
        assert.ok((await page.locator('header').boundingBox())!.height < 80, 'the header holds one row');
      }
      await nothingClipped(page);
      await screenshot(page, `i18n-${tag}-home-${width}`);
      // A converted area page (the reserve flow's first step) in the same language.
      await page.goto('/student/reserve');
      await visible(page.getByRole('heading', { name: words.reserveTitle, level: 1 }));
      await visible(page.getByText(words.reserveFirstStep, { exact: true }));
      await visible(page.getByText(words.reserveNoCourse));
      await nothingClipped(page);
      await screenshot(page, `i18n-${tag}-reserve-${width}`);
      // Only this language's messages came down (issue 32), the conversations' page's code too.
      await page.goto('/student/conversations');
      await visible(page.getByRole('heading', { level: 1 }));
      assert.deepEqual([...languages], [words.language], "the message chunks downloaded are the page language's only");
      await session.close();
    }
  });
}

test('a student chooses French in the settings: the shell speaks French, also after a reload', async () => {
  const student = { email: 'student.fr@example.com', password: 'Student-Pass1' };
  await signUpOnboarded(app, student.email, student.password);
  const session = await openSession(browser, app, { locale: 'es-ES' });
  const { page } = session;
  await page.goto('/auth/sign_in');
  await page.getByLabel(SPANISH.email).fill(student.email);
  await page.getByRole('textbox', { name: SPANISH.password, exact: true }).fill(student.password);
  await page.getByRole('button', { name: SPANISH.signIn, exact: true }).click();
  await atPath(page, '/student/home');
  await page.getByRole('link', { name: SPANISH.settings, exact: true }).click();
  await page.getByRole('link', { name: /^Perfil/ }).click();
  await page.getByRole('combobox', { name: 'Idioma' }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await page.getByRole('button', { name: 'Usar este idioma' }).click();
  const nav = page.getByRole('navigation', { name: 'Principal' });
  await visible(nav.getByRole('link', { name: 'Paramètres', exact: true }));
  assert.deepEqual(await nav.getByRole('link').allTextContents(), [
    'Accueil',
    'Cours',
    'Réserver',
    'Conversations',
    'Aventures',
    'FAQ (s’ouvre dans un nouvel onglet)',
    'Aide',
    'Paramètres',
    'Se déconnecter',
  ]);
  await page.goto('/student/home');
  await visible(page.getByRole('navigation', { name: 'Raccourcis' }));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  await nothingClipped(page);
  await screenshot(page, 'i18n-fr-home-1280');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await visible(page.getByRole('menuitem', { name: 'Se déconnecter' }));
  // The menu fades in: its picture once it is opaque.
  await eventually(
    async () => (await page.getByRole('menu').evaluate((menu) => getComputedStyle(menu.parentElement!).opacity)) === '1',
    'the menu to finish opening',
  );
  await screenshot(page, 'i18n-fr-menu-375');
  await page.keyboard.press('Escape');
  await nothingClipped(page);
  await screenshot(page, 'i18n-fr-home-375');
  await session.close();
});

test("an instructor whose browser speaks Spanish reads the contracts' refusals in Spanish: the course form's, the gallery's", async () => {
  const instructor = { email: 'instructor.es@example.com', password: 'Teacher-Pass1' };
  await signUpOnboarded(app, instructor.email, instructor.password, 'INSTRUCTOR');
  const session = await openSession(browser, app, { locale: 'es-ES' });
  const { page } = session;
  await signInWithCookie(page, app, instructor.email, instructor.password);
  // The form's own checks (contracts/validation/enrollment.ts CourseMessages), said through localizeKnown.
  await page.goto('/instructor/courses/new');
  await visible(page.getByRole('heading', { name: 'Nuevo curso', level: 1 }));
  await page.getByLabel('Termina').fill('');
  await page.getByRole('button', { name: 'Crear curso' }).click();
  await visible(page.getByText('El nombre del curso es obligatorio.'));
  await visible(page.getByText('La fecha de fin es obligatoria.'));
  assert.equal(await page.getByText('The course name is required.').count(), 0);
  await nothingClipped(page);
  await screenshot(page, 'i18n-es-course-form-1280');
  // No speaker speaks French in this app: the gallery's alert (SpeakerMessages.noSpeakersForLanguage).
  await page.goto('/instructor/gallery?language=fr');
  await visible(page.getByText('No hay hablantes para este idioma. Elige otro idioma.'));
  await screenshot(page, 'i18n-es-gallery-empty-1280');
  await session.close();
});
