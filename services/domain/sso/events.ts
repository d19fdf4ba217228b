import type { SamlSessionRef } from '../../integrations/sso/saml';
import type { DomainEvent } from '../shared/decider';

/**
 * Events of single sign-on (issue 33). Streams: identity-provider-<id> (a school's IdP settings),
 * sso-domain-<domain> (a domain belongs to one provider), school-sign-in-<state hash> (one sign-in's
 * round trip through the IdP, single use), saml-service-provider (our SP signing key, made once),
 * saml-logout-<request id hash> (our LogoutRequest and its answer; the IdP's LogoutRequest received).
 * On account-<id>: IdentityProviderLinked.
 */
export interface InstructorClaim {
  /** The ID token's claim (OIDC) or the assertion's attribute (SAML), e.g. tertulia_role. */
  name: string;
  /** The value (or one of the values, when the claim is a list) that makes an instructor. */
  value: string;
}

/** A SAML provider's IdP, as its metadata said on the last save (services/integrations/sso/saml.ts). */
export interface SamlIdpSettings {
  /** Where the metadata was fetched from, or null when it was pasted. */
  metadataUrl: string | null;
  entityId: string;
  ssoUrl: string;
  /** Its single logout address (HTTP-Redirect); absent on providers saved before single logout, null when it has none. */
  sloUrl?: string | null;
  signingCertificates: string[];
}

export type IdentityProviderKind = 'OIDC' | 'SAML';

/**
 * A SAML provider keeps its IdP's entity id as `issuer` and has no client id, secret or scopes (empty).
 * Events written before SAML have neither `kind` nor `saml`: they are OIDC providers.
 */
export interface IdentityProviderSettings {
  kind?: IdentityProviderKind;
  saml?: SamlIdpSettings | null;
  displayName: string;
  issuer: string;
  clientId: string;
  /** AES-GCM sealed with the server secret (services/security/tokens.ts); never leaves the server. */
  clientSecretSealed: string;
  scopes: string[];
  domains: string[];
  /** Null: its people become students only. */
  instructorClaim: InstructorClaim | null;
  passwordSignInAllowed: boolean;
}

export type IdentityProviderConfigured = DomainEvent<'IdentityProviderConfigured', { providerId: string } & IdentityProviderSettings>;
/** The whole settings again (the sealed secret the same unless replaced); `secretReplaced` says so. */
export type IdentityProviderChanged = DomainEvent<
  'IdentityProviderChanged',
  { providerId: string; secretReplaced: boolean } & IdentityProviderSettings
>;
export type IdentityProviderEvent = IdentityProviderConfigured | IdentityProviderChanged;

export type SsoDomainClaimed = DomainEvent<'SsoDomainClaimed', { providerId: string; domain: string }>;
export type SsoDomainReleased = DomainEvent<'SsoDomainReleased', { providerId: string; domain: string }>;

/** The IdP round trip began: what the callback needs, sealed (the PKCE verifier and nonce are secrets until used). */
/** `bindingHash`: SHA-256 of the value the starting browser keeps in its school_sign_in cookie. */
export type SchoolSignInStarted = DomainEvent<
  'SchoolSignInStarted',
  { providerId: string; checksSealed: string; bindingHash: string; expiresAt: string }
>;
/** The callback verified the IdP's answer and signed the account in (who, which IdP, when: the event's time). */
export type SchoolSignInCompleted = DomainEvent<
  'SchoolSignInCompleted',
  {
    providerId: string;
    accountId: string;
    sessionId: string;
    outcome: 'signed_in' | 'linked' | 'created';
    /** SAML only: what the IdP's LogoutRequest names this session by (the NameID is personal data). */
    saml?: SamlSessionRef;
  }
>;
export type SchoolSignInEvent = SchoolSignInStarted | SchoolSignInCompleted;

/** On account-<id>: the account signs in through this provider from now on (created just in time, or an existing one linked). */
export type IdentityProviderLinked = DomainEvent<
  'IdentityProviderLinked',
  { providerId: string; subject: string; via: 'just_in_time' | 'verified_email' }
>;

/** Our SAML SP's signing key, made on first use: the private key sealed with the server secret, the certificate public. */
export type SamlServiceProviderKeyCreated = DomainEvent<'SamlServiceProviderKeyCreated', { privateKeySealed: string; certificate: string }>;

/** SP-initiated single logout: our signed LogoutRequest for a session (already ended here), sent to the IdP. */
export type SamlLogoutRequested = DomainEvent<'SamlLogoutRequested', { providerId: string; sessionId: string; expiresAt: string }>;
/** The IdP's verified LogoutResponse to it: the person is signed out there too. */
export type SamlLogoutCompleted = DomainEvent<'SamlLogoutCompleted', { providerId: string }>;
/** IdP-initiated single logout: a verified LogoutRequest of the IdP, and the sessions it ended here. */
export type SamlLogoutReceived = DomainEvent<'SamlLogoutReceived', { providerId: string; sessionIds: string[] }>;
export type SamlLogoutEvent = SamlLogoutRequested | SamlLogoutCompleted | SamlLogoutReceived;

export const ssoStreams = {
  provider: (providerId: string) => `identity-provider-${providerId}`,
  domain: (domain: string) => `sso-domain-${domain}`,
  signIn: (stateHash: string) => `school-sign-in-${stateHash}`,
  serviceProviderKey: () => 'saml-service-provider',
  /** Our LogoutRequest's id, or the IdP's request's (with its provider's id), hashed. */
  logout: (requestHash: string) => `saml-logout-${requestHash}`,
};
