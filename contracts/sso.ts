/** The school sign-in's refusals that people read (issue 33), by the server and the web alike. */
export const SchoolSignInMessages = {
  noProvider: 'No school signs in addresses of this domain. Sign in with your password instead.',
  providerAway: "Your school's sign-in does not answer just now. Please try again in a few minutes.",
  passwordSignInOff: 'Your school signs you in: use "Sign in with your school".',
} as const;
