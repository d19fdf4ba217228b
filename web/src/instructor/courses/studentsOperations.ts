/** The course's students tab (issue 11): enrollments with their student, progress and conversations; transfer and withdraw. */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ConversationStatus, Marking } from '../../lib/graphql-types';

export interface RosterConversation {
  id: string;
  status: ConversationStatus;
  isCanceled: boolean;
  markedAs: Marking | null;
  reservedStart: string;
  duration: number;
  lesson: { id: string; title: string } | null;
  reservedWith: { id: string; displayName: string | null } | null;
}

export interface RosterEnrollment {
  id: string;
  enrolledOn: string;
  student: {
    id: string;
    displayName: string | null;
    givenName: string | null;
    surname: string | null;
    currentCity: string | null;
    currentState: string | null;
    currentCountry: string | null;
    bioHobbiesAre: string | null;
    bioDreamCareer: string | null;
    bioGoalsAre: string | null;
  };
  progress: {
    completed: number;
    attempting: number;
    failed: number;
    unattempted: number;
    report: {
      lessonAssignment: { id: string; order: number; lesson: { id: string; title: string } };
      attempts: { id: string; outcome: string | null; conversationId: string | null }[];
    }[];
  };
  conversations: RosterConversation[];
}

export const COURSE_STUDENTS: TypedDocumentNode<
  {
    me: {
      id: string;
      tzIdentifier: string;
      ownedCourse: { id: string; isPast: boolean; courseEnrollmentsCount: number | null; courseEnrollments: RosterEnrollment[] } | null;
    } | null;
  },
  { courseId: string }
> = gql`
  query InstructorCourseStudents($courseId: ID!) {
    me {
      id
      tzIdentifier
      ownedCourse(courseId: $courseId) {
        id
        isPast
        courseEnrollmentsCount
        courseEnrollments {
          id
          enrolledOn
          student {
            id
            displayName
            givenName
            surname
            currentCity
            currentState
            currentCountry
            bioHobbiesAre
            bioDreamCareer
            bioGoalsAre
          }
          progress {
            completed
            attempting
            failed
            unattempted
            report {
              lessonAssignment {
                id
                order
                lesson {
                  id
                  title
                }
              }
              attempts {
                id
                outcome
                conversationId
              }
            }
          }
          conversations {
            id
            status
            isCanceled
            markedAs
            reservedStart
            duration
            lesson {
              id
              title
            }
            reservedWith {
              id
              displayName
            }
          }
        }
      }
    }
  }
`;

export const TRANSFER_USER: TypedDocumentNode<
  { transferUser: { transferred: boolean; canceledConversations: number } },
  { input: { userId: string; fromCourseId: string; toCourseId: string } }
> = gql`
  mutation TransferUser($input: TransferUserInput!) {
    transferUser(input: $input) {
      transferred
      canceledConversations
    }
  }
`;

export const WITHDRAW_USER: TypedDocumentNode<
  { withdrawUser: { withdrawn: boolean; canceledConversations: number } },
  { input: { userId: string; courseId: string } }
> = gql`
  mutation WithdrawUser($input: WithdrawUserInput!) {
    withdrawUser(input: $input) {
      withdrawn
      canceledConversations
    }
  }
`;

export const REMOVE_COURSE: TypedDocumentNode<{ removeCourse: { removed: boolean } }, { input: { courseId: string } }> = gql`
  mutation RemoveCourse($input: RemoveCourseInput!) {
    removeCourse(input: $input) {
      removed
    }
  }
`;
