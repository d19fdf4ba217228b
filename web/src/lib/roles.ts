import { ROLES, homePathForRole, type Role } from '../../../contracts/roles';

/** Order in which a role lands an account with several roles (spec 1, Role selection redirect). */
const LANDING_ORDER = ['ADMIN', 'SPEAKER', 'INSTRUCTOR', 'STUDENT'] as const;

/**
 * Where /auth/role_selection sends an account: its active role's home when it has one, else the
 * home of its highest role; null when it has no role.
 */
export function chooseHomePath(roles: readonly string[], activeRole?: string | null): string | null {
  if (activeRole && roles.includes(activeRole)) {
    const path = homePathForRole(activeRole);
    if (path) return path;
  }
  for (const base of LANDING_ORDER) {
    const role = roles.find((r) => r.includes(base));
    if (role) return homePathForRole(role);
  }
  return null;
}

/** The role an account is acting as: the active role, else the one it lands on. */
export function currentRole(roles: readonly string[], activeRole?: string | null): string | null {
  if (activeRole && roles.includes(activeRole)) return activeRole;
  for (const base of LANDING_ORDER) {
    const role = roles.find((r) => r.includes(base));
    if (role) return role;
  }
  return null;
}

/** Roles offered by 'Switch to {role}': none for a single-role account, else all but the current. */
export function switchableRoles(roles: readonly string[], activeRole?: string | null): string[] {
  const distinct = [...new Set(roles)];
  if (distinct.length < 2) return [];
  const current = currentRole(distinct, activeRole);
  return distinct.filter((r) => r !== current);
}

export function isKnownRole(role: string): role is Role {
  return (ROLES as readonly string[]).includes(role);
}

/** 'ONBOARDING_SPEAKER' → 'Speaker': the prefix is stripped for display (spec 1, section 3). */
export function roleLabel(role: string): string {
  const base = role.replace(/^ONBOARDING_/, '');
  return base.charAt(0) + base.slice(1).toLowerCase();
}
