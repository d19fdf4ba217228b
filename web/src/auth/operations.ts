import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  Mutation,
  MutationLoginArgs,
  MutationResetPasswordArgs,
  MutationSignupArgs,
  MutationSignupInvitedArgs,
} from '../lib/graphql-types';

type NoVariables = Record<string, never>;

/** Forms that show the server's message inline keep the global snackbar quiet. */
export const QUIET = { context: { quiet: true } } as const;

export const LOGIN: TypedDocumentNode<Pick<Mutation, 'login'>, MutationLoginArgs> = gql`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      token
    }
  }
`;

export const SIGNUP: TypedDocumentNode<Pick<Mutation, 'signup'>, MutationSignupArgs> = gql`
  mutation Signup($input: SignupInput!) {
    signup(input: $input) {
      token
    }
  }
`;

export const SIGNUP_INVITED: TypedDocumentNode<Pick<Mutation, 'signupInvited'>, MutationSignupInvitedArgs> = gql`
  mutation SignupInvited($input: SignupInvitedInput!) {
    signupInvited(input: $input) {
      token
    }
  }
`;

export const RESET_PASSWORD: TypedDocumentNode<Pick<Mutation, 'resetPassword'>, MutationResetPasswordArgs> = gql`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      reset
    }
  }
`;

export const LOGOUT: TypedDocumentNode<Pick<Mutation, 'logout'>, NoVariables> = gql`
  mutation Logout {
    logout {
      loggedOut
    }
  }
`;
