/**
 * The GraphQL server: one schema from contracts/schema/*.graphql, resolvers per context, errors
 * mapped from DomainError to `extensions.code`, and the hardening limits (depth, aliases, cost,
 * tokens; no introspection in production).
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { readSchemaSource } from '../../contracts/schemaSource';
import { DomainError } from '../domain/shared/errors';
import type { Runtime } from '../app/runtime';
import { buildContext, type ApiContext } from './context';
import { enforceInputLimits } from './inputLimits';
import { localizedErrors } from './localizedErrors';
import { writtenHeader } from './readAfter';
import { resolvers } from './resolvers';

const typeDefs = readSchemaSource();

/**
 * The largest GraphQL request body (yoga's own default; a 5 MB headshot travels base64-encoded
 * inside one). The HTTP server reads the body once with this limit before yoga sees it
 * (services/api/server.ts), so yoga's own check is off: it pipes every body through a
 * TransformStream and builds a second Request, which measured as half the CPU of a small request.
 */
export const GRAPHQL_BODY_LIMIT_BYTES = 25_000_000;

const disableIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

export function createGraphQL(runtime: Runtime, extraPlugins: Plugin[] = []) {
  return createYoga<{ req?: { ip?: string; headers: Record<string, unknown> }; connectionParams?: Record<string, unknown> }, ApiContext>({
    schema: enforceInputLimits(createSchema({ typeDefs, resolvers })),
    graphqlEndpoint: '/graphql',
    maxRequestBodySize: false,
    graphiql: runtime.config.surfaces.graphiql,
    // One CORS policy for every route, in the HTTP server (./cors.ts): yoga's own reflects any origin.
    cors: false,
    logging: false,
    context: async ({ request, req, connectionParams }) =>
      buildContext(runtime, {
        headers: request.headers,
        ip: req?.ip ?? null,
        token: typeof connectionParams?.authToken === 'string' ? connectionParams.authToken : undefined,
        requestId: request.headers.get('x-request-id'),
      }),
    maskedErrors: {
      maskError(error, message) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof DomainError) {
          const e = error as GraphQLError;
          return new GraphQLError(original.message, {
            nodes: e.nodes,
            path: e.path,
            extensions: {
              code: original.code,
              ...(original.fields ? { fields: original.fields } : {}),
              ...(original.reason ? { reason: original.reason } : {}),
            },
          });
        }
        // Errors about the request itself (parse, validation, variable coercion) carry no path.
        if (error instanceof GraphQLError && (!error.originalError || !error.path)) {
          return error.extensions.code
            ? error
            : new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code: 'BAD_USER_INPUT' } });
        }
        runtime.log.error({ err: original }, 'unexpected error in a resolver');
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        maxAliases: { n: 15 },
        // A fragment spread costs what its fields would written in place (the web's documents spread fragments).
        costLimit: { maxCost: 5000, flattenFragments: true },
        maxTokens: { n: 3000 },
        maxDirectives: { n: 20 },
        blockFieldSuggestion: { enabled: runtime.config.production },
      }),
      ...(runtime.config.surfaces.introspection ? [] : [disableIntrospection]),
      localizedErrors,
      writtenHeader(),
      ...extraPlugins,
    ],
  });
}
