/** GraphQL operations of the speaker screens of the back-office (issue 8). */
import { type DocumentType, graphql } from '../../gql';

export const INVITATIONS = graphql(`
  query AdminInvitations {
    invitations {
      id
      invitationSentAt
      emailAddress
      invitationStatus
      owner {
        id
        emailAddress
        givenName
      }
      speakerId
      speaking {
        id
        isPromoted
        evaluation
        hasEvaluation
        interview {
          id
          status
        }
      }
    }
  }
`);

export const INVITE_SPEAKER = graphql(`
  mutation InviteSpeaker($input: InviteSpeakerInput!) {
    inviteSpeaker(input: $input) {
      invited
      invitation {
        id
      }
    }
  }
`);

export const RESCIND_SPEAKER = graphql(`
  mutation RescindSpeaker($input: RescindSpeakerInput!) {
    rescindSpeaker(input: $input) {
      rescinded
      invitation {
        id
        invitationStatus
      }
    }
  }
`);

export const INTERVIEW_SPEAKER = graphql(`
  mutation InterviewSpeaker($input: InterviewSpeakerInput!) {
    interviewSpeaker(input: $input) {
      ready
      conversation {
        id
      }
    }
  }
`);

export const EVALUATE_SPEAKER = graphql(`
  mutation EvaluateSpeaker($input: EvaluateSpeakerInput!) {
    evaluateSpeaker(input: $input) {
      evaluated
      speaking {
        id
        isPromoted
        evaluation
        hasEvaluation
      }
    }
  }
`);

export const SPEAKER_ACCEPTED = graphql(`
  subscription SpeakerAccepted {
    speakerAccepted {
      emailAddress
      invitation {
        id
        invitationStatus
      }
    }
  }
`);

export const USER_SPEAKING = graphql(`
  query AdminUserSpeaking($userId: ID!) {
    user(userId: $userId) {
      id
      speaking {
        id
        isPromoted
        evaluation
        languages
        payRate
      }
      speakerRating {
        count
        average
      }
    }
    lookupLanguages {
      code
      name
    }
  }
`);

export const CHANGE_USER_SPEAKING = graphql(`
  mutation ChangeUserSpeaking($input: ChangeUserSpeakingInput!) {
    changeUserSpeaking(input: $input) {
      changed
      user {
        id
        speaking {
          id
          languages
          payRate
        }
      }
    }
  }
`);

export type InvitationItem = DocumentType<typeof INVITATIONS>['invitations'][number];
