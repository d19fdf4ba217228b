/** The course's students tab (issue 11): enrollments with their student, progress and conversations; transfer and withdraw. */
import { type DocumentType, graphql } from '../../gql';

export const COURSE_STUDENTS = graphql(`
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
`);

type RosterCourse = NonNullable<NonNullable<DocumentType<typeof COURSE_STUDENTS>['me']>['ownedCourse']>;
export type RosterEnrollment = RosterCourse['courseEnrollments'][number];

export const TRANSFER_USER = graphql(`
  mutation TransferUser($input: TransferUserInput!) {
    transferUser(input: $input) {
      transferred
      canceledConversations
    }
  }
`);

export const WITHDRAW_USER = graphql(`
  mutation WithdrawUser($input: WithdrawUserInput!) {
    withdrawUser(input: $input) {
      withdrawn
      canceledConversations
    }
  }
`);

export const REMOVE_COURSE = graphql(`
  mutation RemoveCourse($input: RemoveCourseInput!) {
    removeCourse(input: $input) {
      removed
    }
  }
`);
