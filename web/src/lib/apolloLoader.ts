/**
 * The Apollo Client (lib/apollo.ts) loads on demand: the sign-in page, the first most visitors
 * see, runs without it until the person signs in (issue 11, first load). Every page that talks to
 * the API sits inside `WithApollo`, which loads the one client and provides it; the sign-in page
 * calls `loadApollo()` when it submits. Either way it is the same client and cache.
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import type { ComponentType, ReactNode } from 'react';
import { byDefault, lazyNow, once } from './lazyNow';

interface ApolloModule {
  client: ApolloClient<NormalizedCacheObject>;
  restartSocket(): void;
}

let loaded: ApolloModule | null = null;

/** The client, loading it first when needed. */
export function loadApollo(): Promise<ApolloModule> {
  return import('./apollo').then((m) => (loaded = m));
}

/** The client if some page has loaded it already, else null (nothing to reset then). */
export function loadedApollo(): ApolloModule | null {
  return loaded;
}

/** The client and its provider's chunk, side by side (issue 31: not the provider after the client). */
export const loadApolloProvider = once(
  (): Promise<{ default: ComponentType<{ children: ReactNode }> }> =>
    Promise.all([loadApollo(), import('./ApolloRoot')]).then(([, root]) => root),
);

/** Provides the client to its children, loading it first (suspends meanwhile). */
export const WithApollo = lazyNow(loadApolloProvider, byDefault);
