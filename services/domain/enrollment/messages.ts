/** The refusals of domain/enrollment/ (issue 32: registered in services/i18n/knownErrors.ts, area 'enrolling'). */
export const EnrollingMessages = {
  accountNotFound: 'The account was not found.',
  adminNoCard: 'An administrator enrolls a student without a card.',
  leaveCardOut: 'Leave the card out.',
  courseNotFound: 'The course was not found.',
  notOwnerStudents: 'Only the course owner can change its students.',
} as const;
