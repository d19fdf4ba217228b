/**
 * Identity use cases: each reads the streams that guard its invariants, asks the pure decider, and
 * appends. One account per address is guarded by the email-<address> stream; a reset link's
 * single use by the account stream's version.
 */
import crypto from 'node:crypto';
import { ErrorCode, Messages } from '../../../contracts/errors';
import { emailError, normalizeEmail } from '../../../contracts/validation/email';
import { passwordFieldErrors } from '../../../contracts/validation/password';
import type { Role } from '../../../contracts/roles';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import type { AppendResult } from '../../eventstore/port';
import type { PasswordHasher } from '../../security/passwords';
import { hashToken, randomToken } from '../../security/tokens';
import type { Locale } from '../../../contracts/i18n/locales';
import { queueWelcome } from '../notifications/accountMail';
import { mailLocale } from '../people/mailLocale';
import type { Mailer } from '../notifications/mailer';
import { fold } from '../shared/decider';
import { DomainError, assertNoFieldErrors, badInput } from '../shared/errors';
import { newId } from '../shared/ids';
import {
  RESET_TOKEN_LIFETIME_MS,
  decideChangeEmailAddress,
  decideChangeRoles,
  decideRegister,
  decideRequestReset,
  decideResetPassword,
  decideSignIn,
  decideSignOut,
  decideSwitchRole,
  evolveAccount,
  initialAccount,
  type AccountState,
} from './account';
import { streams, type AccountEvent, type EmailAddressClaimed, type InvitationIssued, type RegistrationVia } from './events';
import { IdentityMessages } from './messages';

export interface IdentityDeps {
  commands: CommandExecutor;
  mailer: Mailer;
  passwords: PasswordHasher;
  /** Public origin of the web app, for links in mail. */
  publicUrl: string;
  /**
   * Runs inside the sign-up's transaction when an invitation is accepted (the speaking context opens
   * the speaker's record in the same append).
   */
  onInvitationAccepted?: (
    tx: CommandTransaction,
    accepted: { invitationId: string; accountId: string; emailAddress: string; role: Role },
  ) => void;
  /**
   * Runs inside a sign-up's or a password sign-in's transaction (LTI: the places an LMS roster kept
   * under the address become enrollments in the same append).
   */
  onSignedIn?: (tx: CommandTransaction, who: { accountId: string; emailAddress: string; roles: readonly Role[] }) => Promise<void>;
}

export interface SessionGrant {
  accountId: string;
  sessionId: string;
  expiresAt: string;
  appended?: AppendResult;
}

export async function loadAccount(tx: CommandTransaction, accountId: string): Promise<AccountState> {
  return fold(evolveAccount, initialAccount(), (await tx.read(streams.account(accountId))) as AccountEvent[]);
}

/**
 * The account that owns an address, or null (reads the email stream, so it is never stale). An
 * address is owned from its latest claim until a release (an admin moved the account elsewhere).
 */
export async function accountIdForEmail(tx: CommandTransaction, emailAddress: string): Promise<string | null> {
  const events = await tx.read(streams.email(normalizeEmail(emailAddress)));
  let owner: string | null = null;
  for (const e of events) {
    if (e.type === 'EmailAddressClaimed') owner = (e as EmailAddressClaimed).data.accountId;
    else if (e.type === 'EmailAddressReleased') owner = null;
  }
  return owner;
}

/** Registers and signs in, in a caller's command (sign-up, an invitation, a first school sign-in); the caller checks the address is free. */
export function registerInTx(
  tx: CommandTransaction,
  input: { emailAddress: string; passwordHash: string; roles: Role[]; via: RegistrationVia; ip: string | null },
): { accountId: string; sessionId: string; expiresAt: string } {
  const accountId = newId();
  const sessionId = crypto.randomUUID();
  const normalized = normalizeEmail(input.emailAddress);
  // Expected: the version the caller read when it checked the address was free ('no_stream' for a
  // never-used address; an address released by an email change has events already).
  tx.append(streams.email(normalized), [{ type: 'EmailAddressClaimed', data: { accountId, emailAddress: normalized } }]);
  const registered = decideRegister(initialAccount(), {
    accountId,
    emailAddress: normalized,
    passwordHash: input.passwordHash,
    roles: input.roles,
    via: input.via,
  });
  const afterRegister = fold(evolveAccount, initialAccount(), registered);
  const signedIn = decideSignIn(afterRegister, { sessionId, ip: input.ip }, { now: tx.now, actor: tx.actor });
  tx.append(streams.account(accountId), [...registered, ...signedIn], 'no_stream');
  return { accountId, sessionId, expiresAt: (signedIn[0].data as { expiresAt: string }).expiresAt };
}

/**
 * Issues an invitation inside a caller's command (the speaker invitation mails it in the same
 * append): a fresh token whose hash names the stream. The caller checks the address.
 */
export function issueInvitationInTx(tx: CommandTransaction, input: { emailAddress: string; role: Role; expiresAt?: string | null }) {
  const token = randomToken();
  const invitationId = newId();
  const stream = streams.invitation(hashToken(token));
  tx.append(
    stream,
    [
      {
        type: 'InvitationIssued',
        data: { invitationId, emailAddress: normalizeEmail(input.emailAddress), role: input.role, expiresAt: input.expiresAt ?? null },
      },
    ],
    'no_stream',
  );
  return { invitationId, token, stream };
}

/** A reset request's address as typed: its problem is the same whether or not an account has it. */
export function checkResetAddress(emailAddress: string): void {
  const problem = emailError(emailAddress);
  if (problem) throw badInput(problem, { emailAddress: problem });
}

function validateCredentials(emailAddress: string, password: string, confirmation: string) {
  const fields: Record<string, string> = {};
  const emailProblem = emailError(emailAddress);
  if (emailProblem) fields.emailAddress = emailProblem;
  Object.assign(fields, passwordFieldErrors(password, confirmation));
  assertNoFieldErrors(fields);
}

export function identityHandlers(deps: IdentityDeps) {
  const { commands } = deps;

  return {
    async signup(
      meta: CommandMeta,
      input: {
        emailAddress: string;
        password: string;
        passwordConfirmation: string;
        selfAssignedRole?: string | null;
        ip: string | null;
        /** The sign-up page's language: the welcome's. */
        locale?: Locale;
      },
    ): Promise<SessionGrant> {
      validateCredentials(input.emailAddress, input.password, input.passwordConfirmation);
      const role = input.selfAssignedRole ?? 'STUDENT';
      if (role !== 'STUDENT' && role !== 'INSTRUCTOR') {
        throw badInput(IdentityMessages.selfSignUpRole, { selfAssignedRole: IdentityMessages.chooseStudentOrInstructor });
      }
      const passwordHash = await deps.passwords.hash(input.password);
      const { result, appended } = await commands.execute(meta, async (tx) => {
        if (await accountIdForEmail(tx, input.emailAddress)) {
          throw badInput(Messages.emailTaken, { emailAddress: Messages.emailTaken });
        }
        const grant = registerInTx(tx, {
          emailAddress: input.emailAddress,
          passwordHash,
          roles: [`ONBOARDING_${role}` as Role],
          via: 'self_signup',
          ip: input.ip,
        });
        await deps.onSignedIn?.(tx, {
          accountId: grant.accountId,
          emailAddress: input.emailAddress,
          roles: [`ONBOARDING_${role}` as Role],
        });
        queueWelcome(deps.mailer, tx, {
          accountId: grant.accountId,
          emailAddress: normalizeEmail(input.emailAddress),
          role,
          publicUrl: deps.publicUrl,
          locale: input.locale,
        });
        return grant;
      });
      return { ...result, appended };
    },

    async signupInvited(
      meta: CommandMeta,
      input: { invitationToken: string; password: string; passwordConfirmation: string; ip: string | null; locale?: Locale },
    ): Promise<SessionGrant> {
      assertNoFieldErrors(passwordFieldErrors(input.password, input.passwordConfirmation));
      const passwordHash = await deps.passwords.hash(input.password);
      const invitationStream = streams.invitation(hashToken(input.invitationToken.trim()));
      const { result, appended } = await commands.execute(meta, async (tx) => {
        const events = await tx.read(invitationStream);
        const issued = events.find((e) => e.type === 'InvitationIssued') as InvitationIssued | undefined;
        const accepted = events.some((e) => e.type === 'InvitationAccepted');
        const rescinded = events.some((e) => e.type === 'InvitationRescinded');
        const expired = issued?.data.expiresAt && new Date(issued.data.expiresAt) <= tx.now;
        if (!issued || accepted || rescinded || expired) {
          throw badInput(Messages.invitationInvalid, { invitationToken: Messages.invitationInvalid });
        }
        if (await accountIdForEmail(tx, issued.data.emailAddress)) {
          throw badInput(Messages.emailTaken, { emailAddress: Messages.emailTaken });
        }
        const grant = registerInTx(tx, {
          emailAddress: issued.data.emailAddress,
          passwordHash,
          roles: [`ONBOARDING_${issued.data.role.replace(/^ONBOARDING_/, '')}` as Role],
          via: 'invitation',
          ip: input.ip,
        });
        queueWelcome(deps.mailer, tx, {
          accountId: grant.accountId,
          emailAddress: normalizeEmail(issued.data.emailAddress),
          role: issued.data.role,
          publicUrl: deps.publicUrl,
          locale: input.locale,
        });
        tx.append(invitationStream, [
          { type: 'InvitationAccepted', data: { invitationId: issued.data.invitationId, accountId: grant.accountId } },
        ]);
        deps.onInvitationAccepted?.(tx, {
          invitationId: issued.data.invitationId,
          accountId: grant.accountId,
          emailAddress: issued.data.emailAddress,
          role: issued.data.role,
        });
        return grant;
      });
      return { ...result, appended };
    },

    /** Issues an invitation and returns its token (the speaker-invitation flow mails it). */
    async issueInvitation(meta: CommandMeta, input: { emailAddress: string; role: Role; expiresAt?: string | null }) {
      const problem = emailError(input.emailAddress);
      if (problem) throw badInput(problem, { emailAddress: problem });
      const { result } = await commands.execute(meta, async (tx) => issueInvitationInTx(tx, input));
      return { invitationId: result.invitationId, token: result.token };
    },

    async login(meta: CommandMeta, input: { emailAddress: string; password: string; ip: string | null }): Promise<SessionGrant> {
      const fields: Record<string, string> = {};
      if (!input.emailAddress.trim()) fields.emailAddress = 'An email address is required.';
      if (!input.password) fields.password = 'A password is required.';
      assertNoFieldErrors(fields);
      const { result, appended } = await commands.execute(meta, async (tx) => {
        const accountId = await accountIdForEmail(tx, input.emailAddress);
        const account = accountId ? await loadAccount(tx, accountId) : null;
        const ok = await deps.passwords.verify(account?.passwordHash ?? null, input.password);
        if (!account || !accountId || !ok) throw new DomainError(ErrorCode.UNAUTHORIZED, Messages.invalidCredentials);
        const sessionId = crypto.randomUUID();
        const events = decideSignIn(account, { sessionId, ip: input.ip }, { now: tx.now, actor: tx.actor });
        tx.append(streams.account(accountId), events);
        await deps.onSignedIn?.(tx, { accountId, emailAddress: account.emailAddress ?? input.emailAddress, roles: account.roles });
        return { accountId, sessionId, expiresAt: (events[0].data as { expiresAt: string }).expiresAt };
      });
      return { ...result, appended };
    },

    async logout(meta: CommandMeta, input: { accountId: string; sessionId: string }) {
      return commands.execute(meta, async (tx) => {
        const account = await loadAccount(tx, input.accountId);
        tx.append(streams.account(input.accountId), decideSignOut(account, { sessionId: input.sessionId }));
        return true;
      });
    },

    /** Same answer whether or not the address has an account, so it reveals nothing. */
    /** `locale`: the asking page's language, for an account without a setting. */
    async recoverPassword(meta: CommandMeta, input: { emailAddress: string; locale?: Locale }) {
      checkResetAddress(input.emailAddress);
      return commands.execute(meta, async (tx) => {
        const accountId = await accountIdForEmail(tx, input.emailAddress);
        if (!accountId) return true;
        const account = await loadAccount(tx, accountId);
        const token = randomToken();
        const tokenHash = hashToken(token);
        const events = decideRequestReset(account, { tokenHash }, { now: tx.now, actor: tx.actor });
        if (!events.length) return true;
        tx.append(streams.account(accountId), events);
        tx.append(
          streams.passwordReset(tokenHash),
          [{ type: 'ResetTokenIssued', data: { accountId, expiresAt: (events[0].data as { expiresAt: string }).expiresAt } }],
          'no_stream',
        );
        const resetLink = `${deps.publicUrl}/auth/password_reset?token=${encodeURIComponent(token)}`;
        deps.mailer.queue(tx, {
          recipient: { accountId, emailAddress: account.emailAddress! },
          templateKey: 'password_reset',
          templateValue: { emailAddress: account.emailAddress!, validForMinutes: String(RESET_TOKEN_LIFETIME_MS / 60_000) },
          secrets: { resetLink },
          locale: await mailLocale(tx, accountId, input.locale),
        });
        return true;
      });
    },

    async resetPassword(meta: CommandMeta, input: { resetToken: string; password: string; passwordConfirmation: string }) {
      if (!input.resetToken.trim()) throw badInput(Messages.resetTokenInvalid, { resetToken: Messages.resetTokenInvalid });
      assertNoFieldErrors(passwordFieldErrors(input.password, input.passwordConfirmation));
      const tokenHash = hashToken(input.resetToken.trim());
      const passwordHash = await deps.passwords.hash(input.password);
      return commands.execute(meta, async (tx) => {
        const issued = (await tx.read(streams.passwordReset(tokenHash)))[0];
        if (!issued) throw badInput(Messages.resetTokenInvalid, { resetToken: Messages.resetTokenInvalid });
        const accountId = (issued.data as { accountId: string }).accountId;
        const account = await loadAccount(tx, accountId);
        tx.append(streams.account(accountId), decideResetPassword(account, { tokenHash, passwordHash }, { now: tx.now, actor: tx.actor }));
        return { accountId };
      });
    },

    async changeRoles(meta: CommandMeta, input: { accountId: string; add: string[]; remove: string[] }) {
      return commands.execute(meta, async (tx) => {
        const account = await loadAccount(tx, input.accountId);
        tx.append(streams.account(input.accountId), decideChangeRoles(account, input));
        return true;
      });
    },

    /**
     * Admin: moves an account to another address, atomically: the new email-<address> stream is
     * claimed (refused when another account holds it), the old one released, the account told.
     */
    async changeEmailAddress(meta: CommandMeta, input: { accountId: string; emailAddress: string }) {
      const problem = emailError(input.emailAddress);
      if (problem) throw badInput(problem, { emailAddress: problem });
      const emailAddress = normalizeEmail(input.emailAddress);
      return commands.execute(meta, async (tx) => {
        const account = await loadAccount(tx, input.accountId);
        const events = decideChangeEmailAddress(account, { emailAddress });
        if (!events.length) return false;
        const owner = await accountIdForEmail(tx, emailAddress);
        if (owner && owner !== input.accountId) throw badInput(Messages.emailTaken, { emailAddress: Messages.emailTaken });
        const previous = account.emailAddress!;
        await tx.read(streams.email(previous));
        tx.append(streams.email(emailAddress), [{ type: 'EmailAddressClaimed', data: { accountId: input.accountId, emailAddress } }]);
        tx.append(streams.email(previous), [
          { type: 'EmailAddressReleased', data: { accountId: input.accountId, emailAddress: previous } },
        ]);
        tx.append(streams.account(input.accountId), events);
        return true;
      });
    },

    async switchRole(meta: CommandMeta, input: { accountId: string; role: string }) {
      return commands.execute(meta, async (tx) => {
        const account = await loadAccount(tx, input.accountId);
        tx.append(streams.account(input.accountId), decideSwitchRole(account, input));
        return input.role;
      });
    },

    /** Seeding and tests: register an account with given roles, exactly as sign-up would. */
    async register(meta: CommandMeta, input: { emailAddress: string; password: string; roles: Role[] }) {
      validateCredentials(input.emailAddress, input.password, input.password);
      const passwordHash = await deps.passwords.hash(input.password);
      const { result, appended } = await commands.execute(meta, async (tx) => {
        if (await accountIdForEmail(tx, input.emailAddress)) throw badInput(Messages.emailTaken);
        return registerInTx(tx, { emailAddress: input.emailAddress, passwordHash, roles: input.roles, via: 'seed', ip: null });
      });
      return { ...result, appended };
    },
  };
}

export type IdentityHandlers = ReturnType<typeof identityHandlers>;
