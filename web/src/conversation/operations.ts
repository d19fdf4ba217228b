/**
 * The live room's calls (spec 2, section 7): the conversation with its provider and people, the
 * video join, the server's clock, leaving, opening, chat, presence and the local provider's
 * signalling.
 */
import { type DocumentType, graphql } from '../gql';

/** The room's conversation: its provider first of all, then the people and the topic. */
export const LIVE_CONVERSATION = graphql(`
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
`);

export type LiveConversation = NonNullable<DocumentType<typeof LIVE_CONVERSATION>['conversation']>;
export type LivePerson = LiveConversation['otherUsers'][number];

/** How to join the room (only the two participants, only while opened or started). */
export const VIDEO_JOIN = graphql(`
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
`);

export const SYNC_PARTICIPANT = graphql(`
  mutation LiveSyncParticipant($input: SyncParticipantInput!) {
    syncParticipant(input: $input) {
      synced
      pollingDelayMs
      totalTicks
      remainingTicks
      status
    }
  }
`);

export const LEAVE_CONVERSATION = graphql(`
  mutation LiveLeaveConversation($input: ConversationInput!) {
    leaveConversation(input: $input) {
      synced
      status
    }
  }
`);

export const OPEN_CONVERSATION = graphql(`
  mutation LiveOpenConversation($input: ModerateConversationInput!) {
    moderateConversation(input: $input) {
      opened
      conversation {
        id
        status
      }
    }
  }
`);

export const CONVERSATION_CHANGED = graphql(`
  subscription LiveConversationChanged($conversationId: ID!) {
    conversationChanged(conversationId: $conversationId) {
      conversationId
      changed
    }
  }
`);

// --- Chat -------------------------------------------------------------------------------------

// A chat line's fields, spread by name below.
graphql(`
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
`);

export const CHAT = graphql(`
  query LiveChat($conversationId: ID!) {
    me {
      id
    }
    conversation(conversationId: $conversationId) {
      id
      status
      isCanceled
      unreadMessagesCount
      participants {
        id
      }
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
`);

export const CHAT_MESSAGE = graphql(`
  subscription LiveChatMessage($conversationId: ID!) {
    conversationChatMessage(conversationId: $conversationId) {
      ...LiveChatLine
    }
  }
`);

export const OPEN_CHAT = graphql(`
  mutation LiveOpenChat($input: ModerateConversationChatInput!) {
    moderateConversationChat(input: $input) {
      opened
    }
  }
`);

export const POST_CHAT_MESSAGE = graphql(`
  mutation LivePostChatMessage($input: PostChatMessageInput!) {
    postChatMessage(input: $input) {
      posted
      message {
        ...LiveChatLine
      }
    }
  }
`);

export const MARK_CHAT_READ = graphql(`
  mutation LiveMarkChatRead($input: MarkChatReadInput!) {
    markChatRead(input: $input) {
      moved
      conversation {
        id
        unreadMessagesCount
      }
    }
  }
`);

// --- Presence ---------------------------------------------------------------------------------

export const BROADCAST_PRESENCE = graphql(`
  query LiveBroadcastPresence($conversationId: ID!) {
    broadcastPresence(conversationId: $conversationId) {
      broadcasted
      present
      userId
    }
  }
`);

export const LOBBY_PRESENCE = graphql(`
  subscription LiveLobbyPresence($conversationId: ID!) {
    lobbyPresence(conversationId: $conversationId) {
      present
      userId
    }
  }
`);

// --- Local provider signalling ----------------------------------------------------------------

export const SEND_VIDEO_SIGNAL = graphql(`
  mutation LiveSendVideoSignal($input: SendVideoSignalInput!) {
    sendVideoSignal(input: $input) {
      sent
    }
  }
`);

export const VIDEO_SIGNALS = graphql(`
  subscription LiveVideoSignals($accessToken: String!) {
    videoSignals(accessToken: $accessToken) {
      id
      fromId
      kind
      payload
    }
  }
`);
