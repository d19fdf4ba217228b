import { ApolloProvider } from '@apollo/client';
import type { ReactNode } from 'react';
import { client } from './apollo';

/** The Apollo provider, in a chunk of its own (lib/apolloLoader.ts, WithApollo). */
export default function ApolloRoot({ children }: { children: ReactNode }) {
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
