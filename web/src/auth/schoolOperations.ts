import { graphql } from '../gql';

export const START_SCHOOL_SIGN_IN = graphql(`
  mutation StartSchoolSignIn($input: StartSchoolSignInInput!) {
    startSchoolSignIn(input: $input) {
      authorizationUrl
    }
  }
`);

export const START_SCHOOL_SIGN_OUT = graphql(`
  mutation StartSchoolSignOut {
    startSchoolSignOut
  }
`);
