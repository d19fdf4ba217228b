/**
 * The settings pages' calls (spec 3, section 7): me with the profile and account, changeUser (the
 * onboarding dialogs' document), changeUserEmailAddress, and the lookups the forms suggest from:
 * timezones, lookupCountries(query), lookupSchools(query).
 */
import { type DocumentType, graphql } from '../gql';

export const SETTINGS_ME = graphql(`
  query SettingsMe {
    me {
      id
      emailAddress
      givenName
      surname
      displayName
      gender
      dateOfBirth
      currentCity
      currentState
      currentCountry
      previousCity
      previousCountry
      school
      bioDreamCareer
      bioGoalsAre
      bioHobbiesAre
      tzIdentifier
      headshotUrl
      account {
        id
        emailAddress
        roles
        activeRole
      }
    }
  }
`);

export type SettingsMe = NonNullable<DocumentType<typeof SETTINGS_ME>['me']>;

export const CHANGE_EMAIL_ADDRESS = graphql(`
  mutation ChangeOwnEmailAddress($input: ChangeUserEmailAddressInput!) {
    changeUserEmailAddress(input: $input) {
      changed
      user {
        id
        emailAddress
        account {
          id
          emailAddress
        }
      }
    }
  }
`);

export const TIMEZONES = graphql(`
  query SettingsTimezones {
    timezones {
      identifier
      friendlyIdentifier
    }
  }
`);

export const LOOKUP_COUNTRIES = graphql(`
  query LookupCountries($query: String) {
    lookupCountries(query: $query) {
      code
      name
    }
  }
`);

export const LOOKUP_SCHOOLS = graphql(`
  query LookupSchools($query: String) {
    lookupSchools(query: $query) {
      name
    }
  }
`);
