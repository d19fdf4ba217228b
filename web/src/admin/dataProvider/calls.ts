/**
 * The back-office's calls that are not a resource's list or record (roles, minutes, email, reset,
 * quick search, dashboard), over our own Apollo client. Apart from the data provider (index.ts)
 * because they need no react-admin: the dashboard and the sidebar's quick search use them before
 * react-admin has loaded (issue 31, first load).
 */
import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../gql';

/** Calls that are not a resource's list or record (resources.ts, which the dashboard does not load: it parses its documents with graphql-tag). */
export const CALLS = {
  me: graphql(`
    query AdminMe {
      me { ...AdminPersonDetail }
    }
  `),
  changeRoles: graphql(`
    mutation AdminChangeRoles($input: ChangeRolesInput!) {
      changeRoles(input: $input) { changed account { id roles } }
    }
  `),
  changeMinutes: graphql(`
    mutation AdminChangeMinutes($input: ChangeMinutesInput!) {
      changeMinutes(input: $input) { changed account { id remainingMinutes minuteTransactions { id minuteQuantity action actionReason createdAt } } }
    }
  `),
  changeUserEmailAddress: graphql(`
    mutation AdminChangeUserEmailAddress($input: ChangeUserEmailAddressInput!) {
      changeUserEmailAddress(input: $input) { changed user { id emailAddress } }
    }
  `),
  sendPasswordReset: graphql(`
    mutation AdminSendPasswordReset($input: SendPasswordResetInput!) {
      sendPasswordReset(input: $input) { sent user { id account { id resetPasswordSentAt } } }
    }
  `),
  quickSearch: graphql(`
    query AdminQuickSearch($searchQuery: String!, $pii: Boolean) {
      quickSearch(searchQuery: $searchQuery, pii: $pii) {
        conversations { id kind title subtitle location emailAddress startsAt }
        courses { id kind title subtitle location emailAddress }
        lessons { id kind title subtitle location emailAddress courseId }
        instructors { id kind title subtitle location emailAddress }
        speakers { id kind title subtitle location emailAddress }
        students { id kind title subtitle location emailAddress }
      }
    }
  `),
  redemptionSet: graphql(`
    query AdminRedemptionSet($redemptionSetId: ID!) {
      redemptionSet(redemptionSetId: $redemptionSetId) { ...AdminRedemptionSet }
    }
  `),
  enrollingCourse: graphql(`
    query AdminEnrollingCourse($inviteNumber: String!, $extraConversations: Int) {
      enrollingCourse(inviteNumber: $inviteNumber, extraConversations: $extraConversations) {
        id name kind language proficiency startDate endDate isPast inviteNumber completionRequirement durationRequirement
        priceAgreement { id kind } prices { unitPrice totalQuantity totalPrice currency } owner { id displayName emailAddress school }
      }
    }
  `),
  enrollUser: graphql(`
    mutation AdminEnrollUser($input: EnrollUserInput!) {
      enrollUser(input: $input) { enrolled course { id name } courseEnrollment { id enrolledWith minuteQuantity } }
    }
  `),
  createPricingPlan: graphql(`
    mutation AdminCreatePricingPlan($input: CreatePricingPlanInput!) {
      createPricingPlan(input: $input) { changed pricingPlan { ...AdminPricingPlan } }
    }
  `),
  changePricingPlan: graphql(`
    mutation AdminChangePricingPlan($input: ChangePricingPlanInput!) {
      changePricingPlan(input: $input) { changed pricingPlan { ...AdminPricingPlan } }
    }
  `),
  makeDefaultPricingPlan: graphql(`
    mutation AdminMakeDefaultPricingPlan($input: MakeDefaultPricingPlanInput!) {
      makeDefaultPricingPlan(input: $input) { changed pricingPlan { ...AdminPricingPlan } }
    }
  `),
  saveIdentityProvider: graphql(`
    mutation AdminSaveIdentityProvider($input: SaveIdentityProviderInput!) {
      saveIdentityProvider(input: $input) { changed identityProvider { ...AdminIdentityProvider } }
    }
  `),
  createRedemptionSet: graphql(`
    mutation AdminCreateRedemptionSet($input: CreateRedemptionSetInput!) {
      createRedemptionSet(input: $input) { created set { ...AdminRedemptionSet } }
    }
  `),
  adminDashboard: graphql(`
    query AdminDashboard {
      adminDashboard { rangeStart rangeEnd timeZone reservedConversations { id reservedStart duration status reservedBy reservedWith }
        figures { conversationsToday conversationsTomorrow minutesSoldThisWeek speakersAvailableNow } }
    }
  `),
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
