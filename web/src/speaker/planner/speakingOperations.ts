/** The speaker's own speaking record (spec 3, Speaker calls: "me speaking (interview) every 10 s"). */
import { graphql } from '../../gql';

export { INTERVIEW_POLL_MS, canConnect, interviewView, type InterviewView, type MySpeaking } from './interview';

export const MY_SPEAKING = graphql(`
  query MySpeaking {
    me {
      id
      account {
        id
        isOnboarding(role: SPEAKER)
      }
      speaking {
        id
        isPromoted
        evaluation
        hasEvaluation
        isUnderReview
        interview {
          id
          status
          reservedStart
        }
      }
    }
  }
`);
