/** Erasure (issue 34): the viewer's own (or, for an admin, a person's), asking for it and cancelling it; times in the viewer's zone. */
import { graphql } from '../gql';

export const ERASURE = graphql(`
  query Erasure($personId: ID) {
    me {
      id
      tzIdentifier
    }
    erasure(personId: $personId) {
      status
      eraseAfter
      erasedAt
      graceDays
      obligations {
        kind
        month
        courseName
        endDate
      }
    }
  }
`);

export const REQUEST_ERASURE = graphql(`
  mutation RequestErasure($input: RequestErasureInput!) {
    requestErasure(input: $input) {
      erasure {
        status
        eraseAfter
      }
    }
  }
`);

export const CANCEL_ERASURE = graphql(`
  mutation CancelErasure($input: CancelErasureInput!) {
    cancelErasure(input: $input) {
      erasure {
        status
      }
    }
  }
`);
