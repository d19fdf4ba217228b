import { gql } from '@apollo/client';

/** Calls shared by several areas. */
export const RECOVER_PASSWORD = gql`
  mutation RecoverPassword($input: RecoverPasswordInput!) {
    recoverPassword(input: $input) {
      recovered
    }
  }
`;

export const SWITCH_ROLE = gql`
  mutation SwitchRole($input: SwitchRoleInput!) {
    switchRole(input: $input) {
      switched
      role
    }
  }
`;

export const PASSWORD_RESET_SENT_MESSAGE = "We've sent the reset message. Check your inbox for the password reset message.";
