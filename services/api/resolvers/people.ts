/**
 * Profiles and onboarding (issue 8): the User type's profile fields, from the profiles read model,
 * and changeUser, onboardAccount and uploadHeadshot. Who sees what: public fields (names, location,
 * school, bios, age, headshot) to any signed-in user; personal ones (gender, dateOfBirth) to the
 * person and admins, null for anyone else. hidePii in conversation views narrows this further there.
 * The settings forms' lookups (issue 11): lookupCountries and lookupSchools, for any signed-in user.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { todayIn, yearsBetween, zoneOrDefault } from '../../../contracts/calendarDate';
import { PROFILE_FIELDS, type ProfileField } from '../../../contracts/validation/profile';
import { lookupCountries } from '../../../contracts/countries';
import { findProfiles, lookupSchools, type ProfileRow } from '../../../projections/profiles';
import { isAdmin, requireSelfOrAdmin, requireViewer, type Viewer } from '../auth';
import { accountOrThrow, commandMeta, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import type { PersonParent } from './parents';

/** Read models a profile change shows in. */
const PROFILE_READ_MODELS = ['profiles', 'directory', 'search'];

/**
 * One query per request tick for all the profiles a response needs (a list of 25 users is one
 * query, not 25), cached for the request.
 */
const loaders = new WeakMap<
  ApiContext,
  {
    cache: Map<string, Promise<ProfileRow | null>>;
    pending: Map<string, (row: ProfileRow | null) => void>;
    failed: Map<string, (e: unknown) => void>;
  }
>();

function profileOf(ctx: ApiContext, id: string): Promise<ProfileRow | null> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = { cache: new Map(), pending: new Map(), failed: new Map() };
    loaders.set(ctx, loader);
  }
  const cached = loader.cache.get(id);
  if (cached) return cached;
  const l = loader;
  const promise = new Promise<ProfileRow | null>((resolve, reject) => {
    if (!l.pending.size) {
      setImmediate(async () => {
        const resolvers = new Map(l.pending);
        const rejecters = new Map(l.failed);
        l.pending.clear();
        l.failed.clear();
        try {
          const rows = await findProfiles(ctx.runtime.pool, [...resolvers.keys()]);
          for (const [key, done] of resolvers) done(rows.get(key) ?? null);
        } catch (error) {
          for (const fail of rejecters.values()) fail(error);
        }
      });
    }
    l.pending.set(id, resolve);
    l.failed.set(id, reject);
  });
  loader.cache.set(id, promise);
  return promise;
}

const canSeePersonal = (viewer: Viewer | null, userId: string) => !!viewer && (viewer.accountId === userId || isAdmin(viewer));

/** A public profile field: any signed-in user. */
const publicField =
  <F extends keyof ProfileRow>(field: F) =>
  async (user: PersonParent, _args: unknown, ctx: ApiContext) => {
    requireViewer(ctx.viewer);
    const profile = await profileOf(ctx, user.id);
    return profile?.[field] ?? null;
  };

/** A personal field: the person and admins; null for anyone else. */
const personalField =
  <F extends keyof ProfileRow>(field: F) =>
  async (user: PersonParent, _args: unknown, ctx: ApiContext) => {
    if (!canSeePersonal(ctx.viewer, user.id)) return null;
    const profile = await profileOf(ctx, user.id);
    return profile?.[field] ?? null;
  };

const headshotUrl = async (user: PersonParent, _args: unknown, ctx: ApiContext) => {
  requireViewer(ctx.viewer);
  const key = (await profileOf(ctx, user.id))?.headshotKey;
  return key ? ctx.runtime.storage.url(key) : null;
};

export const peopleResolvers: Resolvers = {
  Query: {
    lookupCountries: (_p, { query }, ctx) => {
      requireViewer(ctx.viewer);
      return lookupCountries(query);
    },
    lookupSchools: async (_p, { query }, ctx) => {
      requireViewer(ctx.viewer);
      return (await lookupSchools(ctx.runtime.pool, query)).map((s) => ({ name: s.name, address: null }));
    },
  },
  User: {
    // Names and zone: the profile first; rows that carry them (directory) otherwise.
    displayName: async (user, _args, ctx) => (await profileOf(ctx, user.id))?.displayName ?? user.displayName ?? null,
    givenName: async (user, _args, ctx) => (await profileOf(ctx, user.id))?.givenName ?? user.givenName ?? null,
    surname: async (user, _args, ctx) => (await profileOf(ctx, user.id))?.surname ?? user.surname ?? null,
    tzIdentifier: async (user, _args, ctx) => zoneOrDefault((await profileOf(ctx, user.id))?.tzIdentifier ?? user.tzIdentifier),
    gender: personalField('gender'),
    locale: personalField('locale'),
    dateOfBirth: personalField('dateOfBirth'),
    age: async (user, _args, ctx) => {
      requireViewer(ctx.viewer);
      const profile = await profileOf(ctx, user.id);
      if (!profile?.dateOfBirth) return null;
      return yearsBetween(profile.dateOfBirth, todayIn(profile.tzIdentifier));
    },
    currentCity: publicField('currentCity'),
    currentState: publicField('currentState'),
    currentCountry: publicField('currentCountry'),
    previousCity: publicField('previousCity'),
    previousCountry: publicField('previousCountry'),
    school: publicField('school'),
    bioDreamCareer: publicField('bioDreamCareer'),
    bioGoalsAre: publicField('bioGoalsAre'),
    bioHobbiesAre: publicField('bioHobbiesAre'),
    headshotUrl,
    speakingHeadshotUrl: headshotUrl,
  },
  Mutation: {
    changeUser: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const accountId = input.userId ?? viewer.accountId;
      requireSelfOrAdmin(viewer, accountId);
      const change: Partial<Record<ProfileField, string | null>> = {};
      for (const field of PROFILE_FIELDS) {
        const value = (input as Record<string, unknown>)[field];
        if (value !== undefined) change[field] = value as string | null;
      }
      const { result, appended } = await ctx.runtime.people.changeUser(commandMeta(ctx), { accountId, change });
      await settled(ctx, appended, PROFILE_READ_MODELS);
      return { changed: result, user: await accountOrThrow(ctx, accountId) };
    },
    onboardAccount: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const { result, appended } = await ctx.runtime.people.onboardAccount(commandMeta(ctx), {
        accountId: viewer.accountId,
        role: input.role,
      });
      await settled(ctx, appended, ['accounts', ...PROFILE_READ_MODELS]);
      return { onboarded: result, account: await accountOrThrow(ctx, viewer.accountId) };
    },
    uploadHeadshot: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const { url, appended } = await ctx.runtime.people.uploadHeadshot(commandMeta(ctx), {
        accountId: viewer.accountId,
        data: input.data,
      });
      await settled(ctx, appended, ['profiles']);
      return { url, user: await accountOrThrow(ctx, viewer.accountId) };
    },
  },
};
