/** The school sign-in's refusal on the password form (issue 33), by the server and the web alike. */
export const SchoolSignInMessages = {
  passwordSignInOff: 'Your school signs you in: use "Sign in with your school".',
} as const;
