/**
 * Recording consent (issue 34, docs/decisions/recordings.md): the school's age threshold (admins
 * change it; instructors read it for their course's setting) and a course's "Allow recording
 * students under <age>" (its owner or an admin).
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findCourse } from '../../../projections/catalog';
import { notFound, unauthorized } from '../../domain/shared/errors';
import { ownsCourse, requireAdmin, requireInstructorOrAdmin } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';

export const recordingConsentResolvers: Resolvers = {
  Query: {
    privacySettings: async (_p, _args, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      return await ctx.runtime.privacySettings.settings();
    },
  },
  Course: {
    allowRecordingUnderAge: (c) => c.allowRecordingUnderAge,
  },
  Mutation: {
    changePrivacySettings: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      await ctx.runtime.privacySettings.change(commandMeta(ctx), { recordingAgeThreshold: input.recordingAgeThreshold });
      return { privacySettings: await ctx.runtime.privacySettings.settings() };
    },
    changeCourseRecordingConsent: async (_p, { input }, ctx) => {
      const viewer = requireInstructorOrAdmin(ctx.viewer);
      const course = await findCourse(ctx.runtime.pool, input.courseId);
      if (!course) throw notFound('The course was not found.');
      if (!ownsCourse(viewer, course)) throw unauthorized('Only the course owner can change it.');
      const { result, appended } = await ctx.runtime.catalog.changeCourseRecordingConsent(commandMeta(ctx), {
        courseId: course.id,
        allowRecordingUnderAge: input.allowRecordingUnderAge,
      });
      await settled(ctx, appended, ['catalog']);
      const changed = await findCourse(ctx.runtime.pool, course.id);
      return { changed: result.changed, course: readBack(changed, 'The course was changed but is not readable yet. Please reload.') };
    },
  },
};
