/**
 * The instructor's class view (issue 35): classView reads the course's class in one statement of
 * the classview read model (with the catalog's lessons and the profiles' names beside it) and decides
 * each cell's state against today in the viewer's zone; remindStudents mails the chosen students.
 * The course's owner and admins only (docs/decisions/class-view.md).
 */
import { type ClassAttempt, DUE_SOON_DAYS, lessonStates, minutesHeld } from '../../../contracts/classView';
import { todayIn } from '../../../contracts/calendarDate';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findCourse, lessonAssignments } from '../../../projections/catalog';
import { classRowsOf } from '../../../projections/classview';
import { findProfile, findProfiles, type ProfileRow } from '../../../projections/profiles';
import { notFound, unauthorized } from '../../domain/shared/errors';
import { ApiMessages, ClassViewMessages } from '../apiMessages';
import { ownsCourse, requireInstructorOrAdmin } from '../auth';
import { commandMeta, settled } from '../commandSupport';
import type { ApiContext } from '../context';

const nameOf = (p: ProfileRow | undefined) => p?.displayName?.trim() || [p?.givenName, p?.surname].filter(Boolean).join(' ').trim() || null;

async function namesOf(ctx: ApiContext, ids: string[]) {
  const profiles = await findProfiles(ctx.runtime.pool, ids);
  return (id: string) => nameOf(profiles.get(id));
}

/** The course, when the viewer owns it or is an admin. */
async function ownedCourse(ctx: ApiContext, courseId: string) {
  const viewer = requireInstructorOrAdmin(ctx.viewer);
  const course = await findCourse(ctx.runtime.pool, courseId);
  if (!course) throw notFound(ApiMessages.courseNotFound);
  if (!ownsCourse(viewer, course)) throw unauthorized(ClassViewMessages.notOwner);
  return { viewer, course };
}

export const classViewResolvers: Resolvers = {
  Query: {
    classView: async (_p, { courseId }, ctx) => {
      const { viewer, course } = await ownedCourse(ctx, courseId);
      const pool = ctx.runtime.pool;
      const [lessons, rows, profile] = await Promise.all([
        lessonAssignments(pool, course.id),
        classRowsOf(pool, course.id),
        findProfile(pool, viewer.accountId),
      ]);
      const today = todayIn(profile?.tzIdentifier ?? null);
      const lessonDues = lessons.map((l) => ({ lessonId: l.lesson.id, dueOn: l.dueOn }));
      const name = await namesOf(
        ctx,
        rows.map((r) => r.studentId),
      );
      return {
        courseId: course.id,
        courseName: course.name,
        today,
        dueSoonDays: DUE_SOON_DAYS,
        lessons: lessons.map((l) => ({ lessonId: l.lesson.id, order: l.order, title: l.lesson.title, dueOn: l.dueOn })),
        students: rows.map((row) => {
          const { byLesson, states } = lessonStates(row.attempts, lessonDues, today);
          // Details only where the page shows any: a conversation to come or awaiting its mark, a
          // missed attempt, a reminder (a completed lesson, most of a class, needs none).
          const cells = lessons.flatMap((l, i) => {
            const attempts = byLesson.get(l.lesson.id) ?? [];
            const latest = attempts[attempts.length - 1];
            const remindedAt = row.reminders[l.lesson.id] ?? null;
            const missedCount = attempts.filter((a: ClassAttempt) => a.outcome === 'failed').length;
            const open = states[i] === 'reserved' || states[i] === 'held';
            if (!open && !missedCount && !remindedAt) return [];
            return [
              {
                lessonId: l.lesson.id,
                conversationId: open ? latest.conversationId : null,
                reservedStart: open ? latest.reservedStart : null,
                missedCount,
                remindedAt,
              },
            ];
          });
          return {
            studentId: row.studentId,
            displayName: name(row.studentId),
            enrolledOn: row.enrolledOn,
            minutesHeld: minutesHeld(row.attempts),
            minutesSpoken: Math.round(row.spokenMs / 60_000),
            completedCount: states.filter((state) => state === 'complete').length,
            states,
            cells,
          };
        }),
      };
    },
  },
  Mutation: {
    remindStudents: async (_p, { input }, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      const { result, appended } = await ctx.runtime.reminders.remindStudents(commandMeta(ctx), input);
      await settled(ctx, appended, ['classview']);
      const name = await namesOf(
        ctx,
        [...result.reminded, ...result.refused].map((r) => r.studentId),
      );
      return {
        reminded: result.reminded.map((r) => ({ ...r, displayName: name(r.studentId) })),
        refused: result.refused.map((r) => ({ ...r, displayName: name(r.studentId) })),
      };
    },
  },
};
