import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  Account,
  Mutation,
  MutationChangeUserArgs,
  MutationOnboardAccountArgs,
  MutationUploadHeadshotArgs,
  User,
} from '../../lib/graphql-types';

/** Profile calls of the onboarding dialogs (spec 3: changeUser, onboardAccount, uploadHeadshot). */
export type OnboardingProfile = Pick<
  User,
  | 'id'
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
> & { account: Pick<Account, 'id' | 'roles'> };

const PROFILE_FIELDS = `
  id givenName surname displayName gender dateOfBirth currentCity currentState currentCountry previousCity previousCountry
  school bioDreamCareer bioGoalsAre bioHobbiesAre tzIdentifier headshotUrl
`;

export const ONBOARDING_PROFILE: TypedDocumentNode<{ me: OnboardingProfile | null }, Record<string, never>> = gql`
  query OnboardingProfile {
    me {
      ${PROFILE_FIELDS}
      account {
        id
        roles
      }
    }
  }
`;

export const CHANGE_USER: TypedDocumentNode<Pick<Mutation, 'changeUser'>, MutationChangeUserArgs> = gql`
  mutation ChangeUser($input: ChangeUserInput!) {
    changeUser(input: $input) {
      changed
      user {
        ${PROFILE_FIELDS}
      }
    }
  }
`;

export const UPLOAD_HEADSHOT: TypedDocumentNode<Pick<Mutation, 'uploadHeadshot'>, MutationUploadHeadshotArgs> = gql`
  mutation UploadHeadshot($input: UploadHeadshotInput!) {
    uploadHeadshot(input: $input) {
      url
      user {
        id
        headshotUrl
      }
    }
  }
`;

export const ONBOARD_ACCOUNT: TypedDocumentNode<Pick<Mutation, 'onboardAccount'>, MutationOnboardAccountArgs> = gql`
  mutation OnboardAccount($input: OnboardAccountInput!) {
    onboardAccount(input: $input) {
      onboarded
      account {
        id
        roles
      }
    }
  }
`;
