import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findAccount } from '../../../projections/accounts';
import { minuteTransactions, remainingMinutes } from '../../../projections/minutes';
import { isOnboarding } from '../../domain/identity/account';
import { checkResetAddress } from '../../domain/identity/handlers';
import { normalizeEmail } from '../../../contracts/validation/email';
import { LIMITS } from '../../security/rateLimit';
import { isAdmin, requireAdmin, requireSelfOrAdmin, requireViewer } from '../auth';
import type { ApiContext } from '../context';
import { accountOrThrow, commandMeta, settled } from '../commandSupport';
import { acceptLanguageTags, negotiateLocale } from '../../../contracts/i18n/locales';
import { callerLocale } from '../../i18n/locale';
import { localizeMinuteReason } from '../../i18n/minuteReasons';

async function issueToken(
  ctx: ApiContext,
  grant: { accountId: string; sessionId: string; expiresAt: string; appended?: Parameters<typeof settled>[1] },
) {
  await settled(ctx, grant.appended, ['accounts']);
  return ctx.runtime.tokens.sign({ accountId: grant.accountId, sessionId: grant.sessionId }, new Date(grant.expiresAt));
}

export const identityResolvers: Resolvers = {
  Query: {
    me: async (_parent, _args, ctx) => {
      if (!ctx.viewer) return null;
      const account = await findAccount(ctx.runtime.pool, ctx.viewer.accountId);
      return account;
    },
  },
  User: {
    id: (account) => account.id,
    emailAddress: (account, _args, ctx) =>
      ctx.viewer && (ctx.viewer.accountId === account.id || isAdmin(ctx.viewer)) ? account.emailAddress : null,
    // Names, time zone and the other profile fields: resolvers/people.ts (the profiles read model).
    account: (account) => account,
  },
  Account: {
    roles: (a) => a.roles,
    remainingMinutes: (a, _args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, a.id);
      // Admin lists (directory rows) carry the balance already.
      return typeof a.remainingMinutes === 'number' ? a.remainingMinutes : remainingMinutes(ctx.runtime.pool, a.id);
    },
    minuteTransactions: async (a, _args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, a.id);
      const [rows, locale] = await Promise.all([minuteTransactions(ctx.runtime.pool, a.id), callerLocale(ctx)]);
      // A known reason (a refund, a reservation) in the reader's language; an admin's own words as written.
      return rows.map((row) => (row.actionReason ? { ...row, actionReason: localizeMinuteReason(locale, row.actionReason) } : row));
    },
    currentSignInIp: (a, _args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, a.id);
      return a.currentSignInIp;
    },
    isOnboarding: (a, { role }) => isOnboarding(a.roles, role),
    activeRole: (a) => a.activeRole,
  },
  Mutation: {
    signup: async (_p, { input }, ctx) => {
      if (ctx.ip) await ctx.runtime.rateLimiter.hit([LIMITS.signUpPerIp(ctx.ip)]);
      const grant = await ctx.runtime.identity.signup(commandMeta(ctx), { ...input, ip: ctx.ip, locale: await callerLocale(ctx) });
      return { token: await issueToken(ctx, grant) };
    },
    signupInvited: async (_p, { input }, ctx) => {
      if (ctx.ip) await ctx.runtime.rateLimiter.hit([LIMITS.signUpPerIp(ctx.ip)]);
      const grant = await ctx.runtime.identity.signupInvited(commandMeta(ctx), { ...input, ip: ctx.ip, locale: await callerLocale(ctx) });
      return { token: await issueToken(ctx, grant) };
    },
    login: async (_p, { input }, ctx) => {
      // Every attempt counts until it succeeds: only failures stay against the limits.
      const limits = [LIMITS.signInPerAddress(input.emailAddress), ...(ctx.ip ? [LIMITS.signInPerIp(ctx.ip)] : [])];
      await ctx.runtime.rateLimiter.hit(limits);
      await ctx.runtime.sso.checkPasswordSignIn(input.emailAddress);
      const grant = await ctx.runtime.identity.login(commandMeta(ctx), { ...input, ip: ctx.ip });
      await ctx.runtime.rateLimiter.forgive(limits);
      return { token: await issueToken(ctx, grant) };
    },
    logout: async (_p, _args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const { appended } = await ctx.runtime.identity.logout(commandMeta(ctx), {
        accountId: viewer.accountId,
        sessionId: viewer.sessionId,
      });
      await settled(ctx, appended, ['accounts']);
      return { loggedOut: true };
    },
    recoverPassword: async (_p, { input }, ctx) => {
      await ctx.runtime.rateLimiter.hit([LIMITS.resetPerAddress(input.emailAddress), ...(ctx.ip ? [LIMITS.resetPerIp(ctx.ip)] : [])]);
      checkResetAddress(input.emailAddress);
      // The page's language, for an account without a setting (the account's own comes first).
      const locale = negotiateLocale(acceptLanguageTags(ctx.acceptLanguage));
      const request = ctx.runtime.identity.recoverPassword(commandMeta(ctx), { ...input, locale });
      // The answer must not tell whether the address has an account, in its words or in its time
      // (issue 27): only a known address writes and mails, so the work goes on after the answer.
      // Asking for one's own address (the security settings) waits, to read its new sent time.
      const own =
        ctx.viewer && (await findAccount(ctx.runtime.pool, ctx.viewer.accountId))?.emailAddress === normalizeEmail(input.emailAddress);
      if (own) await request;
      else request.catch((error) => ctx.log.error({ err: error }, 'a password reset request failed'));
      return { recovered: true };
    },
    resetPassword: async (_p, { input }, ctx) => {
      const { appended } = await ctx.runtime.identity.resetPassword(commandMeta(ctx), input);
      await settled(ctx, appended, ['accounts']);
      return { reset: true };
    },
    switchRole: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const { appended } = await ctx.runtime.identity.switchRole(commandMeta(ctx), { accountId: viewer.accountId, role: input.role });
      await settled(ctx, appended, ['accounts']);
      return { switched: true, role: input.role };
    },
    changeRoles: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.identity.changeRoles(commandMeta(ctx), {
        accountId: input.accountId,
        add: input.add ?? [],
        remove: input.remove ?? [],
      });
      await settled(ctx, appended, ['accounts', 'directory', 'history', 'search']);
      return { changed: !!appended, account: await accountOrThrow(ctx, input.accountId) };
    },
  },
};
