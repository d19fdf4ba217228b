/**
 * LTI platforms in the back-office (issue 33): the table, a platform's page, registering and
 * changing one, and this tool's URLs for the LMS. Admins only. The rules are the domain's
 * (services/domain/lti/platform.ts); the JWKS check is services/integrations/lti/keySet.ts.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findCourse } from '../../../projections/catalog';
import { adminLtiPlatformsSource, findLtiCourseLink, findLtiPlatform, launchedSubjects } from '../../../projections/lti';
import { notFound } from '../../domain/shared/errors';
import { ltiToolUrls } from '../../integrations/lti/paths';
import { adminConnection } from '../adminConnection';
import { isAdmin, requireAdmin, requireViewer } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import type { ApiContext } from '../context';

async function payload(ctx: ApiContext, platformId: string, changed: boolean, appended: Parameters<typeof settled>[1]) {
  await settled(ctx, appended, ['lti']);
  const platform = await findLtiPlatform(ctx.runtime.pool, platformId);
  return { changed, platform: readBack(platform, 'The platform was saved but is not readable yet. Please reload.') };
}

export const ltiResolvers: Resolvers = {
  Query: {
    ltiPlatformTable: (_p, args, ctx) => adminConnection(ctx, adminLtiPlatformsSource, args),
    ltiPlatform: async (_p, { platformId }, ctx) => {
      requireAdmin(ctx.viewer);
      return findLtiPlatform(ctx.runtime.pool, platformId);
    },
    ltiRoster: async (_p, { courseId }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const course = await findCourse(ctx.runtime.pool, courseId);
      if (!course || (course.ownerId !== viewer.accountId && !isAdmin(viewer))) throw notFound('The course was not found.');
      const link = await findLtiCourseLink(ctx.runtime.pool, courseId);
      const platform = link && (await findLtiPlatform(ctx.runtime.pool, link.platformId));
      if (!link || !platform) return null;
      const members = (await ctx.runtime.ltiServices.roster(platform, link.membershipsUrl)).filter((m) => m.active && m.role);
      const launched = await launchedSubjects(
        ctx.runtime.pool,
        platform.id,
        members.map((m) => m.userId),
      );
      const rows = members
        .map((m) => ({ name: m.name, role: m.role!, launched: launched.has(m.userId) }))
        .sort((a, b) => Number(a.launched) - Number(b.launched) || (a.name ?? '').localeCompare(b.name ?? ''));
      return {
        platformName: platform.name,
        contextTitle: link.contextTitle,
        members: rows,
        studentsNotLaunched: rows.filter((m) => m.role === 'STUDENT' && !m.launched).length,
      };
    },
    ltiToolUrls: (_p, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return ltiToolUrls(ctx.runtime.config.publicUrl);
    },
  },
  Mutation: {
    registerLtiPlatform: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { result, appended } = await ctx.runtime.lti.registerPlatform(commandMeta(ctx), input);
      return payload(ctx, result.platformId, true, appended);
    },
    changeLtiPlatform: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { result, appended } = await ctx.runtime.lti.changePlatform(commandMeta(ctx), input);
      return payload(ctx, input.platformId, result.changed, appended);
    },
  },
};
