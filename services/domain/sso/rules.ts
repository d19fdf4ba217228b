/**
 * The rules of single sign-on, pure: which settings an IdP may have, which provider covers an
 * address, which role a first sign-in gives, and whether an answer from the IdP may sign an account
 * in, create one or link one.
 */
import { EMAIL_INVALID_MESSAGE, emailError, normalizeEmail } from '../../../contracts/validation/email';
import { textLimit, textProblem } from '../../../contracts/validation/limits';
import { assertNoFieldErrors, badInput, DomainError, type Refusal } from '../shared/errors';
import { LimitMessages, limitRefusal } from '../shared/limits';
import { ErrorCode } from '../../../contracts/errors';
import type { IdentityProviderKind, InstructorClaim } from './events';
import { metadataUrlProblem } from '../../integrations/sso/saml';
import { SchoolSignInMessages } from '../../../contracts/sso';
import { knownRefusal } from '../../i18n/translate';

/** The least characters of a school sign-in's browser binding (at most 100). */
export const BINDING_MIN_LENGTH = 32;

export const SsoMessages = {
  issuerInvalid: 'The issuer must be an https:// address (http:// only for 127.0.0.1 or localhost).',
  domainInvalid: 'Each email domain must look like school.example.',
  domainsRequired: 'List at least one email domain.',
  domainTaken: 'Another identity provider already covers this email domain.',
  scopesInvalid: "Scopes are words separated by spaces and must include 'openid'.",
  claimIncomplete: 'Give both the claim and the value that make an instructor, or neither.',
  clientSecretRequired: 'A client secret is required.',
  noProvider: 'No school signs in addresses of this domain. Sign in with your password instead.',
  emailNotVerified: 'Your school did not confirm this email address, so Tertulia cannot sign you in with it.',
  emailMissing: 'Your school did not give Tertulia an email address.',
  emailOutsideDomains: 'Your school gave an email address that this school sign-in does not cover.',
  subjectMismatch: 'This Tertulia account is linked to another person at your school.',
  providerAway: "Your school's sign-in does not answer just now. Please try again in a few minutes.",
  passwordSignInOff: SchoolSignInMessages.passwordSignInOff,
  domainTakenBy: (domains: string) => knownRefusal('errors.schoolSignIn.domainTakenBy', { domains }),
  bindingLength: `The browser binding must have ${BINDING_MIN_LENGTH} to 100 characters.`,
  reloadPage: 'Reload the page and try again.',
  providerNotFound: 'The identity provider was not found.',
  metadataRequired: 'Give the metadata URL of the identity provider, or paste its metadata XML (one of the two).',
} as const;

const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]{1,64}$/;

export const SETTING_LIMITS = {
  displayName: 100,
  issuer: 500,
  clientId: 200,
  clientSecret: 500,
  scope: 64,
  scopes: 10,
  domains: 20,
  claim: 100,
  metadataUrl: 500,
  metadataXml: 200_000,
};

export function normalizeDomain(value: string): string {
  return value.trim().toLowerCase().replace(/^@/, '');
}

/** The domain part of an address, normalized; null when it is not an address. */
export function domainOf(emailAddress: string): string | null {
  if (emailError(emailAddress)) return null;
  const address = normalizeEmail(emailAddress);
  return address.slice(address.lastIndexOf('@') + 1);
}

/** http: is for a provider on this machine only (tests, a local IdP); anything else must be https:. */
export function issuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return SsoMessages.issuerInvalid;
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && local)) return url.search || url.hash ? SsoMessages.issuerInvalid : null;
  return SsoMessages.issuerInvalid;
}

export interface ProviderInput {
  kind: IdentityProviderKind;
  /** SAML: one of the two (the URL is fetched on save). */
  samlMetadataUrl: string | null;
  samlMetadataXml: string | null;
  displayName: string;
  issuer: string;
  clientId: string;
  /** Null on an edit that keeps the stored secret. */
  clientSecret: string | null;
  scopes: string;
  domains: string[];
  instructorClaimName: string | null;
  instructorClaimValue: string | null;
  passwordSignInAllowed: boolean;
}

export interface CheckedProviderInput {
  kind: IdentityProviderKind;
  samlMetadata: { url: string } | { xml: string } | null;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string[];
  domains: string[];
  instructorClaim: InstructorClaim | null;
  passwordSignInAllowed: boolean;
}

/** Checks and normalizes an admin's settings; BAD_USER_INPUT naming every failing field. */
export function checkProviderInput(input: ProviderInput, { secretRequired }: { secretRequired: boolean }): CheckedProviderInput {
  const fields: Record<string, Refusal> = {};
  const text = (name: 'displayName' | 'issuer' | 'clientId' | 'clientSecret', value: string) => {
    const problem = textLimit(value, SETTING_LIMITS[name]) ?? (value.trim() ? null : LimitMessages.required());
    if (problem) fields[name] = limitRefusal(name, problem);
  };
  text('displayName', input.displayName);
  const saml = input.kind === 'SAML';
  let samlMetadata: CheckedProviderInput['samlMetadata'] = null;
  let scopes: string[] = [];
  if (saml) {
    const url = input.samlMetadataUrl?.trim() || null;
    const xml = input.samlMetadataXml?.trim() || null;
    if (!url === !xml) fields.samlMetadata = SsoMessages.metadataRequired;
    else if (url) {
      const lengthProblem = textLimit(url, SETTING_LIMITS.metadataUrl);
      const problem = lengthProblem ? limitRefusal('samlMetadataUrl', lengthProblem) : metadataUrlProblem(url);
      if (problem) fields.samlMetadata = problem;
      else samlMetadata = { url };
    } else if (xml) {
      const problem = textLimit(xml, SETTING_LIMITS.metadataXml);
      if (problem) fields.samlMetadata = limitRefusal('samlMetadataXml', problem);
      else samlMetadata = { xml };
    }
  } else {
    text('issuer', input.issuer);
    text('clientId', input.clientId);
    if (!fields.issuer) {
      const problem = issuerProblem(input.issuer.trim());
      if (problem) fields.issuer = problem;
    }
    if (input.clientSecret !== null) text('clientSecret', input.clientSecret);
    else if (secretRequired) fields.clientSecret = SsoMessages.clientSecretRequired;

    scopes = [...new Set(input.scopes.trim().split(/\s+/).filter(Boolean))];
    if (
      textProblem(input.scopes, 1000) ||
      !scopes.includes('openid') ||
      scopes.length > SETTING_LIMITS.scopes ||
      !scopes.every((s) => SCOPE.test(s))
    ) {
      fields.scopes = SsoMessages.scopesInvalid;
    }
  }

  const domains = [...new Set(input.domains.map(normalizeDomain).filter(Boolean))];
  if (!domains.length) fields.domains = SsoMessages.domainsRequired;
  else if (domains.length > SETTING_LIMITS.domains || !domains.every((d) => DOMAIN.test(d) && !textProblem(d, 253))) {
    fields.domains = SsoMessages.domainInvalid;
  }

  const claimName = input.instructorClaimName?.trim() || null;
  const claimValue = input.instructorClaimValue?.trim() || null;
  if (!claimName !== !claimValue) fields.instructorClaimName = SsoMessages.claimIncomplete;
  for (const [name, value] of [
    ['instructorClaimName', input.instructorClaimName],
    ['instructorClaimValue', input.instructorClaimValue],
  ] as const) {
    const problem = value && textLimit(value, SETTING_LIMITS.claim);
    if (problem) fields[name] = limitRefusal(name, problem);
  }
  assertNoFieldErrors(fields);
  return {
    kind: input.kind,
    samlMetadata,
    displayName: input.displayName.trim(),
    issuer: saml ? '' : input.issuer.trim(),
    clientId: saml ? '' : input.clientId.trim(),
    clientSecret: saml ? null : (input.clientSecret?.trim() ?? null),
    scopes,
    domains,
    instructorClaim: claimName && claimValue ? { name: claimName, value: claimValue } : null,
    passwordSignInAllowed: input.passwordSignInAllowed,
  };
}

/** The role a first sign-in gives: a student, an instructor only when the provider's claim says so. */
export function roleFromClaims(claims: Record<string, unknown>, instructorClaim: InstructorClaim | null): 'STUDENT' | 'INSTRUCTOR' {
  if (!instructorClaim) return 'STUDENT';
  const value = claims[instructorClaim.name];
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) => typeof v === 'string' && v === instructorClaim.value) ? 'INSTRUCTOR' : 'STUDENT';
}

export interface VerifiedIdentity {
  subject: string;
  emailAddress: string | null;
  emailVerified: unknown;
}

export type SchoolSignInDecision =
  | { kind: 'signed_in'; accountId: string }
  | { kind: 'linked'; accountId: string }
  | { kind: 'created'; emailAddress: string };

/**
 * What an IdP's verified answer does: the address must be there, verified (`email_verified` true,
 * not merely present) and inside the provider's domains; then the account that owns it signs in
 * (linked the first time), or a new one is made.
 */
export function decideSchoolSignIn(
  identity: VerifiedIdentity,
  provider: { providerId: string; domains: string[] },
  owner: { accountId: string; linkedSubject: string | null } | null,
): SchoolSignInDecision {
  if (!identity.emailAddress || emailError(identity.emailAddress)) throw new DomainError(ErrorCode.UNAUTHORIZED, SsoMessages.emailMissing);
  if (identity.emailVerified !== true) throw new DomainError(ErrorCode.UNAUTHORIZED, SsoMessages.emailNotVerified);
  const domain = domainOf(identity.emailAddress);
  if (!domain || !provider.domains.includes(domain)) throw new DomainError(ErrorCode.UNAUTHORIZED, SsoMessages.emailOutsideDomains);
  if (!owner) return { kind: 'created', emailAddress: normalizeEmail(identity.emailAddress) };
  if (owner.linkedSubject === null) return { kind: 'linked', accountId: owner.accountId };
  if (owner.linkedSubject !== identity.subject) throw new DomainError(ErrorCode.UNAUTHORIZED, SsoMessages.subjectMismatch);
  return { kind: 'signed_in', accountId: owner.accountId };
}

/** The provider covering an address, among providers' domain lists; null when none does. */
export function providerForAddress<P extends { domains: string[] }>(emailAddress: string, providers: P[]): P | null {
  const domain = domainOf(emailAddress);
  if (!domain) throw badInput(EMAIL_INVALID_MESSAGE, { emailAddress: EMAIL_INVALID_MESSAGE });
  return providers.find((p) => p.domains.includes(domain)) ?? null;
}
