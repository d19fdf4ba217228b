import type { DomainEvent } from '../shared/decider';

/**
 * Events of single sign-on (issue 33). Streams: identity-provider-<id> (a school's IdP settings),
 * sso-domain-<domain> (a domain belongs to one provider), school-sign-in-<state hash> (one sign-in's
 * round trip through the IdP, single use). On account-<id>: IdentityProviderLinked.
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
  { providerId: string; accountId: string; sessionId: string; outcome: 'signed_in' | 'linked' | 'created' }
>;
export type SchoolSignInEvent = SchoolSignInStarted | SchoolSignInCompleted;

/** On account-<id>: the account signs in through this provider from now on (created just in time, or an existing one linked). */
export type IdentityProviderLinked = DomainEvent<
  'IdentityProviderLinked',
  { providerId: string; subject: string; via: 'just_in_time' | 'verified_email' }
>;

export const ssoStreams = {
  provider: (providerId: string) => `identity-provider-${providerId}`,
  domain: (domain: string) => `sso-domain-${domain}`,
  signIn: (stateHash: string) => `school-sign-in-${stateHash}`,
};
