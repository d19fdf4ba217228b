/**
 * Single sign-on for schools against a real Keycloak (issue 33): one Keycloak (scripts/keycloak,
 * realm "school") and one product for the file. An admin configures the school's OpenID Connect
 * provider in the back-office (a wrong issuer refused by its discovery); then, through the IdP's own
 * login page: a new student, an instructor by the realm's claim, an existing password account linked
 * by its verified address (whose password sign-in the school turned off), an unverified address and
 * a domain no school covers refused, a callback carried to another browser, a replayed and an unknown
 * state refused, and sign-out at the IdP. Then the same Keycloak as a SAML 2.0 IdP for another school
 * (its metadata fetched on save, our SP metadata downloaded): a new student, an instructor by the
 * assertion's attribute, a response whose signed assertion was changed on the way, and responses no
 * request of ours asked for, refused; single logout both ways (our signed LogoutRequest at sign-out,
 * and Keycloak's admin ending the person's sessions, which reaches us over its back channel), an
 * unsigned LogoutRequest refused with nothing ended.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  INSTRUCTOR_CLAIM,
  KEYCLOAK_CLIENT,
  KEYCLOAK_SAML_USERS,
  KEYCLOAK_USERS,
  SAML_IDP_INITIATED_NAME,
} from '../../scripts/keycloak/realm';
import { startKeycloak, type KeycloakServer } from '../../scripts/keycloak/server';
import { streams as accountStreams } from '../../services/domain/identity/events';
import { createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import {
  atPath,
  authCookie,
  eventually,
  hidden,
  launchBrowser,
  openSession,
  screenshot,
  signInWithCookie,
  visible,
  type Session,
  test,
} from './support/browser';

const ADMIN = { email: 'sso-admin@example.com', password: 'Adm1nPassword' };
const PASSWORD_ACCOUNT = { password: 'Passw0rd!' };
const SLOW = 90_000;

let app: TestApp;
let keycloak: KeycloakServer;
let browser: Browser;
let admin: { token: string };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  [keycloak, app, browser] = await Promise.all([startKeycloak(), startTestApp({}, 'e2e-school-sign-in'), launchBrowser()]);
  admin = await createAdmin(app, ADMIN.email, ADMIN.password);
  // Keycloak requires our requests signed: it is given the certificate our SP metadata publishes.
  const metadata = await (await fetch(`${app.url}/api/sso/saml/metadata`)).text();
  const signingCertificate = metadata.match(/<ds:X509Certificate>([^<]+)</)![1].replace(/\s+/g, '');
  await keycloak.addSamlClient({
    entityId: `${app.url}/api/sso/saml/metadata`,
    acsUrl: `${app.url}/api/sso/saml/acs`,
    sloUrl: `${app.url}/api/sso/saml/slo`,
    signingCertificate,
  });
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
  await keycloak?.stop();
});

/**
 * Each school's first test configures it through the back-office; every later test makes sure of it
 * itself (through the API, with the same settings), so it passes run alone or after a failure.
 */
async function schoolConfigured(domain: string, settings: Record<string, unknown>) {
  if ((await app.runtime.store.readStream(`sso-domain-${domain}`)).length > 0) return;
  const res = await app.gql(
    'mutation($input: SaveIdentityProviderInput!) { saveIdentityProvider(input: $input) { changed } }',
    {
      input: {
        issuer: '',
        clientId: '',
        scopes: 'openid email profile',
        domains: [domain],
        instructorClaimName: INSTRUCTOR_CLAIM.name,
        instructorClaimValue: INSTRUCTOR_CLAIM.value,
        ...settings,
      },
    },
    admin.token,
  );
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
}
const OIDC_DOMAIN = 'uni.example';
const oidcSchool = () =>
  schoolConfigured(OIDC_DOMAIN, {
    displayName: 'Universidad de Ejemplo',
    issuer: keycloak.issuer,
    clientId: KEYCLOAK_CLIENT.clientId,
    clientSecret: KEYCLOAK_CLIENT.clientSecret,
    passwordSignInAllowed: false,
  });

/** Asks for the school sign-in with `emailAddress` and, at Keycloak's login page, signs in as `user`. */
async function signInAtSchool(page: Page, emailAddress: string, user?: { username: string; password: string }) {
  await page.goto('/auth/sign_in');
  await page.getByRole('link', { name: 'Sign in with your school' }).click();
  await visible(page.getByRole('heading', { name: 'Sign in with your school' }));
  await page.getByLabel('Email').fill(emailAddress);
  await page.getByRole('button', { name: 'Continue to my school' }).click();
  if (!user) return;
  await visible(page.locator('#username'), SLOW);
  assert.ok(page.url().startsWith(keycloak.issuer), `at the IdP: ${page.url()}`);
  await page.locator('#username').fill(user.username);
  await page.locator('#password').fill(user.password);
  await page.locator('#kc-login').click();
}

/** Waits for the product's session cookie and answers who it belongs to. */
async function signedInAs(session: Session) {
  const token = await eventually(() => authCookie(session.context), 'the session cookie', SLOW);
  const me = await app.gql('{ me { id emailAddress account { roles } } }', {}, token);
  assert.equal(me.errors, undefined, JSON.stringify(me.errors));
  return { token, ...(me.data.me as { id: string; emailAddress: string; account: { roles: string[] } }) };
}

/** The person's history as the admin reads it (the history read model is paced: wait for the entry). */
const historyHas = (accountId: string, description: string) =>
  eventually(async () => {
    const res = await app.gql(
      'query($id: ID!) { userHistory(userId: $id, first: 50) { edges { node { description } } } }',
      { id: accountId },
      admin.token,
    );
    return (res.data?.userHistory.edges as { node: { description: string } }[] | undefined)?.some(
      (e) => e.node.description === description,
    );
  }, `"${description}" in the history`);

const accountEvents = async (accountId: string) =>
  (await app.runtime.store.readStream(`account-${accountId}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));

test.describe('sign in with your school (OpenID Connect, Keycloak)', () => {
  let linkedAccountId: string;

  test('an admin configures the school: a wrong issuer is refused, the secret never comes back', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, ADMIN.email, ADMIN.password);
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Identity providers' }).click();
    await visible(page.getByRole('heading', { name: 'Identity providers', level: 1 }));
    await page.getByRole('link', { name: 'New identity provider' }).click();
    // The list's own controls carry labels too: fill only once the form's page is the one shown.
    await visible(page.getByRole('heading', { name: 'New identity provider', level: 1 }));
    await page.getByLabel('Name').fill('Universidad de Ejemplo');
    await page.getByLabel('Issuer URL').fill(`${keycloak.url}/realms/no-such-realm`);
    await page.getByLabel('Client ID').fill(KEYCLOAK_CLIENT.clientId);
    await page.getByLabel('Client secret').fill(KEYCLOAK_CLIENT.clientSecret);
    await page.getByLabel('Email domains').fill(OIDC_DOMAIN);
    await page.getByLabel('Instructor claim').fill(INSTRUCTOR_CLAIM.name);
    await page.getByLabel('Instructor value').fill(INSTRUCTOR_CLAIM.value);
    await page.getByLabel('Password sign-in stays allowed for these domains').uncheck();
    await page.getByRole('button', { name: 'Create provider' }).click();
    await visible(page.getByText(/could not read this issuer's OpenID configuration/).first());
    assert.equal((await app.runtime.store.readStream(`sso-domain-${OIDC_DOMAIN}`)).length, 0, 'a refused save writes nothing');

    await page.getByLabel('Issuer URL').fill(keycloak.issuer);
    await page.getByRole('button', { name: 'Create provider' }).click();
    await visible(page.getByRole('heading', { name: 'Universidad de Ejemplo', level: 1 }), SLOW);
    await visible(page.getByText('The identity provider was created.'));
    await visible(page.getByLabel('Replace the client secret'));
    await visible(page.getByText(`${app.url}/api/sso/oidc/callback`));
    assert.ok(!(await page.content()).includes(KEYCLOAK_CLIENT.clientSecret), 'the secret is not in the page');
    await screenshot(page, 'admin-identity-provider-desktop');

    await page.getByRole('link', { name: 'Identity providers' }).first().click();
    await visible(page.getByRole('cell', { name: OIDC_DOMAIN }));
    await visible(page.getByText(`Students; instructors when ${INSTRUCTOR_CLAIM.name} = ${INSTRUCTOR_CLAIM.value}`));
    await screenshot(page, 'admin-identity-providers-desktop');
    await session.close();
  });

  test('a new student signs in through the school: made just in time, and signed out at the IdP too', async () => {
    await oidcSchool();
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/auth/sign_in');
    await page.getByRole('link', { name: 'Sign in with your school' }).click();
    await visible(page.getByRole('heading', { name: 'Sign in with your school' }));
    await screenshot(page, 'school-sign-in-desktop');
    await signInAtSchool(page, KEYCLOAK_USERS.student.emailAddress, KEYCLOAK_USERS.student);
    const me = await signedInAs(session);
    assert.equal(me.emailAddress, KEYCLOAK_USERS.student.emailAddress);
    assert.deepEqual(me.account.roles, ['ONBOARDING_STUDENT']);
    const events = await accountEvents(me.id);
    assert.equal(events.find((e) => e.type === 'AccountRegistered')?.data.via, 'single_sign_on');
    assert.equal(events.find((e) => e.type === 'IdentityProviderLinked')?.data.via, 'just_in_time');
    await historyHas(me.id, "Signed up through their school's sign-in as student (onboarding).");

    // Sign-out ends our session, then the IdP's (it asks to confirm: Tertulia keeps no ID token to hint with).
    await page.goto('/auth/sign_out');
    await eventually(async () => page.url().startsWith(keycloak.url), 'the IdP logout page', SLOW);
    assert.equal(await authCookie(session.context), null);
    await page.locator('#kc-logout').click();
    await atPath(page, '/auth/sign_in', SLOW);
    await signInAtSchool(page, KEYCLOAK_USERS.student.emailAddress);
    await visible(page.locator('#username'), SLOW); // the IdP asks again: its session ended too
    await session.close();
  });

  test('an instructor signs in: the realm claim makes an instructor', async () => {
    await oidcSchool();
    const session = await openSession(browser, app);
    await signInAtSchool(session.page, KEYCLOAK_USERS.instructor.emailAddress, KEYCLOAK_USERS.instructor);
    const me = await signedInAs(session);
    assert.deepEqual(me.account.roles, ['ONBOARDING_INSTRUCTOR']);
    await session.close();
  });

  test('an existing password account is linked by its verified address; its password sign-in is refused', async () => {
    await oidcSchool();
    linkedAccountId = (await signUp(app, KEYCLOAK_USERS.linked.emailAddress, PASSWORD_ACCOUNT.password)).accountId;
    const session = await openSession(browser, app);
    const { page } = session;
    await page.goto('/auth/sign_in');
    await page.getByLabel('Email').fill(KEYCLOAK_USERS.linked.emailAddress);
    await page.getByLabel('Password').fill(PASSWORD_ACCOUNT.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visible(page.getByText('Your school signs you in: use "Sign in with your school".'));
    await screenshot(page, 'sign-in-password-refused-desktop');

    await signInAtSchool(page, KEYCLOAK_USERS.linked.emailAddress, KEYCLOAK_USERS.linked);
    const me = await signedInAs(session);
    assert.equal(me.id, linkedAccountId, 'the same account');
    const linked = (await accountEvents(linkedAccountId)).filter((e) => e.type === 'IdentityProviderLinked');
    assert.equal(linked.length, 1);
    assert.equal(linked[0].data.via, 'verified_email');
    await historyHas(linkedAccountId, "The account was linked to its school's identity provider (the school confirmed the address).");
    await session.close();
  });

  test('an address the school did not verify, and a domain no school covers, are refused', async () => {
    await oidcSchool();
    const session = await openSession(browser, app);
    const { page } = session;
    await signInAtSchool(page, KEYCLOAK_USERS.unverified.emailAddress, KEYCLOAK_USERS.unverified);
    await visible(page.getByText('Your school has not confirmed your email address, so Tertulia cannot sign you in with it.'), SLOW);
    assert.equal(await authCookie(session.context), null);

    await page.getByLabel('Email').fill('someone@nowhere.example');
    await page.getByRole('button', { name: 'Continue to my school' }).click();
    await visible(page.getByText('No school signs in addresses of this domain. Sign in with your password instead.'));
    await hidden(page.getByText('Your school has not confirmed your email address', { exact: false }));
    assert.ok(page.url().startsWith(app.url));
    await screenshot(page, 'school-sign-in-refused-desktop');
    await session.close();
  });

  test('a callback link carried to another browser is refused: the sign-in is bound to the browser that started it', async () => {
    await oidcSchool();
    const starter = await openSession(browser, app);
    const other = await openSession(browser, app);
    // The IdP's answer to the login form is a redirect to our callback: kept here, not followed.
    let callback = '';
    await starter.page.route('**/login-actions/authenticate**', async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      callback = answer.headers().location ?? '';
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'The callback is kept by the test.' });
    });
    await signInAtSchool(starter.page, KEYCLOAK_USERS.student.emailAddress, KEYCLOAK_USERS.student);
    await eventually(async () => callback.includes('/api/sso/oidc/callback') && callback, 'the IdP sending the starter back');
    await other.page.goto(callback);
    await visible(other.page.getByText('This sign-in was started in another browser. Please start again here.'));
    assert.equal(await authCookie(other.context), null);
    // Refused, not used: in the browser that started it the same link still signs in.
    await starter.page.unrouteAll();
    await starter.page.goto(callback);
    assert.equal((await signedInAs(starter)).emailAddress, KEYCLOAK_USERS.student.emailAddress);
    await other.close();
    await starter.close();
  });

  test('a replayed state and an unknown state are refused with a clear page', async () => {
    await oidcSchool();
    const first = await openSession(browser, app);
    let callback = '';
    first.page.on('request', (request) => {
      if (request.url().includes('/api/sso/oidc/callback')) callback = request.url();
    });
    await signInAtSchool(first.page, KEYCLOAK_USERS.student.emailAddress, KEYCLOAK_USERS.student);
    await signedInAs(first);
    await first.close();
    assert.ok(callback, 'the callback was seen');
    const replay = await openSession(browser, app);
    await replay.page.goto(callback);
    await visible(replay.page.getByText('This sign-in link was used already. Please start again below.'));
    assert.equal(await authCookie(replay.context), null);
    const unknown = new URL(callback);
    unknown.searchParams.set('state', 'not-a-state-we-started');
    await replay.page.goto(unknown.href);
    await visible(replay.page.getByText('This sign-in link is not one Tertulia started. Please start again below.'));
    assert.equal(await authCookie(replay.context), null);
    await replay.close();
  });
});

test.describe('sign in with your school (SAML 2.0, Keycloak)', () => {
  const SAML_DOMAIN = 'college.example';
  const samlSchool = () =>
    schoolConfigured(SAML_DOMAIN, {
      kind: 'SAML',
      displayName: 'Colegio de Ejemplo',
      samlMetadataUrl: keycloak.samlMetadataUrl,
      passwordSignInAllowed: true,
    });
  const samlSignIn = (page: Page, user: { username: string; emailAddress: string; password: string }) =>
    signInAtSchool(page, user.emailAddress, user);
  /** The account streams of an address: none when nothing was written for it. */
  const emailStream = (address: string) => app.runtime.store.readStream(accountStreams.email(address));
  const verificationFailed = "Tertulia could not verify your school's answer.";

  test('an admin configures a SAML school from its metadata URL; bad metadata is refused; our SP metadata downloads', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, ADMIN.email, ADMIN.password);
    await page.goto('/admin/identity_providers/create');
    await page.getByLabel('SAML 2.0').check();
    await page.getByLabel('Name').fill('Colegio de Ejemplo');
    await page.getByLabel('Email domains').fill(SAML_DOMAIN);
    await page.getByLabel('Instructor attribute').fill(INSTRUCTOR_CLAIM.name);
    await page.getByLabel('Instructor value').fill(INSTRUCTOR_CLAIM.value);
    await hidden(page.getByLabel('Client ID'));
    await page.getByLabel('Metadata URL').fill(keycloak.samlMetadataUrl);
    await screenshot(page, 'admin-identity-provider-saml-form-desktop');

    await page.getByLabel('Metadata URL').fill(`${keycloak.url}/realms/no-such-realm/protocol/saml/descriptor`);
    await page.getByRole('button', { name: 'Create provider' }).click();
    await visible(page.getByText(/could not fetch the metadata: the address answered 404/).first(), SLOW);
    // Metadata, but a service provider's (ours), not an identity provider's.
    await page.getByLabel('Metadata URL').fill(`${app.url}/api/sso/saml/metadata`);
    await page.getByRole('button', { name: 'Create provider' }).click();
    await visible(page.getByText(/not the SAML 2.0 metadata of an identity provider/).first(), SLOW);
    assert.equal((await app.runtime.store.readStream(`sso-domain-${SAML_DOMAIN}`)).length, 0, 'a refused save writes nothing');

    await page.getByLabel('Metadata URL').fill(keycloak.samlMetadataUrl);
    await page.getByRole('button', { name: 'Create provider' }).click();
    await visible(page.getByRole('heading', { name: 'Colegio de Ejemplo', level: 1 }), SLOW);
    await visible(page.getByText(`${keycloak.issuer}/protocol/saml`, { exact: true }));
    await visible(page.getByText(`${app.url}/api/sso/saml/acs`));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: "Download Tertulia's SAML metadata" }).click(),
    ]);
    const metadata = readFileSync((await download.path())!, 'utf8');
    assert.match(metadata, new RegExp(`entityID="${app.url}/api/sso/saml/metadata"`));
    assert.match(metadata, new RegExp(`Location="${app.url}/api/sso/saml/acs"`));
    assert.match(metadata, /nameid-format:emailAddress/);
    assert.match(metadata, /<KeyDescriptor use="signing">/);
    assert.match(metadata, new RegExp(`SingleLogoutService[^>]*Location="${app.url}/api/sso/saml/slo"`));
    await screenshot(page, 'admin-identity-provider-saml-desktop');
    await session.close();
  });

  test('a new student signs in through SAML: made just in time', async () => {
    await samlSchool();
    const session = await openSession(browser, app);
    await samlSignIn(session.page, KEYCLOAK_SAML_USERS.student);
    const me = await signedInAs(session);
    assert.equal(me.emailAddress, KEYCLOAK_SAML_USERS.student.emailAddress);
    assert.deepEqual(me.account.roles, ['ONBOARDING_STUDENT']);
    const events = await accountEvents(me.id);
    assert.equal(events.find((e) => e.type === 'AccountRegistered')?.data.via, 'single_sign_on');
    assert.equal(events.find((e) => e.type === 'IdentityProviderLinked')?.data.via, 'just_in_time');
    await session.close();
  });

  test("an instructor signs in through SAML: the assertion's attribute makes an instructor", async () => {
    await samlSchool();
    const session = await openSession(browser, app);
    await samlSignIn(session.page, KEYCLOAK_SAML_USERS.instructor);
    const me = await signedInAs(session);
    assert.equal(me.emailAddress, KEYCLOAK_SAML_USERS.instructor.emailAddress);
    assert.deepEqual(me.account.roles, ['ONBOARDING_INSTRUCTOR']);
    await session.close();
  });

  test('a response whose signed assertion was changed on the way is refused, and nothing is written', async () => {
    await samlSchool();
    const forged = `forged@${SAML_DOMAIN}`;
    const session = await openSession(browser, app);
    const { page } = session;
    let tampered = false;
    await page.route('**/api/sso/saml/acs', async (route) => {
      const form = new URLSearchParams(route.request().postData() ?? '');
      const xml = Buffer.from(form.get('SAMLResponse') ?? '', 'base64').toString('utf8');
      const assertion = xml.indexOf('Assertion');
      const changed = xml.slice(0, assertion) + xml.slice(assertion).replaceAll(KEYCLOAK_SAML_USERS.student.emailAddress, forged);
      tampered = changed !== xml;
      form.set('SAMLResponse', Buffer.from(changed, 'utf8').toString('base64'));
      await route.continue({ postData: form.toString() });
    });
    await samlSignIn(page, KEYCLOAK_SAML_USERS.student);
    await visible(page.getByText(verificationFailed, { exact: false }), SLOW);
    assert.ok(tampered, 'the address was in the assertion, and changed');
    assert.equal(await authCookie(session.context), null);
    assert.equal((await emailStream(forged)).length, 0, 'no account for the forged address');
    await screenshot(page, 'school-sign-in-saml-tampered-desktop');
    await session.close();
  });

  test('responses no request of ours asked for are refused: unsolicited, and unsolicited carrying our RelayState', async () => {
    await samlSchool();
    const session = await openSession(browser, app);
    const { page } = session;
    const idpInitiated = `${keycloak.issuer}/protocol/saml/clients/${SAML_IDP_INITIATED_NAME}`;
    const login = async (user: { username: string; password: string }) => {
      await visible(page.locator('#username'), SLOW);
      await page.locator('#username').fill(user.username);
      await page.locator('#password').fill(user.password);
      await page.locator('#kc-login').click();
    };
    // An IdP-initiated response (no InResponseTo, no RelayState of ours) goes through as it is and is
    // refused; kept, it then replaces the IdP's answer to a sign-in of ours begun in this browser (our
    // RelayState and cookie): a response to no request of ours is refused even so.
    let unsolicited = '';
    let posted = false;
    let swapped = false;
    await page.route('**/api/sso/saml/acs', async (route) => {
      const form = new URLSearchParams(route.request().postData() ?? '');
      if (!unsolicited) {
        unsolicited = form.get('SAMLResponse') ?? '';
        posted = !form.get('RelayState');
        await route.continue();
        return;
      }
      swapped = !!form.get('RelayState');
      form.set('SAMLResponse', unsolicited);
      await route.continue({ postData: form.toString() });
    });
    await page.goto(idpInitiated);
    await login(KEYCLOAK_SAML_USERS.student);
    await visible(page.getByText('This sign-in link is not one Tertulia started. Please start again below.'), SLOW);
    assert.equal(await authCookie(session.context), null);

    await signInAtSchool(page, KEYCLOAK_SAML_USERS.student.emailAddress); // the IdP's session answers at once
    await visible(page.getByText(verificationFailed, { exact: false }), SLOW);
    assert.ok(swapped, 'our RelayState came with the replaced response');
    assert.ok(posted, 'the unsolicited response came without a RelayState');
    assert.equal(await authCookie(session.context), null);
    await session.close();
  });

  test('a SAML student signs out in Tertulia and is signed out at Keycloak too (single logout)', async () => {
    await samlSchool();
    const session = await openSession(browser, app);
    const { page } = session;
    await samlSignIn(page, KEYCLOAK_SAML_USERS.student);
    const me = await signedInAs(session);
    // Our signed LogoutRequest goes to Keycloak, whose signed LogoutResponse comes back to our SLO service.
    const answered = page.waitForRequest((r) => r.url() === `${app.url}/api/sso/saml/slo` && r.method() === 'POST', {
      timeout: SLOW,
    });
    await page.goto('/auth/sign_out');
    const response = new URLSearchParams((await answered).postData() ?? '');
    assert.ok(response.get('SAMLResponse'), 'Keycloak answered with a LogoutResponse');
    await atPath(page, '/auth/sign_in', SLOW);
    assert.equal(await authCookie(session.context), null);
    const again = await app.gql('{ me { id } }', {}, me.token);
    assert.equal(again.data?.me ?? null, null, 'our session ended');
    await signInAtSchool(page, KEYCLOAK_SAML_USERS.student.emailAddress);
    await visible(page.locator('#username'), SLOW); // Keycloak asks for the password again: its session ended too
    await screenshot(page, 'school-sign-in-saml-signed-out-desktop');
    await session.close();
  });

  test("Keycloak's admin ends the student's sessions: its LogoutRequest ends ours; an unsigned one is refused and ends nothing", async () => {
    await samlSchool();
    const session = await openSession(browser, app);
    const { page } = session;
    await samlSignIn(page, KEYCLOAK_SAML_USERS.student);
    const me = await signedInAs(session);
    const stillSignedIn = async () => (await app.gql('{ me { id } }', {}, me.token)).data?.me?.id === me.id;

    // A LogoutRequest for the student that nobody signed: refused over the back channel and in a browser, nothing ended.
    const unsigned = [
      '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"',
      ` ID="_forged" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${app.url}/api/sso/saml/slo">`,
      `<saml:Issuer>${keycloak.issuer}</saml:Issuer>`,
      `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${KEYCLOAK_SAML_USERS.student.emailAddress}</saml:NameID>`,
      '</samlp:LogoutRequest>',
    ].join('');
    const backChannel = await fetch(`${app.url}/api/sso/saml/slo`, {
      method: 'POST',
      body: new URLSearchParams({ SAMLRequest: Buffer.from(unsigned).toString('base64'), BACK_CHANNEL_LOGOUT: 'BACK_CHANNEL_LOGOUT' }),
    });
    assert.equal(backChannel.status, 400);
    const other = await openSession(browser, app);
    await other.page.setContent(
      `<form method="post" action="${app.url}/api/sso/saml/slo"><input name="SAMLRequest" value="${Buffer.from(unsigned).toString('base64')}"></form>`,
    );
    await other.page.evaluate(() => document.forms[0].submit());
    await visible(other.page.getByText("Tertulia could not verify your school's sign-out message, so it changed nothing."), SLOW);
    await screenshot(other.page, 'school-sign-in-saml-logout-refused-desktop');
    await other.close();
    assert.ok(await stillSignedIn(), 'the refused requests ended nothing');

    await keycloak.logoutUser(KEYCLOAK_SAML_USERS.student.username);
    await eventually(async () => !(await stillSignedIn()), 'our session ended by the IdP', SLOW);
    const events = await accountEvents(me.id);
    assert.ok(
      events.some((e) => e.type === 'SignedOut'),
      'SignedOut on the account',
    );
    await session.close();
  });
});
