/** The refusals of domain/identity/ (issue 32: registered in services/i18n/knownErrors.ts, area 'accounts'). */
import { knownRefusal } from '../../i18n/translate';

export const IdentityMessages = {
  accountNotFound: 'The account was not found.',
  accountExists: 'This account already exists.',
  selfSignUpRole: 'Only students and instructors can sign up on their own.',
  chooseStudentOrInstructor: 'Choose student or instructor.',
  adminNotChangeable: 'ADMIN cannot be changed here.',
  rolesNotChangeable: (roles: string) => knownRefusal('errors.accounts.rolesNotChangeable', { roles }),
  roleAddedAndRemoved: (roles: string) => knownRefusal('errors.accounts.roleAddedAndRemoved', { roles }),
  notOnboardingAs: (role: string) => knownRefusal('errors.accounts.notOnboardingAs', { role }),
} as const;
