import assert from 'node:assert/strict';
import { X509Certificate, createPrivateKey, createVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SAML } from '@node-saml/node-saml';
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing';
import { inflateRawSync } from 'node:zlib';
import {
  authnRequestUrl,
  fetchIdpMetadata,
  logoutRequestUrl,
  newRequestId,
  parseIdpMetadata,
  SamlMetadataError,
  serviceProviderMetadata,
  verifiedLogoutRequest,
  verifyLogoutResponse,
  type SamlIdp,
  type SamlLogoutMessage,
  type SamlServiceProvider,
} from './saml';
import { newServiceProviderKey, SP_CERTIFICATE_YEARS } from './samlKey';

const METADATA = readFileSync(join(import.meta.dirname, 'fixtures/idp-metadata.xml'), 'utf8');
const refused = (work: () => unknown, pattern: RegExp) =>
  assert.throws(work, (e: Error) => e instanceof SamlMetadataError && pattern.test(e.message));

describe('SAML IdP metadata, read on save', () => {
  it('reads the entity id, the HTTP-Redirect single sign-on address and the signing certificate', () => {
    const idp = parseIdpMetadata(METADATA);
    assert.equal(idp.entityId, 'https://idp.uni.example/realms/school');
    assert.equal(idp.ssoUrl, 'https://idp.uni.example/realms/school/protocol/saml');
    assert.equal(idp.sloUrl, 'https://idp.uni.example/realms/school/protocol/saml/logout', 'the HTTP-Redirect one');
    assert.equal(parseIdpMetadata(METADATA.replace(/<md:SingleLogoutService[^>]*>/g, '')).sloUrl, null, 'an IdP without single logout');
    assert.equal(idp.signingCertificates.length, 1);
    assert.match(idp.signingCertificates[0], /^MII[A-Za-z0-9+/=]+$/);
  });

  it('refuses what is not an IdP metadata document, with a sentence saying why', () => {
    refused(() => parseIdpMetadata('<html><body>Sign in</body></html>'), /not the SAML 2.0 metadata of an identity provider/);
    refused(() => parseIdpMetadata('not xml at all <'), /not the SAML 2.0 metadata/);
    refused(
      () => parseIdpMetadata(METADATA.replace('IDPSSODescriptor', 'SPSSODescriptor').replace('IDPSSODescriptor', 'SPSSODescriptor')),
      /not the SAML 2.0/,
    );
    refused(
      () => parseIdpMetadata(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${METADATA.replace(/^<\?xml[^>]*>/, '')}`),
      /DOCTYPE/,
    );
    refused(() => parseIdpMetadata(METADATA.replace(/entityID="[^"]*"/, '')), /no entityID/);
    refused(() => parseIdpMetadata(METADATA.replace(/<md:SingleSignOnService Binding="[^"]*HTTP-Redirect"[^>]*>/, '')), /HTTP-Redirect/);
  });

  it('refuses metadata without a signing certificate, or with one that is not a certificate', () => {
    refused(() => parseIdpMetadata(METADATA.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '')), /no signing certificate/);
    refused(() => parseIdpMetadata(METADATA.replace('use="signing"', 'use="encryption"')), /no signing certificate/);
    refused(
      () => parseIdpMetadata(METADATA.replace(/<ds:X509Certificate>[^<]*</, '<ds:X509Certificate>bm90IGEgY2VydA==<')),
      /not a readable X\.509/,
    );
  });
});

const SP_KEY = newServiceProviderKey('https://tertulia.example/api/sso/saml/metadata');
const IDP_KEY = newServiceProviderKey('https://idp.uni.example/realms/school');
const OTHER_KEY = newServiceProviderKey('https://elsewhere.example');
const SP: SamlServiceProvider = {
  entityId: 'https://tertulia.example/api/sso/saml/metadata',
  acsUrl: 'https://tertulia.example/api/sso/saml/acs',
  sloUrl: 'https://tertulia.example/api/sso/saml/slo',
  key: SP_KEY,
};
const IDP: SamlIdp = {
  entityId: 'https://idp.uni.example/realms/school',
  ssoUrl: 'https://idp.uni.example/realms/school/protocol/saml',
  sloUrl: 'https://idp.uni.example/realms/school/protocol/saml',
  signingCertificates: [IDP_KEY.certificate],
};
const SESSION = {
  nameId: 'student@uni.example',
  nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  sessionIndex: 'idx-1',
};
const pem = (der: string) => new X509Certificate(Buffer.from(der, 'base64')).toString();

/** The identity provider's side, played by node-saml with the IdP's key: it signs what it sends to our SLO service. */
const idpSide = (key = IDP_KEY) =>
  new SAML({
    issuer: IDP.entityId,
    entryPoint: SP.sloUrl,
    logoutUrl: SP.sloUrl,
    callbackUrl: SP.sloUrl,
    idpCert: pem(SP_KEY.certificate),
    idpIssuer: SP.entityId,
    privateKey: key.privateKeyPem,
    signatureAlgorithm: 'sha256',
  });
const redirect = (url: string): SamlLogoutMessage & { binding: 'redirect' } => {
  const parsed = new URL(url);
  return { binding: 'redirect', rawQuery: parsed.search.slice(1), fields: Object.fromEntries(parsed.searchParams) };
};
const xmlOf = (message: SamlLogoutMessage) =>
  inflateRawSync(Buffer.from(message.fields.SAMLRequest ?? message.fields.SAMLResponse ?? '', 'base64')).toString('utf8');

describe('our SAML service provider key and metadata', () => {
  it('is an RSA key with a self-signed X.509 certificate for ten years, naming our entity id', () => {
    const certificate = new X509Certificate(Buffer.from(SP_KEY.certificate, 'base64'));
    assert.ok(certificate.verify(certificate.publicKey), 'self-signed');
    assert.ok(certificate.checkPrivateKey(createPrivateKey(SP_KEY.privateKeyPem)), 'the key is its pair');
    assert.equal(certificate.subject, 'CN=https://tertulia.example/api/sso/saml/metadata');
    const years = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / (365.25 * 24 * 3600_000);
    assert.ok(Math.abs(years - SP_CERTIFICATE_YEARS) < 0.01, `${years} years`);
    assert.notEqual(SP_KEY.certificate, IDP_KEY.certificate, 'each key its own');
  });

  it('our SP metadata names our entity id, the ACS, the single logout service, the signing certificate and the email NameID format', () => {
    const xml = serviceProviderMetadata(SP);
    assert.match(xml, /entityID="https:\/\/tertulia.example\/api\/sso\/saml\/metadata"/);
    assert.match(xml, /AssertionConsumerService[^>]*Location="https:\/\/tertulia.example\/api\/sso\/saml\/acs"/);
    assert.match(xml, /SingleLogoutService[^>]*Location="https:\/\/tertulia.example\/api\/sso\/saml\/slo"/);
    assert.match(xml, /<KeyDescriptor use="signing">[\s\S]*<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/);
    assert.equal(xml.match(/<ds:X509Certificate>([^<]+)</)?.[1].replace(/\s+/g, ''), SP_KEY.certificate);
    assert.match(xml, /AuthnRequestsSigned="true"/);
    assert.match(xml, /urn:oasis:names:tc:SAML:1\.1:nameid-format:emailAddress/);
    assert.match(xml, /WantAssertionsSigned="true"/);
    assert.doesNotMatch(xml, /PRIVATE KEY/);
  });

  it('signs the AuthnRequest: its query signature verifies with our certificate, and not once changed', async () => {
    const url = new URL(await authnRequestUrl(IDP, SP, newRequestId(), 'relay-1'));
    const signed = url.search
      .slice(1)
      .split('&')
      .filter((p) => !p.startsWith('Signature='));
    assert.deepEqual(
      signed.map((p) => p.split('=')[0]),
      ['SAMLRequest', 'RelayState', 'SigAlg'],
    );
    assert.equal(url.searchParams.get('SigAlg'), 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const verifies = (text: string) =>
      createVerify('RSA-SHA256').update(text).verify(pem(SP_KEY.certificate), url.searchParams.get('Signature')!, 'base64');
    assert.ok(verifies(signed.join('&')));
    assert.ok(!verifies(signed.join('&').replace('relay-1', 'relay-2')));
  });
});

describe('SAML single logout', () => {
  it('our LogoutRequest names the session and is signed: the IdP verifies it with the certificate of our metadata', async () => {
    const requestId = newRequestId();
    const url = await logoutRequestUrl(IDP, SP, requestId, SESSION);
    assert.ok(url.startsWith(`${IDP.sloUrl}?`));
    const message = redirect(url);
    assert.equal(message.fields.RelayState, requestId);
    const { profile } = await idpSide().validateRedirectAsync(message.fields as Record<string, string>, message.rawQuery);
    assert.equal(profile?.ID, requestId);
    assert.equal(profile?.nameID, SESSION.nameId);
    assert.equal(profile?.sessionIndex, SESSION.sessionIndex);
    await assert.rejects(logoutRequestUrl({ ...IDP, sloUrl: null }, SP, requestId, SESSION), /no single logout address/);
  });

  it("the IdP's signed LogoutRequest is taken: whose NameID and SessionIndex to end", async () => {
    const message = redirect(await idpSide().getLogoutUrlAsync(asProfile(SESSION), 'their-relay', {}));
    const request = await verifiedLogoutRequest(IDP, SP, message);
    assert.equal(request.nameId, SESSION.nameId);
    assert.equal(request.sessionIndex, SESSION.sessionIndex);
    assert.match(request.requestId, /^_/);
  });

  it('an unsigned, re-signed by another key, changed or unknown-issuer LogoutRequest is refused', async () => {
    const signed = redirect(await idpSide().getLogoutUrlAsync(asProfile(SESSION), 'r', {}));
    const { Signature: _s, SigAlg: _a, ...unsignedFields } = signed.fields;
    const unsigned: SamlLogoutMessage = {
      binding: 'redirect',
      rawQuery: signed.rawQuery.replace(/&SigAlg=[^&]*/, '').replace(/&Signature=[^&]*/, ''),
      fields: unsignedFields,
    };
    await assert.rejects(verifiedLogoutRequest(IDP, SP, unsigned), /not signed/);
    const forged = redirect(await idpSide(OTHER_KEY).getLogoutUrlAsync(asProfile(SESSION), 'r', {}));
    await assert.rejects(verifiedLogoutRequest(IDP, SP, forged), /Invalid query signature/);
    const changed = {
      ...signed,
      rawQuery: signed.rawQuery.replace('RelayState=r', 'RelayState=x'),
      fields: { ...signed.fields, RelayState: 'x' },
    };
    await assert.rejects(verifiedLogoutRequest(IDP, SP, changed), /Invalid query signature/);
    await assert.rejects(verifiedLogoutRequest({ ...IDP, entityId: 'https://other-idp.example' }, SP, signed), /issuer/i);
    // By POST: the same request unsigned (no enveloped signature) is refused.
    const posted: SamlLogoutMessage = { binding: 'post', fields: { SAMLRequest: Buffer.from(xmlOf(signed)).toString('base64') } };
    await assert.rejects(verifiedLogoutRequest(IDP, SP, posted), /Invalid signature/);
  });

  it("the IdP's LogoutResponse is taken only signed, successful and answering our request", async () => {
    const ours = newRequestId();
    const answer = async (inResponseTo: string, success = true, key = IDP_KEY) =>
      redirect(await idpSide(key).getLogoutResponseUrlAsync(asProfile({ ...SESSION, id: inResponseTo }), '', {}, success));
    await verifyLogoutResponse(IDP, SP, ours, await answer(ours));
    await assert.rejects(verifyLogoutResponse(IDP, SP, ours, await answer(newRequestId())), /InResponseTo is not valid|does not answer/);
    await assert.rejects(verifyLogoutResponse(IDP, SP, ours, await answer(ours, false)), /did not log out/);
    await assert.rejects(verifyLogoutResponse(IDP, SP, ours, await answer(ours, true, OTHER_KEY)), /Invalid query signature/);
    const signed = await answer(ours);
    const { Signature: _s, SigAlg: _a, ...unsigned } = signed.fields;
    await assert.rejects(verifyLogoutResponse(IDP, SP, ours, { ...signed, fields: unsigned }), /not signed/);
    const posted: SamlLogoutMessage = { binding: 'post', fields: { SAMLResponse: Buffer.from(xmlOf(signed)).toString('base64') } };
    await assert.rejects(verifyLogoutResponse(IDP, SP, ours, posted), /Invalid signature/);
  });
});

describe('SAML single logout by POST (the binding of Keycloak’s back channel and of its LogoutResponse)', () => {
  /** The redirect message's document, signed whole (an enveloped signature after its Issuer) by `key`, as a form field. */
  const posted = (message: SamlLogoutMessage, root: string, key = IDP_KEY): SamlLogoutMessage => {
    const signed = signSamlPost(xmlOf(message), `/*[local-name(.)="${root}"]`, {
      privateKey: key.privateKeyPem,
      signatureAlgorithm: 'sha256',
    });
    const field = root === 'LogoutRequest' ? 'SAMLRequest' : 'SAMLResponse';
    return { binding: 'post', fields: { [field]: Buffer.from(signed).toString('base64') } };
  };

  it("the IdP's signed LogoutRequest is taken; signed by another key, refused", async () => {
    const request = redirect(await idpSide().getLogoutUrlAsync(asProfile(SESSION), '', {}));
    const taken = await verifiedLogoutRequest(IDP, SP, posted(request, 'LogoutRequest'));
    assert.equal(taken.nameId, SESSION.nameId);
    assert.equal(taken.sessionIndex, SESSION.sessionIndex);
    await assert.rejects(verifiedLogoutRequest(IDP, SP, posted(request, 'LogoutRequest', OTHER_KEY)), /Invalid signature/);
  });

  it("the IdP's signed LogoutResponse is taken only when it answers our request and is the IdP's", async () => {
    const ours = newRequestId();
    const answer = async (inResponseTo: string) =>
      redirect(await idpSide().getLogoutResponseUrlAsync(asProfile({ ...SESSION, id: inResponseTo }), '', {}, true));
    await verifyLogoutResponse(IDP, SP, ours, posted(await answer(ours), 'LogoutResponse'));
    // node-saml checks neither of these on a POSTed LogoutResponse: we do, on the verified document.
    await assert.rejects(verifyLogoutResponse(IDP, SP, ours, posted(await answer(newRequestId()), 'LogoutResponse')), /does not answer/);
    const otherIdp = { ...IDP, entityId: 'https://other-idp.example' };
    await assert.rejects(
      verifyLogoutResponse(otherIdp, SP, ours, posted(await answer(ours), 'LogoutResponse')),
      /another identity provider/,
    );
  });
});

/** node-saml's Profile from a session (and, for a response, the request's ID it answers). */
function asProfile(session: typeof SESSION & { id?: string }) {
  return {
    issuer: IDP.entityId,
    nameID: session.nameId,
    nameIDFormat: session.nameIdFormat,
    sessionIndex: session.sessionIndex,
    ...(session.id ? { ID: session.id } : {}),
  };
}

describe('SAML IdP metadata fetched by URL', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/metadata') res.end(METADATA);
      else if (req.url === '/huge') res.end('x'.repeat(300_000));
      else res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches it, and says what failed when it cannot', async () => {
    assert.equal(parseIdpMetadata(await fetchIdpMetadata(`${base}/metadata`)).entityId, 'https://idp.uni.example/realms/school');
    await assert.rejects(fetchIdpMetadata(`${base}/missing`), /answered 404/);
    await assert.rejects(fetchIdpMetadata(`${base}/huge`), /larger than/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await assert.rejects(fetchIdpMetadata(`http://127.0.0.1:${port}/metadata`), /could not fetch the metadata/);
  });
});
