/** Live support calls (spec 1, Shell: the visitor is `me` aliased `visitor`). */
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface SupportMessageData {
  id: string;
  index: number;
  body: string;
  createdAt: string;
  fromStaff: boolean;
}
export interface SupportThreadData {
  id: string;
  unanswered: boolean;
  messages: SupportMessageData[];
}
export interface VisitorData {
  id: string;
  emailAddress: string | null;
  displayName: string | null;
  givenName: string | null;
  surname: string | null;
}

const MESSAGE = 'id index body createdAt fromStaff';

export const SUPPORT_VISIT: TypedDocumentNode<{
  visitor: VisitorData | null;
  zone: { tzIdentifier: string | null } | null;
  supportThread: SupportThreadData;
}> = gql`
  query SupportVisit {
    visitor: me { id emailAddress displayName givenName surname }
    zone: me { tzIdentifier }
    supportThread { id unanswered messages { ${MESSAGE} } }
  }
`;

export const POST_SUPPORT_MESSAGE: TypedDocumentNode<{ postSupportMessage: { message: SupportMessageData } }, { body: string }> = gql`
  mutation PostSupportMessage($body: String!) { postSupportMessage(input: { body: $body }) { message { ${MESSAGE} } } }
`;

export const SUPPORT_MESSAGES: TypedDocumentNode<{ supportMessage: SupportMessageData }, { visitorId?: string | null }> = gql`
  subscription SupportMessages($visitorId: ID) { supportMessage(visitorId: $visitorId) { ${MESSAGE} } }
`;

export interface InboxItemData {
  id: string;
  visitor: VisitorData | null;
  messageCount: number;
  lastMessageAt: string;
  lastBody: string;
  unanswered: boolean;
}

export const SUPPORT_INBOX: TypedDocumentNode<{ supportInbox: InboxItemData[] }> = gql`
  query SupportInbox { supportInbox(first: 100) { id visitor { id emailAddress displayName givenName surname } messageCount lastMessageAt lastBody unanswered } }
`;

export const SUPPORT_THREAD_OF: TypedDocumentNode<{ supportThreadOf: SupportThreadData }, { visitorId: string }> = gql`
  query SupportThreadOf($visitorId: ID!) { supportThreadOf(visitorId: $visitorId) { id unanswered messages { ${MESSAGE} } } }
`;

export const ANSWER_SUPPORT_THREAD: TypedDocumentNode<
  { answerSupportThread: { message: SupportMessageData; mailed: boolean } },
  { visitorId: string; body: string }
> = gql`
  mutation AnswerSupportThread($visitorId: ID!, $body: String!) { answerSupportThread(input: { visitorId: $visitorId, body: $body }) { message { ${MESSAGE} } mailed } }
`;
