/**
 * The contracts' known messages only signed-in pages show (the course forms, the adventure's
 * enrollment, the make-up purchase, marking, the gallery, the reserve flow's zone), said by the
 * server too. Apart from KNOWN_MESSAGES (knownMessages.ts), which the first page's bundle holds:
 * the server registers them (`addKnownMessages`, services/i18n/knownErrors.ts); the web gets their English with the part
 * of the catalogs that holds them (web/vite.config.ts, catalogParts.ts), never in its first bundle,
 * so the sign-in page does not carry these words nor the tables they are read from.
 */
import { AfterMessages } from '../afterConversation';
import { EnrollmentMessages } from '../enrollment';
import { SchedulingMessages } from '../scheduling';
import { SpeakerMessages } from '../speaking';
import { CourseMessages } from '../validation/enrollment';

export const SIGNED_IN_KNOWN_MESSAGES = {
  'known.course.nameRequired': CourseMessages.nameRequired,
  'known.course.nameTooLong': CourseMessages.nameTooLong,
  'known.course.languageInvalid': CourseMessages.languageInvalid,
  'known.course.proficiencyInvalid': CourseMessages.proficiencyInvalid,
  'known.course.durationInvalid': CourseMessages.durationInvalid,
  'known.course.completionInvalid': CourseMessages.completionInvalid,
  'known.course.startDateRequired': CourseMessages.startDateRequired,
  'known.course.endDateRequired': CourseMessages.endDateRequired,
  'known.course.endBeforeStart': CourseMessages.endBeforeStart,
  'known.course.endInPast': CourseMessages.endInPast,
  'known.course.courseUpdated': CourseMessages.courseUpdated,
  'known.course.coursePast': CourseMessages.coursePast,
  'known.enrollment.adventureNotFound': EnrollmentMessages.adventureNotFound,
  'known.enrollment.adventureAlreadyEnrolled': EnrollmentMessages.adventureAlreadyEnrolled,
  'known.enrollment.adventureFailed': EnrollmentMessages.adventureFailed,
  'known.enrollment.adventureExtraConversations': EnrollmentMessages.adventureExtraConversations,
  'known.after.markingRequired': AfterMessages.markingRequired,
  'known.after.makeUpUnavailable': AfterMessages.makeUpUnavailable,
  'known.after.makeUpFailed': AfterMessages.makeUpFailed,
  'known.speaker.noSpeakersForLanguage': SpeakerMessages.noSpeakersForLanguage,
  'known.scheduling.invalidTimezone': SchedulingMessages.invalidTimezone,
} as const;
