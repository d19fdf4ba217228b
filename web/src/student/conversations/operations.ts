import { type DocumentType, graphql } from '../../gql';

/** Newest first, canceled included (spec 3, Student conversation list). */
export const STUDENT_CONVERSATIONS = graphql(`
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
`);

export type StudentConversation = NonNullable<DocumentType<typeof STUDENT_CONVERSATIONS>['me']>['conversations'][number];

export const MAKE_UP_PRICES = graphql(`
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
`);

export const PURCHASE_MAKE_UP = graphql(`
  mutation PurchaseMakeUpMinutes($input: PurchaseMakeUpMinutesInput!) {
    purchaseMakeUpMinutes(input: $input) {
      purchased
      minuteQuantity
      amount
    }
  }
`);
