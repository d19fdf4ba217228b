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
  linkedAccounts,
  ltiScoresOfCourse,
  rosterPlacesOfCourse,
  type LtiScoreRow,
} from '../../../projections/lti';
import { findProfiles } from '../../../projections/profiles';
import { findEnrollment } from '../../../projections/enrollments';
import { isPastCourse } from '../../domain/catalog/course';
import { conflict, notFound } from '../../domain/shared/errors';
import { ltiToolUrls } from '../../integrations/lti/paths';
import type { RosterMember } from '../../integrations/lti/services';
import { adminConnection } from '../adminConnection';
import { isAdmin, requireAdmin, requireViewer } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import { ApiMessages, LtiScoreMessages, ReadBackMessages } from '../apiMessages';

async function payload(ctx: ApiContext, platformId: string, changed: boolean, appended: Parameters<typeof settled>[1]) {
  await settled(ctx, appended, ['lti']);
  const platform = await findLtiPlatform(ctx.runtime.pool, platformId);
  return { changed, platform: readBack(platform, ReadBackMessages.platformSaved) };
}

/** The course, when the viewer owns it or is an admin (NOT_FOUND otherwise, as the roster). */
async function ownedCourse(ctx: ApiContext, courseId: string) {
  const viewer = requireViewer(ctx.viewer);
  const course = await findCourse(ctx.runtime.pool, courseId);
  if (!course || (course.ownerId !== viewer.accountId && !isAdmin(viewer))) throw notFound(ApiMessages.courseNotFound);
  return course;
}

/** The LMS course the course is placed in (the latest launch's) and its platform, or null. */
async function placedCourse(ctx: ApiContext, courseId: string) {
  const link = await findLtiCourseLink(ctx.runtime.pool, courseId);
  const platform = link && (await findLtiPlatform(ctx.runtime.pool, link.platformId));
  return link && platform ? { link, platform } : null;
}

type Course = Awaited<ReturnType<typeof ownedCourse>>;

/**
 * The roster as the instructor reads it: names and roles (never an address), whether each has
 * launched, and each learner's place in the course (enrolled: their account, linked by a launch or
 * by a taken place, is enrolled; pending: a place not taken yet; else not added).
 */
async function rosterView(
  ctx: ApiContext,
  course: Course,
  placed: NonNullable<Awaited<ReturnType<typeof placedCourse>>>,
  all: RosterMember[],
) {
  const { pool } = ctx.runtime;
  const members = all.filter((m) => m.role && (m.active || m.role === 'STUDENT'));
  const [linked, places] = await Promise.all([
    linkedAccounts(
      pool,
      placed.platform.id,
      members.map((m) => m.userId),
    ),
    rosterPlacesOfCourse(pool, course.id, placed.platform.id),
  ]);
  const placeOf = async (m: RosterMember) => {
    if (m.role !== 'STUDENT') return null;
    const accountId = linked.get(m.userId) ?? places.get(m.userId)?.accountId ?? null;
    if (accountId && (await findEnrollment(pool, course.id, accountId))) return 'ENROLLED' as const;
    return places.has(m.userId) ? ('PENDING' as const) : ('NOT_ADDED' as const);
  };
  const rows = await Promise.all(
    members.map(async (m) => ({ name: m.name, role: m.role!, launched: linked.has(m.userId), active: m.active, place: await placeOf(m) })),
  );
  rows.sort(
    (a, b) =>
      Number(!a.active) - Number(!b.active) || Number(a.launched) - Number(b.launched) || (a.name ?? '').localeCompare(b.name ?? ''),
  );
  const refusal = course.priceAgreement.kind !== 'institutional' ? ('PAID_BY_CARD' as const) : null;
  return {
    platformName: placed.platform.name,
    contextTitle: placed.link.contextTitle,
    members: rows,
    studentsNotLaunched: rows.filter((m) => m.active && m.role === 'STUDENT' && !m.launched).length,
    learnersToAdd: rows.filter((m) => m.active && m.place === 'NOT_ADDED').length,
    addRefusal: refusal ?? (isPastCourse(course, new Date()) ? ('ENDED' as const) : null),
  };
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
      const course = await ownedCourse(ctx, courseId);
      const placed = await placedCourse(ctx, courseId);
      return placed && rosterView(ctx, course, placed, await ctx.runtime.ltiServices.roster(placed.platform, placed.link.membershipsUrl));
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
      if (!score) throw notFound(ApiMessages.scoreNotFound);
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
        readBack(await findLtiScore(ctx.runtime.pool, conversationId), ReadBackMessages.scoreQueued),
      ]);
      return row;
    },
    addLtiRosterToCourse: async (_p, { input }, ctx) => {
      const course = await ownedCourse(ctx, input.courseId);
      const placed = await placedCourse(ctx, course.id);
      if (!placed) throw notFound(ApiMessages.notPlacedWithRoster);
      const members = await ctx.runtime.ltiServices.roster(placed.platform, placed.link.membershipsUrl);
      const { result, appended } = await ctx.runtime.lti.addRosterToCourse(commandMeta(ctx), {
        courseId: course.id,
        platformId: placed.platform.id,
        issuer: placed.platform.issuer,
        learners: members.filter((m) => m.active && m.role === 'STUDENT').map((m) => ({ subject: m.userId, emailAddress: m.emailAddress })),
      });
      await settled(ctx, appended, ['lti', 'enrollments']);
      return { ...result, roster: await rosterView(ctx, course, placed, members) };
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
