/** Where the LMS reaches us (issue 33): the URLs an admin pastes into the platform's tool settings. */
export const LTI_PATHS = {
  login: '/lti/login',
  launch: '/lti/launch',
  deepLinking: '/lti/deep-linking',
  jwks: '/lti/jwks',
  /** Our own page's form: the instructor's pick, answered to the platform. */
  deepLinkingRespond: '/lti/deep-linking/respond',
} as const;

export const ltiToolUrls = (publicUrl: string) => ({
  loginUrl: `${publicUrl}${LTI_PATHS.login}`,
  launchUrl: `${publicUrl}${LTI_PATHS.launch}`,
  deepLinkingUrl: `${publicUrl}${LTI_PATHS.deepLinking}`,
  jwksUrl: `${publicUrl}${LTI_PATHS.jwks}`,
});

/** The instructor's page to pick what to place, after a deep-linking launch (the web app). */
export const deepLinkingPickPath = (requestId: string) => `/instructor/lti/deep-linking/${requestId}`;
