import { type DocumentType, graphql } from '../../gql';
import type { ConversationStatus } from '../../gql/graphql';

/**
 * The statuses the speaker's planner and list show (spec 3, section 7). Marked ones stay, with
 * their marking: a held conversation vanishing from the planner's weeks and the search, seen
 * only in payroll, read as lost (issue 28).
 */
export const SPEAKER_STATUSES: ConversationStatus[] = ['reserved', 'opened', 'started', 'stopped'];
/** The speaker's conversation list and planner refresh (spec 3, section 9). */
export const SPEAKER_POLL_MS = 20_000;

// A person's name, spread by name below.
graphql(`
  fragment SpeakerPersonName on User {
    id
    displayName
    givenName
    surname
  }
`);

/**
 * The speaker's conversations: not canceled, in the spec's statuses, marked or not. `reverse` with
 * `first` gives the newest (the planner's weeks); the list asks soonest first.
 */
export const SPEAKER_CONVERSATIONS = graphql(`
  query SpeakerConversations($statuses: [ConversationStatus!], $reverse: Boolean, $first: Int) {
    me {
      id
      tzIdentifier
      conversations(statuses: $statuses, canceled: false, reverse: $reverse, first: $first) {
        id
        kind
        status
        reservedStart
        reservedEnd
        duration
        isCanceled
        markedAs
        learningLanguage
        unreadMessagesCount
        course {
          id
          name
        }
        lesson {
          id
          title
        }
        otherUsers {
          ...SpeakerPersonName
        }
      }
    }
  }
`);

/** Tells the speaker's lists that an unread count changed (a student wrote, the speaker read elsewhere). */
export const UNREAD_MESSAGES_CHANGED = graphql(`
  subscription SpeakerUnreadMessagesChanged {
    unreadMessagesChanged
  }
`);

export type SpeakerConversationItem = NonNullable<DocumentType<typeof SPEAKER_CONVERSATIONS>['me']>['conversations'][number];

/**
 * One conversation for its speaker. Personal details of the student are not asked for (the
 * speaker view hides them, spec 2: hidePii): names only.
 */
export const SPEAKER_CONVERSATION = graphql(`
  query SpeakerConversation($conversationId: ID!) {
    me {
      id
      tzIdentifier
    }
    conversation(conversationId: $conversationId) {
      id
      kind
      status
      reservedStart
      reservedEnd
      duration
      createdAt
      isCanceled
      canceledOn
      canceledBy {
        ...SpeakerPersonName
      }
      markedAs
      learningLanguage
      reservedBy {
        ...SpeakerPersonName
      }
      reservedWith {
        ...SpeakerPersonName
      }
      course {
        id
        name
        proficiency
        owner {
          id
          displayName
          school
        }
      }
      lesson {
        id
        title
        discussionTopic
        privateNote
      }
      cancellationPolicy {
        isCancelable
        cancelableUntil
        returnsMinutes
      }
      openablePolicy {
        isOpenable
        openableAfter
      }
      transferablePolicy {
        isTransferable
        transferableTo {
          ...SpeakerPersonName
        }
      }
      participants {
        id
        isConnected
        connectedFor
        participantEvents {
          kind
          sequence
          timestamp
        }
        user {
          ...SpeakerPersonName
        }
      }
      pastConversationsCount
      pastConversations {
        id
        reservedStart
      }
      markedOn
      markablePolicy {
        isMarkable
        choices {
          value
          label
        }
      }
      isRatable
      ratings {
        rating
        comment
        ratedOn
      }
    }
  }
`);

export type SpeakerConversationDetail = NonNullable<DocumentType<typeof SPEAKER_CONVERSATION>['conversation']>;

export const CANCEL_RESERVATION = graphql(`
  mutation SpeakerCancelReservation($input: ConversationInput!) {
    cancelReservation(input: $input) {
      canceled
      conversation {
        id
        isCanceled
      }
    }
  }
`);

export const TRANSFER_RESERVATION = graphql(`
  mutation SpeakerTransferReservation($input: TransferReservationInput!) {
    transferReservation(input: $input) {
      transferred
      conversation {
        id
      }
    }
  }
`);
