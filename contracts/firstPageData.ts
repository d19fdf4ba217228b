/**
 * The queries a signed-in page asks for first, answered inside its HTML (issue 31, first load on a
 * slow line): the server runs them for the page's cookie and writes their answers into the page
 * (services/api/firstPageData.ts); the web's Apollo link answers the page's first asking of each
 * from there (web/src/lib/firstPageData.ts) instead of a round trip after all its code is in. Only
 * queries without variables, by operation name; a name here that a page does not ask for costs the
 * server one query and nothing else.
 */

/** Every signed-in area's frame: the role guard, the account's language, the time zone offer, the test call's notice. */
const SHELL = ['MyRoles', 'AccountLocale', 'MyZone', 'MyTestCall'] as const;

/** A student's frame adds the header's minutes. */
const STUDENT = [...SHELL, 'RemainingMinutes'] as const;
const INSTRUCTOR = [...SHELL, 'InstructorOnboardingStatus'] as const;
const SPEAKER = [...SHELL, 'MySpeaking'] as const;
const ADMIN = [...SHELL, 'AdminMe'] as const;

/**
 * The web modules (under web/src) whose code a signed-in frame draws with, which the app imports
 * lazily (web/src/shell/firstPage.ts): the build lists each page's chunks (web/vite.config.ts,
 * firstPagePreloads) and the server names them in the page's HTML as module preloads, so a slow line
 * starts on them with the entry instead of after it has run.
 */
const SHELL_CODE = ['lib/apollo.ts', 'lib/ApolloRoot.tsx', 'shell/RequireAuth.tsx', 'i18n/AccountLocale.tsx'];
/**
 * The live connection's client (graphql-ws), which the first subscription loads: a page's live
 * updates can start a moment after its first paint, so it is no page's preload (3 KB that shared a
 * slow line with the code the page draws with); the room, which joins over the live connection
 * as soon as it has drawn, is the exception.
 */
const LIVE_CODE = 'lib/socketLink.ts';
const STUDENT_CODE = [...SHELL_CODE, 'student/index.tsx', 'shell/RemainingMinutes.tsx'];
const INSTRUCTOR_CODE = [...SHELL_CODE, 'instructor/index.tsx'];

export interface FirstPage {
  /** The path it answers. */
  path: RegExp;
  /** Its queries without variables, by operation name. */
  operations: readonly string[];
  /** The modules it draws with (see SHELL_CODE). */
  modules: readonly string[];
  /** The parts of the catalogs it shows (web/src/i18n/catalogParts.ts), preloaded the same way in the language the page will likely start in. */
  parts: readonly string[];
}

/** Path patterns, most specific first: the first that matches gives the page's queries (read from `npm run bench -- web`'s waterfalls). */
export const FIRST_PAGES: readonly FirstPage[] = [
  {
    path: /^\/student\/?(home\/?)?$/,
    operations: [...STUDENT, 'StudentHome', 'StudentOnboardingStatus'],
    modules: [...STUDENT_CODE, 'student/home/HomePage.tsx'],
    parts: ['signedIn', 'studentHome'],
  },
  {
    path: /^\/student\/courses\/?$/,
    operations: [...STUDENT, 'StudentCourses'],
    modules: [...STUDENT_CODE, 'student/courses/CoursesPage.tsx'],
    parts: ['signedIn', 'studentCourses'],
  },
  {
    path: /^\/student\/conversations\/?$/,
    operations: [...STUDENT, 'StudentConversations'],
    modules: [...STUDENT_CODE, 'student/conversations/ConversationsPage.tsx'],
    parts: ['signedIn', 'studentConversations'],
  },
  {
    path: /^\/student\/reserve\/?$/,
    operations: [...STUDENT, 'ReserveSetup'],
    modules: [...STUDENT_CODE, 'student/reserve/ReservePage.tsx'],
    parts: ['signedIn', 'studentReserve'],
  },
  {
    path: /^\/student\/lobby\/?$/,
    operations: STUDENT,
    modules: [...STUDENT_CODE, 'student/lobby/LobbyPage.tsx'],
    parts: ['signedIn', 'studentLobby'],
  },
  { path: /^\/student(\/|$)/, operations: STUDENT, modules: STUDENT_CODE, parts: ['signedIn'] },
  {
    path: /^\/instructor(\/|\/courses(\/(grid|table))?\/?)?$/,
    operations: [...INSTRUCTOR, 'InstructorCourses', 'InstructorShareInvites'],
    modules: INSTRUCTOR_CODE,
    parts: ['signedIn', 'instructor'],
  },
  {
    path: /^\/instructor\/courses\/(?!(grid|table|new)\/?$)[^/]+\/?$/,
    operations: INSTRUCTOR,
    modules: [...INSTRUCTOR_CODE, 'instructor/courses/CoursePage.tsx'],
    parts: ['signedIn', 'instructor', 'instructorCourse'],
  },
  { path: /^\/instructor(\/|$)/, operations: INSTRUCTOR, modules: INSTRUCTOR_CODE, parts: ['signedIn', 'instructor'] },
  { path: /^\/speaker(\/|$)/, operations: SPEAKER, modules: [...SHELL_CODE, 'speaker/index.tsx'], parts: ['signedIn', 'speaker'] },
  {
    path: /^\/admin\/?(dashboard\/?)?$/,
    operations: [...ADMIN, 'AdminDashboard'],
    modules: [...SHELL_CODE, 'admin/index.tsx'],
    parts: ['signedIn', 'admin'],
  },
  {
    path: /^\/admin(\/|$)/,
    operations: ADMIN,
    modules: [...SHELL_CODE, 'admin/index.tsx', 'admin/BackOffice.tsx'],
    parts: ['signedIn', 'admin', 'adminPages'],
  },
  {
    path: /^\/conversation(\/|$)/,
    operations: SHELL,
    modules: [...SHELL_CODE, LIVE_CODE, 'conversation/index.tsx'],
    parts: ['signedIn', 'conversation'],
  },
];

/**
 * Where the build writes each first page's chunks, by its path pattern's source, and each catalog
 * part's chunk, by `<locale>` or `<locale>.<part>` (under web/dist; never served: a dot folder).
 */
export const FIRST_PAGE_PRELOADS_FILE = '.vite/first-page-preloads.json';

export interface FirstPagePreloads {
  pages: Record<string, string[]>;
  messages: Record<string, string>;
}

/** The first page at `pathname` (no query string), if it is one. */
export const firstPageAt = (pathname: string): FirstPage | undefined => FIRST_PAGES.find((p) => p.path.test(pathname));

/** At most this many queries a page (a bound on what one page load asks the server to run). */
export const FIRST_PAGE_OPERATIONS_MAX = 12;

/** The element that carries the answers in the page: `<script type="application/json" id=…>`. */
export const FIRST_PAGE_DATA_ELEMENT = 'first-page-data';

/** How long after the page was loaded its answers may still stand in for asking (ms). */
export const FIRST_PAGE_DATA_MAX_AGE_MS = 15_000;

/** One query's answer as the page carries it. */
export interface FirstPageAnswer {
  operationName: string;
  data: unknown;
}

/** The queries to answer inside the page at `pathname` (no query string), none for an unknown path. */
export function firstPageOperations(pathname: string): readonly string[] {
  return firstPageAt(pathname)?.operations ?? [];
}

/** Every query some page's HTML answers (a test holds each to a query without variables of the web's). */
export const allFirstPageOperations = (): string[] => [...new Set(FIRST_PAGES.flatMap((p) => p.operations))];
