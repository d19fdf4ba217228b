/** The target remembered when a protected page sent the user to sign in (spec 1, Shell). */
export interface FromState {
  from?: { pathname?: unknown; search?: unknown };
}

export const fromLocation = (location: { pathname: string; search: string }): FromState => ({
  from: { pathname: location.pathname, search: location.search },
});

/**
 * Where to go after signing in or up: the remembered target with its query string, else the
 * fallback. Only same-site paths outside /auth count (never another origin, never sign-out).
 */
export function afterSignInPath(state: unknown, fallback = '/'): string {
  const from = (state as FromState | null | undefined)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\')) return fallback;
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return fallback;
  const search = typeof from?.search === 'string' && from.search.startsWith('?') ? from.search : '';
  return pathname + search;
}
