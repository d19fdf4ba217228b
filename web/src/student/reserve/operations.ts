import { type DocumentType, graphql } from '../../gql';

/** A lesson attempt outcome that still allows Reserve (spec 2, section 4: unattempted/failed). */
export const RESERVABLE_OUTCOMES = ['unattempted', 'failed'] as const;

/** The student's current and upcoming courses with their lessons and progress, and the languages. */
export const RESERVE_SETUP = graphql(`
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
`);

export type ReserveSetupData = DocumentType<typeof RESERVE_SETUP>;
export type ReserveCourse = NonNullable<ReserveSetupData['me']>['courses'][number];

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

export const SPEAKER_PROFILE = graphql(`
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
`);

/** What a search result shows of a speaker (spec 2, section 3: Speaker); each shown when set. */
export type SpeakerProfile = DocumentType<typeof SPEAKER_PROFILE>;

export const AVAILABLE_SPEAKERS = graphql(`
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
`);

export const AVAILABLE_OPENINGS = graphql(`
  query AvailableOpenings($speakerId: ID!, $startTime: DateTime!, $endTime: DateTime!, $zoneName: String!, $duration: Int) {
    availableOpenings(speakerId: $speakerId, startTime: $startTime, endTime: $endTime, zoneName: $zoneName, duration: $duration) {
      sourceId
      startTimestamp
      endTimestamp
    }
  }
`);

export const CREATE_RESERVATION = graphql(`
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
`);
