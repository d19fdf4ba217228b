/**
 * Field-level privacy of the people types (issue 27), in one place for every path: whatever query
 * reaches a `User` or an `Account` — the viewer's own `me`, an admin list, a conversation's other
 * party, a course's students, the speaker gallery — each field listed here answers only its
 * audience, and anyone else gets null (a nullable field) or UNAUTHORIZED (a non-null one). The
 * resolvers of these fields are wrapped when the schema is built (resolvers/index.ts), so a new
 * path to a person cannot forget the rule. docs/privacy.md is this table in words; the test
 * tests/integration/privacy.test.ts walks every schema path to these fields.
 *
 * Audiences: `self` (the person), `admin`, `signedIn` (anyone signed in: the product's screens show
 * names, headshots, locations, bios and a speaker's age to the people they work with). No field
 * here is given to a conversation's other party or a course's instructor beyond `signedIn`: the
 * spec hides personal data in the speaker's conversation view, and no screen of an instructor shows
 * a student's address or sign-in details.
 */
import { defaultFieldResolver, type GraphQLFieldResolver } from 'graphql';
import { Messages } from '../../contracts/errors';
import { unauthorized } from '../domain/shared/errors';
import { isAdmin, roleRefused, type Viewer } from './auth';

export type Audience = 'self' | 'admin' | 'signedIn';

/** The owner of a `User` or `Account` object: the account's id. */
const ownerOf = (parent: { id?: unknown }) => (typeof parent?.id === 'string' ? parent.id : null);

export const PRIVATE_FIELDS: Record<'User' | 'Account', Record<string, readonly Audience[]>> = {
  User: {
    emailAddress: ['self', 'admin'],
    gender: ['self', 'admin'],
    dateOfBirth: ['self', 'admin'],
    courseEnrollments: ['self', 'admin'],
    ownedCourse: ['self', 'admin'],
    notifications: ['admin'],
    speaking: ['self', 'admin'],
    speakerRating: ['admin'],
    templates: ['self', 'admin'],
    shareInvites: ['self', 'admin'],
  },
  Account: {
    emailAddress: ['self', 'admin'],
    currentSignInAt: ['self', 'admin'],
    currentSignInIp: ['self', 'admin'],
    resetPasswordSentAt: ['self', 'admin'],
    remainingMinutes: ['self', 'admin'],
    minuteTransactions: ['self', 'admin'],
    paidPayments: ['self', 'admin'],
  },
};

export function mayRead(viewer: Viewer | null, audience: readonly Audience[], ownerId: string | null): boolean {
  if (!viewer) return false;
  return (
    audience.includes('signedIn') ||
    (audience.includes('admin') && isAdmin(viewer)) ||
    (audience.includes('self') && ownerId !== null && viewer.accountId === ownerId)
  );
}

/** Marks a wrapped resolver, so the test can tell every private field is guarded here. */
export const PRIVACY_GUARD = Symbol('privacy guard');

type Resolver = GraphQLFieldResolver<any, { viewer: Viewer | null }>;

/** The resolver of a private field: its own, run only for its audience; null or refused for anyone else. */
export function guardField(audience: readonly Audience[], resolve: Resolver = defaultFieldResolver): Resolver {
  const guarded: Resolver = (parent, args, ctx, info) => {
    if (mayRead(ctx.viewer, audience, ownerOf(parent))) return resolve(parent, args, ctx, info);
    const nonNull = info.returnType.toString().endsWith('!');
    if (!nonNull) return null;
    throw ctx.viewer ? roleRefused('ADMIN') : unauthorized(Messages.unauthorized);
  };
  return Object.assign(guarded, { [PRIVACY_GUARD]: audience });
}

/** The resolver map with every field of PRIVATE_FIELDS guarded. */
export function withPrivacy<R extends Record<string, any>>(resolvers: R): R {
  const out: Record<string, any> = { ...resolvers };
  for (const [type, fields] of Object.entries(PRIVATE_FIELDS)) {
    out[type] = { ...(out[type] ?? {}) };
    for (const [field, audience] of Object.entries(fields)) out[type][field] = guardField(audience, out[type][field]);
  }
  return out as R;
}
