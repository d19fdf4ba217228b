/**
 * The contracts' tables' parameterized entries the server refuses with, as known refusals (issue 32).
 * The web keeps the contracts' functions (English text); a server throw site says these instead, by
 * the id `errors.<area>.<key>` of the contracts' table's area (services/i18n/knownErrors.ts), whose
 * English is the function's own words (knownErrors.test.ts holds them equal).
 */
import { knownRefusal } from '../../i18n/translate';

export const LiveRefusals = {
  noAccess: (conversationId: string) => knownRefusal('errors.conversationLive.noAccess', { conversationId }),
} as const;

export const CourseRefusals = {
  topicsTooLong: (max: number) => knownRefusal('errors.course.topicsTooLong', { max }),
  lessonsHeld: (order: number) => knownRefusal('errors.course.lessonsHeld', { order }),
} as const;

export const ReadModelRefusals = {
  unknownReadModel: (name: string) => knownRefusal('errors.readModels.unknownReadModel', { name }),
} as const;
