import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  MutationAddAvailabilityArgs,
  MutationChangeAvailabilityArgs,
  MutationRemoveAvailabilityArgs,
  QueryAvailabilityOccurrencesArgs,
} from '../../lib/graphql-types';
import type { Occurrence } from './rules';

/** A speaker's availability in the visible range, in the calendar's zone (spec 3: network only). */
export const AVAILABILITY_OCCURRENCES: TypedDocumentNode<{ availabilityOccurrences: Occurrence[] }, QueryAvailabilityOccurrencesArgs> = gql`
  query AvailabilityOccurrences($speakerId: ID!, $rangeStart: DateTime!, $rangeEnd: DateTime!, $zoneName: String!) {
    availabilityOccurrences(speakerId: $speakerId, rangeStart: $rangeStart, rangeEnd: $rangeEnd, zoneName: $zoneName) {
      sourceId
      startTimestamp
      endTimestamp
      repeatsWeekly
    }
  }
`;

export const ADD_AVAILABILITY: TypedDocumentNode<
  { addAvailability: { added: boolean; availabilityId: string } },
  MutationAddAvailabilityArgs
> = gql`
  mutation AddAvailability($input: AddAvailabilityInput!) {
    addAvailability(input: $input) {
      added
      availabilityId
    }
  }
`;

export const CHANGE_AVAILABILITY: TypedDocumentNode<{ changeAvailability: { changed: boolean } }, MutationChangeAvailabilityArgs> = gql`
  mutation ChangeAvailability($input: ChangeAvailabilityInput!) {
    changeAvailability(input: $input) {
      changed
    }
  }
`;

export const REMOVE_AVAILABILITY: TypedDocumentNode<{ removeAvailability: { removed: boolean } }, MutationRemoveAvailabilityArgs> = gql`
  mutation RemoveAvailability($input: RemoveAvailabilityInput!) {
    removeAvailability(input: $input) {
      removed
    }
  }
`;
