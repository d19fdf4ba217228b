/**
 * The live room's calls (spec 2, section 7): the conversation with its provider and people, the
 * video join, the server's clock, leaving, opening, chat, presence and the local provider's
 * signalling.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ConversationStatus,
  MutationLeaveConversationArgs,
  MutationModerateConversationArgs,
  MutationModerateConversationChatArgs,
  MutationPostChatMessageArgs,
  MutationSendVideoSignalArgs,
  MutationSyncParticipantArgs,
  QueryBroadcastPresenceArgs,
  QueryConversationArgs,
  SubscriptionConversationChangedArgs,
  SubscriptionConversationChatMessageArgs,
  SubscriptionLobbyPresenceArgs,
  SubscriptionVideoSignalsArgs,
  SyncResult,
  VideoJoin,
} from '../lib/graphql-types';
import type { ChatLine } from './chatState';

export interface LivePerson {
  id: string;
  displayName: string | null;
  currentCity: string | null;
  currentState: string | null;
  currentCountry: string | null;
  headshotUrl: string | null;
}

export interface LiveConversation {
  id: string;
  kind: string;
  provider: string;
  status: ConversationStatus;
  isCanceled: boolean;
  duration: number;
  reservedStart: string;
  learningLanguage: string;
  /** Recorded once it runs (issue 10): both participants are told. */
  archiveOnStart: boolean;
  /** The student; the staff member in an interview. */
  reservedBy: { id: string } | null;
  otherUsers: LivePerson[];
  course: { id: string; name: string } | null;
  lesson: { id: string; title: string; discussionTopic: string | null } | null;
}

export interface LiveData {
  me: { id: string; displayName: string | null; tzIdentifier: string } | null;
  conversation: LiveConversation | null;
}

/** The room's conversation: its provider first of all, then the people and the topic. */
export const LIVE_CONVERSATION: TypedDocumentNode<LiveData, QueryConversationArgs> = gql`
  query LiveConversation($conversationId: ID!) {
    me {
      id
      displayName
      tzIdentifier
    }
    conversation(conversationId: $conversationId) {
      id
      kind
      provider
      status
      isCanceled
      duration
      reservedStart
      learningLanguage
      archiveOnStart
      reservedBy {
        id
      }
      otherUsers {
        id
        displayName
        currentCity
        currentState
        currentCountry
        headshotUrl
      }
      course {
        id
        name
      }
      lesson {
        id
        title
        discussionTopic
      }
    }
  }
`;

export type VideoJoinData = { me: { id: string; videoJoin: VideoJoin } | null };

/** How to join the room (only the two participants, only while opened or started). */
export const VIDEO_JOIN: TypedDocumentNode<VideoJoinData, { conversationId: string }> = gql`
  query LiveVideoJoin($conversationId: ID!) {
    me {
      id
      videoJoin(conversationId: $conversationId) {
        provider
        roomName
        identity
        accessToken
        iceServers
        role
      }
    }
  }
`;

type SyncFields = Pick<SyncResult, 'synced' | 'pollingDelayMs' | 'totalTicks' | 'remainingTicks' | 'status'>;

export const SYNC_PARTICIPANT: TypedDocumentNode<{ syncParticipant: SyncFields }, MutationSyncParticipantArgs> = gql`
  mutation LiveSyncParticipant($input: ConversationInput!) {
    syncParticipant(input: $input) {
      synced
      pollingDelayMs
      totalTicks
      remainingTicks
      status
    }
  }
`;

export const LEAVE_CONVERSATION: TypedDocumentNode<
  { leaveConversation: Pick<SyncResult, 'synced' | 'status'> },
  MutationLeaveConversationArgs
> = gql`
  mutation LiveLeaveConversation($input: ConversationInput!) {
    leaveConversation(input: $input) {
      synced
      status
    }
  }
`;

export const OPEN_CONVERSATION: TypedDocumentNode<
  { moderateConversation: { opened: boolean | null; conversation: { id: string; status: ConversationStatus } } },
  MutationModerateConversationArgs
> = gql`
  mutation LiveOpenConversation($input: ModerateConversationInput!) {
    moderateConversation(input: $input) {
      opened
      conversation {
        id
        status
      }
    }
  }
`;

export const CONVERSATION_CHANGED: TypedDocumentNode<
  { conversationChanged: { conversationId: string; changed: boolean } },
  SubscriptionConversationChangedArgs
> = gql`
  subscription LiveConversationChanged($conversationId: ID!) {
    conversationChanged(conversationId: $conversationId) {
      conversationId
      changed
    }
  }
`;

// --- Chat -------------------------------------------------------------------------------------

const CHAT_LINE = gql`
  fragment LiveChatLine on ChatMessage {
    id
    body
    createdAt
    index
    ownerId
    owner {
      id
      displayName
    }
  }
`;

export interface ChatData {
  me: { id: string } | null;
  conversation: {
    id: string;
    status: ConversationStatus;
    isCanceled: boolean;
    chatablePolicy: { isChatable: boolean; chatableAfter: string };
    conversationChat: { id: string; state: string; messages: ChatLine[] } | null;
  } | null;
}

export const CHAT: TypedDocumentNode<ChatData, QueryConversationArgs> = gql`
  ${CHAT_LINE}
  query LiveChat($conversationId: ID!) {
    me {
      id
    }
    conversation(conversationId: $conversationId) {
      id
      status
      isCanceled
      chatablePolicy {
        isChatable
        chatableAfter
      }
      conversationChat {
        id
        state
        messages {
          ...LiveChatLine
        }
      }
    }
  }
`;

export const CHAT_MESSAGE: TypedDocumentNode<{ conversationChatMessage: ChatLine }, SubscriptionConversationChatMessageArgs> = gql`
  ${CHAT_LINE}
  subscription LiveChatMessage($conversationId: ID!) {
    conversationChatMessage(conversationId: $conversationId) {
      ...LiveChatLine
    }
  }
`;

export const OPEN_CHAT: TypedDocumentNode<{ moderateConversationChat: { opened: boolean } }, MutationModerateConversationChatArgs> = gql`
  mutation LiveOpenChat($input: ModerateConversationChatInput!) {
    moderateConversationChat(input: $input) {
      opened
    }
  }
`;

export const POST_CHAT_MESSAGE: TypedDocumentNode<
  { postChatMessage: { posted: boolean; message: ChatLine } },
  MutationPostChatMessageArgs
> = gql`
  ${CHAT_LINE}
  mutation LivePostChatMessage($input: PostChatMessageInput!) {
    postChatMessage(input: $input) {
      posted
      message {
        ...LiveChatLine
      }
    }
  }
`;

// --- Presence ---------------------------------------------------------------------------------

export const BROADCAST_PRESENCE: TypedDocumentNode<
  { broadcastPresence: { broadcasted: boolean; present: boolean; userId: string | null } },
  QueryBroadcastPresenceArgs
> = gql`
  query LiveBroadcastPresence($conversationId: ID!) {
    broadcastPresence(conversationId: $conversationId) {
      broadcasted
      present
      userId
    }
  }
`;

export const LOBBY_PRESENCE: TypedDocumentNode<{ lobbyPresence: { present: boolean; userId: string } }, SubscriptionLobbyPresenceArgs> =
  gql`
  subscription LiveLobbyPresence($conversationId: ID!) {
    lobbyPresence(conversationId: $conversationId) {
      present
      userId
    }
  }
`;

// --- Local provider signalling ----------------------------------------------------------------

export const SEND_VIDEO_SIGNAL: TypedDocumentNode<{ sendVideoSignal: { sent: boolean } }, MutationSendVideoSignalArgs> = gql`
  mutation LiveSendVideoSignal($input: SendVideoSignalInput!) {
    sendVideoSignal(input: $input) {
      sent
    }
  }
`;

export const VIDEO_SIGNALS: TypedDocumentNode<
  { videoSignals: { id: string; fromId: string; kind: string; payload: string } },
  SubscriptionVideoSignalsArgs
> = gql`
  subscription LiveVideoSignals($accessToken: String!) {
    videoSignals(accessToken: $accessToken) {
      id
      fromId
      kind
      payload
    }
  }
`;
