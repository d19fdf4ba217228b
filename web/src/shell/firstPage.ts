/**
 * The code of the first page, asked for at once as the app starts (issue 31, first load on a slow
 * line). Each lazy boundary asks for its chunk only when it renders: the Apollo client, then the
 * access check, then the area, then the page, each a round trip after the one before with the line
 * idle meanwhile. Here the same imports start side by side; the lazy boundaries that render them
 * later find them loaded (a module is fetched once). Only downloads start here: a failure is left to
 * the boundary that renders the chunk. `main.tsx` asks for the locale's messages (and the parts of
 * them these show, firstPageParts) before these: the browser opens six connections to a host, and
 * nothing renders before the messages are in.
 */
import { type Part, partsWith } from '../i18n/catalogParts';
import { withMessages } from '../i18n/withMessages';
import { INSTRUCTOR_PAGES, instructorPage } from '../instructor/pages';
import { loadApolloProvider } from '../lib/apolloLoader';
import { once } from '../lib/lazyNow';
import { preload } from '../lib/whenPageLoaded';
import { ADMIN_PAGES } from '../admin/pages';
import { STUDENT_PAGES } from '../student/pages';

export const loadRequireAuth = once(withMessages('signedIn', () => import('./RequireAuth')));
/** The join link's page signed out: the course's name and a new account first. */
export const loadJoinWelcome = once(withMessages('join', () => import('../student/JoinWelcomePage')));
/** Parts of every signed-in frame: the header's minutes (a student's) and the account's language. */
export const loadRemainingMinutes = once(() => import('./RemainingMinutes'));
export const loadAccountLocale = once(() => import('../i18n/AccountLocale'));

/** Each signed-in area by its path's first segment, with its messages (a student's, and the instructor's landing pages', come with each page). */
export const AREAS = {
  student: once(() => import('../student')),
  instructor: once(withMessages('instructor', () => import('../instructor'))),
  speaker: once(withMessages('speaker', () => import('../speaker'))),
  conversation: once(withMessages('conversation', () => import('../conversation'))),
  admin: once(withMessages('admin', () => import('../admin'))),
};

/** What the page at `pathname` needs before it can paint; signed out, only the join link's page needs more than the first bundle. */
export function firstPageLoads(pathname: string, signedIn: boolean): (() => Promise<unknown>)[] {
  if (!signedIn) return /^\/join\/[^/]+/.test(pathname) ? [loadApolloProvider, loadJoinWelcome] : [];
  const [area, ...rest] = pathname.split('/').filter(Boolean);
  const areaLoad = AREAS[area as keyof typeof AREAS];
  if (!areaLoad) return [];
  return [loadApolloProvider, loadRequireAuth, loadAccountLocale, areaLoad, ...pageLoads(area, rest)];
}

function pageLoads(area: string, [page, ...more]: string[]): (() => Promise<unknown>)[] {
  if (area === 'student') {
    const load = STUDENT_PAGES[page as keyof typeof STUDENT_PAGES];
    return load ? [loadRemainingMinutes, load] : [loadRemainingMinutes];
  }
  // The dashboard is the area's own; every other back-office page is react-admin's (admin/index.tsx).
  if (area === 'admin') return page && page !== 'dashboard' ? [ADMIN_PAGES.backOffice] : [];
  const instructor = area === 'instructor' ? instructorPage([page, ...more]) : undefined;
  return instructor ? [INSTRUCTOR_PAGES[instructor]] : [];
}

/** The parts of the catalogs the page at `pathname` shows, which `main.tsx` asks for before its code. */
export function firstPageParts(pathname: string, signedIn: boolean): Part[] {
  return [...new Set(firstPageLoads(pathname, signedIn).flatMap((load) => ('part' in load ? partsWith(load.part as Part) : [])))];
}

export function preloadFirstPage(pathname: string, signedIn: boolean): void {
  preload(...firstPageLoads(pathname, signedIn));
}
