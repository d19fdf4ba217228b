import type { Resolvers } from '../../../contracts/generated/resolvers';
import { identityResolvers } from './identity';
import { minutesResolvers } from './minutes';
import { adminResolvers } from './admin';
import { codesResolvers } from './codes';
import { schedulingResolvers } from './scheduling';
import { enrollmentResolvers } from './enrollment';
import { speakersResolvers } from './speakers';
import { peopleResolvers } from './people';
import { liveResolvers } from './live';
import { testCallResolvers } from './testCalls';
import { payrollResolvers } from './payroll';
import { supportResolvers } from './support';
import { afterConversationResolvers } from './afterConversation';
import { notesResolvers } from './notes';
import { speakingTimeResolvers } from './speakingTime';
import { progressResolvers } from './progress';
import { instructorResolvers } from './instructor';
import { classViewResolvers } from './classView';
import { archiveResolvers } from './archive';
import { pricingPlanResolvers } from './pricingPlans';
import { ltiResolvers } from './lti';
import { groupResolvers } from './groups';
import { readModelResolvers } from './readModels';
import { dataExportResolvers } from './dataExport';
import { dataAccessResolvers } from './dataAccess';
import { erasureResolvers } from './erasure';
import { recordingConsentResolvers } from './recordingConsent';
import { ssoResolvers } from './sso';
import { CalendarDateScalar } from '../calendarDateScalar';
import { DateTimeScalar } from '../dateTimeScalar';
import { withPrivacy } from '../privacy';

/** Merges the resolver maps of every context into one. */
function merge(...maps: Resolvers[]): Resolvers {
  const out: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) out[type] = { ...(out[type] ?? {}), ...(fields as object) };
  }
  return out as Resolvers;
}

export const resolvers = {
  ...withPrivacy(
    merge(
      identityResolvers,
      minutesResolvers,
      adminResolvers,
      enrollmentResolvers,
      codesResolvers,
      speakersResolvers,
      peopleResolvers,
      schedulingResolvers,
      liveResolvers,
      testCallResolvers,
      payrollResolvers,
      supportResolvers,
      afterConversationResolvers,
      notesResolvers,
      speakingTimeResolvers,
      progressResolvers,
      instructorResolvers,
      classViewResolvers,
      archiveResolvers,
      pricingPlanResolvers,
      ltiResolvers,
      groupResolvers,
      readModelResolvers,
      dataExportResolvers,
      erasureResolvers,
      recordingConsentResolvers,
      ssoResolvers,
      dataAccessResolvers,
    ),
  ),
  DateTime: DateTimeScalar,
  Date: CalendarDateScalar,
};
