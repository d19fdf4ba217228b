/**
 * The instructor's area (issue 11): topics and due dates, templates and the courses made from
 * them, provisioning by share invites, answering invites, the sidebar search. Every call checks the
 * role here and ownership in the decider (the stream, never a stale read model) or, for reads,
 * against the read model's owner.
 */
import { callerLessonTitle, callerLocale } from '../../i18n/locale';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { InstructorMessages, PROVISION_MAX } from '../../../contracts/validation/instructor';
import { findAccount } from '../../../projections/accounts';
import {
  findCourse,
  findCoursesByIds,
  findLessonAssignment,
  findShareInvites,
  findTemplate,
  searchOwned,
  shareInvitesOfCourse,
  shareInvitesTo,
  templatedCourses,
  templatesOf,
} from '../../../projections/catalog';
import { findProfile } from '../../../projections/profiles';
import { conversationsOfEnrollment } from '../../../projections/conversations';
import {
  enrollmentCount,
  enrollmentsOfCourse,
  findEnrollment,
  studentsOfCourse,
  type EnrollmentRow,
} from '../../../projections/enrollments';
import { rosterHandlers, type RosterHandlers } from '../../domain/enrollment/rosterHandlers';
import { badInput, notFound, unauthorized } from '../../domain/shared/errors';
import { hasRole, isAdmin, ownsCourse, requireInstructorOrAdmin, requireSelfOrAdmin, roleRefused } from '../auth';
import type { ApiContext } from '../context';
import { accountOrThrow, commandMeta, readBack, settled } from '../commandSupport';
import { ApiMessages, ReadBackMessages } from '../apiMessages';

const PAST_PAGE = 10;

/** The roster use cases (transfer, withdraw, remove), made once per runtime from its executor and mail. */
const rosters = new WeakMap<object, RosterHandlers>();
function roster(ctx: ApiContext): RosterHandlers {
  let handlers = rosters.get(ctx.runtime);
  if (!handlers) {
    handlers = rosterHandlers({ commands: ctx.runtime.commands, conversationMail: ctx.runtime.conversationMail });
    rosters.set(ctx.runtime, handlers);
  }
  return handlers;
}

/** A student's enrollment is seen by the student, the course's owner and admins. */
async function canSeeEnrollment(ctx: ApiContext, e: EnrollmentRow): Promise<boolean> {
  const v = ctx.viewer;
  if (!v) return false;
  if (isAdmin(v) || v.accountId === e.studentId) return true;
  const course = await findCourse(ctx.runtime.pool, e.courseId);
  return !!course && course.ownerId === v.accountId;
}

async function zoneOf(ctx: ApiContext, accountId: string) {
  return (await findProfile(ctx.runtime.pool, accountId))?.tzIdentifier ?? null;
}

/** A template the viewer may use: theirs, or any for an admin; NOT_FOUND otherwise (never says whose). */
async function usableTemplate(ctx: ApiContext, templateId: string) {
  const viewer = requireInstructorOrAdmin(ctx.viewer);
  const template = await findTemplate(ctx.runtime.pool, templateId);
  if (!template || (!isAdmin(viewer) && template.ownerId !== viewer.accountId)) throw notFound(ApiMessages.templateNotFound);
  return template;
}

/** A lesson assignment a mutation changed, read back. */
async function lessonAssignmentAnswer(ctx: ApiContext, lessonAssignmentId: string) {
  const found = await findLessonAssignment(ctx.runtime.pool, { id: lessonAssignmentId });
  return readBack(found, ReadBackMessages.lessonChanged);
}

/** Answering share invites: an instructor, for invites sent to their own address. */
async function answerInvites(ctx: ApiContext, inviteIds: readonly string[], accept: boolean) {
  const viewer = ctx.viewer;
  if (!hasRole(viewer, 'INSTRUCTOR')) {
    requireInstructorOrAdmin(viewer);
    throw roleRefused('INSTRUCTOR');
  }
  const account = await findAccount(ctx.runtime.pool, viewer!.accountId);
  if (!account) throw notFound(ApiMessages.accountNotFound);
  const invites = await findShareInvites(ctx.runtime.pool, [...new Set(inviteIds)]);
  if (invites.length !== new Set(inviteIds).size) throw notFound(ApiMessages.shareInviteNotFound);
  const { appended } = await ctx.runtime.catalog.answerShareInvites(commandMeta(ctx), {
    invites: invites.map((i) => ({ inviteId: i.id, courseId: i.courseId })),
    accept,
    emailAddress: account.emailAddress,
  });
  await settled(ctx, appended, ['catalog']);
  const answered = await findShareInvites(
    ctx.runtime.pool,
    invites.map((i) => i.id),
  );
  return { count: answered.length, shareInvites: answered };
}

export const instructorResolvers: Resolvers = {
  Query: {
    allTemplatedCourses: async (_p, { templateId, past, first, after }, ctx) => {
      await usableTemplate(ctx, templateId);
      const offset = after ? Number.parseInt(Buffer.from(after, 'base64url').toString(), 10) + 1 : 0;
      if (!Number.isInteger(offset) || offset < 0) throw badInput(ApiMessages.cursorInvalid, { after: ApiMessages.cursorInvalid });
      // Current courses come unpaged; past ones by pages of at most 10 (spec 3).
      const limit = past ? Math.min(first ?? PAST_PAGE, PAST_PAGE) : (first ?? null);
      const { courses, totalCount } = await templatedCourses(ctx.runtime.pool, templateId, !!past, new Date(), { offset, limit });
      const edges = courses.map((node, i) => ({ cursor: Buffer.from(String(offset + i)).toString('base64url'), node }));
      return {
        totalCount,
        edges,
        pageInfo: {
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
          hasPreviousPage: offset > 0,
          hasNextPage: offset + courses.length < totalCount,
        },
      };
    },

    // The sidebar search: scoped to the caller's own courses in the statements themselves (searchOwned).
    // The boundary has refused text over 100 characters and NUL already.
    instructorSearch: async (_p, { query }, ctx) => {
      const viewer = requireInstructorOrAdmin(ctx.viewer);
      return await searchOwned(ctx.runtime.pool, viewer.accountId, query);
    },
  },

  Course: {
    templateId: (c) => c.templateId ?? null,
    courseEnrollments: async (c, _args, ctx) => (ownsCourse(ctx.viewer, c) ? await enrollmentsOfCourse(ctx.runtime.pool, c.id) : []),
    courseShareInvites: async (c, _args, ctx) => {
      const invites = await shareInvitesOfCourse(ctx.runtime.pool, c.id);
      if (ownsCourse(ctx.viewer, c)) return invites;
      return ctx.viewer ? invites.filter((i) => i.invitedBy === ctx.viewer!.accountId) : [];
    },
  },

  CourseEnrollment: {
    student: async (e, _args, ctx) => {
      if (!(await canSeeEnrollment(ctx, e))) throw notFound(ApiMessages.enrollmentNotFound);
      return await accountOrThrow(ctx, e.studentId);
    },
    conversations: async (e, _args, ctx) => {
      if (!(await canSeeEnrollment(ctx, e))) return [];
      return await conversationsOfEnrollment(ctx.runtime.pool, e.courseId, e.studentId);
    },
  },

  CourseShareInvite: {
    course: async (i, _args, ctx) => {
      const course = await findCourse(ctx.runtime.pool, i.courseId);
      if (!course) throw notFound(ApiMessages.courseNotFound);
      return course;
    },
  },

  Template: {
    currentCoursesCount: async (t, _args, ctx) =>
      (await templatedCourses(ctx.runtime.pool, t.id, false, new Date(), { offset: 0, limit: 0 })).totalCount,
  },

  User: {
    templates: async (u, _args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, u.id);
      return await templatesOf(ctx.runtime.pool, u.id);
    },
    shareInvites: async (u, _args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, u.id);
      const account = await findAccount(ctx.runtime.pool, u.id);
      return account ? await shareInvitesTo(ctx.runtime.pool, account.emailAddress) : [];
    },
  },

  Mutation: {
    transferUser: async (_p, { input }, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      const { result, appended } = await roster(ctx).transferUser(commandMeta(ctx), {
        fromCourseId: input.fromCourseId,
        toCourseId: input.toCourseId,
        studentId: input.userId,
      });
      await settled(ctx, appended, ['enrollments', 'conversations', 'minutes']);
      const enrollment = await findEnrollment(ctx.runtime.pool, input.toCourseId, input.userId);
      return {
        transferred: true,
        courseEnrollment: readBack(enrollment, ReadBackMessages.studentTransferred),
        canceledConversations: result.canceledConversations,
      };
    },

    withdrawUser: async (_p, { input }, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      const { result, appended } = await roster(ctx).withdrawUser(commandMeta(ctx), { courseId: input.courseId, studentId: input.userId });
      await settled(ctx, appended, ['enrollments', 'conversations', 'minutes']);
      return { withdrawn: true, canceledConversations: result.canceledConversations };
    },

    removeCourse: async (_p, { input }, ctx) => {
      const viewer = requireInstructorOrAdmin(ctx.viewer);
      const course = await findCourse(ctx.runtime.pool, input.courseId);
      // Another instructor's course: UNAUTHORIZED, as every change to it is (decisions: Templates).
      if (!course) throw notFound(ApiMessages.courseNotFound);
      if (!ownsCourse(viewer, course)) throw unauthorized(ApiMessages.notCourseOwner);
      const hasStudents = (await enrollmentCount(ctx.runtime.pool, course.id)) > 0;
      const { appended } = await roster(ctx).removeCourse(commandMeta(ctx), { courseId: course.id, hasStudents });
      await settled(ctx, appended, ['catalog']);
      return { removed: true };
    },

    changeCourse: async (_p, { input }, ctx) => {
      const viewer = requireInstructorOrAdmin(ctx.viewer);
      const course = await findCourse(ctx.runtime.pool, input.courseId);
      // Another instructor's course: UNAUTHORIZED, as every change to it is; the decider checks again on the stream.
      if (!course) throw notFound(ApiMessages.courseNotFound);
      if (!ownsCourse(viewer, course)) throw unauthorized(ApiMessages.notCourseOwner);
      const { result, appended } = await ctx.runtime.catalog.changeCourse(commandMeta(ctx), {
        courseId: course.id,
        name: input.name ?? null,
        language: input.language ?? null,
        proficiency: input.proficiency ?? null,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        completionRequirement: input.completionRequirement ?? null,
        durationRequirement: input.durationRequirement ?? null,
        timeZone: await zoneOf(ctx, viewer.accountId),
        studentIds: await studentsOfCourse(ctx.runtime.pool, course.id),
        lessonTitle: await callerLessonTitle(ctx),
      });
      await settled(ctx, appended, ['catalog']);
      const changedCourse = await findCourse(ctx.runtime.pool, course.id);
      return { changed: result.changed, course: readBack(changedCourse, ReadBackMessages.courseChanged) };
    },

    changeLesson: async (_p, { input }, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      const found = await findLessonAssignment(ctx.runtime.pool, { lessonId: input.lessonId });
      if (!found) throw notFound(ApiMessages.lessonNotFound);
      const { appended } = await ctx.runtime.catalog.changeLesson(commandMeta(ctx), {
        courseId: found.courseId,
        lessonId: input.lessonId,
        title: input.title,
        discussionTopic: input.discussionTopic,
        privateNote: input.privateNote ?? null,
      });
      await settled(ctx, appended, ['catalog']);
      return { changed: true, lessonAssignment: await lessonAssignmentAnswer(ctx, found.id) };
    },

    changeLessonAssignment: async (_p, { input }, ctx) => {
      const viewer = requireInstructorOrAdmin(ctx.viewer);
      const found = await findLessonAssignment(ctx.runtime.pool, { id: input.lessonAssignmentId });
      if (!found) throw notFound(ApiMessages.lessonNotFound);
      const { appended } = await ctx.runtime.catalog.changeLessonAssignment(commandMeta(ctx), {
        courseId: found.courseId,
        lessonAssignmentId: found.id,
        dueOn: input.dueOn ?? null,
        timeZone: await zoneOf(ctx, viewer.accountId),
      });
      await settled(ctx, appended, ['catalog']);
      return { changed: true, lessonAssignment: await lessonAssignmentAnswer(ctx, found.id) };
    },

    changeTemplate: async (_p, { input }, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      const { templateId, ...fields } = input;
      const { appended } = await ctx.runtime.catalog.changeTemplate(commandMeta(ctx), { templateId, ...fields });
      await settled(ctx, appended, ['catalog']);
      const template = await findTemplate(ctx.runtime.pool, templateId);
      return { changed: true, template: readBack(template, ReadBackMessages.templateChanged) };
    },

    removeTemplate: async (_p, { input }, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.catalog.removeTemplate(commandMeta(ctx), { templateId: input.templateId });
      await settled(ctx, appended, ['catalog']);
      return { removed: true };
    },

    createProvisionalCourses: async (_p, { input }, ctx) => {
      const viewer = requireInstructorOrAdmin(ctx.viewer);
      if (input.attributes.length > PROVISION_MAX)
        throw badInput(InstructorMessages.provisionTooMany, { attributes: InstructorMessages.provisionTooMany });
      const { result, appended } = await ctx.runtime.catalog.createProvisionalCourses(commandMeta(ctx), {
        templateId: input.templateId,
        timeZone: await zoneOf(ctx, viewer.accountId),
        attributes: input.attributes.map((a) => ({
          emailAddress: a.emailAddress,
          name: a.name ?? null,
          startDate: a.startDate,
          endDate: a.endDate,
        })),
        lessonTitle: await callerLessonTitle(ctx),
        senderLocale: await callerLocale(ctx),
      });
      await settled(ctx, appended, ['catalog']);
      const courses = await findCoursesByIds(
        ctx.runtime.pool,
        result.map((r) => r.courseId),
      );
      const byId = new Map(courses.map((c) => [c.id, c]));
      return { created: true, courses: result.map((r) => byId.get(r.courseId)).filter((c) => c !== undefined) };
    },

    acceptShareInvites: (_p, { input }, ctx) => answerInvites(ctx, input.inviteIds, true),
    rejectShareInvites: (_p, { input }, ctx) => answerInvites(ctx, input.inviteIds, false),
  },
};
