/**
 * The back-office's calls that are not a resource's list or record (roles, minutes, email, reset,
 * quick search, dashboard), over our own Apollo client. Apart from the data provider (index.ts)
 * because they need no react-admin: the dashboard and the sidebar's quick search use them before
 * react-admin has loaded (issue 31, first load).
 */
import type { ApolloClient } from '@apollo/client';
import { CALLS } from './resources';

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
  saveIdentityProvider(input: IdentityProviderInput): Promise<{ changed: boolean; identityProvider: { id: string } }>;
}

/** A school's identity provider as the back-office saves it (issue 33); no clientSecret keeps the stored one. */
export interface IdentityProviderInput {
  identityProviderId?: string | null;
  kind: 'OIDC' | 'SAML';
  samlMetadataUrl: string | null;
  samlMetadataXml: string | null;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret?: string | null;
  scopes: string;
  domains: string[];
  instructorClaimName: string | null;
  instructorClaimValue: string | null;
  passwordSignInAllowed: boolean;
}

/** A pricing plan's terms as the back-office sends them (prices in cents). */
export interface PricingPlanInput {
  name: string;
  kind: string;
  conversationDuration: number;
  priceList: { conversationDuration: number; unitPrice: number }[];
  promotionalPriceList: { conversationDuration: number; unitPrice: number }[] | null;
}

/** Errors reach the caller as Apollo errors (with the server's message and code); pages show them. */
export function createAdminCalls(client: ApolloClient<unknown>): AdminCalls {
  const quiet = { context: { quiet: true } };
  const query = async (document: any, variables: Record<string, unknown> = {}) =>
    (await client.query({ query: document, variables, fetchPolicy: 'no-cache', ...quiet })).data;
  const mutate = async (document: any, variables: Record<string, unknown>) =>
    (await client.mutate({ mutation: document, variables, fetchPolicy: 'no-cache', ...quiet })).data;
  return {
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
    saveIdentityProvider: async (input) => (await mutate(CALLS.saveIdentityProvider, { input })).saveIdentityProvider,
  };
}
