/**
 * The chunks behind each route (DESIGN.md section 7: areas load on demand, a student never
 * downloads the admin), and the first page's, asked for all at once as the app starts.
 *
 * Without this, each lazy boundary asks for its chunk only when it renders: the access check waits
 * for the Apollo client, the area for the access check's answer, the page for the area. On a slow
 * line each step is a round trip with the line idle (issue 31: every first page on a slow line).
 * Preloading only starts the downloads; every lazy boundary still renders as before.
 */
import { lazy, type ComponentType } from 'react';
import { AUTH_PAGES } from '../auth/pages';
import { loadApolloRoot } from '../lib/apolloLoader';
import { hasAuthToken, willExpireSoon } from '../lib/authCookies';
import { STUDENT_PAGES } from '../student/pages';

export const AREAS = {
  requireAuth: () => import('./RequireAuth'),
  auth: () => import('../auth'),
  join: () => import('../student/JoinPage'),
  student: () => import('../student'),
  instructor: () => import('../instructor'),
  speaker: () => import('../speaker'),
  conversation: () => import('../conversation'),
  admin: () => import('../admin'),
};

type Loader = () => Promise<unknown>;

/** What the page at `pathname` needs beyond the entry chunk; nothing for an unknown address. */
export function firstPageModules(pathname: string, signedIn: boolean): Loader[] {
  const [area = '', page = ''] = pathname.split('/').filter(Boolean);
  const guard: Loader[] = [loadApolloRoot, AREAS.requireAuth];
  // Signed out, a protected page sends the visitor to sign in: its chunks would be wasted.
  if (!signedIn && area !== 'auth') return [];
  switch (area) {
    case 'auth': {
      const authPage = AUTH_PAGES[(page || 'sign_in') as keyof typeof AUTH_PAGES];
      // The sign-in page runs without the Apollo client until it submits (lib/apolloLoader.ts).
      return [AREAS.auth, ...(authPage ? [authPage] : []), ...(page && page !== 'sign_in' ? [loadApolloRoot] : [])];
    }
    case 'student': {
      const studentPage = STUDENT_PAGES[(page || 'home') as keyof typeof STUDENT_PAGES];
      return [...guard, AREAS.student, ...(studentPage ? [studentPage] : [])];
    }
    case 'join':
      return [...guard, AREAS.join];
    case 'instructor':
    case 'speaker':
    case 'conversation':
    case 'admin':
      return [...guard, AREAS[area]];
    default:
      return [];
  }
}

/** Starts downloading the first page's chunks; a failure here is left to the lazy boundary that renders it. */
export function preloadFirstPage(pathname: string): void {
  const signedIn = hasAuthToken() && !willExpireSoon();
  for (const load of firstPageModules(pathname, signedIn)) load().catch(() => {});
}

/** `lazy` for a module's named export (React.lazy takes only a default one). */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType<any> })));
}
