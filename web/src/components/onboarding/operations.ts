/** Profile calls of the onboarding dialogs (spec 3: changeUser, onboardAccount, uploadHeadshot). */
import { type DocumentType, graphql } from '../../gql';

// The profile's fields, spread by name below.
graphql(`
  fragment OnboardingProfileFields on User {
    id givenName surname displayName gender dateOfBirth currentCity currentState currentCountry previousCity previousCountry
    school bioDreamCareer bioGoalsAre bioHobbiesAre tzIdentifier headshotUrl
  }
`);

export const ONBOARDING_PROFILE = graphql(`
  query OnboardingProfile {
    me {
      ...OnboardingProfileFields
      account {
        id
        roles
      }
    }
  }
`);

export const CHANGE_USER = graphql(`
  mutation ChangeUser($input: ChangeUserInput!) {
    changeUser(input: $input) {
      changed
      user {
        ...OnboardingProfileFields
      }
    }
  }
`);

export const UPLOAD_HEADSHOT = graphql(`
  mutation UploadHeadshot($input: UploadHeadshotInput!) {
    uploadHeadshot(input: $input) {
      url
      user {
        id
        headshotUrl
      }
    }
  }
`);

export const ONBOARD_ACCOUNT = graphql(`
  mutation OnboardAccount($input: OnboardAccountInput!) {
    onboardAccount(input: $input) {
      onboarded
      account {
        id
        roles
      }
    }
  }
`);

export type OnboardingProfile = NonNullable<DocumentType<typeof ONBOARDING_PROFILE>['me']>;
