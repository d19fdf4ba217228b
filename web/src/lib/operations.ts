import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Mutation, MutationRecoverPasswordArgs, MutationSwitchRoleArgs } from './graphql-types';

/** Calls shared by several areas. */
export const RECOVER_PASSWORD: TypedDocumentNode<Pick<Mutation, 'recoverPassword'>, MutationRecoverPasswordArgs> = gql`
  mutation RecoverPassword($input: RecoverPasswordInput!) {
    recoverPassword(input: $input) {
      recovered
    }
  }
`;

export const SWITCH_ROLE: TypedDocumentNode<Pick<Mutation, 'switchRole'>, MutationSwitchRoleArgs> = gql`
  mutation SwitchRole($input: SwitchRoleInput!) {
    switchRole(input: $input) {
      switched
      role
    }
  }
`;

export const PASSWORD_RESET_SENT_MESSAGE = "We've sent the reset message. Check your inbox for the password reset message.";
