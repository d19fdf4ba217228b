/**
 * The one place where the API decides who may do what. Every resolver that reads or changes data
 * calls one of these before touching it.
 */
import type { Actor } from '../domain/shared/decider';
import { unauthorized } from '../domain/shared/errors';
import { Messages } from '../../contracts/errors';

export interface Viewer {
  accountId: string;
  sessionId: string;
  roles: string[];
}

export const isAdmin = (viewer: Viewer | null) => !!viewer?.roles.includes('ADMIN');

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized(Messages.unauthorized);
  return viewer;
}

export function requireAdmin(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!isAdmin(v)) throw unauthorized(Messages.unauthorized);
  return v;
}

/** The account itself or an admin. */
export function requireSelfOrAdmin(viewer: Viewer | null, accountId: string): Viewer {
  const v = requireViewer(viewer);
  if (v.accountId !== accountId && !isAdmin(v)) throw unauthorized(Messages.unauthorized);
  return v;
}

export const actorOf = (viewer: Viewer | null): Actor => ({ accountId: viewer?.accountId ?? null, roles: viewer?.roles ?? [] });

// --- Courses, enrollment, payments (issue 4) ---

export const hasRole = (viewer: Viewer | null, role: string) =>
  !!viewer?.roles.some((r) => r === role || r === `ONBOARDING_${role}`);

/** Enrolling oneself: a student (onboarding or not). */
export function requireStudent(viewer: Viewer | null, message: string): Viewer {
  const v = requireViewer(viewer);
  if (!hasRole(v, 'STUDENT')) throw unauthorized(message);
  return v;
}

/** Creating a course: an instructor (onboarding or not) or an admin. */
export function requireInstructorOrAdmin(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!hasRole(v, 'INSTRUCTOR') && !isAdmin(v)) throw unauthorized(Messages.unauthorized);
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
