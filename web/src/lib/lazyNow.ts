/**
 * Lazy parts that draw at once when their code is in already (issue 31, first load on a slow line).
 *
 * React.lazy suspends the first time it renders even when its chunk has arrived (the import's
 * promise settles a microtask later), so its Suspense boundary shows its fallback, and React holds
 * back revealing what is behind a fallback until 300 ms after the last one was shown (its fallback
 * throttle). A signed-in first page nests three such parts (the access check, the area, the page):
 * at 1 Mbps a student's home waited 600 ms with all its code loaded (preloaded from the HTML,
 * services/api/webAssets.ts). A loader made with `once` keeps what it loaded, and `lazyNow` draws
 * that directly; before it is in, it is React.lazy as before.
 */
import { type ComponentType, createElement, lazy } from 'react';

export type Once<L extends () => Promise<unknown>> = L & { readonly loaded: Awaited<ReturnType<L>> | undefined };

/** `load`, run at most once at a time and kept once it succeeds; its own properties (a catalog part) stay. */
export function once<L extends () => Promise<unknown>>(load: L): Once<L> {
  let running: Promise<unknown> | undefined;
  let loaded: Awaited<ReturnType<L>> | undefined;
  const run = () =>
    (running ??= load().then(
      (value) => {
        loaded = value as Awaited<ReturnType<L>>;
        return value;
      },
      (error: unknown) => {
        running = undefined; // a chunk that failed may be asked for again (the error boundary's retry)
        throw error;
      },
    ));
  Object.assign(run, load);
  Object.defineProperty(run, 'loaded', { get: () => loaded });
  return run as unknown as Once<L>;
}

/**
 * The component `pick` takes from what `load` loads: drawn directly once loaded, else through
 * React.lazy (inside a Suspense boundary, as any lazy part). Once it has gone through React.lazy it
 * stays so, so that a mounted part never changes component type (which would mount it anew).
 */
export function lazyNow<L extends () => Promise<unknown>, P extends object>(
  load: Once<L>,
  pick: (module: Awaited<ReturnType<L>>) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazyNamed(load as () => Promise<Awaited<ReturnType<L>>>, pick);
  let throughLazy = false;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, as React.lazy is.
  return function LazyNow(props: P) {
    const loaded = load.loaded;
    if (loaded !== undefined && !throughLazy) return createElement(pick(loaded), props);
    throughLazy = true;
    return createElement(Lazy, props);
  };
}

/** A module's default export. */
export const byDefault = <P extends object>(module: { default: ComponentType<P> }) => module.default;

/** React.lazy of a named export (React.lazy itself takes a default export): `lazyNamed(load, (m) => m.Part)`. */
export function lazyNamed<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}
