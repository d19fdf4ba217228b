/** Who looked at my data (issue 34): a page of the viewer's own audit (or, for an admin, a person's); times in the viewer's zone. */
import { graphql } from '../gql';

export const PERSONAL_DATA_ACCESSES = graphql(`
  query PersonalDataAccesses($personId: ID, $first: Int, $after: String, $last: Int, $before: String) {
    me {
      id
      tzIdentifier
    }
    personalDataAccesses(personId: $personId, first: $first, after: $after, last: $last, before: $before) {
      totalCount
      pageInfo {
        startCursor
        endCursor
        hasPreviousPage
        hasNextPage
      }
      edges {
        node {
          id
          viewedAt
          view
          viewerName
          reason
        }
      }
    }
  }
`);
