/** The refusals of domain/identity/ (issue 32: registered in services/i18n/knownErrors.ts, area 'identity'). */
import { knownRefusal } from '../../i18n/translate';

export const IdentityMessages = {
  accountNotFound: 'The account was not found.',
  accountExists: 'This account already exists.',
  selfSignUpRole: 'Only students and instructors can sign up on their own.',
  chooseStudentOrInstructor: 'Choose student or instructor.',
  adminNotChangeable: 'ADMIN cannot be changed here.',
  rolesNotChangeable: (roles: string) => knownRefusal('errors.identity.rolesNotChangeable', { roles }),
  roleAddedAndRemoved: (roles: string) => knownRefusal('errors.identity.roleAddedAndRemoved', { roles }),
  notOnboardingAs: (role: string) => knownRefusal('errors.identity.notOnboardingAs', { role }),
} as const;
