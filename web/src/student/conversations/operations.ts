import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ConversationStatus, Marking } from '../../lib/graphql-types';
import type { OwnRating } from '../../conversation/after/operations';

export interface StudentConversation {
  id: string;
  status: ConversationStatus;
  reservedStart: string;
  reservedEnd: string;
  duration: number;
  isCanceled: boolean;
  canceledOn: string | null;
  canceledBy: { id: string; displayName: string | null } | null;
  learningLanguage: string;
  markedAs: Marking | null;
  refundedMinutes: number | null;
  reservedWith: { id: string; displayName: string | null } | null;
  course: { id: string; name: string; owner: { id: string; displayName: string | null; school: string | null } | null } | null;
  lesson: { id: string; title: string } | null;
  cancellationPolicy: { isCancelable: boolean; cancelableUntil: string | null };
  makeUpPolicy: { canMakeUp: boolean };
  isRatable: boolean;
  ratings: OwnRating[];
}

export interface StudentConversationsData {
  me: { id: string; tzIdentifier: string; conversations: StudentConversation[] } | null;
}

/** Newest first, canceled included (spec 3, Student conversation list). */
export const STUDENT_CONVERSATIONS: TypedDocumentNode<StudentConversationsData, Record<string, never>> = gql`
  query StudentConversations {
    me {
      id
      tzIdentifier
      conversations(reverse: true) {
        id
        status
        reservedStart
        reservedEnd
        duration
        isCanceled
        canceledOn
        canceledBy {
          id
          displayName
        }
        learningLanguage
        markedAs
        refundedMinutes
        reservedWith {
          id
          displayName
        }
        course {
          id
          name
          owner {
            id
            displayName
            school
          }
        }
        lesson {
          id
          title
        }
        cancellationPolicy {
          isCancelable
          cancelableUntil
        }
        makeUpPolicy {
          canMakeUp
        }
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

export const MAKE_UP_PRICES: TypedDocumentNode<
  { conversation: { id: string; makeUpPrices: { totalPrice: number; currency: string; minuteQuantity: number } | null } | null },
  { conversationId: string }
> = gql`
  query MakeUpPrices($conversationId: ID!) {
    conversation(conversationId: $conversationId) {
      id
      makeUpPrices {
        totalPrice
        currency
        minuteQuantity
      }
    }
  }
`;

export const PURCHASE_MAKE_UP: TypedDocumentNode<
  { purchaseMakeUpMinutes: { purchased: boolean; minuteQuantity: number; amount: number } },
  { input: { conversationId: string; cardToken: string } }
> = gql`
  mutation PurchaseMakeUpMinutes($input: PurchaseMakeUpMinutesInput!) {
    purchaseMakeUpMinutes(input: $input) {
      purchased
      minuteQuantity
      amount
    }
  }
`;
