/** The account's language setting (issue 32): read once signed in, saved from every role's settings. */
import { graphql } from '../gql';

export const ACCOUNT_LOCALE = graphql(`
  query AccountLocale {
    me {
      id
      locale
    }
  }
`);

export const SAVE_LOCALE = graphql(`
  mutation SaveLocale($input: ChangeUserInput!) {
    changeUser(input: $input) {
      changed
      user {
        id
        locale
      }
    }
  }
`);
