import { type DocumentType, graphql } from '../../gql';

/** The lobby's conversation (spec 2, section 7: conversation(conversationId)) and the viewer's zone. */
export const LOBBY = graphql(`
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
`);

export type LobbyConversation = NonNullable<DocumentType<typeof LOBBY>['conversation']>;

export const CONVERSATION_CHANGED = graphql(`
  subscription LobbyConversationChanged($conversationId: ID!) {
    conversationChanged(conversationId: $conversationId) {
      conversationId
      changed
    }
  }
`);

export const CANCEL_RESERVATION = graphql(`
  mutation LobbyCancelReservation($input: ConversationInput!) {
    cancelReservation(input: $input) {
      canceled
      conversation {
        id
        isCanceled
      }
    }
  }
`);

export const CANCEL_TARDY_RESERVATION = graphql(`
  mutation LobbyCancelTardyReservation($input: ConversationInput!) {
    cancelTardyReservation(input: $input) {
      canceled
      conversation {
        id
        isCanceled
      }
    }
  }
`);

export const CHANGE_RESERVATION_LESSON = graphql(`
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
`);
