/**
 * LTI platforms in the back-office (issue 33): the table, a platform's page, registering and
 * changing one, and this tool's URLs for the LMS. Admins only. The rules are the domain's
 * (services/domain/lti/platform.ts); the JWKS check is services/integrations/lti/keySet.ts.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findCourse, lessonAssignments } from '../../../projections/catalog';
import {
  adminLtiPlatformsSource,
  findLtiCourseLink,
  findLtiPlatform,
  findLtiScore,
  launchedSubjects,
  ltiScoresOfCourse,
  type LtiScoreRow,
} from '../../../projections/lti';
import { findProfiles } from '../../../projections/profiles';
import { conflict, notFound } from '../../domain/shared/errors';
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

export const LtiScoreMessages = {
  notFailed: 'Only a score the LMS refused can be sent again.',
};

/** The course, when the viewer owns it or is an admin (NOT_FOUND otherwise, as the roster). */
async function ownedCourse(ctx: ApiContext, courseId: string) {
  const viewer = requireViewer(ctx.viewer);
  const course = await findCourse(ctx.runtime.pool, courseId);
  if (!course || (course.ownerId !== viewer.accountId && !isAdmin(viewer))) throw notFound('The course was not found.');
  return course;
}

/** Scores as the instructor reads them: the student's name (their profile's) and the lesson's title. */
async function scoresOf(ctx: ApiContext, courseId: string, rows: LtiScoreRow[]) {
  const profiles = await findProfiles(ctx.runtime.pool, [...new Set(rows.map((r) => r.studentId))]);
  const lessons = new Map((await lessonAssignments(ctx.runtime.pool, courseId)).map((a) => [a.lesson.id, a.lesson.title]));
  return rows.map((r) => {
    const p = profiles.get(r.studentId);
    return {
      conversationId: r.conversationId,
      studentName: p?.displayName?.trim() || [p?.givenName, p?.surname].filter(Boolean).join(' ').trim() || null,
      lessonTitle: lessons.get(r.lessonId) ?? null,
      completed: r.markedAs === 'completed',
      state: r.state.toUpperCase() as 'PENDING' | 'SENT' | 'FAILED',
      status: r.status,
      reason: r.reason,
      updatedAt: r.updatedAt,
    };
  });
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
    ltiScores: async (_p, { courseId }, ctx) => {
      await ownedCourse(ctx, courseId);
      return scoresOf(ctx, courseId, await ltiScoresOfCourse(ctx.runtime.pool, courseId));
    },
    ltiToolUrls: (_p, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return ltiToolUrls(ctx.runtime.config.publicUrl);
    },
  },
  Mutation: {
    retryLtiScore: async (_p, { conversationId }, ctx) => {
      const score = await findLtiScore(ctx.runtime.pool, conversationId);
      if (!score) throw notFound('The score was not found.');
      await ownedCourse(ctx, score.courseId);
      if (score.state !== 'failed') throw conflict(LtiScoreMessages.notFailed);
      const timestamp = score.scoreTimestamp.toISOString();
      // Pending again, by the instructor's hand (the log says who), then the same job as a marking's.
      const { appended } = await ctx.runtime.lti.scoreSending(commandMeta(ctx), {
        conversationId,
        courseId: score.courseId,
        lessonId: score.lessonId,
        studentId: score.studentId,
        platformId: score.platformId,
        lineItemUrl: score.lineItemUrl,
        timestamp,
        markedAs: score.markedAs,
        scoreGiven: score.scoreGiven,
      });
      await ctx.runtime.jobs.enqueueLtiScore({ conversationId, markedAs: score.markedAs, markedAt: timestamp });
      await settled(ctx, appended, ['lti']);
      const [row] = await scoresOf(ctx, score.courseId, [
        readBack(
          await findLtiScore(ctx.runtime.pool, conversationId),
          'The score was queued again but is not readable yet. Please reload.',
        ),
      ]);
      return row;
    },
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
