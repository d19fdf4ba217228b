/**
 * The GraphQL behind each back-office resource: its list connection, its record, and the fields both
 * read. Views never hold GraphQL (react-admin demo style); a new resource (courses, codes,
 * conversations …) adds an entry here and a folder under web/src/admin/.
 */
import { gql, type DocumentNode } from '@apollo/client';
import { type FragmentDefinitionNode, print } from 'graphql';
import { graphql } from '../../gql';
import { PAYROLL_ROW_NODE } from '../../payroll/operations';

export interface ResourceDefinition {
  /** The connection query field, e.g. `students`. */
  listField: string;
  /** Fields of a list node. */
  listNode: string;
  /** Arguments the list query takes besides the connection's, from `meta` (e.g. userId). */
  listExtraArgs?: Record<string, string>;
  /** The record query field and its argument, e.g. `user(userId:)`. */
  oneField?: string;
  oneArg?: string;
  oneNode?: string;
}

const PERSON_LIST_NODE = `id emailAddress displayName givenName surname createdAt
  account { id roles remainingMinutes currentSignInAt currentSignInIp }`;

const PERSON_DETAIL = graphql(`
  fragment AdminPersonDetail on User {
    id emailAddress displayName givenName surname tzIdentifier createdAt
    account {
      id emailAddress roles activeRole remainingMinutes currentSignInAt currentSignInIp resetPasswordSentAt
      minuteTransactions { id minuteQuantity action actionReason createdAt }
    }
  }
`);

const NOTIFICATION_LIST_NODE = `id createdAt updatedAt subject templateKey transportType latestEventType fromAddress recipient { id emailAddress roles }`;
const NOTIFICATION_DETAIL_NODE = `id createdAt updatedAt fromAddress subject transportType templateKey latestEventType publicToken
  recipient { id emailAddress roles }
  templateValue { key value }
  events { eventType updatedAt details }
  preview { subject text html }`;

const REDEMPTION_CODE_NODE = `id value valueVersion createdAt minuteQuantity redeemedOn redeemedBy { id emailAddress displayName }
  redemptionSet { id name }`;
// Spread by name in the redemption set's calls below.
graphql(`
  fragment AdminRedemptionSet on RedemptionSet {
    id name fillLimit duration quantity minuteQuantity createdAt lastFilledOn createdBy { id emailAddress displayName }
    codes { id value valueVersion minuteQuantity createdAt redeemedOn redeemedBy { id emailAddress displayName } }
  }
`);

const CONVERSATION_PERSON = 'id displayName emailAddress';
const CONVERSATION_LIST_NODE = `id status kind duration reservedStart isCanceled markedAs learningLanguage createdAt
  reservedBy { ${CONVERSATION_PERSON} } reservedWith { ${CONVERSATION_PERSON} }`;
const CONVERSATION_DETAIL_NODE = `id kind provider status reservedStart reservedEnd duration createdAt updatedAt isCanceled canceledOn
  canceledBy { ${CONVERSATION_PERSON} } markedAs markedOn transferredOn learningLanguage
  reservedBy { ${CONVERSATION_PERSON} } reservedWith { ${CONVERSATION_PERSON} }
  course { id name proficiency owner { id emailAddress school } } lesson { id title discussionTopic }
  conversationChat { id state messages { id index body createdAt ownerId owner { id displayName emailAddress } } }
  participants { id isConnected connectedFor participantEvents { id kind sequence timestamp } }
  pastConversations { id reservedStart } pastConversationsCount
  ratings { rating comment role ratedOn ratedBy { ${CONVERSATION_PERSON} } }`;
const COURSE_LIST_NODE = `id name kind language proficiency startDate endDate isPast inviteNumber courseEnrollmentsCount owner { id emailAddress school }`;
const COURSE_DETAIL_NODE = `id name kind language proficiency startDate endDate isPast inviteNumber completionRequirement durationRequirement
  courseEnrollmentsCount owner { id emailAddress school } priceAgreement { id kind }
  lessonAssignments { id dueOn order lesson { id title discussionTopic } }`;

const PRICING_PLAN = graphql(`
  fragment AdminPricingPlan on PricingPlan {
    id name kind conversationDuration systemDefault coursesCount createdAt
    priceList { conversationDuration unitPrice } promotionalPriceList { conversationDuration unitPrice }
  }
`);

const IDENTITY_PROVIDER = graphql(`
  fragment AdminIdentityProvider on IdentityProvider {
    id kind displayName issuer clientId clientSecretSetAt scopes domains instructorClaim { name value } passwordSignInAllowed
    redirectUri createdAt updatedAt
    saml { metadataUrl entityId ssoUrl certificateValidUntil serviceProviderEntityId assertionConsumerServiceUrl }
  }
`);

const GROUP_LIST_NODE = 'id name instructorsCount coursesCount currentCoursesCount studentsCount minutesUsed';
const GROUP_INSTRUCTOR = 'id displayName emailAddress coursesCount';

/** A fragment's fields as text, for the list and record documents built at run time. */
function fieldsOf(fragment: DocumentNode): string {
  return print((fragment.definitions[0] as FragmentDefinitionNode).selectionSet).slice(1, -1);
}

const person = (listField: string): ResourceDefinition => ({
  listField,
  listNode: PERSON_LIST_NODE,
  oneField: 'user',
  oneArg: 'userId',
  oneNode: fieldsOf(PERSON_DETAIL),
});

export const RESOURCES: Record<string, ResourceDefinition> = {
  students: person('students'),
  instructors: person('instructors'),
  speakers: person('speakers'),
  notifications: {
    listField: 'notifications',
    listNode: NOTIFICATION_LIST_NODE,
    oneField: 'notification',
    oneArg: 'notificationId',
    oneNode: NOTIFICATION_DETAIL_NODE,
  },
  // Courses, enrollment, payments (issue 4)
  redemption_codes: {
    listField: 'redemptionCodes',
    listNode: REDEMPTION_CODE_NODE,
    oneField: 'redemptionCode',
    oneArg: 'redemptionCodeId',
    oneNode: REDEMPTION_CODE_NODE,
  },
  // Speaker payroll (issue 12): one month's rows.
  payroll_rows: {
    listField: 'payrollRows',
    listNode: fieldsOf(PAYROLL_ROW_NODE),
    listExtraArgs: { month: 'String!' },
  },
  // Admin views (issue 11)
  conversations: {
    listField: 'conversations',
    listNode: CONVERSATION_LIST_NODE,
    oneField: 'conversation',
    oneArg: 'conversationId',
    oneNode: CONVERSATION_DETAIL_NODE,
  },
  courses: {
    listField: 'courses',
    listNode: COURSE_LIST_NODE,
    oneField: 'course',
    oneArg: 'courseId',
    oneNode: COURSE_DETAIL_NODE,
  },
  profiles: {
    listField: 'profiles',
    listNode:
      'id emailAddress displayName givenName surname currentCity currentState currentCountry school tzIdentifier account { id roles }',
  },
  mail_templates: {
    listField: 'mailTemplates',
    listNode: 'id templateKey messages sent failedAttempts lastQueuedOn latestSubject latestEventType',
  },
  speaker_candidates: {
    listField: 'speakerCandidates',
    listNode: 'id emailAddress displayName stage evaluation evaluatedOn interviewedOn languages payRate openedOn',
  },
  pricing_plans: {
    listField: 'pricingPlanTable',
    listNode: fieldsOf(PRICING_PLAN),
    oneField: 'pricingPlan',
    oneArg: 'pricingPlanId',
    oneNode: fieldsOf(PRICING_PLAN),
  },
  lti_platforms: {
    listField: 'ltiPlatformTable',
    listNode: 'id name issuer clientId deploymentIds registeredAt',
  },
  identity_providers: {
    listField: 'identityProviderTable',
    listNode: fieldsOf(IDENTITY_PROVIDER),
    oneField: 'identityProvider',
    oneArg: 'identityProviderId',
    oneNode: fieldsOf(IDENTITY_PROVIDER),
  },
  groups: {
    listField: 'groups',
    listNode: GROUP_LIST_NODE,
    oneField: 'group',
    oneArg: 'groupId',
    oneNode: `${GROUP_LIST_NODE}
      instructors { ${GROUP_INSTRUCTOR} }
      courses { id name startDate endDate isPast studentsCount minutesUsed owner { ${GROUP_INSTRUCTOR} } }`,
  },
  lessons: {
    listField: 'lessons',
    listNode: 'id dueOn order lesson { id title discussionTopic } course { id name language kind startDate }',
  },
  history: {
    listField: 'userHistory',
    listNode: 'id eventType occurredAt description actor { id emailAddress displayName }',
    listExtraArgs: { userId: 'ID!' },
  },
};

const CONNECTION_ARGS = '$first: Int, $last: Int, $before: String, $after: String, $sort: [SortInput!], $filter: [FilterInput!]';
const CONNECTION_PASS = 'first: $first, last: $last, before: $before, after: $after, sort: $sort, filter: $filter';

const cache = new Map<string, DocumentNode>();
const memo = (key: string, build: () => string) => {
  if (!cache.has(key)) cache.set(key, gql(build()));
  return cache.get(key)!;
};

export function listDocument(resource: string, def: ResourceDefinition): DocumentNode {
  return memo(`list:${resource}`, () => {
    const extra = Object.entries(def.listExtraArgs ?? {});
    const declared = [...extra.map(([name, type]) => `$${name}: ${type}`), CONNECTION_ARGS].join(', ');
    const passed = [...extra.map(([name]) => `${name}: $${name}`), CONNECTION_PASS].join(', ');
    return `query AdminList_${resource}(${declared}) {
      ${def.listField}(${passed}) {
        totalCount
        pageInfo { startCursor endCursor hasPreviousPage hasNextPage }
        edges { cursor node { ${def.listNode} } }
      }
    }`;
  });
}

export function oneDocument(resource: string, def: ResourceDefinition): DocumentNode {
  return memo(`one:${resource}`, () => `query AdminOne_${resource}($id: ID!) { ${def.oneField}(${def.oneArg}: $id) { ${def.oneNode} } }`);
}
