/**
 * The subscriptions' socket (graphql-ws) and its Apollo link, in a module of their own so that
 * lib/apollo.ts loads them with the first subscription (a named import here keeps the bundle to the
 * client: graphql-ws's package also holds its server).
 */
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { type Client, createClient } from 'graphql-ws';
import { reconnectDelayMs } from './reconnect';

export function createSocketLink(
  url: () => string,
  connectionParams: () => Record<string, unknown>,
): { socket: Client; link: GraphQLWsLink } {
  const socket = createClient({
    url,
    lazy: true,
    connectionParams,
    // Pages that wait on a subscription (the lobby, the live room, the inboxes) come back however long
    // the socket was gone; on each return they subscribe again, and their first message makes them
    // read again what changed meanwhile.
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(retries))),
  });
  return { socket, link: new GraphQLWsLink(socket) };
}
