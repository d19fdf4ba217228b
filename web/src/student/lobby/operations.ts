import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  Mutation,
  MutationCancelReservationArgs,
  MutationCancelTardyReservationArgs,
  MutationChangeReservationLessonArgs,
  Subscription,
  SubscriptionConversationChangedArgs,
} from '../../lib/graphql-types';

export interface LobbyConversation {
  id: string;
  status: 'reserved' | 'opened' | 'started' | 'stopped' | 'unused';
  reservedStart: string;
  reservedEnd: string;
  duration: number;
  learningLanguage: string;
  /** Recorded once it runs (issue 10). */
  archiveOnStart: boolean;
  isCanceled: boolean;
  canceledOn: string | null;
  canceledBy: { id: string; displayName: string | null } | null;
  reservedWith: { id: string; displayName: string | null } | null;
  course: {
    id: string;
    name: string;
    lessonAssignments: { id: string; order: number; lesson: { id: string; title: string; discussionTopic: string | null } }[];
    courseEnrollment: {
      id: string;
      progress: {
        report: { lessonAssignment: { id: string }; attempts: { id: string; outcome: string | null; conversationId: string | null }[] }[];
      };
    } | null;
  } | null;
  lesson: { id: string; title: string; discussionTopic: string | null } | null;
  cancellationPolicy: { isCancelable: boolean; cancelableUntil: string | null; returnsMinutes: boolean };
  openablePolicy: { isOpenable: boolean; openableAfter: string };
  tardinessPolicy: { isTardy: boolean; tardyAfter: string };
}

export interface LobbyData {
  me: { id: string; tzIdentifier: string } | null;
  conversation: LobbyConversation | null;
}

/** The lobby's conversation (spec 2, section 7: conversation(conversationId)) and the viewer's zone. */
export const LOBBY: TypedDocumentNode<LobbyData, { id: string }> = gql`
  query StudentLobby($id: ID!) {
    me {
      id
      tzIdentifier
    }
    conversation(conversationId: $id) {
      id
      status
      reservedStart
      reservedEnd
      duration
      learningLanguage
      archiveOnStart
      isCanceled
      canceledOn
      canceledBy {
        id
        displayName
      }
      reservedWith {
        id
        displayName
      }
      course {
        id
        name
        lessonAssignments {
          id
          order
          lesson {
            id
            title
            discussionTopic
          }
        }
        courseEnrollment {
          id
          progress {
            report {
              lessonAssignment {
                id
              }
              attempts {
                id
                outcome
                conversationId
              }
            }
          }
        }
      }
      lesson {
        id
        title
        discussionTopic
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
      tardinessPolicy {
        isTardy
        tardyAfter
      }
    }
  }
`;

export const CONVERSATION_CHANGED: TypedDocumentNode<Pick<Subscription, 'conversationChanged'>, SubscriptionConversationChangedArgs> = gql`
  subscription LobbyConversationChanged($conversationId: ID!) {
    conversationChanged(conversationId: $conversationId) {
      conversationId
      changed
    }
  }
`;

export const CANCEL_RESERVATION: TypedDocumentNode<Pick<Mutation, 'cancelReservation'>, MutationCancelReservationArgs> = gql`
  mutation LobbyCancelReservation($input: ConversationInput!) {
    cancelReservation(input: $input) {
      canceled
      conversation {
        id
        isCanceled
      }
    }
  }
`;

export const CANCEL_TARDY_RESERVATION: TypedDocumentNode<
  Pick<Mutation, 'cancelTardyReservation'>,
  MutationCancelTardyReservationArgs
> = gql`
  mutation LobbyCancelTardyReservation($input: ConversationInput!) {
    cancelTardyReservation(input: $input) {
      canceled
      conversation {
        id
        isCanceled
      }
    }
  }
`;

export const CHANGE_RESERVATION_LESSON: TypedDocumentNode<
  Pick<Mutation, 'changeReservationLesson'>,
  MutationChangeReservationLessonArgs
> = gql`
  mutation LobbyChangeReservationLesson($input: ChangeReservationLessonInput!) {
    changeReservationLesson(input: $input) {
      changed
      conversation {
        id
        lesson {
          id
          title
          discussionTopic
        }
      }
    }
  }
`;
