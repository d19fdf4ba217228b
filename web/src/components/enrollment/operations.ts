/** Enrollment calls shared by the student's course and adventure screens (and the admin). */
import { type DocumentType, graphql } from '../../gql';

export const QUIET = { context: { quiet: true } } as const;

export type CourseSummary = DocumentType<typeof COURSE_FIELDS>;

const COURSE_FIELDS = graphql(`
  fragment EnrollmentCourseFields on Course {
    id
    name
    kind
    language
    proficiency
    startDate
    endDate
    isPast
    inviteNumber
    completionRequirement
    durationRequirement
    priceAgreement {
      id
      kind
    }
    prices(extraConversations: $extraConversations) {
      unitPrice
      totalQuantity
      totalPrice
      currency
    }
    owner {
      id
      displayName
      emailAddress
      school
    }
  }
`);

export const ENROLLING_COURSE = graphql(`
  query EnrollingCourse($inviteNumber: String!, $extraConversations: Int) {
    enrollingCourse(inviteNumber: $inviteNumber, extraConversations: $extraConversations) {
      ...EnrollmentCourseFields
    }
  }
`);

export const ENROLL_USER = graphql(`
  mutation EnrollUser($input: EnrollUserInput!) {
    enrollUser(input: $input) {
      enrolled
      course {
        id
      }
      courseEnrollment {
        id
        enrolledWith
        minuteQuantity
      }
      payment {
        id
        amount
        currency
        receiptUrl
      }
    }
  }
`);

export const PAYMENT_CONFIGURATION = graphql(`
  query PaymentConfiguration {
    paymentConfiguration {
      provider
      publishableKey
      tokensUrl
    }
  }
`);

/** What a redemption code is worth, before redeeming it (never who redeemed it). */
export const ENROLLING_CODE = graphql(`
  query EnrollingCode($code: String!) {
    enrollingCode(code: $code) {
      value
      minuteQuantity
      duration
      quantity
    }
  }
`);
