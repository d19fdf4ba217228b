import { graphql } from '../../gql';

/** A speaker's availability in the visible range, in the calendar's zone (spec 3: network only). */
export const AVAILABILITY_OCCURRENCES = graphql(`
  query AvailabilityOccurrences($speakerId: ID!, $rangeStart: DateTime!, $rangeEnd: DateTime!, $zoneName: String!) {
    availabilityOccurrences(speakerId: $speakerId, rangeStart: $rangeStart, rangeEnd: $rangeEnd, zoneName: $zoneName) {
      sourceId
      startTimestamp
      endTimestamp
      repeatsWeekly
    }
  }
`);

export const ADD_AVAILABILITY = graphql(`
  mutation AddAvailability($input: AddAvailabilityInput!) {
    addAvailability(input: $input) {
      added
      availabilityId
    }
  }
`);

export const CHANGE_AVAILABILITY = graphql(`
  mutation ChangeAvailability($input: ChangeAvailabilityInput!) {
    changeAvailability(input: $input) {
      changed
    }
  }
`);

export const REMOVE_AVAILABILITY = graphql(`
  mutation RemoveAvailability($input: RemoveAvailabilityInput!) {
    removeAvailability(input: $input) {
      removed
    }
  }
`);
