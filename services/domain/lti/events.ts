import type { DomainEvent } from '../shared/decider';

/**
 * Events of Tertulia as an LTI 1.3 tool (issue 33). Streams: lti-platform-<id> (a registered
 * platform), lti-registration-<hash of issuer and client id> (one registration per pair),
 * lti-tool-key (our signing key, generated once), lti-user-<hash of issuer and sub> (which account a
 * platform's user is, and each launch of theirs), lti-course-<course> (its LMS course),
 * lti-lesson-<lesson> (its line items), lti-score-<conversation> (its score's way to the LMS),
 * lti-roster-<hash of issuer and sub> (the course places an LMS user was given from rosters).
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

/**
 * A lesson placed by deep linking became a line item (a gradebook column) in the LMS course
 * (Assignment and Grade Services 2.0), created through the line items service the launch offered.
 */
export type LtiLineItemCreated = DomainEvent<
  'LtiLineItemCreated',
  { lessonId: string; courseId: string; platformId: string; lineItemUrl: string; label: string; scoreMaximum: number }
>;

/**
 * A student's score for a marked conversation of such a lesson, on its way to the line item.
 * `timestamp` is the marking's time: every post of this score carries it, so the LMS applies it
 * once however often it arrives (AGS: a score not newer than the one on record changes nothing).
 */
export type LtiScoreSending = DomainEvent<
  'LtiScoreSending',
  {
    conversationId: string;
    courseId: string;
    lessonId: string;
    studentId: string;
    platformId: string;
    lineItemUrl: string;
    timestamp: string;
    markedAs: string;
    scoreGiven: number | null;
  }
>;
/** The platform accepted the score of `timestamp`. */
export type LtiScoreSent = DomainEvent<'LtiScoreSent', { conversationId: string; timestamp: string }>;
/** The platform kept refusing it: its status (null when it could not be reached) and what it said. */
export type LtiScoreFailed = DomainEvent<
  'LtiScoreFailed',
  { conversationId: string; timestamp: string; status: number | null; reason: string }
>;
export type LtiScoreEvent = LtiScoreSending | LtiScoreSent | LtiScoreFailed;

/**
 * The course's owner added an LMS learner from the LMS course's roster (NRPS): a place in the
 * course kept for them under their LMS user id (and the roster's address, when it gives one) until
 * it is taken (docs/decisions/lti.md, "Roster into the course").
 */
export type LtiRosterPlaceOffered = DomainEvent<
  'LtiRosterPlaceOffered',
  { courseId: string; platformId: string; issuer: string; subject: string; emailAddress: string | null }
>;
/**
 * The place became this account's enrollment: at once (an account already linked to the LMS user),
 * at the person's launch, or at their sign-in or sign-up with the roster's address.
 */
export type LtiRosterPlaceTaken = DomainEvent<
  'LtiRosterPlaceTaken',
  { courseId: string; platformId: string; subject: string; accountId: string; via: 'linked' | 'launch' | 'sign-in' }
>;
export type LtiRosterEvent = LtiRosterPlaceOffered | LtiRosterPlaceTaken;

export const ltiStreams = {
  platform: (platformId: string) => `lti-platform-${platformId}`,
  registration: (pairHash: string) => `lti-registration-${pairHash}`,
  toolKey: () => 'lti-tool-key',
  user: (userHash: string) => `lti-user-${userHash}`,
  course: (courseId: string) => `lti-course-${courseId}`,
  lesson: (lessonId: string) => `lti-lesson-${lessonId}`,
  score: (conversationId: string) => `lti-score-${conversationId}`,
  rosterPerson: (userHash: string) => `lti-roster-${userHash}`,
};
