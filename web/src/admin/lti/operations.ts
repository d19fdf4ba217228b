/** The back-office's LTI platforms (issue 33): this tool's URLs, a platform, registering and changing one. */
import { graphql } from '../../gql';

export const LTI_PLATFORM_FIELDS = graphql(`
  fragment AdminLtiPlatform on LtiPlatform {
    id name issuer clientId deploymentIds authLoginUrl accessTokenUrl jwksUrl registeredAt changedAt
  }
`);

export const LTI_TOOL_URLS = graphql(`
  query AdminLtiToolUrls {
    ltiToolUrls { loginUrl launchUrl deepLinkingUrl jwksUrl }
  }
`);

export const LTI_PLATFORM = graphql(`
  query AdminLtiPlatform($platformId: ID!) {
    ltiPlatform(platformId: $platformId) { ...AdminLtiPlatform }
  }
`);

export const REGISTER_LTI_PLATFORM = graphql(`
  mutation AdminRegisterLtiPlatform($input: RegisterLtiPlatformInput!) {
    registerLtiPlatform(input: $input) { changed platform { ...AdminLtiPlatform } }
  }
`);

export const CHANGE_LTI_PLATFORM = graphql(`
  mutation AdminChangeLtiPlatform($input: ChangeLtiPlatformInput!) {
    changeLtiPlatform(input: $input) { changed platform { ...AdminLtiPlatform } }
  }
`);
