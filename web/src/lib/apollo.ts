/**
 * The one Apollo Client (spec 1, section 7): queries and mutations by POST to /graphql with the
 * Bearer token, the build id and the CSRF header (also what react-admin's data provider sends: it
 * calls through this client), subscriptions over graphql-ws on the same path, and the global
 * error snackbars. An operation whose page shows its own error passes `context: { quiet: true }`.
 * The socket's code (./socketLink.ts) is its own chunk, loaded with the first subscription, not
 * inside the client's (issue 31): the student's header subscribes at once, an admin's page may never.
 */
import { ApolloClient, ApolloLink, HttpLink, Observable, from, split } from '@apollo/client';
import { onError } from '@apollo/client/link/error';
import { getMainDefinition } from '@apollo/client/utilities';
import type { Client } from 'graphql-ws';
import { notifyGraphQLError, notifyNetworkError, notifyRoleRefused, notifyUnauthorized } from '../components/snackbars';
import { authToken } from './authCookies';
import { createCache } from './cache';
import { takeFirstPageAnswer } from './firstPageData';
import { readAfterLink } from './readAfter';
import { BUILD_ID } from './build';
import { apiErrorsOf, refusalOf } from './errors';
import { activeLocale } from '../i18n/translate';

export const GRAPHQL_PATH = '/graphql';
export const BUILD_HEADER = 'x-tertulia-build';
/** The header the API asks of a request that its cookie signs in (services/api/csrf.ts): sent on every call. */
export const CSRF_HEADER = 'x-graphql-csrf';

/**
 * The context of a query that a subscription's notices read again (spread into its `context`).
 * Apollo answers a request with an identical one still in flight; a read started by a change's
 * notice must not take the answer of a read begun before that change, or the page keeps the old
 * value until the next change. Of two reads in flight, the later one's answer is kept.
 */
export const FOLLOWS_NOTICES = { queryDeduplication: false } as const;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${GRAPHQL_PATH}`;
}

let socket: Client | undefined;
let socketLink: Promise<ApolloLink> | undefined;

/** The graphql-ws link, its code and its socket made on the first subscription. */
function subscriptionLink(): Promise<ApolloLink> {
  socketLink ??= import('./socketLink').then(({ createSocketLink }) => {
    const made = createSocketLink(socketUrl, () => {
      const token = authToken();
      return { buildId: BUILD_ID, ...(token ? { authToken: token } : {}) };
    });
    socket = made.socket;
    return made.link;
  });
  return socketLink;
}

/** Subscriptions over the socket once its code is in (a failed load is the subscription's error). */
const lazySocketLink = new ApolloLink(
  (operation) =>
    new Observable((observer) => {
      let subscription: { unsubscribe(): void } | undefined;
      let ended = false;
      subscriptionLink().then(
        (link) => {
          if (!ended) subscription = link.request(operation)?.subscribe(observer);
        },
        (error) => observer.error(error),
      );
      return () => {
        ended = true;
        subscription?.unsubscribe();
      };
    }),
);

/** Reconnects the socket so that it identifies with the current token (after sign-in or out). */
export function restartSocket(): void {
  socket?.terminate();
}

const headersLink = new ApolloLink((operation, forward) => {
  const token = authToken();
  operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
    headers: {
      ...headers,
      [BUILD_HEADER]: BUILD_ID,
      [CSRF_HEADER]: '1',
      // The page's language, so the API answers its messages in it (issue 32).
      'accept-language': activeLocale(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  }));
  return forward(operation);
});

const errorLink = onError((failure) => {
  const { operation, networkError } = failure;
  if (operation.getContext().quiet) return;
  const errors = apiErrorsOf(failure);
  const refusal = refusalOf(failure);
  if (refusal?.kind === 'role') notifyRoleRefused(refusal.message);
  else if (refusal) notifyUnauthorized();
  else if (errors.length) notifyGraphQLError();
  else if (networkError) notifyNetworkError();
});

/** A query the page's HTML already answered (./firstPageData.ts) is answered from there, once. */
const firstPageLink = new ApolloLink((operation, forward) => {
  const answer = Object.keys(operation.variables ?? {}).length ? null : takeFirstPageAnswer(operation.operationName);
  return answer ? Observable.of({ data: answer.data as Record<string, unknown> }) : forward(operation);
});

const isSubscription = ({ query }: { query: Parameters<typeof getMainDefinition>[0] }) => {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
};

export const client = new ApolloClient({
  link: from([
    errorLink,
    firstPageLink,
    split(isSubscription, lazySocketLink, from([headersLink, readAfterLink, new HttpLink({ uri: GRAPHQL_PATH })])),
  ]),
  cache: createCache(),
  defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
});
