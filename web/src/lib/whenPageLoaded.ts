/**
 * After the page's load event the first page's lazy chunks may still be coming (a module's
 * imports do not hold the event): code wanted only later (the snackbars' host, a dialog a click
 * opens) waits this long more, then for an idle moment, so it never takes the line from the first
 * paint's (issue 31).
 */
export const AFTER_LOAD_MS = 3000;

/** Calls `then` once the page has loaded, AFTER_LOAD_MS later, at an idle moment. */
export function whenPageLoaded(then: () => void): void {
  const later = () =>
    setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(then, { timeout: 2000 }) : then()), AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Starts each import now; a failure is left to the lazy component that asks for it again. */
export function preload(...imports: (() => Promise<unknown>)[]): void {
  for (const load of imports) load().catch(() => {});
}

/** Starts each import once the page has loaded (whenPageLoaded), so the click that wants one finds it in. */
export function preloadWhenPageLoaded(...imports: (() => Promise<unknown>)[]): void {
  whenPageLoaded(() => preload(...imports));
}
