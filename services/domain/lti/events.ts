import type { DomainEvent } from '../shared/decider';

/**
 * Events of Tertulia as an LTI 1.3 tool (issue 33). Streams: lti-platform-<id> (a registered
 * platform), lti-registration-<hash of issuer and client id> (one registration per pair),
 * lti-tool-key (our signing key, generated once), lti-user-<hash of issuer and sub> (which account a
 * platform's user is, and each launch of theirs).
 */
export interface PlatformSettings {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
}

export type LtiPlatformRegistered = DomainEvent<'LtiPlatformRegistered', PlatformSettings & { platformId: string }>;
/** Issuer and client id never change: another pair is another registration. */
export type LtiPlatformChanged = DomainEvent<
  'LtiPlatformChanged',
  Omit<PlatformSettings, 'issuer' | 'clientId'> & { platformId: string; issuer: string; clientId: string }
>;
export type LtiPlatformEvent = LtiPlatformRegistered | LtiPlatformChanged;

export type LtiRegistrationClaimed = DomainEvent<'LtiRegistrationClaimed', { platformId: string }>;

/** The private key is sealed with the server secret (services/security/tokens.ts, `seal`). */
export type LtiToolKeyGenerated = DomainEvent<
  'LtiToolKeyGenerated',
  { kid: string; publicJwk: Record<string, string>; sealedPrivateJwk: string }
>;

export type LtiRole = 'STUDENT' | 'INSTRUCTOR';

/** A platform's user became (or was found to be) this account: found by email, or created just in time. */
export type LtiAccountLinked = DomainEvent<
  'LtiAccountLinked',
  { platformId: string; issuer: string; subject: string; accountId: string; via: 'email' | 'created' }
>;
export type LtiLaunched = DomainEvent<
  'LtiLaunched',
  {
    platformId: string;
    deploymentId: string;
    accountId: string;
    messageType: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
    role: LtiRole;
    contextId: string | null;
    resourceLinkId: string | null;
  }
>;
export type LtiUserEvent = LtiAccountLinked | LtiLaunched;

/** A launch tied the course to an LMS course whose members the platform lists (NRPS); the latest tie counts. */
export type LtiCourseLinked = DomainEvent<
  'LtiCourseLinked',
  { courseId: string; platformId: string; contextId: string; contextTitle: string | null; membershipsUrl: string }
>;

export const ltiStreams = {
  platform: (platformId: string) => `lti-platform-${platformId}`,
  registration: (pairHash: string) => `lti-registration-${pairHash}`,
  toolKey: () => 'lti-tool-key',
  user: (userHash: string) => `lti-user-${userHash}`,
  course: (courseId: string) => `lti-course-${courseId}`,
};
