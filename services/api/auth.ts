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
