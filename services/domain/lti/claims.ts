/**
 * The checks of an LTI 1.3 id_token after its signature, issuer, audience and times were verified
 * (jose, services/integrations/lti/verify.ts): what the IMS Security Framework and LTI Core 1.3
 * ask of a tool, and the role mapping. Pure, so each refusal has a unit test (claims.test.ts).
 */
import { hashToken } from '../../security/tokens';
import type { LtiRole } from './events';
import { urlProblem } from './platform';

export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  namesRoles: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  gradeService: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

/** The Assignment and Grade Services scope that lets a tool create line items. */
export const AGS_LINE_ITEM_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem';

/** Why a launch was refused; the page says it in the reader's language (services/i18n, lti.refused.<reason>). */
export const LAUNCH_REFUSALS = [
  'signature',
  'audience',
  'expired',
  'notYetValid',
  'issuer',
  'state',
  'nonce',
  'deployment',
  'messageType',
  'version',
  'subject',
  'email',
  'role',
  'deepLinkingRole',
  'resourceLink',
  'deepLinkingSettings',
  'linkedElsewhere',
  'malformed',
] as const;
export type LaunchRefusal = (typeof LAUNCH_REFUSALS)[number];

/** Seconds of clock difference allowed between the platform and us on exp, iat and nbf. */
export const CLOCK_SKEW_SECONDS = 60;
/** An id_token older than this (by its iat) is refused even when its exp is later. */
export const MAX_TOKEN_AGE_SECONDS = 10 * 60;

export type LaunchMessageType = 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';

export interface VerifiedLaunch {
  messageType: LaunchMessageType;
  deploymentId: string;
  subject: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  role: LtiRole;
  contextId: string | null;
  contextTitle: string | null;
  /** Names and Role Provisioning Services: where the LMS course's members are listed, when offered. */
  membershipsUrl: string | null;
  /** Assignment and Grade Services: where line items are created in the LMS course, when the line item scope is granted. */
  lineItemsUrl: string | null;
  resourceLinkId: string | null;
  targetLinkUri: string | null;
  custom: Record<string, string>;
  /** Deep linking only: where the response goes, and the opaque data to echo back. */
  deepLinking: { returnUrl: string; data: string | null } | null;
}

export class LaunchRefused extends Error {
  constructor(readonly reason: LaunchRefusal) {
    super(`LTI launch refused: ${reason}`);
    this.name = 'LaunchRefused';
  }
}

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/membership';

/**
 * The LMS roles (LIS v2 context roles, full URIs or the deprecated short names) → our role.
 * Instructor and its sub-roles (teaching assistant …) → instructor; Learner and its sub-roles →
 * student; an instructor who is also a learner is an instructor. Institution and system roles
 * (Administrator …) give nothing: no LMS role ever makes an admin here.
 */
export function mapLtiRoles(roles: readonly string[]): LtiRole | null {
  const context = roles.map((r) => (r.startsWith(LIS) ? r.slice(LIS.length) : r.includes('://') ? null : `#${r}`));
  const is = (name: string) => context.some((r) => r === `#${name}` || r?.startsWith(`/${name}#`));
  if (is('Instructor')) return 'INSTRUCTOR';
  if (is('Learner')) return 'STUDENT';
  return null;
}

/** The AGS claim's line items URL, when the platform grants the line item scope and it is a URL we would call. */
function lineItemsUrlOf(claims: Record<string, unknown>): string | null {
  const endpoint = object(claims[CLAIM.gradeService]);
  const url = text(endpoint?.lineitems, 2000);
  const scopes = Array.isArray(endpoint?.scope) ? endpoint.scope : [];
  return url && scopes.includes(AGS_LINE_ITEM_SCOPE) && !urlProblem(url) ? url : null;
}

/** The NRPS claim's URL, when it is a URL we would call (https, or http on a loopback host). */
function membershipsUrlOf(claims: Record<string, unknown>): string | null {
  const url = text(object(claims[CLAIM.namesRoles])?.context_memberships_url, 2000);
  return url && !urlProblem(url) ? url : null;
}

const text = (value: unknown, max = 255): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max && !value.includes('\u0000') ? value : null;

const object = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The claims a tool checks beyond signature, issuer, audience and times: azp, nonce, deployment,
 * message type, version, subject, role, and each message's own claim. The nonce is kept hashed
 * (the login's state), so it is compared by hash. Throws LaunchRefused.
 */
export function checkLaunchClaims(
  claims: Record<string, unknown>,
  expected: { clientId: string; nonceHash: string; deploymentIds: readonly string[] },
): VerifiedLaunch {
  const aud = claims.aud;
  // Several audiences: azp must name us (OIDC Core 3.1.3.7); one audience: azp, if present, too.
  if ((Array.isArray(aud) && aud.length > 1) || claims.azp !== undefined) {
    if (claims.azp !== expected.clientId) throw new LaunchRefused('audience');
  }
  if (typeof claims.iat !== 'number') throw new LaunchRefused('malformed');
  if (typeof claims.nonce !== 'string' || hashToken(claims.nonce) !== expected.nonceHash) throw new LaunchRefused('nonce');
  const deploymentId = text(claims[CLAIM.deploymentId]);
  if (!deploymentId || !expected.deploymentIds.includes(deploymentId)) throw new LaunchRefused('deployment');
  const messageType = claims[CLAIM.messageType];
  if (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest') throw new LaunchRefused('messageType');
  if (claims[CLAIM.version] !== '1.3.0') throw new LaunchRefused('version');
  const subject = text(claims.sub);
  if (!subject) throw new LaunchRefused('subject');
  const roles = claims[CLAIM.roles];
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')) throw new LaunchRefused('malformed');
  const role = mapLtiRoles(roles);
  if (!role) throw new LaunchRefused('role');

  let resourceLinkId: string | null = null;
  let deepLinking: VerifiedLaunch['deepLinking'] = null;
  if (messageType === 'LtiResourceLinkRequest') {
    resourceLinkId = text(object(claims[CLAIM.resourceLink])?.id);
    if (!resourceLinkId) throw new LaunchRefused('resourceLink');
  } else {
    if (role !== 'INSTRUCTOR') throw new LaunchRefused('deepLinkingRole');
    const settings = object(claims[CLAIM.deepLinkingSettings]);
    const returnUrl = text(settings?.deep_link_return_url, 2000);
    if (!returnUrl || !/^https?:\/\//.test(returnUrl)) throw new LaunchRefused('deepLinkingSettings');
    deepLinking = { returnUrl, data: text(settings?.data, 4000) };
  }

  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(object(claims[CLAIM.custom]) ?? {})) {
    const v = text(value, 500);
    if (v && key.length <= 100) custom[key] = v;
  }
  const email = text(claims.email, 254);
  return {
    messageType,
    deploymentId,
    subject,
    email: email?.includes('@') ? email : null,
    givenName: text(claims.given_name, 100),
    familyName: text(claims.family_name, 100),
    role,
    contextId: text(object(claims[CLAIM.context])?.id),
    contextTitle: text(object(claims[CLAIM.context])?.title, 200),
    membershipsUrl: membershipsUrlOf(claims),
    lineItemsUrl: lineItemsUrlOf(claims),
    resourceLinkId,
    targetLinkUri: text(claims[CLAIM.targetLinkUri], 2000),
    custom,
    deepLinking,
  };
}
