import { ROLES, holdsRole, homePathForRole, type BaseRole, type Role } from '../../../contracts/roles';

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

/** What the area guard decides for an account and the role an area needs. */
export type RoleGate =
  | { allowed: true }
  | {
      allowed: false;
      /** The role the area needs, e.g. 'STUDENT'. */
      needed: BaseRole;
      /** The role the account acts as (null without any role). */
      current: string | null;
      /** The home of that role: where 'Go to your home' leads (null without any role). */
      home: string | null;
    };

/**
 * The web's one role check (the API's auth checks use the same `holdsRole`): an area is open to an
 * account holding its role or the role's ONBOARDING_ form, whatever its active role. Anyone else
 * gets the 'needs the {role} role' page with the way to their own home.
 */
export function roleGate(roles: readonly string[], activeRole: string | null | undefined, needed: BaseRole): RoleGate {
  if (holdsRole(roles, needed)) return { allowed: true };
  return { allowed: false, needed, current: currentRole(roles, activeRole), home: chooseHomePath(roles, activeRole) };
}

/** 'STUDENT' → 'student', as said in a sentence ('This area needs the student role.'). */
export const roleWord = (role: string): string => roleLabel(role).toLowerCase();
