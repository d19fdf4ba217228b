/** Old addresses under /~ and where they live now (spec 1, Shell). */
export const LEGACY_ROUTES: Readonly<Record<string, string>> = {
  reset_password: '/auth/password_reset',
  sign_in: '/auth/sign_in',
  sign_up: '/auth/sign_up',
  courses: '/student/courses',
  templates: '/instructor/templates',
  lobby: '/student/lobby',
  compatibility: '/speaker/compatibility',
  conversations: '/student/conversations',
};

/** The current path for a legacy one (the part after /~/), keeping its query string; null if unknown. */
export function legacyTarget(rest: string, search = ''): string | null {
  const key = rest.replace(/^\/+|\/+$/g, '');
  return Object.hasOwn(LEGACY_ROUTES, key) ? LEGACY_ROUTES[key] + search : null;
}
