/**
 * The one place where the API decides who may do what. Every resolver that reads or changes data
 * calls one of these before touching it.
 */
import type { Actor } from '../domain/shared/decider';
import { DomainError, unauthorized } from '../domain/shared/errors';
import { ErrorCode, ErrorReason, Messages, roleRequiredMessage } from '../../contracts/errors';
import { holdsRole, type BaseRole } from '../../contracts/roles';

export interface Viewer {
  accountId: string;
  sessionId: string;
  roles: string[];
}

export const isAdmin = (viewer: Viewer | null) => !!viewer?.roles.includes('ADMIN');

/**
 * No (open) session: UNAUTHORIZED with the spec's 'Try to sign in again' message. The web offers
 * Sign In for this one only.
 */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized(Messages.unauthorized);
  return viewer;
}

/**
 * Signed in, but without the role: still UNAUTHORIZED, with `extensions.reason: 'role'` and a
 * message naming the role ('This needs the instructor role.'), so the web does not ask to sign in
 * again when the session is fine.
 */
export const roleRefused = (role: BaseRole, message = roleRequiredMessage(role)) =>
  new DomainError(ErrorCode.UNAUTHORIZED, message, undefined, ErrorReason.ROLE);

export function requireAdmin(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!isAdmin(v)) throw roleRefused('ADMIN');
  return v;
}

/** The account itself or an admin. */
export function requireSelfOrAdmin(viewer: Viewer | null, accountId: string): Viewer {
  const v = requireViewer(viewer);
  if (v.accountId !== accountId && !isAdmin(v)) throw roleRefused('ADMIN');
  return v;
}

export const actorOf = (viewer: Viewer | null): Actor => ({ accountId: viewer?.accountId ?? null, roles: viewer?.roles ?? [] });

// --- Courses, enrollment, payments (issue 4) ---

/** The role or its ONBOARDING_ form (the spec's role landing rules; the web's area guard uses the same rule). */
export const hasRole = (viewer: Viewer | null, role: BaseRole) => !!viewer && holdsRole(viewer.roles, role);

/** Enrolling oneself: a student (onboarding or not). */
export function requireStudent(viewer: Viewer | null, message?: string): Viewer {
  const v = requireViewer(viewer);
  if (!hasRole(v, 'STUDENT')) throw roleRefused('STUDENT', message);
  return v;
}

/** Creating a course: an instructor (onboarding or not) or an admin. */
export function requireInstructorOrAdmin(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!hasRole(v, 'INSTRUCTOR') && !isAdmin(v)) throw roleRefused('INSTRUCTOR');
  return v;
}

/**
 * Who may see a course: admins, its owner, its students, and any signed-in user for adventures
 * (the adventure catalogue) or through its invite number (enrollingCourse, checked there).
 */
export function canSeeCourse(viewer: Viewer | null, course: { ownerId: string | null; kind: string }, enrolled: boolean): boolean {
  if (!viewer) return false;
  return isAdmin(viewer) || course.ownerId === viewer.accountId || enrolled || course.kind === 'adventure';
}

/** A course's private notes and share details: its owner and admins. */
export const ownsCourse = (viewer: Viewer | null, course: { ownerId: string | null }) =>
  !!viewer && (isAdmin(viewer) || course.ownerId === viewer.accountId);

// --- Profiles and settings (issue 11) ---

/**
 * Changing an account's email address: admins anyone's; an instructor their own (spec 3, the
 * instructor's calls: changeUserEmailAddress). Anyone else is refused.
 */
export function requireEmailChanger(viewer: Viewer | null, accountId: string): Viewer {
  const v = requireViewer(viewer);
  if (isAdmin(v)) return v;
  if (v.accountId !== accountId) throw roleRefused('ADMIN');
  if (!hasRole(v, 'INSTRUCTOR')) throw roleRefused('INSTRUCTOR');
  return v;
}
