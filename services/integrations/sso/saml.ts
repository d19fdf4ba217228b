/**
 * SAML 2.0 against a school's identity provider, through `@node-saml/node-saml`: the IdP's metadata
 * read on save (its entity id, single sign-on and single logout addresses and signing certificates),
 * the AuthnRequest (HTTP-Redirect binding, signed with our SP key), the POSTed response's checks (XML
 * signature of the response or of its assertion against the IdP's certificates, issuer, audience,
 * NotBefore/NotOnOrAfter, InResponseTo), single logout (our signed LogoutRequest and LogoutResponse,
 * the IdP's checked) and our SP metadata. Nothing here checks a signature by hand: documents are
 * only read for their values, and a logout message's only after node-saml verified its signature.
 */
import { X509Certificate, randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { CLOCK_TOLERANCE_SECONDS } from './oidc';
import type { ServiceProviderKey } from './samlKey';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const EMAIL_NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/** Largest metadata document read (an IdP's is a few KB; a federation's aggregate is not an IdP's). */
export const METADATA_MAX_BYTES = 200_000;
const TIMEOUT_MS = 10_000;

/** What Tertulia keeps of an IdP's metadata. */
export interface SamlIdp {
  entityId: string;
  ssoUrl: string;
  /** Its SingleLogoutService for the HTTP-Redirect binding; null (or absent, saved before logout) when it has none. */
  sloUrl?: string | null;
  /** Base64 DER, as the metadata carries them (more than one while the IdP rolls its key over). */
  signingCertificates: string[];
}

/** Our side: one service provider for every school (the entity id is where our metadata is). */
export interface SamlServiceProvider {
  entityId: string;
  acsUrl: string;
  /** Our SingleLogoutService: the IdP's LogoutRequests and LogoutResponses come here. */
  sloUrl: string;
  /** Signs our AuthnRequests, LogoutRequests and LogoutResponses; its certificate is in our metadata. */
  key: ServiceProviderKey;
}

export class SamlMetadataError extends Error {}

const isLocal = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** https: addresses only; http: for an IdP on this machine (tests, a local IdP), as OIDC issuers. */
export function metadataUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The metadata URL must be an https:// address (http:// only for 127.0.0.1 or localhost).';
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLocal(url))) return null;
  return 'The metadata URL must be an https:// address (http:// only for 127.0.0.1 or localhost).';
}

/** Fetches the IdP's metadata document (10 s, at most METADATA_MAX_BYTES); throws SamlMetadataError saying what failed. */
export async function fetchIdpMetadata(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error', headers: { accept: 'application/xml' } });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new SamlMetadataError(`Tertulia could not fetch the metadata (${cause.slice(0, 200)}).`);
  }
  if (!response.ok) throw new SamlMetadataError(`Tertulia could not fetch the metadata: the address answered ${response.status}.`);
  const body = await response.arrayBuffer();
  if (body.byteLength > METADATA_MAX_BYTES) throw new SamlMetadataError('The metadata is larger than an identity provider’s should be.');
  return new TextDecoder().decode(body);
}

const text = (node: Element | null | undefined) => node?.textContent?.trim() ?? '';

/** Reads an IdP's metadata: entity id, the HTTP-Redirect single sign-on address and the signing certificates. */
export function parseIdpMetadata(xml: string): SamlIdp {
  if (xml.length > METADATA_MAX_BYTES) throw new SamlMetadataError('The metadata is larger than an identity provider’s should be.');
  if (/<!DOCTYPE/i.test(xml)) throw new SamlMetadataError('The metadata must not have a DOCTYPE.');
  const problems: string[] = [];
  const doc = new DOMParser({
    errorHandler: { warning: () => {}, error: (m) => problems.push(String(m)), fatalError: (m) => problems.push(String(m)) },
  }).parseFromString(xml, 'text/xml');
  const descriptor = Array.from(doc.getElementsByTagNameNS(METADATA_NS, 'EntityDescriptor')).find(
    (d) => d.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor').length > 0,
  );
  if (problems.length || !descriptor) {
    throw new SamlMetadataError(
      'This is not the SAML 2.0 metadata of an identity provider (no EntityDescriptor with an IDPSSODescriptor).',
    );
  }
  const entityId = descriptor.getAttribute('entityID')?.trim() ?? '';
  if (!entityId || entityId.length > 500) throw new SamlMetadataError('The metadata has no entityID (or one longer than 500 characters).');
  const idp = descriptor.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor')[0];
  const sso = Array.from(idp.getElementsByTagNameNS(METADATA_NS, 'SingleSignOnService')).find(
    (s) => s.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const ssoUrl = sso?.getAttribute('Location')?.trim() ?? '';
  if (!ssoUrl || metadataUrlProblem(ssoUrl) || ssoUrl.length > 500) {
    throw new SamlMetadataError('The metadata has no single sign-on address for the HTTP-Redirect binding (https://).');
  }
  const slo = Array.from(idp.getElementsByTagNameNS(METADATA_NS, 'SingleLogoutService')).find(
    (s) => s.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const sloUrl = slo?.getAttribute('Location')?.trim() ?? '';
  if (sloUrl && (metadataUrlProblem(sloUrl) || sloUrl.length > 500)) {
    throw new SamlMetadataError('The metadata’s single logout address (HTTP-Redirect) is not an https:// address.');
  }
  const signingCertificates = Array.from(idp.getElementsByTagNameNS(METADATA_NS, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(XMLDSIG_NS, 'X509Certificate')).map((c) => text(c).replace(/\s+/g, '')))
    .filter(Boolean);
  if (!signingCertificates.length)
    throw new SamlMetadataError('The metadata has no signing certificate: Tertulia could not check what it signs.');
  for (const certificate of signingCertificates) {
    try {
      new X509Certificate(Buffer.from(certificate, 'base64'));
    } catch {
      throw new SamlMetadataError('A signing certificate in the metadata is not a readable X.509 certificate.');
    }
  }
  return { entityId, ssoUrl, sloUrl: sloUrl || null, signingCertificates: [...new Set(signingCertificates)].slice(0, 5) };
}

const pem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

/** A cache of the one request id this response may answer: single use is the sign-in stream's, not node-saml's memory. */
const onlyRequest = (requestId: string): CacheProvider => ({
  saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
  getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
  removeAsync: async (key) => key,
});

/**
 * `inResponseTo`: 'always' for sign-in responses; 'ifPresent' for a LogoutResponse, whose InResponseTo
 * node-saml looks for only on a Response element when POSTed (we check it ourselves once verified).
 */
function client(
  idp: SamlIdp,
  sp: SamlServiceProvider,
  requestId: string,
  inResponseTo: ValidateInResponseTo = ValidateInResponseTo.always,
): SAML {
  return new SAML({
    entryPoint: idp.ssoUrl,
    idpIssuer: idp.entityId,
    idpCert: idp.signingCertificates.map(pem),
    logoutUrl: idp.sloUrl ?? idp.ssoUrl,
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    logoutCallbackUrl: sp.sloUrl,
    // node-saml signs every message it sends (the query string of the HTTP-Redirect binding) when it has a key.
    privateKey: sp.key.privateKeyPem,
    signatureAlgorithm: 'sha256',
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    // Either suffices, as node-saml applies them with both false: a valid signature over the whole
    // response, or else over its one assertion. An unsigned answer, or two assertions, are refused.
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_TOLERANCE_SECONDS * 1000,
    validateInResponseTo: inResponseTo,
    cacheProvider: onlyRequest(requestId),
    generateUniqueId: () => requestId,
    disableRequestedAuthnContext: true,
  });
}

/** A fresh AuthnRequest id: an NCName, unguessable. */
export const newRequestId = () => `_${randomBytes(20).toString('hex')}`;

/** The IdP's address to send the browser to, carrying an AuthnRequest with `requestId` and `relayState`. */
export async function authnRequestUrl(idp: SamlIdp, sp: SamlServiceProvider, requestId: string, relayState: string): Promise<string> {
  return client(idp, sp, requestId).getAuthorizeUrlAsync(relayState, undefined, {});
}

/** What a LogoutRequest names of a session: kept from the assertion that opened it. */
export interface SamlSessionRef {
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

export interface SamlAnswer {
  subject: string;
  emailAddress: string | null;
  attributes: Record<string, unknown>;
  session: SamlSessionRef;
}

/** Verifies a POSTed SAMLResponse answering `requestId`; throws on any failed check. */
export async function verifiedSamlAnswer(
  idp: SamlIdp,
  sp: SamlServiceProvider,
  requestId: string,
  samlResponse: string,
): Promise<SamlAnswer> {
  const { profile, loggedOut } = await client(idp, sp, requestId).validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile || loggedOut) throw new Error('The identity provider sent no assertion.');
  if (profile.issuer !== idp.entityId) throw new Error('The assertion was issued by another identity provider.');
  return {
    subject: profile.nameID,
    emailAddress: emailOf(profile),
    attributes: attributesOf(profile),
    session: { nameId: profile.nameID, nameIdFormat: profile.nameIDFormat ?? null, sessionIndex: profile.sessionIndex ?? null },
  };
}

/** The address: an `email` attribute (or the usual OIDs), else an email-format NameID. */
function emailOf(profile: Profile): string | null {
  for (const value of [profile.email, profile.mail, profile['urn:oid:0.9.2342.19200300.100.1.3']]) {
    if (typeof value === 'string' && value) return value;
  }
  return profile.nameIDFormat === EMAIL_NAME_ID_FORMAT ? profile.nameID : null;
}

/** The assertion's attributes (node-saml puts them on the profile, beside its own fields). */
function attributesOf(profile: Profile): Record<string, unknown> {
  const attributes = (profile as { attributes?: Record<string, unknown> }).attributes;
  return attributes && typeof attributes === 'object' ? attributes : {};
}

/** Our SP metadata: entity id, signing certificate, the ACS (HTTP-POST), the single logout service and NameID format email. */
export function serviceProviderMetadata(sp: SamlServiceProvider): string {
  return new SAML({
    idpCert: 'unused',
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    logoutCallbackUrl: sp.sloUrl,
    privateKey: sp.key.privateKeyPem,
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    wantAssertionsSigned: true,
  }).generateServiceProviderMetadata(null, pem(sp.key.certificate));
}

/** The IdP's address carrying our signed LogoutRequest for `session` (HTTP-Redirect); `requestId` is also its RelayState. */
export async function logoutRequestUrl(idp: SamlIdp, sp: SamlServiceProvider, requestId: string, session: SamlSessionRef): Promise<string> {
  if (!idp.sloUrl) throw new Error('The identity provider has no single logout address.');
  const user: Profile = {
    issuer: idp.entityId,
    nameID: session.nameId,
    nameIDFormat: session.nameIdFormat ?? EMAIL_NAME_ID_FORMAT,
    ...(session.sessionIndex ? { sessionIndex: session.sessionIndex } : {}),
  };
  return client(idp, sp, requestId).getLogoutUrlAsync(user, requestId, {});
}

/** The IdP's address carrying our signed LogoutResponse (success) to its LogoutRequest `inResponseTo`. */
export async function logoutResponseUrl(idp: SamlIdp, sp: SamlServiceProvider, inResponseTo: string, relayState: string | null) {
  const request = { ID: inResponseTo } as Profile;
  return client(idp, sp, newRequestId()).getLogoutResponseUrlAsync(request, relayState ?? '', {}, true);
}

/**
 * A logout message as it came: by HTTP-Redirect (the query, and its raw string, which the signature
 * covers as sent) or by HTTP-POST (the form; Keycloak's back channel posts the same form).
 */
export type SamlLogoutMessage =
  | { binding: 'redirect'; rawQuery: string; fields: SamlLogoutFields }
  | { binding: 'post'; fields: SamlLogoutFields };

export interface SamlLogoutFields {
  SAMLRequest?: string;
  SAMLResponse?: string;
  RelayState?: string;
  SigAlg?: string;
  Signature?: string;
}

/** What a logout message says of itself, read (not trusted) to find its provider and its request. */
export interface SamlLogoutHeader {
  kind: 'request' | 'response';
  issuer: string;
  inResponseTo: string | null;
}

const MESSAGE_MAX_CHARACTERS = 100_000;

function messageXml(message: SamlLogoutMessage): { kind: 'request' | 'response'; xml: string } {
  const kind = message.fields.SAMLRequest ? 'request' : 'response';
  const encoded = message.fields.SAMLRequest ?? message.fields.SAMLResponse;
  if (!encoded || encoded.length > MESSAGE_MAX_CHARACTERS) throw new Error('No SAML logout message.');
  const bytes = Buffer.from(encoded, 'base64');
  // The redirect binding deflates the message; inflating is bounded so a small message cannot expand without end.
  const xml = (message.binding === 'redirect' ? inflateRawSync(bytes, { maxOutputLength: MESSAGE_MAX_CHARACTERS }) : bytes).toString(
    'utf8',
  );
  if (/<!DOCTYPE/i.test(xml)) throw new Error('A SAML message must not have a DOCTYPE.');
  return { kind, xml };
}

/** Reads the message's root: a LogoutRequest or LogoutResponse, its Issuer and InResponseTo. */
export function logoutHeader(message: SamlLogoutMessage): SamlLogoutHeader {
  const { kind, xml } = messageXml(message);
  const problems: string[] = [];
  const root = new DOMParser({
    errorHandler: { warning: () => {}, error: (m) => problems.push(String(m)), fatalError: (m) => problems.push(String(m)) },
  }).parseFromString(xml, 'text/xml').documentElement;
  const expected = kind === 'request' ? 'LogoutRequest' : 'LogoutResponse';
  if (problems.length || !root || root.namespaceURI !== PROTOCOL_NS || root.localName !== expected) {
    throw new Error(`The message is not a SAML ${expected}.`);
  }
  const issuer = Array.from(root.childNodes).find(
    (n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ASSERTION_NS && (n as Element).localName === 'Issuer',
  );
  const status = Array.from(root.getElementsByTagNameNS(PROTOCOL_NS, 'StatusCode'))[0]?.getAttribute('Value') ?? null;
  if (kind === 'response' && status !== SUCCESS) throw new Error(`The identity provider did not log out (${status ?? 'no status'}).`);
  return { kind, issuer: text(issuer), inResponseTo: root.getAttribute('InResponseTo') || null };
}

/** node-saml's checks of a logout message: the signature (the query's or the document's: one is required), issuer, time. */
async function verifiedLogout(saml: SAML, message: SamlLogoutMessage) {
  if (message.binding === 'redirect') {
    // node-saml accepts a redirect message without a Signature parameter; an unsigned logout is refused here.
    if (!message.fields.Signature || !message.fields.SigAlg) throw new Error('The logout message is not signed.');
    return saml.validateRedirectAsync(message.fields as Record<string, string>, message.rawQuery);
  }
  return message.fields.SAMLRequest
    ? saml.validatePostRequestAsync({ SAMLRequest: message.fields.SAMLRequest })
    : saml.validatePostResponseAsync({ SAMLResponse: message.fields.SAMLResponse! });
}

/** The IdP's LogoutRequest, verified: whose session (NameID, and SessionIndex when it names one) to end. */
export async function verifiedLogoutRequest(
  idp: SamlIdp,
  sp: SamlServiceProvider,
  message: SamlLogoutMessage,
): Promise<SamlSessionRef & { requestId: string }> {
  const header = logoutHeader(message);
  if (header.kind !== 'request') throw new Error('The message is not a LogoutRequest.');
  const { profile } = await verifiedLogout(client(idp, sp, newRequestId()), message);
  if (!profile?.ID || !profile.nameID) throw new Error('The LogoutRequest names no session.');
  if (profile.issuer !== idp.entityId) throw new Error('The LogoutRequest was issued by another identity provider.');
  return {
    requestId: profile.ID as string,
    nameId: profile.nameID,
    nameIdFormat: profile.nameIDFormat ?? null,
    sessionIndex: profile.sessionIndex ?? null,
  };
}

/** The IdP's LogoutResponse to our LogoutRequest `requestId`, verified: signed, by the IdP, answering that request, success. */
export async function verifyLogoutResponse(idp: SamlIdp, sp: SamlServiceProvider, requestId: string, message: SamlLogoutMessage) {
  const header = logoutHeader(message);
  if (header.kind !== 'response') throw new Error('The message is not a LogoutResponse.');
  const { loggedOut } = await verifiedLogout(client(idp, sp, requestId, ValidateInResponseTo.ifPresent), message);
  // Read again once verified: node-saml checks neither InResponseTo nor the issuer of a POSTed LogoutResponse.
  if (!loggedOut || header.inResponseTo !== requestId) throw new Error('The LogoutResponse does not answer our LogoutRequest.');
  if (header.issuer !== idp.entityId) throw new Error('The LogoutResponse was issued by another identity provider.');
}
