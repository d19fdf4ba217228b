import type { Role } from '../../../contracts/roles';
import type { DomainEvent } from '../shared/decider';
import { emailPseudonym } from '../shared/pseudonyms';

/** Events of the identity context. Streams: account-<id>, email-<pseudonym of the address>, password-reset-<hash>, invitation-<hash>. */
export type AccountRegistered = DomainEvent<
  'AccountRegistered',
  {
    accountId: string;
    emailAddress: string;
    passwordHash: string;
    roles: Role[];
    /** single_sign_on: made at a first school sign-in, without a password (passwordHash ''). */
    via: RegistrationVia;
  }
>;
export type RegistrationVia = 'self_signup' | 'invitation' | 'seed' | 'single_sign_on' | 'lti';
export type SignedIn = DomainEvent<'SignedIn', { sessionId: string; ip: string | null; expiresAt: string }>;
export type SignedOut = DomainEvent<'SignedOut', { sessionId: string }>;
export type PasswordResetRequested = DomainEvent<'PasswordResetRequested', { tokenHash: string; expiresAt: string }>;
export type PasswordChanged = DomainEvent<'PasswordChanged', { passwordHash: string; via: 'reset' }>;
export type RolesChanged = DomainEvent<'RolesChanged', { roles: Role[]; added: Role[]; removed: Role[] }>;
export type ActiveRoleSwitched = DomainEvent<'ActiveRoleSwitched', { role: Role }>;
/** An admin moved the account to another address (the email streams are claimed and released with it). */
export type EmailAddressChanged = DomainEvent<'EmailAddressChanged', { previousEmailAddress: string; emailAddress: string }>;

export type AccountEvent =
  | AccountRegistered
  | SignedIn
  | SignedOut
  | PasswordResetRequested
  | PasswordChanged
  | RolesChanged
  | ActiveRoleSwitched
  | EmailAddressChanged;

/** On email-<normalized address>: the address belongs to one account. */
export type EmailAddressClaimed = DomainEvent<'EmailAddressClaimed', { accountId: string; emailAddress: string }>;
/** On email-<normalized address>: the account moved to another address; the address is free again. */
export type EmailAddressReleased = DomainEvent<'EmailAddressReleased', { accountId: string; emailAddress: string }>;
/** On password-reset-<token hash>: lets a reset link find its account without a read model. */
export type ResetTokenIssued = DomainEvent<'ResetTokenIssued', { accountId: string; expiresAt: string }>;
/** On invitation-<token hash>. Issued by the speaker-invitation flow (admin), accepted at sign-up. */
export type InvitationIssued = DomainEvent<
  'InvitationIssued',
  {
    invitationId: string;
    emailAddress: string;
    role: Role;
    expiresAt: string | null;
  }
>;
export type InvitationAccepted = DomainEvent<'InvitationAccepted', { invitationId: string; accountId: string }>;
/** On invitation-<token hash>: an admin withdrew the invitation before it was accepted; its link stops working. */
export type InvitationRescinded = DomainEvent<'InvitationRescinded', { invitationId: string }>;

export const streams = {
  account: (accountId: string) => `account-${accountId}`,
  email: (normalizedEmail: string) => `email-${emailPseudonym(normalizedEmail)}`,
  passwordReset: (tokenHash: string) => `password-reset-${tokenHash}`,
  invitation: (tokenHash: string) => `invitation-${tokenHash}`,
};
