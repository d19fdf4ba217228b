import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Account, Mutation, MutationRecoverPasswordArgs, MutationSwitchRoleArgs, User } from './graphql-types';

/** Calls shared by several areas. */
export const RECOVER_PASSWORD: TypedDocumentNode<Pick<Mutation, 'recoverPassword'>, MutationRecoverPasswordArgs> = gql`
  mutation RecoverPassword($input: RecoverPasswordInput!) {
    recoverPassword(input: $input) {
      recovered
    }
  }
`;

export interface MyRolesData {
  me: (Pick<User, 'id'> & { account: Pick<Account, 'id' | 'roles' | 'activeRole'> }) | null;
}

/** The account's roles: for the role selection redirect and the areas' role guard. */
export const MY_ROLES: TypedDocumentNode<MyRolesData, Record<string, never>> = gql`
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

export const SWITCH_ROLE: TypedDocumentNode<Pick<Mutation, 'switchRole'>, MutationSwitchRoleArgs> = gql`
  mutation SwitchRole($input: SwitchRoleInput!) {
    switchRole(input: $input) {
      switched
      role
    }
  }
`;

export const PASSWORD_RESET_SENT_MESSAGE = "We've sent the reset message. Check your inbox for the password reset message.";
