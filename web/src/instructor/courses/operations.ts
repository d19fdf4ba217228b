import { gql, type TypedDocumentNode } from '@apollo/client';

export interface InstructorCourse {
  id: string;
  name: string;
  language: string;
  proficiency: string;
  startDate: string;
  endDate: string | null;
  isPast: boolean;
  inviteNumber: string;
  completionRequirement: number;
  durationRequirement: number;
  /** The owner's and admins' only (null for anyone else); the instructor area lists owned courses only. */
  courseEnrollmentsCount: number | null;
  priceAgreement: { id: string; kind: string };
  prices: { unitPrice: number; totalPrice: number; currency: string } | null;
  owner: { id: string; school: string | null } | null;
  lessonAssignments?: {
    id: string;
    order: number;
    dueOn: string | null;
    lesson: { id: string; title: string; discussionTopic: string | null; privateNote: string | null };
  }[];
}

const FIELDS = gql`
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
`;

/** The instructor's own courses (ownedCourses): never the courses they are enrolled in as a student. */
export const MY_COURSES: TypedDocumentNode<
  { me: { id: string; current: InstructorCourse[]; past: InstructorCourse[] } | null },
  Record<string, never>
> = gql`
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
  ${FIELDS}
`;

/** One of the instructor's own courses (ownedCourse): null for a course they only joined as a student. */
export const COURSE: TypedDocumentNode<{ me: { id: string; ownedCourse: InstructorCourse | null } | null }, { courseId: string }> = gql`
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
  ${FIELDS}
`;

export interface CreateCourseVariables {
  input: {
    name: string;
    language: string;
    proficiency: string;
    durationRequirement: number;
    completionRequirement: number;
    startDate: string;
    endDate: string;
    school?: string | null;
  };
}

export const CREATE_COURSE: TypedDocumentNode<{ createCourse: { created: boolean; course: InstructorCourse } }, CreateCourseVariables> =
  gql`
  mutation CreateCourse($input: CreateCourseInput!) {
    createCourse(input: $input) {
      created
      course {
        ...InstructorCourseFields
      }
    }
  }
  ${FIELDS}
`;

/** The instructor's current courses' due dates: the past-due dialog blocks provisioning while any is past. */
export const PAST_DUE: TypedDocumentNode<
  { me: { id: string; current: { id: string; lessonAssignments: { id: string; dueOn: string | null }[] }[] } | null },
  Record<string, never>
> = gql`
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
`;

export interface ShareInvite {
  id: string;
  emailAddress: string;
  createdAt: string;
  rejectedOn: string | null;
  course: { id: string; name: string; startDate: string; endDate: string | null };
}

export const SHARE_INVITES: TypedDocumentNode<{ me: { id: string; shareInvites: ShareInvite[] } | null }, Record<string, never>> = gql`
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
`;

export const ACCEPT_INVITES: TypedDocumentNode<{ acceptShareInvites: { count: number } }, { inviteIds: string[] }> = gql`
  mutation AcceptShareInvites($inviteIds: [ID!]!) {
    acceptShareInvites(input: { inviteIds: $inviteIds }) {
      count
    }
  }
`;

export const REJECT_INVITES: TypedDocumentNode<{ rejectShareInvites: { count: number } }, { inviteIds: string[] }> = gql`
  mutation RejectShareInvites($inviteIds: [ID!]!) {
    rejectShareInvites(input: { inviteIds: $inviteIds }) {
      count
    }
  }
`;

export const CHANGE_LESSON: TypedDocumentNode<
  { changeLesson: { changed: boolean } },
  { input: { lessonId: string; title: string; discussionTopic: string; privateNote: string | null } }
> = gql`
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
`;

export const CHANGE_DUE: TypedDocumentNode<
  { changeLessonAssignment: { changed: boolean } },
  { input: { lessonAssignmentId: string; dueOn: string | null } }
> = gql`
  mutation ChangeLessonAssignment($input: ChangeLessonAssignmentInput!) {
    changeLessonAssignment(input: $input) {
      changed
      lessonAssignment {
        id
        dueOn
      }
    }
  }
`;

export interface ChangeCourseVariables {
  input: {
    courseId: string;
    name: string;
    language: string;
    proficiency: string;
    startDate: string;
    endDate: string;
    /** Null: unchanged (a price agreement other than standard keeps its requirements). */
    completionRequirement: number | null;
    durationRequirement: number | null;
  };
}

export const CHANGE_COURSE: TypedDocumentNode<
  { changeCourse: { changed: boolean; course: InstructorCourse | null } },
  ChangeCourseVariables
> = gql`
  mutation ChangeCourse($input: ChangeCourseInput!) {
    changeCourse(input: $input) {
      changed
      course {
        ...InstructorCourseFields
      }
    }
  }
  ${FIELDS}
`;
