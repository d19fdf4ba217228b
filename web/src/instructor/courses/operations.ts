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
  lessonAssignments?: { id: string; order: number; dueOn: string | null; lesson: { id: string; title: string; discussionTopic: string | null; privateNote: string | null } }[];
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
export const MY_COURSES: TypedDocumentNode<{ me: { id: string; current: InstructorCourse[]; past: InstructorCourse[] } | null }, Record<string, never>> = gql`
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

export const CREATE_COURSE: TypedDocumentNode<{ createCourse: { created: boolean; course: InstructorCourse } }, CreateCourseVariables> = gql`
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
