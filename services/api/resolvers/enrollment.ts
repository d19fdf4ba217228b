/**
 * Courses, adventures, enrollment and payments (issue 4). Reads come from the catalog,
 * enrollments and payments read models; enrollUser runs the enrollment use case and answers once
 * the read models it changed have caught up.
 */
import { callerLessonTitle } from '../../i18n/locale';
import { EnrollmentMessages, LANGUAGES, coursePrices, isLanguageCode, lessonOutcome } from '../../../contracts/enrollment';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import {
  extraConversationsError,
  inviteNumberError,
  normalizeInviteNumber,
  normalizeRedemptionCode,
  redemptionCodeError,
} from '../../../contracts/validation/enrollment';
import { findAccount } from '../../../projections/accounts';
import { findProfile } from '../../../projections/profiles';
import {
  adventures,
  coursesOf,
  findCourse,
  findCourseByInvite,
  findTemplate,
  lessonAssignments,
  pricingPlans,
  type CourseRow,
  type CourseScope,
  type LessonAssignmentRow,
} from '../../../projections/catalog';
import { enrollmentCount, enrollmentsOf, findEnrollment, lessonAttemptsOf, type LessonAttemptRow } from '../../../projections/enrollments';
import { findRedemptionCodeWorth } from '../../../projections/codes';
import { findPayment, paidPayments } from '../../../projections/payments';
import { isPastCourse } from '../../domain/catalog/course';
import { DomainError, badInput, conflict, notFound } from '../../domain/shared/errors';
import {
  canSeeCourse,
  isAdmin,
  ownsCourse,
  requireAdmin,
  requireInstructorOrAdmin,
  requireSelfOrAdmin,
  requireStudent,
  requireViewer,
} from '../auth';
import type { ApiContext } from '../context';
import { commandMeta, readBack, settled } from '../commandSupport';
import { ReadBackMessages } from '../apiMessages';
import { LIMITS } from '../../security/rateLimit';

async function visibleCourse(ctx: ApiContext, courseId: string): Promise<CourseRow | null> {
  const viewer = requireViewer(ctx.viewer);
  const course = await findCourse(ctx.runtime.pool, courseId);
  if (!course) return null;
  const enrolled = !!(await findEnrollment(ctx.runtime.pool, course.id, viewer.accountId));
  return canSeeCourse(viewer, course, enrolled) ? course : null;
}

/**
 * The user's courses in a scope, by how they relate to it: `enrolled` (the student's courses) or
 * `owned` (the instructor's). Never both: an instructor's queries answer owned courses only.
 * The user themself or an admin only.
 */
async function coursesBy(ctx: ApiContext, accountId: string, scope: CourseScope, relation: 'enrolled' | 'owned'): Promise<CourseRow[]> {
  requireSelfOrAdmin(ctx.viewer, accountId);
  const all = await coursesOf(ctx.runtime.pool, accountId, scope, new Date());
  if (relation === 'owned') return all.filter((c) => c.ownerId === accountId);
  const enrolled = new Set((await enrollmentsOf(ctx.runtime.pool, accountId)).map((e) => e.courseId));
  return all.filter((c) => enrolled.has(c.id));
}

/** A student's progress in a course: each lesson's attempts and the count of lessons by their latest outcome. */
function progressOf(lessons: LessonAssignmentRow[], attempts: LessonAttemptRow[]) {
  const counts = { attempting: 0, completed: 0, failed: 0, unattempted: 0 };
  const report = lessons.map((lessonAssignment) => {
    const mine = attempts.filter((a) => a.lessonId === lessonAssignment.lesson.id);
    counts[lessonOutcome(mine)] += 1;
    return {
      lessonAssignment,
      attempts: mine.map((a) => ({
        id: a.id,
        outcome: a.outcome,
        conversationId: a.conversationId,
        lessonId: a.lessonId,
        courseId: a.courseId,
      })),
    };
  });
  return { ...counts, report };
}

export const enrollmentResolvers: Resolvers = {
  Query: {
    lookupLanguages: () => LANGUAGES.map((l) => ({ ...l })),

    invitedCourse: async (_p, { inviteNumber }, ctx) => {
      const problem = inviteNumberError(inviteNumber);
      if (problem) throw badInput(problem, { inviteNumber: problem });
      if (ctx.ip) await ctx.runtime.rateLimiter.hit([LIMITS.invitedCoursesPerIp(ctx.ip)]);
      const course = await findCourseByInvite(ctx.runtime.pool, normalizeInviteNumber(inviteNumber));
      if (!course || isPastCourse(course, new Date())) return null;
      return { name: course.name, kind: course.kind, language: course.language, school: course.school };
    },

    enrollingCourse: async (_p, { inviteNumber, extraConversations }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const problem = inviteNumberError(inviteNumber);
      if (problem) throw badInput(problem, { inviteNumber: problem });
      const course = await findCourseByInvite(ctx.runtime.pool, normalizeInviteNumber(inviteNumber));
      if (!course) throw notFound(EnrollmentMessages.courseNotFound);
      if (isPastCourse(course, new Date())) {
        throw notFound(course.kind === 'adventure' ? EnrollmentMessages.adventureNotFound : EnrollmentMessages.courseNotFound);
      }
      if (await findEnrollment(ctx.runtime.pool, course.id, viewer.accountId)) {
        throw conflict(
          course.kind === 'adventure' ? EnrollmentMessages.adventureAlreadyEnrolled : EnrollmentMessages.courseAlreadyEnrolled,
        );
      }
      const extraProblem = extraConversationsError(extraConversations);
      if (extraProblem || (extraConversations && course.priceAgreement.unitPrice === null)) {
        const message =
          course.kind === 'adventure' ? EnrollmentMessages.adventureExtraConversations : (extraProblem ?? EnrollmentMessages.courseFailed);
        throw badInput(message, { extraConversations: extraProblem ?? EnrollmentMessages.noPrice });
      }
      return { ...course, requestedExtraConversations: extraConversations ?? 0 };
    },

    enrollingCode: async (_p, { code }, ctx) => {
      // What a code is worth, for the student to compare with the course before redeeming it. It
      // never says who redeemed a code or which set it came from; unknown and used codes answer as
      // enrollUser does; lookups count against the account's code limit (guessing codes).
      const viewer = requireViewer(ctx.viewer);
      if (!isAdmin(viewer)) requireStudent(viewer, EnrollmentMessages.studentOnly);
      const problem = redemptionCodeError(code);
      if (problem) throw badInput(problem, { code: problem });
      await ctx.runtime.rateLimiter.hit([LIMITS.codeChecksPerAccount(viewer.accountId)]);
      const found = await findRedemptionCodeWorth(ctx.runtime.pool, normalizeRedemptionCode(code));
      if (!found) throw badInput(EnrollmentMessages.codeNotFound, { code: EnrollmentMessages.codeNotFound });
      if (found.redeemed) throw conflict(EnrollmentMessages.codeAlreadyRedeemed);
      return { value: found.value, minuteQuantity: found.minuteQuantity, duration: found.duration, quantity: found.quantity };
    },

    allAdventures: async (_p, { durationRequirement, language, proficiency }, ctx) => {
      requireViewer(ctx.viewer);
      const list =
        language && !isLanguageCode(language) ? [] : await adventures(ctx.runtime.pool, { durationRequirement, language, proficiency });
      return {
        adventures: list,
        durationRequirement: durationRequirement ?? null,
        language: language ?? null,
        proficiency: proficiency ?? null,
      };
    },

    course: async (_p, { courseId }, ctx) => await visibleCourse(ctx, courseId),

    pricingPlans: async (_p, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return await pricingPlans(ctx.runtime.pool);
    },

    paymentConfiguration: (_p, _args, ctx) => ctx.runtime.payments.gateway.publicConfig(),

    template: async (_p, { templateId }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const template = await findTemplate(ctx.runtime.pool, templateId);
      return template && (isAdmin(viewer) || template.ownerId === viewer.accountId) ? template : null;
    },
  },

  Template: {
    owner: async (t, _args, ctx) => {
      if (!t.ownerId) return null;
      const [account, profile] = await Promise.all([findAccount(ctx.runtime.pool, t.ownerId), findProfile(ctx.runtime.pool, t.ownerId)]);
      return {
        id: t.ownerId,
        displayName: profile?.displayName ?? null,
        emailAddress: ownsCourse(ctx.viewer, t) ? (account?.emailAddress ?? null) : null,
        school: null,
      };
    },
  },

  Course: {
    isPast: (c) => isPastCourse(c, new Date()),
    enrolledIn: async (c, _args, ctx) => (ctx.viewer ? !!(await findEnrollment(ctx.runtime.pool, c.id, ctx.viewer.accountId)) : false),
    // The owner's and admins' business: null for a student of the course (or anyone else).
    courseEnrollmentsCount: (c, _args, ctx) => (ownsCourse(ctx.viewer, c) ? enrollmentCount(ctx.runtime.pool, c.id) : null),
    // Students see the owner's display name, never their email address (issue 11): the address
    // is the owner's and admins' only.
    owner: async (c, _args, ctx) => {
      if (!c.ownerId) return null;
      const [account, profile] = await Promise.all([findAccount(ctx.runtime.pool, c.ownerId), findProfile(ctx.runtime.pool, c.ownerId)]);
      return {
        id: c.ownerId,
        displayName: profile?.displayName ?? null,
        emailAddress: ownsCourse(ctx.viewer, c) ? (account?.emailAddress ?? null) : null,
        school: c.school,
      };
    },
    priceAgreement: (c) => ({ id: c.priceAgreement.id, kind: c.priceAgreement.kind }),
    prices: (c, { extraConversations }) => {
      const extra = extraConversations ?? c.requestedExtraConversations ?? 0;
      const problem = extraConversationsError(extra);
      if (problem) throw badInput(problem, { extraConversations: problem });
      return coursePrices(c.priceAgreement.unitPrice, c.completionRequirement, extra);
    },
    lessonAssignments: (c, _args, ctx) => lessonAssignments(ctx.runtime.pool, c.id),
    courseEnrollment: async (c, _args, ctx) => (ctx.viewer ? await findEnrollment(ctx.runtime.pool, c.id, ctx.viewer.accountId) : null),
  },

  Lesson: {
    privateNote: async (l, _args, ctx) => {
      if (l.privateNoteFor && ctx.viewer?.accountId === l.privateNoteFor) return l.privateNote;
      const course = await findCourse(ctx.runtime.pool, l.courseId);
      return course && ownsCourse(ctx.viewer, course) ? l.privateNote : null;
    },
  },

  CourseEnrollment: {
    course: async (e, _args, ctx) => {
      const course = await findCourse(ctx.runtime.pool, e.courseId);
      if (!course) throw notFound(EnrollmentMessages.courseNotFound);
      return course;
    },
    enrolledWith: (e) => e.enrolledWith,
    payment: async (e, _args, ctx) => {
      if (!e.paymentId) return null;
      requireSelfOrAdmin(ctx.viewer, e.studentId);
      return await findPayment(ctx.runtime.pool, e.paymentId);
    },
    progress: async (e, _args, ctx) => {
      const [lessons, attempts] = await Promise.all([
        lessonAssignments(ctx.runtime.pool, e.courseId),
        lessonAttemptsOf(ctx.runtime.pool, e.courseId, e.studentId),
      ]);
      return progressOf(lessons, attempts);
    },
  },

  User: {
    courseEnrollments: async (u, _args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, u.id);
      return await enrollmentsOf(ctx.runtime.pool, u.id);
    },
    courses: async (u, { scope }, ctx) => await coursesBy(ctx, u.id, scope as CourseScope, 'enrolled'),
    coursesCount: async (u, { scope }, ctx) => (await coursesBy(ctx, u.id, scope as CourseScope, 'enrolled')).length,
    ownedCourses: async (u, { scope }, ctx) => await coursesBy(ctx, u.id, scope as CourseScope, 'owned'),
    ownedCoursesCount: async (u, { scope }, ctx) => (await coursesBy(ctx, u.id, scope as CourseScope, 'owned')).length,
    ownedCourse: async (u, { courseId }, ctx) => {
      requireSelfOrAdmin(ctx.viewer, u.id);
      const course = await findCourse(ctx.runtime.pool, courseId);
      return course && course.ownerId === u.id ? course : null;
    },
  },

  Account: {
    paidPayments: async (a, _args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, a.id);
      return await paidPayments(ctx.runtime.pool, a.id);
    },
  },

  Mutation: {
    createCourse: async (_p, { input }, ctx) => {
      const viewer = requireInstructorOrAdmin(ctx.viewer);
      if ((input.ownerId && input.ownerId !== viewer.accountId) || input.pricingPlanId) requireAdmin(viewer);
      const { result, appended } = await ctx.runtime.catalog.createCourse(commandMeta(ctx), {
        kind: 'regular',
        name: input.name,
        language: input.language,
        proficiency: input.proficiency,
        // Calendar dates as the Date scalar parsed them ('YYYY-MM-DD'); "today" is in the creator's
        // time zone, the default one until profiles store it.
        startDate: input.startDate,
        endDate: input.endDate,
        completionRequirement: input.completionRequirement,
        durationRequirement: input.durationRequirement ?? null,
        ownerId: input.ownerId ?? viewer.accountId,
        school: input.school ?? null,
        pricingPlanId: input.pricingPlanId ?? null,
        lessonTitle: await callerLessonTitle(ctx),
      });
      await settled(ctx, appended, ['catalog']);
      const course = await findCourse(ctx.runtime.pool, result.courseId);
      return { created: true, course: readBack(course, ReadBackMessages.courseMade) };
    },

    createTemplate: async (_p, { input }, ctx) => {
      const viewer = requireInstructorOrAdmin(ctx.viewer);
      if (input.priceAgreementKind && input.priceAgreementKind !== 'standard') requireAdmin(viewer);
      const { result, appended } = await ctx.runtime.catalog.createTemplate(commandMeta(ctx), {
        name: input.name,
        language: input.language,
        proficiency: input.proficiency,
        completionRequirement: input.requirements.completionRequirement,
        durationRequirement: input.requirements.durationRequirement ?? null,
        ownerId: viewer.accountId,
        priceAgreementKind: input.priceAgreementKind ?? 'standard',
      });
      await settled(ctx, appended, ['catalog']);
      const template = await findTemplate(ctx.runtime.pool, result.templateId);
      return { created: true, template: readBack(template, ReadBackMessages.templateMade) };
    },

    enrollUser: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      // userId: an administrator enrolls someone (spec 1, section 6); otherwise a student enrolls.
      const byAdmin = !!input.userId;
      if (byAdmin) requireAdmin(viewer);
      else requireStudent(viewer, EnrollmentMessages.studentOnly);
      const studentId = input.userId ?? viewer.accountId;
      // A student trying codes counts against the same limit as looking them up (enrollingCode).
      if (!byAdmin && input.code && !redemptionCodeError(input.code))
        await ctx.runtime.rateLimiter.hit([LIMITS.codeChecksPerAccount(viewer.accountId)]);
      const account = await findAccount(ctx.runtime.pool, viewer.accountId);
      const result = await ctx.runtime.enrollment.enroll(commandMeta(ctx), {
        inviteNumber: input.inviteNumber,
        studentId,
        cardToken: input.cardToken ?? null,
        code: input.code ?? null,
        extraConversations: input.extraConversations ?? null,
        byAdmin,
        receiptEmail: byAdmin ? null : (account?.emailAddress ?? null),
      });
      await settled(ctx, result.appended, ['enrollments', 'minutes', 'payments', 'codes']);
      const [course, courseEnrollment, payment] = await Promise.all([
        findCourse(ctx.runtime.pool, result.courseId),
        findEnrollment(ctx.runtime.pool, result.courseId, studentId),
        result.payment ? findPayment(ctx.runtime.pool, result.payment.paymentId) : null,
      ]);
      if (!course || !courseEnrollment) throw new DomainError('CONFLICT', EnrollmentMessages.courseFailed);
      return { enrolled: true, course, courseEnrollment, payment };
    },
  },
};
