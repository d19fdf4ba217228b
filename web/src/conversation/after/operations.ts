/** Operations of what happens after a conversation (issue 10): marking, rating, promotions, make-up. */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Marking } from '../../lib/graphql-types';

export interface MarkablePolicy {
  isMarkable: boolean;
  choices: { value: Marking; label: string }[];
}

export const MARK_CONVERSATION: TypedDocumentNode<
  {
    moderateConversation: {
      marked: boolean | null;
      conversation: { id: string; markedAs: Marking | null; markablePolicy: MarkablePolicy };
    };
  },
  { input: { conversationId: string; markAs: Marking } }
> = gql`
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
`;

export interface OwnRating {
  rating: number;
  comment: string | null;
  ratedOn: string;
}

export const RATE_CONVERSATION: TypedDocumentNode<
  { rateConversation: { rated: boolean; conversation: { id: string; isRatable: boolean; ratings: OwnRating[] } } },
  { input: { conversationId: string; rating: number; comment: string | null } }
> = gql`
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
`;

export const ACKNOWLEDGE_PROMOTION: TypedDocumentNode<
  { acknowledgePromotion: { acknowledged: boolean; destination: string } },
  { input: { courseEnrollmentId: string } }
> = gql`
  mutation AcknowledgePromotion($input: AcknowledgePromotionInput!) {
    acknowledgePromotion(input: $input) {
      acknowledged
      destination
    }
  }
`;
