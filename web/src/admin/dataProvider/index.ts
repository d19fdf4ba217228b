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
import { tableFromListParams, toConnectionVariables, type ConnectionPageInfo, type TableQuery } from './mapping';
import { CALLS, RESOURCES, listDocument, oneDocument } from './resources';

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
          if (!record) throw new Error('The record was not found.');
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
      throw new Error(`The back-office does not ${raFetchMethod} ${resource}; use the dedicated calls.`);
  }
};

export interface AdminCalls {
  me(): Promise<any>;
  changeRoles(input: { accountId: string; add: string[]; remove: string[] }): Promise<any>;
  changeMinutes(input: { accountId: string; minutes: number; reason: string | null }): Promise<any>;
  changeUserEmailAddress(input: { userId: string; emailAddress: string }): Promise<any>;
  sendPasswordReset(input: { userId: string }): Promise<any>;
  quickSearch(input: { searchQuery: string; pii: boolean }): Promise<any>;
  adminDashboard(): Promise<any>;
  redemptionSet(redemptionSetId: string): Promise<any>;
  enrollingCourse(input: { inviteNumber: string; extraConversations?: number | null }): Promise<any>;
  enrollUser(input: { inviteNumber: string; userId: string; code?: string | null; extraConversations?: number | null }): Promise<any>;
  createRedemptionSet(input: { name: string; fillLimit: number; minuteQuantity: number; duration: number }): Promise<any>;
  createPricingPlan(input: PricingPlanInput & { systemDefault?: boolean }): Promise<{ changed: boolean; pricingPlan: any }>;
  changePricingPlan(input: PricingPlanInput & { pricingPlanId: string }): Promise<{ changed: boolean; pricingPlan: any }>;
  makeDefaultPricingPlan(input: { pricingPlanId: string }): Promise<{ changed: boolean; pricingPlan: any }>;
}

/** A pricing plan's terms as the back-office sends them (prices in cents). */
export interface PricingPlanInput {
  name: string;
  kind: string;
  conversationDuration: number;
  priceList: { conversationDuration: number; unitPrice: number }[];
  promotionalPriceList: { conversationDuration: number; unitPrice: number }[] | null;
}

export type AdminDataProvider = DataProvider & AdminCalls;

/** Errors reach the caller as Apollo errors (with the server's message and code); pages show them. */
export function createDataProvider(client: ApolloClient<unknown>): AdminDataProvider {
  const quiet = { context: { quiet: true } };
  const base = buildGraphQLProvider({
    client,
    introspection: false,
    buildQuery: () => buildQuery,
    query: () => quiet,
    mutation: () => quiet,
  });
  const query = async (document: any, variables: Record<string, unknown> = {}) =>
    (await client.query({ query: document, variables, fetchPolicy: 'no-cache', ...quiet })).data;
  const mutate = async (document: any, variables: Record<string, unknown>) =>
    (await client.mutate({ mutation: document, variables, fetchPolicy: 'no-cache', ...quiet })).data;
  return {
    ...base,
    me: async () => (await query(CALLS.me)).me,
    changeRoles: async (input) => (await mutate(CALLS.changeRoles, { input })).changeRoles,
    changeMinutes: async (input) => (await mutate(CALLS.changeMinutes, { input })).changeMinutes,
    changeUserEmailAddress: async (input) => (await mutate(CALLS.changeUserEmailAddress, { input })).changeUserEmailAddress,
    sendPasswordReset: async (input) => (await mutate(CALLS.sendPasswordReset, { input })).sendPasswordReset,
    quickSearch: async (input) => (await query(CALLS.quickSearch, input)).quickSearch,
    adminDashboard: async () => (await query(CALLS.adminDashboard)).adminDashboard,
    redemptionSet: async (redemptionSetId) => (await query(CALLS.redemptionSet, { redemptionSetId })).redemptionSet,
    enrollingCourse: async (input) => (await query(CALLS.enrollingCourse, input)).enrollingCourse,
    enrollUser: async (input) => (await mutate(CALLS.enrollUser, { input })).enrollUser,
    createRedemptionSet: async (input) => (await mutate(CALLS.createRedemptionSet, { input })).createRedemptionSet,
    createPricingPlan: async (input) => (await mutate(CALLS.createPricingPlan, { input })).createPricingPlan,
    changePricingPlan: async (input) => (await mutate(CALLS.changePricingPlan, { input })).changePricingPlan,
    makeDefaultPricingPlan: async (input) => (await mutate(CALLS.makeDefaultPricingPlan, { input })).makeDefaultPricingPlan,
  } as AdminDataProvider;
}
