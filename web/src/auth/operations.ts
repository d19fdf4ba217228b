import { gql } from '@apollo/client';

/** Forms that show the server's message inline keep the global snackbar quiet. */
export const QUIET = { context: { quiet: true } } as const;

export const LOGIN = gql`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      token
    }
  }
`;

export const SIGNUP = gql`
  mutation Signup($input: SignupInput!) {
    signup(input: $input) {
      token
    }
  }
`;

export const SIGNUP_INVITED = gql`
  mutation SignupInvited($input: SignupInvitedInput!) {
    signupInvited(input: $input) {
      token
    }
  }
`;

export const RESET_PASSWORD = gql`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      reset
    }
  }
`;

export const LOGOUT = gql`
  mutation Logout {
    logout {
      loggedOut
    }
  }
`;

export const MY_ROLES = gql`
  query MyRoles {
    me {
      id
      account {
        id
        roles
        activeRole
      }
    }
  }
`;

export interface MyRolesData {
  me: { id: string; account: { id: string; roles: string[]; activeRole: string | null } } | null;
}
