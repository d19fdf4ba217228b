/**
 * SAML single logout at the product's SLO service (issue 33), with the identity provider played by
 * node-saml holding a key of its own: the IdP's signed LogoutRequest ends exactly the sessions it
 * names (NameID, and SessionIndex when given) and is answered with our signed LogoutResponse; an
 * unsigned one ends nothing; our LogoutRequest at sign-out is answered once, and only by the IdP.
 * The school sessions are recorded as the ACS records them (SchoolSignInCompleted with the NameID
 * and SessionIndex); the browser flows against Keycloak are in tests/e2e/school-sign-in.test.ts.
 */
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAML } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { EMAIL_NAME_ID_FORMAT } from '../../services/integrations/sso/saml';
import { newServiceProviderKey } from '../../services/integrations/sso/samlKey';
import { createAdmin, signIn, signUp, startTestApp, type TestApp } from '../support/app';

const IDP_ENTITY = 'https://idp.college.example/realms/college';
const IDP_SLO = 'https://idp.college.example/realms/college/protocol/saml/logout';
const IDP_KEY = newServiceProviderKey(IDP_ENTITY);
const DOMAIN = 'college.example';
const ME = '{ me { id } }';

let app: TestApp;
let providerId: string;
const pem = (der: string) => new X509Certificate(Buffer.from(der, 'base64')).toString();

/** The IdP's side: node-saml with the IdP's key, sending to our SLO service. */
const idp = (key = IDP_KEY) =>
  new SAML({
    issuer: IDP_ENTITY,
    entryPoint: `${app.url}/api/sso/saml/slo`,
    logoutUrl: `${app.url}/api/sso/saml/slo`,
    callbackUrl: `${app.url}/api/sso/saml/slo`,
    idpCert: pem(IDP_KEY.certificate),
    privateKey: key.privateKeyPem,
    signatureAlgorithm: 'sha256',
  });
const logoutRequest = (nameID: string, sessionIndex?: string, key = IDP_KEY) =>
  idp(key).getLogoutUrlAsync(
    { issuer: IDP_ENTITY, nameID, nameIDFormat: EMAIL_NAME_ID_FORMAT, ...(sessionIndex ? { sessionIndex } : {}) },
    'idp-relay',
    {},
  );
const visit = (url: string) => fetch(url, { redirect: 'manual' });
const signedIn = async (token: string) => (await app.gql(ME, {}, token)).data?.me != null;

/** A password sign-in recorded as a SAML school session of the provider, as the ACS records one. */
async function schoolSession(emailAddress: string, nameId: string, sessionIndex: string) {
  const token = await signIn(app, emailAddress, 'Passw0rd!');
  const accountId = (await app.gql(ME, {}, token)).data.me.id as string;
  const signIns = (await app.runtime.store.readStream(`account-${accountId}`)).filter((e) => e.type === 'SignedIn');
  const sessionId = (signIns[signIns.length - 1].data as { sessionId: string }).sessionId;
  const { appended } = await app.runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
    tx.append(`school-sign-in-test-${sessionId}`, [
      {
        type: 'SchoolSignInCompleted',
        data: {
          providerId,
          accountId,
          sessionId,
          outcome: 'signed_in',
          saml: { nameId, nameIdFormat: EMAIL_NAME_ID_FORMAT, sessionIndex },
        },
      },
    ]);
  });
  await app.runtime.runner.waitFor(appended?.checkpoint, ['sso']);
  return token;
}

beforeAll(async () => {
  app = await startTestApp({}, 'saml-logout');
  const admin = await createAdmin(app);
  const metadata = readFileSync(join(import.meta.dirname, '../../services/integrations/sso/fixtures/idp-metadata.xml'), 'utf8')
    .replaceAll('https://idp.uni.example/realms/school/protocol/saml/logout', IDP_SLO)
    .replaceAll('https://idp.uni.example/realms/school', IDP_ENTITY)
    .replace(/<ds:X509Certificate>[^<]*</, `<ds:X509Certificate>${IDP_KEY.certificate}<`);
  const saved = await app.gql(
    `mutation($input: SaveIdentityProviderInput!) { saveIdentityProvider(input: $input) { identityProvider { id } } }`,
    {
      input: {
        kind: 'SAML',
        displayName: 'Colegio',
        samlMetadataXml: metadata,
        issuer: '',
        clientId: '',
        scopes: '',
        domains: [DOMAIN],
        passwordSignInAllowed: true,
      },
    },
    admin.token,
  );
  assert.equal(saved.errors, undefined, JSON.stringify(saved.errors));
  providerId = saved.data.saveIdentityProvider.identityProvider.id;
  for (const name of ['ana', 'bea', 'cy']) await signUp(app, `${name}@${DOMAIN}`);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe("the IdP's LogoutRequest", () => {
  it('ends the sessions of its NameID and SessionIndex only, and is answered with our signed LogoutResponse', async () => {
    const first = await schoolSession(`ana@${DOMAIN}`, `ana@${DOMAIN}`, 'idx-ana-1');
    const second = await schoolSession(`ana@${DOMAIN}`, `ana@${DOMAIN}`, 'idx-ana-2');
    const other = await schoolSession(`bea@${DOMAIN}`, `bea@${DOMAIN}`, 'idx-bea-1');

    const answered = await visit(await logoutRequest(`ana@${DOMAIN}`, 'idx-ana-1'));
    assert.equal(answered.status, 303);
    const response = new URL(answered.headers.get('location')!);
    assert.equal(`${response.origin}${response.pathname}`, IDP_SLO, 'to the IdP, carrying our LogoutResponse');
    assert.equal(response.searchParams.get('RelayState'), 'idp-relay');
    assert.ok(response.searchParams.get('SAMLResponse') && response.searchParams.get('Signature'), 'signed');
    // The IdP checks it against the certificate of our metadata.
    const metadata = await (await fetch(`${app.url}/api/sso/saml/metadata`)).text();
    const ours = metadata.match(/<ds:X509Certificate>([^<]+)</)![1].replace(/\s+/g, '');
    const checker = new SAML({ ...idp().options, idpCert: pem(ours), idpIssuer: `${app.url}/api/sso/saml/metadata` });
    const fields = Object.fromEntries(response.searchParams) as Record<string, string>;
    assert.deepEqual(await checker.validateRedirectAsync(fields, response.search.slice(1)), { profile: null, loggedOut: true });

    assert.equal(await signedIn(first), false, 'its session ended');
    assert.equal(await signedIn(second), true, 'another SessionIndex of the same NameID stays');
    assert.equal(await signedIn(other), true, 'another NameID stays');

    // Without a SessionIndex: every session of the NameID.
    assert.equal((await visit(await logoutRequest(`ana@${DOMAIN}`))).status, 303);
    assert.equal(await signedIn(second), false);
    assert.equal(await signedIn(other), true);
  });

  it('unsigned, or signed by another key, ends nothing: the school page says so, the back channel gets 400', async () => {
    const token = await schoolSession(`cy@${DOMAIN}`, `cy@${DOMAIN}`, 'idx-cy-1');
    const signed = new URL(await logoutRequest(`cy@${DOMAIN}`, 'idx-cy-1'));
    const unsigned = new URL(signed);
    unsigned.searchParams.delete('Signature');
    unsigned.searchParams.delete('SigAlg');
    for (const url of [unsigned.toString(), await logoutRequest(`cy@${DOMAIN}`, 'idx-cy-1', newServiceProviderKey('someone else'))]) {
      const refused = await visit(url);
      assert.equal(refused.status, 303);
      assert.equal(refused.headers.get('location'), '/auth/school_sign_in?problem=logout_refused');
    }
    const backChannel = await fetch(`${app.url}/api/sso/saml/slo`, {
      method: 'POST',
      body: new URLSearchParams({ SAMLRequest: signed.searchParams.get('SAMLRequest')!, BACK_CHANNEL_LOGOUT: 'BACK_CHANNEL_LOGOUT' }),
    });
    assert.equal(backChannel.status, 400, 'the deflated redirect message, unsigned as a POST');
    assert.equal(await signedIn(token), true, 'nothing ended');
  });
});

describe('our LogoutRequest at sign-out', () => {
  it('is signed and names the session; only the IdP’s answer to it is taken, and only once', async () => {
    const token = await schoolSession(`bea@${DOMAIN}`, `bea@${DOMAIN}`, 'idx-bea-2');
    const started = await app.gql('mutation { startSchoolSignOut }', {}, token);
    assert.equal(started.errors, undefined, JSON.stringify(started.errors));
    const request = new URL(started.data.startSchoolSignOut as string);
    assert.equal(`${request.origin}${request.pathname}`, IDP_SLO);
    const requestId = request.searchParams.get('RelayState')!;
    const metadata = await (await fetch(`${app.url}/api/sso/saml/metadata`)).text();
    const ours = metadata.match(/<ds:X509Certificate>([^<]+)</)![1].replace(/\s+/g, '');
    const checker = new SAML({ ...idp().options, idpCert: pem(ours), idpIssuer: `${app.url}/api/sso/saml/metadata` });
    const { profile } = await checker.validateRedirectAsync(
      Object.fromEntries(request.searchParams) as Record<string, string>,
      request.search.slice(1),
    );
    assert.equal(profile?.ID, requestId);
    assert.equal(profile?.nameID, `bea@${DOMAIN}`);
    assert.equal(profile?.sessionIndex, 'idx-bea-2');

    const answer = (inResponseTo: string, key = IDP_KEY) =>
      idp(key).getLogoutResponseUrlAsync(
        { ID: inResponseTo, issuer: IDP_ENTITY, nameID: '', nameIDFormat: EMAIL_NAME_ID_FORMAT },
        '',
        {},
        true,
      );
    const refusedPage = '/auth/school_sign_in?problem=logout_refused';
    assert.equal((await visit(await answer('_not-ours'))).headers.get('location'), refusedPage, 'no such request of ours');
    assert.equal(
      (await visit(await answer(requestId, newServiceProviderKey('someone else')))).headers.get('location'),
      refusedPage,
      'not the IdP’s signature',
    );
    assert.equal((await visit(await answer(requestId))).headers.get('location'), '/auth/sign_in');
    assert.equal((await visit(await answer(requestId))).headers.get('location'), refusedPage, 'answered already');
  });

  it('is none for a session no school opened', async () => {
    const token = await signIn(app, `cy@${DOMAIN}`, 'Passw0rd!');
    const started = await app.gql('mutation { startSchoolSignOut }', {}, token);
    assert.equal(started.data?.startSchoolSignOut, null);
    assert.equal((await app.gql('mutation { startSchoolSignOut }')).errors?.[0].extensions?.code, 'UNAUTHORIZED');
  });
});
