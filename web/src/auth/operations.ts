import { graphql } from '../gql';

/** Forms that show the server's message inline keep the global snackbar quiet. */
export const QUIET = { context: { quiet: true } } as const;

export const LOGIN = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      token
    }
  }
`);

export const SIGNUP = graphql(`
  mutation Signup($input: SignupInput!) {
    signup(input: $input) {
      token
    }
  }
`);

export const SIGNUP_INVITED = graphql(`
  mutation SignupInvited($input: SignupInvitedInput!) {
    signupInvited(input: $input) {
      token
    }
  }
`);

export const RESET_PASSWORD = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      reset
    }
  }
`);

export const LOGOUT = graphql(`
  mutation Logout {
    logout {
      loggedOut
    }
  }
`);
