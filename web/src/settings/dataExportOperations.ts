/** Download my data (issue 34): the latest export of the viewer (or, for an admin, of a person; times in the viewer's zone) and asking for one. */
import { graphql } from '../gql';

export const DATA_EXPORT = graphql(`
  query DataExport($personId: ID) {
    me {
      id
      tzIdentifier
    }
    dataExport(personId: $personId) {
      id
      status
      partsDone
      partsTotal
      expiresAt
      downloadedAt
    }
  }
`);

export const REQUEST_DATA_EXPORT = graphql(`
  mutation RequestDataExport($input: RequestDataExportInput!) {
    requestDataExport(input: $input) {
      dataExport {
        id
        status
      }
    }
  }
`);
