/** Operations of what happens after a conversation (issue 10): marking, rating, promotions, make-up. */
import { type DocumentType, graphql } from '../../gql';

export const MARK_CONVERSATION = graphql(`
  mutation MarkConversation($input: ModerateConversationInput!) {
    moderateConversation(input: $input) {
      marked
      conversation {
        id
        markedAs
        markedOn
        refundedMinutes
        markablePolicy {
          isMarkable
          choices {
            value
            label
          }
        }
      }
    }
  }
`);

export const RATE_CONVERSATION = graphql(`
  mutation RateConversation($input: RateConversationInput!) {
    rateConversation(input: $input) {
      rated
      conversation {
        id
        isRatable
        ratings {
          rating
          comment
          ratedOn
        }
      }
    }
  }
`);

export const ACKNOWLEDGE_PROMOTION = graphql(`
  mutation AcknowledgePromotion($input: AcknowledgePromotionInput!) {
    acknowledgePromotion(input: $input) {
      acknowledged
      destination
    }
  }
`);

type MarkedConversation = DocumentType<typeof MARK_CONVERSATION>['moderateConversation']['conversation'];
export type MarkablePolicy = MarkedConversation['markablePolicy'];
export type OwnRating = DocumentType<typeof RATE_CONVERSATION>['rateConversation']['conversation']['ratings'][number];
