/**
 * services/api's own refusals (issue 32): look-ups that find nothing the viewer may see, and
 * checks no capability's table holds. Registered in services/i18n/knownErrors.ts
 * (`errors.<table>.*`), so they answer in the caller's language. Kept out of the resolvers' modules,
 * which import services/i18n themselves: the registration importing them back would be a cycle.
 */
import { roleRequiredMessage } from '../../contracts/errors';
import { BASE_ROLES, type BaseRole } from '../../contracts/roles';
import { knownRefusal } from '../i18n/translate';

export const ApiMessages = {
  accountNotFound: 'The account was not found.',
  conversationNotFound: 'The conversation was not found.',
  courseNotFound: 'The course was not found.',
  enrollmentNotFound: 'The enrollment was not found.',
  lessonNotFound: 'The lesson was not found.',
  templateNotFound: 'The template was not found.',
  shareInviteNotFound: 'The share invite was not found.',
  scoreNotFound: 'The score was not found.',
  redemptionSetNotFound: 'The redemption set was not found.',
  availabilityNotFound: 'This availability was not found. It may have been removed.',
  notCourseOwner: 'Only the course owner can change it.',
  videoTokenInvalid: 'This video access token is not valid.',
  cursorInvalid: 'The cursor is not valid.',
  notPlacedWithRoster: 'The course is not placed in an LMS course that lists its members.',
  endBeforeStart: 'Must be after the start.',
  signalKindUnknown: (kind: string) => knownRefusal('errors.api.signalKindUnknown', { kind }),
  rangeEndBeforeStart: (start: string, end: string) => knownRefusal('errors.api.rangeEndBeforeStart', { start, end }),
  rangeTooLong: (maxDays: number) => knownRefusal('errors.api.rangeTooLong', { maxDays: String(maxDays) }),
  readAfterInvalid: (header: string) => knownRefusal('errors.api.readAfterInvalid', { header }),
  rangeTooLongField: (maxDays: number) => knownRefusal('errors.api.rangeTooLongField', { maxDays: String(maxDays) }),
} as const;

/**
 * The connections' refusals (services/api/connections.ts). Field names, predicates, cursor
 * arguments, column types and ASC/DESC are API names: values, never translated.
 */
export const ConnectionsMessages = {
  firstOrLast: 'Use "first" or "last", not both.',
  firstOrLastField: 'Use first or last, not both.',
  cursorMismatch: 'The cursor does not match the sort.',
  pageSizeInvalid: 'Not a valid page size.',
  /** What a column type's values look like (a value of the refusals below), by type. */
  expected: (type: string) => knownRefusal('errors.connections.expected', { type }),
  filterValueInvalid: (value: string, type: string, field: string) =>
    knownRefusal('errors.connections.filterValueInvalid', { value, type, field, expected: ConnectionsMessages.expected(type) }),
  filterFieldUnknown: (field: string) => knownRefusal('errors.connections.filterFieldUnknown', { field }),
  notFilterable: (field: string) => knownRefusal('errors.connections.notFilterable', { field }),
  predicateUnknown: (predicate: string, field: string, predicates: string) =>
    knownRefusal('errors.connections.predicateUnknown', { predicate, field, predicates }),
  filterValueMissing: (field: string, predicate: string) => knownRefusal('errors.connections.filterValueMissing', { field, predicate }),
  listPredicate: (field: string) => knownRefusal('errors.connections.listPredicate', { field }),
  matchesNotText: (field: string) => knownRefusal('errors.connections.matchesNotText', { field }),
  sortFieldUnknown: (field: string) => knownRefusal('errors.connections.sortFieldUnknown', { field }),
  notSortable: (field: string) => knownRefusal('errors.connections.notSortable', { field }),
  directionUnknown: (direction: string, field: string) => knownRefusal('errors.connections.directionUnknown', { direction, field }),
  cursorArgumentInvalid: (name: string) => knownRefusal('errors.connections.cursorArgumentInvalid', { name }),
  cursorOtherOrder: (name: string) => knownRefusal('errors.connections.cursorOtherOrder', { name }),
  cursorValueInvalid: (name: string, type: string) =>
    knownRefusal('errors.connections.cursorValueInvalid', { name, type, expected: ConnectionsMessages.expected(type) }),
  pageSizeNotWhole: (name: string) => knownRefusal('errors.connections.pageSizeNotWhole', { name }),
  pageSizeTooLarge: (name: string, max: number) => knownRefusal('errors.connections.pageSizeTooLarge', { name, max: String(max) }),
  pageSizeTooLargeField: (max: number) => knownRefusal('errors.connections.pageSizeTooLargeField', { max: String(max) }),
} as const;

/** The header a cookie-signed request carries (./csrf.ts). */
export const CSRF_HEADER = 'x-graphql-csrf';

/** The refusals of the cross-site request check (./csrf.ts). */
export const CSRF_MESSAGES = {
  json: 'GraphQL requests are JSON: send Content-Type: application/json.',
  header: `A request signed in with the cookie needs the ${CSRF_HEADER} header.`,
};

/** The refusals of the routes outside GraphQL (services/api/httpErrors.ts and the REST routes). */
export const HttpMessages = {
  tooLarge: 'The request body is too large.',
  notFound: 'Not found.',
  notJson: 'The request body is not valid JSON.',
  encodingUnsupported: 'The request body has an unsupported encoding.',
  notUnderstood: 'The request could not be understood.',
  internal: 'Something went wrong on our side. Please try again.',
  empty: 'The request body is empty.',
  noPlainToken: 'No plain token.',
  bytesNotWhole: 'bytes must be a whole number of bytes.',
  uploadTooLarge: (mb: number) => knownRefusal('errors.http.uploadTooLarge', { mb: String(mb) }),
  chunksMissing: 'Some chunks of the recording have not arrived.',
} as const;

export const ClassViewMessages = { notOwner: 'Only the course owner can see its class.' } as const;

/** A conversation's recording (services/api/resolvers/archive.ts). */
export const ArchiveMessages = {
  notAllowed: 'You are not allowed to watch the recording of this conversation.',
  none: 'This conversation has no recording.',
  notPlayable: 'The recording of this conversation cannot be played.',
  expired: 'This recording has expired: it was deleted at the end of its retention period.',
} as const;

export const LtiScoreMessages = {
  notFailed: 'Only a score the LMS refused can be sent again.',
} as const;

/**
 * A mutation's answer that its read model has not caught up with yet (`readBack`,
 * services/api/commandSupport.ts): a CONFLICT asking to reload.
 */
export const ReadBackMessages = {
  conversationNotReadable: 'The conversation is not readable yet. Please reload.',
  conversationChanged: 'The conversation was changed but is not readable yet. Please reload.',
  conversationOpened: 'The conversation was opened but is not readable yet. Please reload.',
  conversationMarked: 'The conversation was marked but is not readable yet. Please reload.',
  conversationRated: 'The conversation was rated but is not readable yet. Please reload.',
  interviewMade: 'The interview was made but is not readable yet. Please reload.',
  courseMade: 'The course was made but is not readable yet. Please reload.',
  courseChanged: 'The course was changed but is not readable yet. Please reload.',
  studentTransferred: 'The student was transferred but the course is not readable yet. Please reload.',
  lessonChanged: 'The lesson was changed but is not readable yet. Please reload.',
  templateMade: 'The template was made but is not readable yet. Please reload.',
  templateChanged: 'The template was changed but is not readable yet. Please reload.',
  setMade: 'The set was made but is not readable yet. Please reload.',
  exportAsked: 'The export was asked for: reload the page to follow it.',
  identityProviderSaved: 'The identity provider was saved but is not readable yet. Please reload.',
  pricingPlanSaved: 'The pricing plan was saved but is not readable yet. Please reload.',
  platformSaved: 'The platform was saved but is not readable yet. Please reload.',
  scoreQueued: 'The score was queued again but is not readable yet. Please reload.',
  testCallStarted: 'The test call was started but is not readable yet. Please reload.',
  testCallEnded: 'The test call was ended but is not readable yet. Please reload.',
} as const;

/** A signed-in caller without the role (services/api/auth.ts `roleRefused`), by role in lower case. */
export const RoleMessages = Object.fromEntries(BASE_ROLES.map((role) => [role.toLowerCase(), roleRequiredMessage(role)])) as Record<
  Lowercase<BaseRole>,
  string
>;
