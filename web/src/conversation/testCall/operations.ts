import { graphql } from '../../gql';

/** The viewer's test call that staff started and that can still be joined. */
export const MY_TEST_CALL = graphql(`
  query MyTestCall {
    me {
      id
      testCall {
        id
        status
        reservedBy {
          id
          displayName
        }
      }
    }
  }
`);

export const TEST_CALL_CHANGED = graphql(`
  subscription TestCallChanged {
    testCallChanged
  }
`);

export const START_TEST_CALL = graphql(`
  mutation StartTestCall($input: StartTestCallInput!) {
    startTestCall(input: $input) {
      started
      conversation {
        id
        status
      }
    }
  }
`);

export const END_TEST_CALL = graphql(`
  mutation EndTestCall($input: EndTestCallInput!) {
    endTestCall(input: $input) {
      ended
      conversation {
        id
        status
      }
    }
  }
`);
