import type { Projector } from '../services/feed/projector';
import { accountsProjector } from './accounts';
import { minutesProjector } from './minutes';
import { catalogProjector } from './catalog';
import { codesProjector } from './codes';
import { enrollmentsProjector } from './enrollments';
import { paymentsProjector } from './payments';
import { directoryProjector } from './directory';
import { historyProjector } from './history';
import { notificationsProjector } from './notifications';
import { searchProjector } from './search';
import { availabilityProjector } from './availability';
import { conversationsProjector } from './conversations';
import { profilesProjector } from './profiles';
import { speakersProjector } from './speakers';
import { payrollProjector } from './payroll';
import { supportProjector } from './support';
import { archivesProjector } from './archives';
import { groupsProjector } from './groups';
import { chatsProjector } from './chats';
import { notesProjector } from './notes';
import { speakingTimeProjector } from './speakingtime';
import { classviewProjector } from './classview';
import { exportsProjector } from './exports';
import { ltiProjector } from './lti';
import { ssoProjector } from './sso';
import { dataAccessProjector } from './dataaccess';

/** Every read model of the product; the runner, the CLI and the tests take them from here. */
export const allProjectors: readonly Projector[] = [
  accountsProjector,
  minutesProjector,
  // Courses, enrollment, payments (issue 4)
  catalogProjector,
  enrollmentsProjector,
  paymentsProjector,
  codesProjector,
  // Back-office (issue 3)
  directoryProjector,
  notificationsProjector,
  historyProjector,
  searchProjector,
  // Scheduling and conversations (issue 8)
  availabilityProjector,
  conversationsProjector,
  // Speakers (issue 8)
  speakersProjector,
  supportProjector,
  // Profiles and onboarding (issue 8)
  profilesProjector,
  // Speaker payroll (issue 12)
  payrollProjector,
  // Recordings (issue 10)
  archivesProjector,
  // The admin's groups table (issue 11): schools and what their instructors run
  groupsProjector,
  // The chat's unread counts (issue 28)
  chatsProjector,
  // The speaker's notes on a conversation (issue 35)
  notesProjector,
  // Each participant's speaking time in a conversation (issue 35)
  speakingTimeProjector,
  // The instructor's class view (issue 35)
  classviewProjector,
  // Download my data (issue 34)
  exportsProjector,
  // LTI platforms (issue 33)
  ltiProjector,
  // Single sign-on: schools' identity providers (issue 33)
  ssoProjector,
  // Who looked at a person's data (issue 34)
  dataAccessProjector,
];
