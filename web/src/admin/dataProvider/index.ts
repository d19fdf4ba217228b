/**
 * The back-office data provider: ra-data-graphql over our own Apollo client (no introspection; the
 * queries are written out in resources.ts), with the list mapping of mapping.ts, plus the calls that
 * are not a resource's list or record (roles, minutes, email, reset, quick search, dashboard).
 *
 * Lists take their state as `meta.table` (the URL table state, with the cursor the page was reached
 * with); without it react-admin's own parameters are mapped. Results carry the page's cursors in
 * `meta.pageInfo`.
 */
import type { ApolloClient } from '@apollo/client';
import buildGraphQLProvider, { type BuildQuery } from 'ra-data-graphql';
import { GET_LIST, GET_MANY, GET_MANY_REFERENCE, GET_ONE, type DataProvider } from 'react-admin';
import { translateOr } from '../../i18n/translate';
import { tableFromListParams, toConnectionVariables, type ConnectionPageInfo, type TableQuery } from './mapping';
import type { AdminCalls } from './calls';
import { RESOURCES, listDocument, oneDocument } from './resources';

export type { AdminCalls, IdentityProviderInput, PricingPlanInput } from './calls';

interface Connection<T> {
  totalCount: number;
  pageInfo: ConnectionPageInfo;
  edges: { cursor: string; node: T }[];
}

function listQuery(resource: string, params: any) {
  const def = RESOURCES[resource];
  if (!def) throw new Error(`Unknown admin resource ${resource}`);
  const table: TableQuery = params.meta?.table ?? tableFromListParams(params);
  const extra = Object.fromEntries(
    Object.keys(def.listExtraArgs ?? {}).map((name) => [name, params.meta?.[name] ?? params.filter?.[name]]),
  );
  if (params.target && params.id !== undefined) extra[params.target] = params.id;
  const variables = { ...extra, ...toConnectionVariables(table) };
  return {
    query: listDocument(resource, def),
    variables,
    parseResponse: (response: { data: Record<string, Connection<any>> }) => {
      const connection = response.data[def.listField];
      return {
        data: connection.edges.map((e) => e.node),
        total: connection.totalCount,
        pageInfo: { hasNextPage: connection.pageInfo.hasNextPage, hasPreviousPage: connection.pageInfo.hasPreviousPage },
        meta: { pageInfo: connection.pageInfo },
      };
    },
  };
}

const buildQuery: BuildQuery = (raFetchMethod, resource, params) => {
  switch (raFetchMethod) {
    case GET_LIST:
    case GET_MANY_REFERENCE:
      return listQuery(resource, params);
    case GET_ONE: {
      const def = RESOURCES[resource];
      if (!def?.oneField) throw new Error(`No record query for ${resource}`);
      return {
        query: oneDocument(resource, def),
        variables: { id: String(params.id) },
        parseResponse: (response: { data: Record<string, any> }) => {
          const record = response.data[def.oneField!];
          if (!record) throw new Error(translateOr('admin.recordNotFound', 'The record was not found.'));
          return { data: record };
        },
      };
    }
    case GET_MANY: {
      const def = RESOURCES[resource];
      const ids: string[] = (params.ids ?? []).map(String);
      return {
        ...listQuery(resource, { meta: { table: { filter: [], pagination: { page: 0, pageSize: Math.max(1, ids.length) } } } }),
        parseResponse: (response: { data: Record<string, Connection<any>> }) => ({
          data: response.data[def.listField].edges.map((e) => e.node).filter((n) => ids.includes(String(n.id))),
        }),
      };
    }
    default:
      throw new Error(`The back-office does not ${raFetchMethod} ${resource} (use the dedicated calls)`);
  }
};

export type AdminDataProvider = DataProvider & AdminCalls;

/** Errors reach the caller as Apollo errors (with the server's message and code); pages show them. */
export function createDataProvider(client: ApolloClient<unknown>, calls: AdminCalls): AdminDataProvider {
  const quiet = { context: { quiet: true } };
  const base = buildGraphQLProvider({
    client,
    introspection: false,
    buildQuery: () => buildQuery,
    query: () => quiet,
    mutation: () => quiet,
  });
  return { ...base, ...calls } as AdminDataProvider;
}
