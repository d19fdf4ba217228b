/** Enrollment calls shared by the student's course and adventure screens (and the admin). */
import { gql, type TypedDocumentNode } from '@apollo/client';

export const QUIET = { context: { quiet: true } } as const;

export interface CoursePrices {
  unitPrice: number;
  totalQuantity: number;
  totalPrice: number;
  currency: string;
}

export interface CourseSummary {
  id: string;
  name: string;
  kind: 'regular' | 'adventure';
  language: string;
  proficiency: string;
  startDate: string;
  endDate: string | null;
  isPast: boolean;
  inviteNumber: string;
  completionRequirement: number;
  durationRequirement: number;
  priceAgreement: { id: string; kind: string };
  prices: CoursePrices | null;
  owner: { id: string; displayName: string | null; emailAddress: string | null; school: string | null } | null;
}

const COURSE_FIELDS = gql`
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
`;

export const ENROLLING_COURSE: TypedDocumentNode<
  { enrollingCourse: CourseSummary },
  { inviteNumber: string; extraConversations?: number | null }
> = gql`
  query EnrollingCourse($inviteNumber: String!, $extraConversations: Int) {
    enrollingCourse(inviteNumber: $inviteNumber, extraConversations: $extraConversations) {
      ...EnrollmentCourseFields
    }
  }
  ${COURSE_FIELDS}
`;

export interface EnrollUserData {
  enrollUser: {
    enrolled: boolean;
    course: { id: string };
    courseEnrollment: { id: string; enrolledWith: 'credit_card' | 'redemption_code' | 'institutional' | 'admin'; minuteQuantity: number };
    payment: { id: string; amount: number; currency: string; receiptUrl: string | null } | null;
  };
}
export interface EnrollUserVariables {
  input: {
    inviteNumber: string;
    cardToken?: string | null;
    code?: string | null;
    extraConversations?: number | null;
    userId?: string | null;
  };
}

export const ENROLL_USER: TypedDocumentNode<EnrollUserData, EnrollUserVariables> = gql`
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
`;

export interface PaymentConfigurationData {
  paymentConfiguration: { provider: 'local' | 'stripe' | string; publishableKey: string | null; tokensUrl: string | null };
}

export const PAYMENT_CONFIGURATION: TypedDocumentNode<PaymentConfigurationData, Record<string, never>> = gql`
  query PaymentConfiguration {
    paymentConfiguration {
      provider
      publishableKey
      tokensUrl
    }
  }
`;

export interface EnrollingCodeData {
  enrollingCode: { value: string; minuteQuantity: number; duration: number; quantity: number };
}

/** What a redemption code is worth, before redeeming it (never who redeemed it). */
export const ENROLLING_CODE: TypedDocumentNode<EnrollingCodeData, { code: string }> = gql`
  query EnrollingCode($code: String!) {
    enrollingCode(code: $code) {
      value
      minuteQuantity
      duration
      quantity
    }
  }
`;
