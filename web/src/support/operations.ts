/** Live support calls (spec 1, Shell: the visitor is `me` aliased `visitor`). */
import { type DocumentType, graphql } from '../gql';

const SUPPORT_MESSAGE_FIELDS = graphql(`
  fragment SupportMessageFields on SupportMessage { id index body createdAt fromStaff }
`);

export type SupportMessageData = DocumentType<typeof SUPPORT_MESSAGE_FIELDS>;
export type VisitorData = NonNullable<DocumentType<typeof SUPPORT_VISIT>['visitor']>;

export const SUPPORT_VISIT = graphql(`
  query SupportVisit {
    visitor: me { id emailAddress displayName givenName surname }
    zone: me { tzIdentifier }
    supportThread { id unanswered messages { ...SupportMessageFields } }
  }
`);

export const POST_SUPPORT_MESSAGE = graphql(`
  mutation PostSupportMessage($body: String!) { postSupportMessage(input: { body: $body }) { message { ...SupportMessageFields } } }
`);

export const SUPPORT_MESSAGES = graphql(`
  subscription SupportMessages($visitorId: ID) { supportMessage(visitorId: $visitorId) { ...SupportMessageFields } }
`);

export const SUPPORT_INBOX = graphql(`
  query SupportInbox { supportInbox(first: 100) { id visitor { id emailAddress displayName givenName surname } messageCount lastMessageAt lastBody unanswered } }
`);

export const SUPPORT_THREAD_OF = graphql(`
  query SupportThreadOf($visitorId: ID!) { supportThreadOf(visitorId: $visitorId) { id unanswered messages { ...SupportMessageFields } } }
`);

export const ANSWER_SUPPORT_THREAD = graphql(`
  mutation AnswerSupportThread($visitorId: ID!, $body: String!) { answerSupportThread(input: { visitorId: $visitorId, body: $body }) { message { ...SupportMessageFields } mailed } }
`);
