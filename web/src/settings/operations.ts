/**
 * The settings pages' calls (spec 3, section 7): me with the profile and account, changeUser (the
 * onboarding dialogs' document), changeUserEmailAddress, and the lookups the forms suggest from:
 * timezones, lookupCountries(query), lookupSchools(query).
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Account, Country, Mutation, MutationChangeUserEmailAddressArgs, School, TimeZone, User } from '../lib/graphql-types';

export type SettingsMe = Pick<
  User,
  | 'id'
  | 'emailAddress'
  | 'givenName'
  | 'surname'
  | 'displayName'
  | 'gender'
  | 'dateOfBirth'
  | 'currentCity'
  | 'currentState'
  | 'currentCountry'
  | 'previousCity'
  | 'previousCountry'
  | 'school'
  | 'bioDreamCareer'
  | 'bioGoalsAre'
  | 'bioHobbiesAre'
  | 'tzIdentifier'
  | 'headshotUrl'
> & { account: Pick<Account, 'id' | 'emailAddress' | 'roles' | 'activeRole'> };

export const SETTINGS_ME: TypedDocumentNode<{ me: SettingsMe | null }, Record<string, never>> = gql`
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
`;

export const CHANGE_EMAIL_ADDRESS: TypedDocumentNode<Pick<Mutation, 'changeUserEmailAddress'>, MutationChangeUserEmailAddressArgs> = gql`
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
`;

export const TIMEZONES: TypedDocumentNode<{ timezones: TimeZone[] }, Record<string, never>> = gql`
  query SettingsTimezones {
    timezones {
      identifier
      friendlyIdentifier
    }
  }
`;

export const LOOKUP_COUNTRIES: TypedDocumentNode<{ lookupCountries: Country[] }, { query: string }> = gql`
  query LookupCountries($query: String) {
    lookupCountries(query: $query) {
      code
      name
    }
  }
`;

export const LOOKUP_SCHOOLS: TypedDocumentNode<{ lookupSchools: School[] }, { query: string }> = gql`
  query LookupSchools($query: String) {
    lookupSchools(query: $query) {
      name
    }
  }
`;
