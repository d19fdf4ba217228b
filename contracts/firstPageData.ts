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

/** Path patterns, most specific first: the first that matches gives the page's queries (read from `npm run bench -- web`'s waterfalls). */
const PAGES: readonly { path: RegExp; operations: readonly string[] }[] = [
  { path: /^\/student\/?(home\/?)?$/, operations: [...STUDENT, 'StudentHome', 'StudentOnboardingStatus'] },
  { path: /^\/student\/courses\/?$/, operations: [...STUDENT, 'StudentCourses'] },
  { path: /^\/student\/conversations\/?$/, operations: [...STUDENT, 'StudentConversations'] },
  { path: /^\/student\/reserve\/?$/, operations: [...STUDENT, 'ReserveSetup'] },
  { path: /^\/student(\/|$)/, operations: STUDENT },
  { path: /^\/instructor(\/|\/courses(\/(grid|table))?\/?)?$/, operations: [...INSTRUCTOR, 'InstructorCourses', 'InstructorShareInvites'] },
  { path: /^\/instructor(\/|$)/, operations: INSTRUCTOR },
  { path: /^\/speaker(\/|$)/, operations: SPEAKER },
  { path: /^\/admin\/?(dashboard\/?)?$/, operations: [...ADMIN, 'AdminDashboard'] },
  { path: /^\/admin(\/|$)/, operations: ADMIN },
  { path: /^\/conversation(\/|$)/, operations: SHELL },
];

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
  return PAGES.find((p) => p.path.test(pathname))?.operations ?? [];
}

/** Every query some page's HTML answers (a test holds each to a query without variables of the web's). */
export const allFirstPageOperations = (): string[] => [...new Set(PAGES.flatMap((p) => p.operations))];
