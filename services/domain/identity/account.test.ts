import { describe, it } from 'vitest';
import { Messages } from '../../../contracts/errors';
import { deciderSpec } from '../shared/spec';
import {
  decideChangeEmailAddress,
  decideChangeRoles,
  decideRequestReset,
  decideResetPassword,
  decideSignIn,
  decideSignOut,
  decideSwitchRole,
  evolveAccount,
  initialAccount,
} from './account';
import type { AccountEvent } from './events';
import type { Role } from '../../../contracts/roles';

const spec = deciderSpec(evolveAccount, initialAccount);
const now = new Date('2026-11-21T12:00:00Z');
const ctx = { now, actor: { accountId: null, roles: [] } };
const registered = (roles: Role[] = ['STUDENT']): AccountEvent => ({
  type: 'AccountRegistered',
  data: { accountId: 'a1', emailAddress: 'a@example.com', passwordHash: 'h', roles, via: 'self_signup' },
});

describe('account decider', () => {
  it('opens a session that lasts 14 days', () => {
    spec
      .given([registered()])
      .when((s) => decideSignIn(s, { sessionId: 's1', ip: '1.2.3.4' }, ctx))
      .then([{ type: 'SignedIn', data: { sessionId: 's1', ip: '1.2.3.4', expiresAt: '2026-12-05T12:00:00.000Z' } }]);
  });

  it('signs out an open session once; a second sign-out changes nothing', () => {
    const signedIn: AccountEvent = { type: 'SignedIn', data: { sessionId: 's1', ip: null, expiresAt: '2026-12-05T12:00:00.000Z' } };
    spec
      .given([registered(), signedIn])
      .when((s) => decideSignOut(s, { sessionId: 's1' }))
      .then([{ type: 'SignedOut', data: { sessionId: 's1' } }]);
    spec
      .given([registered(), signedIn, { type: 'SignedOut', data: { sessionId: 's1' } }])
      .when((s) => decideSignOut(s, { sessionId: 's1' }))
      .then([]);
  });

  it('issues a reset that expires in an hour, and nothing for an unknown account', () => {
    spec
      .given([registered()])
      .when((s) => decideRequestReset(s, { tokenHash: 't' }, ctx))
      .then([{ type: 'PasswordResetRequested', data: { tokenHash: 't', expiresAt: '2026-11-21T13:00:00.000Z' } }]);
    spec
      .given([])
      .when((s) => decideRequestReset(s, { tokenHash: 't' }, ctx))
      .then([]);
  });

  const requested: AccountEvent = { type: 'PasswordResetRequested', data: { tokenHash: 't', expiresAt: '2026-11-21T13:00:00.000Z' } };

  it('resets with the latest token only, once, before it expires', () => {
    spec
      .given([registered(), requested])
      .when((s) => decideResetPassword(s, { tokenHash: 't', passwordHash: 'new' }, ctx))
      .then([{ type: 'PasswordChanged', data: { passwordHash: 'new', via: 'reset' } }]);
    spec
      .given([registered(), requested, { type: 'PasswordChanged', data: { passwordHash: 'new', via: 'reset' } }])
      .when((s) => decideResetPassword(s, { tokenHash: 't', passwordHash: 'again' }, ctx))
      .thenThrows('BAD_USER_INPUT', Messages.resetTokenInvalid);
    spec
      .given([
        registered(),
        requested,
        { type: 'PasswordResetRequested', data: { tokenHash: 'newer', expiresAt: '2026-11-21T13:30:00.000Z' } },
      ])
      .when((s) => decideResetPassword(s, { tokenHash: 't', passwordHash: 'x' }, ctx))
      .thenThrows('BAD_USER_INPUT', Messages.resetTokenInvalid);
    spec
      .given([registered(), requested])
      .when((s) => decideResetPassword(s, { tokenHash: 't', passwordHash: 'x' }, { ...ctx, now: new Date('2026-11-21T13:00:01Z') }))
      .thenThrows('BAD_USER_INPUT', Messages.resetTokenInvalid);
  });

  it('adds roles in onboarding and removes both forms', () => {
    spec
      .given([registered(['STUDENT'])])
      .when((s) => decideChangeRoles(s, { add: ['SPEAKER', 'INSTRUCTOR'], remove: [] }))
      .then([
        {
          type: 'RolesChanged',
          data: {
            roles: ['STUDENT', 'ONBOARDING_INSTRUCTOR', 'ONBOARDING_SPEAKER'],
            added: ['ONBOARDING_SPEAKER', 'ONBOARDING_INSTRUCTOR'],
            removed: [],
          },
        },
      ]);
    spec
      .given([registered(['ONBOARDING_STUDENT', 'INSTRUCTOR'])])
      .when((s) => decideChangeRoles(s, { add: [], remove: ['STUDENT'] }))
      .then([{ type: 'RolesChanged', data: { roles: ['INSTRUCTOR'], added: [], removed: ['ONBOARDING_STUDENT'] } }]);
    spec
      .given([registered(['STUDENT'])])
      .when((s) => decideChangeRoles(s, { add: ['STUDENT'], remove: [] }))
      .then([]);
  });

  it('never edits ADMIN and refuses adding and removing one role at once', () => {
    spec
      .given([registered(['ADMIN'])])
      .when((s) => decideChangeRoles(s, { add: [], remove: ['ADMIN'] }))
      .thenThrows('BAD_USER_INPUT');
    spec
      .given([registered()])
      .when((s) => decideChangeRoles(s, { add: ['SPEAKER'], remove: ['SPEAKER'] }))
      .thenThrows('BAD_USER_INPUT');
    spec
      .given([])
      .when((s) => decideChangeRoles(s, { add: ['SPEAKER'], remove: [] }))
      .thenThrows('NOT_FOUND');
  });

  it('switches only to a role the account holds', () => {
    spec
      .given([registered(['STUDENT', 'ONBOARDING_INSTRUCTOR'])])
      .when((s) => decideSwitchRole(s, { role: 'ONBOARDING_INSTRUCTOR' }))
      .then([{ type: 'ActiveRoleSwitched', data: { role: 'ONBOARDING_INSTRUCTOR' } }]);
    spec
      .given([registered(['STUDENT'])])
      .when((s) => decideSwitchRole(s, { role: 'SPEAKER' }))
      .thenThrows('BAD_USER_INPUT', Messages.unknownRole);
    spec
      .given([registered(['STUDENT'])])
      .when((s) => decideSwitchRole(s, { role: 'WIZARD' }))
      .thenThrows('BAD_USER_INPUT', Messages.unknownRole);
  });

  it('moves an account to a new address, normalized, and refuses a bad one', () => {
    spec
      .given([registered()])
      .when((s) => decideChangeEmailAddress(s, { emailAddress: '  New@Example.com ' }))
      .then([{ type: 'EmailAddressChanged', data: { previousEmailAddress: 'a@example.com', emailAddress: 'new@example.com' } }]);
    spec
      .given([registered()])
      .when((s) => decideChangeEmailAddress(s, { emailAddress: 'A@example.com' }))
      .then([]);
    spec
      .given([registered()])
      .when((s) => decideChangeEmailAddress(s, { emailAddress: 'not an address' }))
      .thenThrows('BAD_USER_INPUT', 'The given value is invalid.');
    spec
      .given([])
      .when((s) => decideChangeEmailAddress(s, { emailAddress: 'b@example.com' }))
      .thenThrows('NOT_FOUND');
  });
});
