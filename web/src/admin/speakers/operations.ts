/** GraphQL operations of the speaker screens of the back-office (issue 8). */
import { gql } from '@apollo/client';

export const INVITATIONS = gql`
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
`;

export const INVITE_SPEAKER = gql`
  mutation InviteSpeaker($input: InviteSpeakerInput!) {
    inviteSpeaker(input: $input) {
      invited
      invitation {
        id
      }
    }
  }
`;

export const RESCIND_SPEAKER = gql`
  mutation RescindSpeaker($input: RescindSpeakerInput!) {
    rescindSpeaker(input: $input) {
      rescinded
      invitation {
        id
        invitationStatus
      }
    }
  }
`;

export const INTERVIEW_SPEAKER = gql`
  mutation InterviewSpeaker($input: InterviewSpeakerInput!) {
    interviewSpeaker(input: $input) {
      ready
      conversation {
        id
      }
    }
  }
`;

export const EVALUATE_SPEAKER = gql`
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
`;

export const SPEAKER_ACCEPTED = gql`
  subscription SpeakerAccepted {
    speakerAccepted {
      emailAddress
      invitation {
        id
        invitationStatus
      }
    }
  }
`;

export const USER_SPEAKING = gql`
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
`;

export const CHANGE_USER_SPEAKING = gql`
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
`;

export interface InvitationItem {
  id: string;
  invitationSentAt: string;
  emailAddress: string;
  invitationStatus: 'INVITED' | 'ACCEPTED' | 'RESCINDED';
  owner: { id: string; emailAddress: string; givenName: string | null } | null;
  speakerId: string | null;
  speaking: {
    id: string;
    isPromoted: boolean;
    evaluation: 'promote' | 'decline' | null;
    hasEvaluation: boolean;
    interview: { id: string; status: string } | null;
  } | null;
}
