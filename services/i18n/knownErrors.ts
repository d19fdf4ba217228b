/**
 * The server's own refusals answered in the caller's language (issue 32): services/api's, the
 * domain's and the rest of services/, by id
 * `errors.<area>.<key>` in the server's catalogs (services/i18n/messages). Only the server shows
 * them (the web gets them translated in the answer), so, unlike the contracts' known messages, they
 * stay out of the web's bundle (a contracts' table the web imports for its own checks is
 * registered here by its text: the web keeps its English). A table's string entries are found by
 * their English text; a server table's function entries return a KnownRefusal (translate.ts
 * `knownRefusal`) that says its own id. A contracts' table's functions stay English for the web: the
 * server throws their KnownRefusal from services/domain/shared/contractRefusals.ts instead, by the id
 * `errors.<the table's area>.<key>`, whose English is the function's words.
 */
import { AfterMessages } from '../../contracts/afterConversation';
import { EnrollmentMessages } from '../../contracts/enrollment';
import { addKnownMessages, knownMessageId } from '../../contracts/i18n/knownMessages';
// Registers the known messages only signed-in pages show: the server says every known message.
import { SIGNED_IN_KNOWN_MESSAGES } from '../../contracts/i18n/signedInKnownMessages';
import { LiveMessages } from '../../contracts/live';
import { SchedulingMessages } from '../../contracts/scheduling';
import {
  ApiMessages,
  ArchiveMessages,
  ClassViewMessages,
  ConnectionsMessages,
  CSRF_MESSAGES,
  HttpMessages,
  LtiScoreMessages,
  ReadBackMessages,
  RoleMessages,
} from '../api/apiMessages';
import { CourseMessages } from '../../contracts/validation/enrollment';
import { PrivacyMessages } from '../domain/archive/consent';
import { RecordingMessages } from '../domain/archive/archive';
import { BillingMessages } from '../domain/billing/messages';
import { CatalogMessages } from '../domain/catalog/messages';
import { ConversationMessages } from '../domain/conversations/messages';
import { EnrollingMessages } from '../domain/enrollment/messages';
import { IdentityMessages } from '../domain/identity/messages';
import { PeopleMessages } from '../domain/people/messages';
import { ReadModelOperationMessages } from '../domain/readModels/messages';
import { AvailabilityMessages } from '../domain/scheduling/messages';
import { SpeakingMessages } from '../domain/speaking/messages';
import { FeedMessages } from '../feed/messages';
import { CommandMessages } from '../commands/messages';
import { DataAccessMessages } from '../domain/dataAccess/dataAccess';
import { RemindMessages } from '../domain/enrollment/remindHandlers';
import { ErasureMessages } from '../domain/erasure/erasure';
import { ExportMessages } from '../domain/export/export';
import { PlatformMessages } from '../domain/lti/platform';
import { RosterMessages } from '../domain/lti/roster';
import { SharedMessages } from '../domain/shared/errors';
import { LimitMessages } from '../domain/shared/limits';
import { SsoMessages } from '../domain/sso/rules';
import { SupportMessages } from '../domain/support/support';
import { KeySetMessages } from '../integrations/lti/keySet';
import { PayrollMessages } from '../../contracts/payroll';
import { SpeakerMessages } from '../../contracts/speaking';
import { SpeakingTimeMessages } from '../../contracts/speakingTime';
import { RedemptionSetMessages } from '../../contracts/validation/enrollment';
import { PricingPlanMessages } from '../../contracts/validation/pricing';
import { ReadModelMessages } from '../../contracts/validation/readModels';
import { ServiceMessages } from '../integrations/lti/services';

// The known messages only signed-in pages show are recognised on the server from the start.
addKnownMessages(SIGNED_IN_KNOWN_MESSAGES);
import { CardDeclineMessages, PaymentMethodMessages } from '../integrations/payments/port';

type Table = Readonly<Record<string, unknown>>;

/** Each registered table with its area: adding a table is one line. Read lazily: the tables' modules import translate.ts. */
const tables = (): [area: string, table: Table][] => [
  ['scheduling', SchedulingMessages],
  ['enrollment', EnrollmentMessages],
  ['http', HttpMessages],
  ['csrf', CSRF_MESSAGES],
  ['limits', LimitMessages],
  ['shared', SharedMessages],
  ['personErasure', ErasureMessages],
  ['ltiRoster', RosterMessages],
  ['supportChat', SupportMessages],
  ['export', ExportMessages],
  ['personalDataAccess', DataAccessMessages],
  ['privacy', PrivacyMessages],
  ['remind', RemindMessages],
  ['ltiPlatform', PlatformMessages],
  ['ltiService', ServiceMessages],
  ['ltiKeySet', KeySetMessages],
  ['payments', PaymentMethodMessages],
  ['cardDeclines', CardDeclineMessages],
  ['schoolSignIn', SsoMessages],
  ['catalog', CatalogMessages],
  ['conversation', ConversationMessages],
  ['recording', RecordingMessages],
  ['accounts', IdentityMessages],
  ['availability', AvailabilityMessages],
  ['enrolling', EnrollingMessages],
  ['speaking', SpeakingMessages],
  ['billing', BillingMessages],
  ['onboarding', PeopleMessages],
  ['readModelOperations', ReadModelOperationMessages],
  ['feed', FeedMessages],
  ['commands', CommandMessages],
  ['conversationLive', LiveMessages],
  ['conversationAfter', AfterMessages],
  ['course', CourseMessages],
  // services/api's last: where its English is also a domain table's, its words are the ones answered
  ['api', ApiMessages],
  ['connections', ConnectionsMessages],
  ['classView', ClassViewMessages],
  ['archivePlayback', ArchiveMessages],
  ['ltiScores', LtiScoreMessages],
  ['readBack', ReadBackMessages],
  ['role', RoleMessages],
  ['speaker', SpeakerMessages],
  ['payroll', PayrollMessages],
  ['speakingTime', SpeakingTimeMessages],
  ['readModels', ReadModelMessages],
  ['pricingPlan', PricingPlanMessages],
  ['redemptionSet', RedemptionSetMessages],
];

let registered: { byId: Map<string, string>; byText: Map<string, string>; tables: [string, Table][] } | null = null;

function registry() {
  if (!registered) {
    const list = tables();
    const entries = list.flatMap(([area, table]) =>
      Object.entries(table).flatMap(([key, text]): [string, string][] =>
        // a contracts' known message (contracts/i18n) is translated as one already
        typeof text === 'string' && !knownMessageId(text) ? [[`errors.${area}.${key}`, text]] : [],
      ),
    );
    registered = { byId: new Map(entries), byText: new Map(entries.map(([id, text]) => [text, id])), tables: list };
  }
  return registered;
}

/** Each known refusal's English (the tables' string entries), by its catalog id. */
export const knownErrors = (): ReadonlyMap<string, string> => registry().byId;

/** The registered tables, by area. */
export const knownErrorTables = (): readonly [area: string, table: Table][] => registry().tables;

/** The catalog id of a known refusal's English text, null for any other text. */
export const knownErrorId = (text: string): string | null => registry().byText.get(text) ?? null;
