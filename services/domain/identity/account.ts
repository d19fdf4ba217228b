/**
 * The account decider: registration, sessions, password resets, roles. Pure: every function takes
 * state and a context and returns events or throws a DomainError.
 */
import { ErrorCode, Messages } from '../../../contracts/errors';
import { ADMIN_EDITABLE_ROLES, BASE_ROLES, ROLES, baseRole, type BaseRole, type Role } from '../../../contracts/roles';
import type { DecisionContext } from '../shared/decider';
import { emailError, normalizeEmail } from '../../../contracts/validation/email';
import { DomainError, badInput } from '../shared/errors';
import type { AccountEvent, RegistrationVia } from './events';
import { IdentityMessages } from './messages';

export interface AccountState {
  exists: boolean;
  accountId: string | null;
  emailAddress: string | null;
  passwordHash: string | null;
  roles: Role[];
  activeRole: Role | null;
  openSessions: Set<string>;
  pendingReset: { tokenHash: string; expiresAt: string } | null;
}

export const initialAccount = (): AccountState => ({
  exists: false,
  accountId: null,
  emailAddress: null,
  passwordHash: null,
  roles: [],
  activeRole: null,
  openSessions: new Set(),
  pendingReset: null,
});

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered':
      return {
        ...state,
        exists: true,
        accountId: event.data.accountId,
        emailAddress: event.data.emailAddress,
        passwordHash: event.data.passwordHash,
        roles: event.data.roles,
      };
    case 'SignedIn':
      return { ...state, openSessions: new Set([...state.openSessions, event.data.sessionId]) };
    case 'SignedOut': {
      const openSessions = new Set(state.openSessions);
      openSessions.delete(event.data.sessionId);
      return { ...state, openSessions };
    }
    case 'PasswordResetRequested':
      return { ...state, pendingReset: { ...event.data } };
    case 'PasswordChanged':
      // A new password ends every session and every outstanding reset link.
      return { ...state, passwordHash: event.data.passwordHash, pendingReset: null, openSessions: new Set() };
    case 'RolesChanged':
      return {
        ...state,
        roles: event.data.roles,
        activeRole: state.activeRole && event.data.roles.includes(state.activeRole) ? state.activeRole : null,
      };
    case 'ActiveRoleSwitched':
      return { ...state, activeRole: event.data.role };
    case 'EmailAddressChanged':
      return { ...state, emailAddress: event.data.emailAddress };
    default:
      return state;
  }
}

export const SESSION_LIFETIME_MS = 14 * 24 * 3600_000;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60_000;

export function decideRegister(
  state: AccountState,
  cmd: { accountId: string; emailAddress: string; passwordHash: string; roles: Role[]; via: RegistrationVia },
): AccountEvent[] {
  if (state.exists) throw new DomainError(ErrorCode.CONFLICT, IdentityMessages.accountExists);
  return [{ type: 'AccountRegistered', data: { ...cmd } }];
}

export function decideSignIn(state: AccountState, cmd: { sessionId: string; ip: string | null }, ctx: DecisionContext): AccountEvent[] {
  if (!state.exists) throw new DomainError(ErrorCode.UNAUTHORIZED, Messages.invalidCredentials);
  const expiresAt = new Date(ctx.now.getTime() + SESSION_LIFETIME_MS).toISOString();
  return [{ type: 'SignedIn', data: { sessionId: cmd.sessionId, ip: cmd.ip, expiresAt } }];
}

export function decideSignOut(state: AccountState, cmd: { sessionId: string }): AccountEvent[] {
  if (!state.openSessions.has(cmd.sessionId)) return []; // already signed out: nothing to do
  return [{ type: 'SignedOut', data: { sessionId: cmd.sessionId } }];
}

export function decideRequestReset(state: AccountState, cmd: { tokenHash: string }, ctx: DecisionContext): AccountEvent[] {
  if (!state.exists) return [];
  const expiresAt = new Date(ctx.now.getTime() + RESET_TOKEN_LIFETIME_MS).toISOString();
  return [{ type: 'PasswordResetRequested', data: { tokenHash: cmd.tokenHash, expiresAt } }];
}

export function decideResetPassword(
  state: AccountState,
  cmd: { tokenHash: string; passwordHash: string },
  ctx: DecisionContext,
): AccountEvent[] {
  const pending = state.pendingReset;
  if (!state.exists || !pending || pending.tokenHash !== cmd.tokenHash || new Date(pending.expiresAt) <= ctx.now) {
    throw badInput(Messages.resetTokenInvalid, { resetToken: Messages.resetTokenInvalid });
  }
  return [{ type: 'PasswordChanged', data: { passwordHash: cmd.passwordHash, via: 'reset' } }];
}

/**
 * Admin role edits. Adding a role forces its onboarding again (ONBOARDING_<ROLE>); removing a role
 * removes it in both forms. ADMIN cannot be changed here.
 */
export function decideChangeRoles(state: AccountState, cmd: { add: string[]; remove: string[] }): AccountEvent[] {
  if (!state.exists) throw new DomainError(ErrorCode.NOT_FOUND, IdentityMessages.accountNotFound);
  const requested = [...cmd.add, ...cmd.remove].map((r) => baseRole(r as Role));
  const invalid = requested.filter((r) => !(ADMIN_EDITABLE_ROLES as readonly string[]).includes(r));
  if (invalid.length) {
    throw badInput(IdentityMessages.rolesNotChangeable([...new Set(invalid)].join(', ')), { roles: IdentityMessages.adminNotChangeable });
  }
  const add = new Set(cmd.add.map((r) => baseRole(r as Role)));
  const remove = new Set(cmd.remove.map((r) => baseRole(r as Role)));
  const overlap = [...add].filter((r) => remove.has(r));
  if (overlap.length) throw badInput(IdentityMessages.roleAddedAndRemoved(overlap.join(', ')));

  const has = (r: BaseRole) => state.roles.some((x) => baseRole(x) === r);
  let roles = state.roles.filter((r) => !remove.has(baseRole(r)));
  const added: Role[] = [];
  for (const r of add) if (!has(r)) added.push(`ONBOARDING_${r}` as Role);
  roles = sortRoles([...roles, ...added]);
  const removed = state.roles.filter((r) => !roles.includes(r));
  if (!added.length && !removed.length) return [];
  return [{ type: 'RolesChanged', data: { roles, added, removed } }];
}

export function decideSwitchRole(state: AccountState, cmd: { role: string }): AccountEvent[] {
  if (!state.exists) throw new DomainError(ErrorCode.NOT_FOUND, IdentityMessages.accountNotFound);
  if (!(ROLES as readonly string[]).includes(cmd.role) || !state.roles.includes(cmd.role as Role)) {
    throw badInput(Messages.unknownRole);
  }
  if (state.activeRole === cmd.role) return [];
  return [{ type: 'ActiveRoleSwitched', data: { role: cmd.role as Role } }];
}

/**
 * An admin changes the account's address (already normalized and checked to be free by the handler,
 * which claims and releases the email streams in the same append).
 */
export function decideChangeEmailAddress(state: AccountState, cmd: { emailAddress: string }): AccountEvent[] {
  if (!state.exists) throw new DomainError(ErrorCode.NOT_FOUND, IdentityMessages.accountNotFound);
  const problem = emailError(cmd.emailAddress);
  if (problem) throw badInput(problem, { emailAddress: problem });
  const emailAddress = normalizeEmail(cmd.emailAddress);
  if (emailAddress === state.emailAddress) return [];
  return [{ type: 'EmailAddressChanged', data: { previousEmailAddress: state.emailAddress!, emailAddress } }];
}

/**
 * Onboarding done (people's onboardAccount, after it checked the profile): ONBOARDING_<ROLE> becomes
 * <ROLE>. Refused when the account is not onboarding for the role; ADMIN has no onboarding.
 */
export function decideCompleteOnboarding(state: AccountState, cmd: { role: BaseRole }): AccountEvent[] {
  if (!state.exists) throw new DomainError(ErrorCode.NOT_FOUND, IdentityMessages.accountNotFound);
  const onboarding = `ONBOARDING_${cmd.role}` as Role;
  if (cmd.role === 'ADMIN' || !state.roles.includes(onboarding)) {
    const message = IdentityMessages.notOnboardingAs(cmd.role.toLowerCase());
    throw badInput(message, { role: message });
  }
  const roles = sortRoles([...state.roles.filter((r) => r !== onboarding), cmd.role]);
  const events: AccountEvent[] = [{ type: 'RolesChanged', data: { roles, added: [cmd.role], removed: [onboarding] } }];
  // The role the person chose stays chosen, in its onboarded form.
  if (state.activeRole === onboarding) events.push({ type: 'ActiveRoleSwitched', data: { role: cmd.role } });
  return events;
}

const ROLE_ORDER = new Map(ROLES.map((r, i) => [r, i]));
const sortRoles = (roles: Role[]) => [...new Set(roles)].sort((a, b) => ROLE_ORDER.get(a)! - ROLE_ORDER.get(b)!);

export const isOnboarding = (roles: readonly string[], role: string) => roles.includes(`ONBOARDING_${baseRole(role as Role)}`);

export { BASE_ROLES };
