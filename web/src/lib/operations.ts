import { graphql } from '../gql';

/** Calls shared by several areas. */
export const RECOVER_PASSWORD = graphql(`
  mutation RecoverPassword($input: RecoverPasswordInput!) {
    recoverPassword(input: $input) {
      recovered
    }
  }
`);

/** The account's roles: for the role selection redirect and the areas' role guard. */
export const MY_ROLES = graphql(`
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
`);

export const SWITCH_ROLE = graphql(`
  mutation SwitchRole($input: SwitchRoleInput!) {
    switchRole(input: $input) {
      switched
      role
    }
  }
`);

export const PASSWORD_RESET_SENT_MESSAGE = "We've sent the reset message. Check your inbox for the password reset message.";
