/**
 * SAML 2.0 against a school's identity provider, through `@node-saml/node-saml`: the IdP's metadata
 * read on save (its entity id, single sign-on address and signing certificates), the AuthnRequest
 * (HTTP-Redirect binding), the POSTed response's checks (XML signature of the response or of its assertion against the
 * IdP's certificates, issuer, audience, NotBefore/NotOnOrAfter, InResponseTo) and our SP metadata.
 * Nothing here checks a signature by hand: the metadata is only read for its values.
 */
import { X509Certificate, randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { CLOCK_TOLERANCE_SECONDS } from './oidc';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const EMAIL_NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/** Largest metadata document read (an IdP's is a few KB; a federation's aggregate is not an IdP's). */
export const METADATA_MAX_BYTES = 200_000;
const TIMEOUT_MS = 10_000;

/** What Tertulia keeps of an IdP's metadata. */
export interface SamlIdp {
  entityId: string;
  ssoUrl: string;
  /** Base64 DER, as the metadata carries them (more than one while the IdP rolls its key over). */
  signingCertificates: string[];
}

/** Our side: one service provider for every school (the entity id is where our metadata is). */
export interface SamlServiceProvider {
  entityId: string;
  acsUrl: string;
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
  return { entityId, ssoUrl, signingCertificates: [...new Set(signingCertificates)].slice(0, 5) };
}

const pem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

/** A cache of the one request id this response may answer: single use is the sign-in stream's, not node-saml's memory. */
const onlyRequest = (requestId: string): CacheProvider => ({
  saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
  getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
  removeAsync: async (key) => key,
});

function client(idp: SamlIdp, sp: SamlServiceProvider, requestId: string): SAML {
  return new SAML({
    entryPoint: idp.ssoUrl,
    idpIssuer: idp.entityId,
    idpCert: idp.signingCertificates.map(pem),
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    // Either suffices, as node-saml applies them with both false: a valid signature over the whole
    // response, or else over its one assertion. An unsigned answer, or two assertions, are refused.
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_TOLERANCE_SECONDS * 1000,
    validateInResponseTo: ValidateInResponseTo.always,
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

export interface SamlAnswer {
  subject: string;
  emailAddress: string | null;
  attributes: Record<string, unknown>;
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
  return { subject: profile.nameID, emailAddress: emailOf(profile), attributes: attributesOf(profile) };
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

/** Our SP metadata: entity id, the ACS (HTTP-POST) and NameID format email; we sign no requests. */
export function serviceProviderMetadata(sp: SamlServiceProvider): string {
  return new SAML({
    idpCert: 'unused',
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    wantAssertionsSigned: true,
  }).generateServiceProviderMetadata(null, null);
}
