/**
 * Recording consent and retention (issue 34, docs/decisions/recordings.md): the school's privacy
 * settings (admins change them; instructors read them for their course's settings), a course's
 * "Allow recording students under <age>" and its recordings' retention (its owner or an admin).
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findCourse } from '../../../projections/catalog';
import { notFound, unauthorized } from '../../domain/shared/errors';
import { ownsCourse, requireAdmin, requireInstructorOrAdmin } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import { ApiMessages, ReadBackMessages } from '../apiMessages';

/** The viewer's own course (or any, for an admin); the decider checks again on the stream. */
async function ownCourse(ctx: ApiContext, courseId: string) {
  const viewer = requireInstructorOrAdmin(ctx.viewer);
  const course = await findCourse(ctx.runtime.pool, courseId);
  if (!course) throw notFound(ApiMessages.courseNotFound);
  if (!ownsCourse(viewer, course)) throw unauthorized(ApiMessages.notCourseOwner);
  return course;
}

async function changedCourse(ctx: ApiContext, courseId: string, changed: boolean, appended: Parameters<typeof settled>[1]) {
  await settled(ctx, appended, ['catalog']);
  const course = await findCourse(ctx.runtime.pool, courseId);
  return { changed, course: readBack(course, ReadBackMessages.courseChanged) };
}

export const recordingConsentResolvers: Resolvers = {
  Query: {
    privacySettings: async (_p, _args, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      return await ctx.runtime.privacySettings.settings();
    },
  },
  Course: {
    allowRecordingUnderAge: (c) => c.allowRecordingUnderAge,
    recordingRetentionDays: (c) => c.recordingRetentionDays,
  },
  Mutation: {
    changePrivacySettings: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      await ctx.runtime.privacySettings.change(commandMeta(ctx), {
        recordingAgeThreshold: input.recordingAgeThreshold ?? undefined,
        retentionDays: input.retentionDays ?? undefined,
        maxRetentionDays: input.maxRetentionDays ?? undefined,
      });
      return { privacySettings: await ctx.runtime.privacySettings.settings() };
    },
    changeCourseRecordingConsent: async (_p, { input }, ctx) => {
      const course = await ownCourse(ctx, input.courseId);
      const { result, appended } = await ctx.runtime.catalog.changeCourseRecordingConsent(commandMeta(ctx), {
        courseId: course.id,
        allowRecordingUnderAge: input.allowRecordingUnderAge,
      });
      return await changedCourse(ctx, course.id, result.changed, appended);
    },
    changeCourseRetention: async (_p, { input }, ctx) => {
      const course = await ownCourse(ctx, input.courseId);
      const { maxRetentionDays } = await ctx.runtime.privacySettings.settings();
      const { result, appended } = await ctx.runtime.catalog.changeCourseRetention(commandMeta(ctx), {
        courseId: course.id,
        retentionDays: input.retentionDays ?? null,
        maxRetentionDays,
      });
      return await changedCourse(ctx, course.id, result.changed, appended);
    },
  },
};
