/** The class view's documents (issue 35): the class of a course, and Remind. */
import { type DocumentType, graphql } from '../../../gql';

export const CLASS_VIEW = graphql(`
  query InstructorClassView($courseId: ID!) {
    me {
      id
      tzIdentifier
    }
    classView(courseId: $courseId) {
      courseId
      courseName
      today
      dueSoonDays
      lessons {
        lessonId
        order
        title
        dueOn
      }
      students {
        studentId
        displayName
        minutesHeld
        minutesSpoken
        completedCount
        states
        cells {
          lessonId
          conversationId
          reservedStart
          missedCount
          remindedAt
        }
      }
    }
  }
`);

export type ClassViewData = DocumentType<typeof CLASS_VIEW>['classView'];
export type ClassStudent = ClassViewData['students'][number];
export type ClassLesson = ClassViewData['lessons'][number];

export const REMIND_STUDENTS = graphql(`
  mutation RemindStudents($input: RemindStudentsInput!) {
    remindStudents(input: $input) {
      reminded {
        studentId
        displayName
        remindedAt
      }
      refused {
        studentId
        displayName
        reason
        remindedAt
      }
    }
  }
`);
