import { type DocumentType, graphql } from '../../gql';

// A course's fields, spread by name below.
graphql(`
  fragment InstructorCourseFields on Course {
    id
    name
    language
    proficiency
    startDate
    endDate
    isPast
    inviteNumber
    completionRequirement
    durationRequirement
    courseEnrollmentsCount
    priceAgreement {
      id
      kind
    }
    prices {
      unitPrice
      totalPrice
      currency
    }
    owner {
      id
      school
    }
  }
`);

/** The instructor's own courses (ownedCourses): never the courses they are enrolled in as a student. */
export const MY_COURSES = graphql(`
  query InstructorCourses {
    me {
      id
      current: ownedCourses(scope: current_or_upcoming) {
        ...InstructorCourseFields
      }
      past: ownedCourses(scope: past) {
        ...InstructorCourseFields
      }
    }
  }
`);

/** One of the instructor's own courses (ownedCourse): null for a course they only joined as a student. */
export const COURSE = graphql(`
  query InstructorCourse($courseId: ID!) {
    me {
      id
      ownedCourse(courseId: $courseId) {
        ...InstructorCourseFields
        lessonAssignments {
          id
          order
          dueOn
          lesson {
            id
            title
            discussionTopic
            privateNote
          }
        }
      }
    }
  }
`);

/** A course of the instructor's, with its topics (the course page). */
export type InstructorCourse = NonNullable<NonNullable<DocumentType<typeof COURSE>['me']>['ownedCourse']>;

export const CREATE_COURSE = graphql(`
  mutation CreateCourse($input: CreateCourseInput!) {
    createCourse(input: $input) {
      created
      course {
        ...InstructorCourseFields
      }
    }
  }
`);

/** The instructor's current courses' due dates: the past-due dialog blocks provisioning while any is past. */
export const PAST_DUE = graphql(`
  query InstructorPastDue {
    me {
      id
      current: ownedCourses(scope: current_or_upcoming) {
        id
        lessonAssignments {
          id
          dueOn
        }
      }
    }
  }
`);

export const SHARE_INVITES = graphql(`
  query InstructorShareInvites {
    me {
      id
      shareInvites {
        id
        emailAddress
        createdAt
        rejectedOn
        course {
          id
          name
          startDate
          endDate
        }
      }
    }
  }
`);

export const ACCEPT_INVITES = graphql(`
  mutation AcceptShareInvites($inviteIds: [ID!]!) {
    acceptShareInvites(input: { inviteIds: $inviteIds }) {
      count
    }
  }
`);

export const REJECT_INVITES = graphql(`
  mutation RejectShareInvites($inviteIds: [ID!]!) {
    rejectShareInvites(input: { inviteIds: $inviteIds }) {
      count
    }
  }
`);

export const CHANGE_LESSON = graphql(`
  mutation ChangeLesson($input: ChangeLessonInput!) {
    changeLesson(input: $input) {
      changed
      lessonAssignment {
        id
        lesson {
          id
          title
          discussionTopic
          privateNote
        }
      }
    }
  }
`);

export const CHANGE_DUE = graphql(`
  mutation ChangeLessonAssignment($input: ChangeLessonAssignmentInput!) {
    changeLessonAssignment(input: $input) {
      changed
      lessonAssignment {
        id
        dueOn
      }
    }
  }
`);

export const CHANGE_COURSE = graphql(`
  mutation ChangeCourse($input: ChangeCourseInput!) {
    changeCourse(input: $input) {
      changed
      course {
        ...InstructorCourseFields
      }
    }
  }
`);
