/** Roles (spec 1 section 3): four base roles, three of which have an ONBOARDING_ variant. */
export const BASE_ROLES = ['ADMIN', 'STUDENT', 'INSTRUCTOR', 'SPEAKER'] as const;
export type BaseRole = (typeof BASE_ROLES)[number];
export const ROLES = [
  'ADMIN',
  'STUDENT',
  'INSTRUCTOR',
  'SPEAKER',
  'ONBOARDING_STUDENT',
  'ONBOARDING_INSTRUCTOR',
  'ONBOARDING_SPEAKER',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles an admin may edit on the roles screen; ADMIN is never changed there. */
export const ADMIN_EDITABLE_ROLES: readonly BaseRole[] = ['STUDENT', 'INSTRUCTOR', 'SPEAKER'];

export const baseRole = (role: Role): BaseRole => role.replace(/^ONBOARDING_/, '') as BaseRole;
export const displayRole = (role: Role): string => baseRole(role);

/**
 * Whether an account holds a role for access (the spec's role landing rules): the role itself or
 * its ONBOARDING_ form. The one rule for both sides: the API's auth checks and the web's area guard.
 */
export const holdsRole = (roles: readonly string[], role: BaseRole): boolean => roles.some((r) => r === role || r === `ONBOARDING_${role}`);

/** Where a role lands (spec 1, Role selection redirect). */
export function homePathForRole(role: string): string | null {
  if (role.includes('ADMIN')) return '/admin/dashboard';
  if (role.includes('SPEAKER')) return '/speaker/planner';
  if (role.includes('INSTRUCTOR')) return '/instructor/courses/grid';
  if (role.includes('STUDENT')) return '/student/home';
  return null;
}
