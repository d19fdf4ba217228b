import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  Mutation,
  MutationCreateReservationArgs,
  QueryAvailableOpeningsArgs,
  QueryAvailableSpeakersArgs,
} from '../../lib/graphql-types';

/** A lesson attempt outcome that still allows Reserve (spec 2, section 4: unattempted/failed). */
export const RESERVABLE_OUTCOMES = ['unattempted', 'failed'] as const;

export interface ReserveLesson {
  id: string;
  title: string;
  discussionTopic: string | null;
}

export interface ReserveCourse {
  id: string;
  name: string;
  language: string;
  durationRequirement: number;
  isPast: boolean;
  lessonAssignments: { id: string; order: number; lesson: ReserveLesson }[];
  courseEnrollment: {
    id: string;
    progress: {
      report: { lessonAssignment: { id: string }; attempts: { id: string; outcome: string | null; conversationId: string | null }[] }[];
    };
  } | null;
}

export interface ReserveSetupData {
  me: {
    id: string;
    tzIdentifier: string;
    account: { id: string; remainingMinutes: number };
    courses: ReserveCourse[];
  } | null;
  lookupLanguages: { code: string; name: string }[];
}

/** The student's current and upcoming courses with their lessons and progress, and the languages. */
export const RESERVE_SETUP: TypedDocumentNode<ReserveSetupData, Record<string, never>> = gql`
  query ReserveSetup {
    me {
      id
      tzIdentifier
      account {
        id
        remainingMinutes
      }
      courses(scope: current_or_upcoming) {
        id
        name
        language
        durationRequirement
        isPast
        lessonAssignments {
          id
          order
          lesson {
            id
            title
            discussionTopic
          }
        }
        courseEnrollment {
          id
          progress {
            report {
              lessonAssignment {
                id
              }
              attempts {
                id
                outcome
                conversationId
              }
            }
          }
        }
      }
    }
    lookupLanguages {
      code
      name
    }
  }
`;

/**
 * A lesson can be reserved when it has no attempt, or its latest attempt is unattempted or failed
 * (spec 2, section 4: attempting/completed show View instead).
 */
export function reservableLessons(
  course: Pick<ReserveCourse, 'lessonAssignments' | 'courseEnrollment'>,
): ReserveCourse['lessonAssignments'] {
  const report = course.courseEnrollment?.progress.report ?? [];
  return [...course.lessonAssignments]
    .sort((a, b) => a.order - b.order)
    .filter((assignment) => {
      const attempts = report.find((r) => r.lessonAssignment.id === assignment.id)?.attempts ?? [];
      const latest = attempts[attempts.length - 1];
      return !latest || (RESERVABLE_OUTCOMES as readonly string[]).includes(latest.outcome ?? 'unattempted');
    });
}

/** What a search result shows of a speaker (spec 2, section 3: Speaker); each shown when set. */
export interface SpeakerProfile {
  id: string;
  displayName: string | null;
  age?: number | null;
  currentCity?: string | null;
  currentState?: string | null;
  currentCountry?: string | null;
  school?: string | null;
  bioHobbiesAre?: string | null;
  bioDreamCareer?: string | null;
  bioGoalsAre?: string | null;
  headshotUrl?: string | null;
}

export const SPEAKER_PROFILE = gql`
  fragment ReserveSpeakerProfile on User {
    id
    displayName
    age
    currentCity
    currentState
    currentCountry
    school
    bioHobbiesAre
    bioDreamCareer
    bioGoalsAre
    headshotUrl
  }
`;

export interface AvailableSpeakersData {
  availableSpeakers: {
    totalCount: number;
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
    edges: { cursor: string; node: SpeakerProfile }[];
  };
}

export const AVAILABLE_SPEAKERS: TypedDocumentNode<AvailableSpeakersData, QueryAvailableSpeakersArgs> = gql`
  query AvailableSpeakers(
    $first: Int
    $after: String
    $courseId: ID
    $language: String
    $filterBySpeakers: [ID!]
    $filterByDates: [Date!]
    $zoneName: String
    $duration: Int
  ) {
    availableSpeakers(
      first: $first
      after: $after
      courseId: $courseId
      language: $language
      filterBySpeakers: $filterBySpeakers
      filterByDates: $filterByDates
      zoneName: $zoneName
      duration: $duration
    ) {
      totalCount
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        cursor
        node {
          ...ReserveSpeakerProfile
        }
      }
    }
  }
  ${SPEAKER_PROFILE}
`;

export interface OpeningsData {
  availableOpenings: { sourceId: string; startTimestamp: string; endTimestamp: string }[];
}

export const AVAILABLE_OPENINGS: TypedDocumentNode<OpeningsData, QueryAvailableOpeningsArgs> = gql`
  query AvailableOpenings($speakerId: ID!, $startTime: DateTime!, $endTime: DateTime!, $zoneName: String!, $duration: Int) {
    availableOpenings(speakerId: $speakerId, startTime: $startTime, endTime: $endTime, zoneName: $zoneName, duration: $duration) {
      sourceId
      startTimestamp
      endTimestamp
    }
  }
`;

export const CREATE_RESERVATION: TypedDocumentNode<Pick<Mutation, 'createReservation'>, MutationCreateReservationArgs> = gql`
  mutation CreateReservation($input: CreateReservationInput!) {
    createReservation(input: $input) {
      created
      conversation {
        id
        status
        reservedStart
      }
    }
  }
`;
