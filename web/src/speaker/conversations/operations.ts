import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MarkablePolicy, OwnRating } from '../../conversation/after/operations';
import type {
  ConversationStatus,
  MutationCancelReservationArgs,
  MutationTransferReservationArgs,
  QueryConversationArgs,
} from '../../lib/graphql-types';

/**
 * The statuses the speaker's planner and list show (spec 3, section 7). Marked ones stay, with
 * their marking: a held conversation vanishing from the planner's weeks and the search, seen
 * only in payroll, read as lost (issue 28).
 */
export const SPEAKER_STATUSES: ConversationStatus[] = ['reserved', 'opened', 'started', 'stopped'];
/** The speaker's conversation list and planner refresh (spec 3, section 9). */
export const SPEAKER_POLL_MS = 20_000;

export interface PersonName {
  id: string;
  displayName: string | null;
  givenName: string | null;
  surname: string | null;
}

export interface SpeakerConversationItem {
  id: string;
  kind: string;
  status: ConversationStatus;
  reservedStart: string;
  reservedEnd: string;
  duration: number;
  isCanceled: boolean;
  markedAs: string | null;
  learningLanguage: string;
  course: { id: string; name: string } | null;
  lesson: { id: string; title: string } | null;
  otherUsers: PersonName[];
}

export interface SpeakerConversationsData {
  me: { id: string; tzIdentifier: string; conversations: SpeakerConversationItem[] } | null;
}

const PERSON_NAME = gql`
  fragment SpeakerPersonName on User {
    id
    displayName
    givenName
    surname
  }
`;

/**
 * The speaker's conversations: not canceled, in the spec's statuses, marked or not. `reverse` with
 * `first` gives the newest (the planner's weeks); the list asks soonest first.
 */
export const SPEAKER_CONVERSATIONS: TypedDocumentNode<
  SpeakerConversationsData,
  { statuses: ConversationStatus[]; reverse?: boolean; first?: number }
> = gql`
  ${PERSON_NAME}
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
`;

export interface SpeakerConversationDetail {
  id: string;
  kind: string;
  status: ConversationStatus;
  reservedStart: string;
  reservedEnd: string;
  duration: number;
  createdAt: string;
  isCanceled: boolean;
  canceledOn: string | null;
  canceledBy: PersonName | null;
  markedAs: string | null;
  learningLanguage: string;
  reservedBy: PersonName | null;
  reservedWith: PersonName | null;
  course: {
    id: string;
    name: string;
    proficiency: string;
    owner: { id: string; displayName: string | null; school: string | null } | null;
  } | null;
  lesson: { id: string; title: string; discussionTopic: string | null; privateNote: string | null } | null;
  cancellationPolicy: { isCancelable: boolean; cancelableUntil: string | null; returnsMinutes: boolean };
  openablePolicy: { isOpenable: boolean; openableAfter: string };
  transferablePolicy: { isTransferable: boolean; transferableTo: PersonName[] };
  participants: ConversationParticipant[];
  pastConversationsCount: number;
  pastConversations: { id: string; reservedStart: string }[];
  markedOn: string | null;
  markablePolicy: MarkablePolicy;
  isRatable: boolean;
  ratings: OwnRating[];
}

export interface ConversationParticipant {
  id: string;
  isConnected: boolean;
  connectedFor: number;
  participantEvents: { kind: 'connected' | 'disconnected' | string; sequence: number; timestamp: string }[];
  user: PersonName | null;
}

export interface SpeakerConversationData {
  me: { id: string; tzIdentifier: string } | null;
  conversation: SpeakerConversationDetail | null;
}

/**
 * One conversation for its speaker. Personal details of the student are not asked for (the
 * speaker view hides them, spec 2: hidePii): names only.
 */
export const SPEAKER_CONVERSATION: TypedDocumentNode<SpeakerConversationData, QueryConversationArgs> = gql`
  ${PERSON_NAME}
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
`;

export const CANCEL_RESERVATION: TypedDocumentNode<
  { cancelReservation: { canceled: boolean; conversation: { id: string; isCanceled: boolean } } },
  MutationCancelReservationArgs
> = gql`
  mutation SpeakerCancelReservation($input: ConversationInput!) {
    cancelReservation(input: $input) {
      canceled
      conversation {
        id
        isCanceled
      }
    }
  }
`;

export const TRANSFER_RESERVATION: TypedDocumentNode<
  { transferReservation: { transferred: boolean; conversation: { id: string } } },
  MutationTransferReservationArgs
> = gql`
  mutation SpeakerTransferReservation($input: TransferReservationInput!) {
    transferReservation(input: $input) {
      transferred
      conversation {
        id
      }
    }
  }
`;
