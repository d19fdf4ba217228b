/**
 * The student's progress page (issue 35): myProgress, the signed-in student's own numbers only — their
 * held conversations in weeks of their zone, and their current courses' lessons with the class view's
 * states (docs/decisions/student-progress.md).
 */
import { todayIn, isOver, startOfDayIn } from '../../../contracts/calendarDate';
import { lessonStates } from '../../../contracts/classView';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { PROGRESS_COURSES_MAX, PROGRESS_WEEKS_DEFAULT, firstWeekOf, progressWeeks } from '../../../contracts/studentProgress';
import { findCoursesByIds, lessonAssignments, type CourseRow } from '../../../projections/catalog';
import { classRowsOf } from '../../../projections/classview';
import { enrollmentsOf } from '../../../projections/enrollments';
import { findProfile } from '../../../projections/profiles';
import { heldConversationsOf } from '../../../projections/studentProgress';
import { requireStudent } from '../auth';
import type { ApiContext } from '../context';
import { heldSeconds } from './speakingTime';

/** More conversations than 26 weeks of a few a day: the read stays bounded whatever the log holds. */
const HELD_CONVERSATIONS_MAX = 2000;

/** The student's enrolled courses not yet over, latest start first. */
async function currentCoursesOf(ctx: ApiContext, studentId: string, now: Date): Promise<CourseRow[]> {
  const enrollments = await enrollmentsOf(ctx.runtime.pool, studentId);
  const courses = await findCoursesByIds(
    ctx.runtime.pool,
    enrollments.map((e) => e.courseId),
  );
  return courses
    .filter((c) => !c.endDate || !isOver(c.endDate, now))
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || a.id.localeCompare(b.id))
    .slice(0, PROGRESS_COURSES_MAX);
}

async function courseProgress(ctx: ApiContext, course: CourseRow, studentId: string, today: string) {
  const [lessons, rows] = await Promise.all([
    lessonAssignments(ctx.runtime.pool, course.id),
    classRowsOf(ctx.runtime.pool, course.id, studentId),
  ]);
  const { states } = lessonStates(
    rows[0]?.attempts ?? [],
    lessons.map((l) => ({ lessonId: l.lesson.id, dueOn: l.dueOn })),
    today,
  );
  return {
    courseId: course.id,
    courseName: course.name,
    lessonsDone: states.filter((s) => s === 'complete').length,
    lessons: lessons.map((l, i) => ({ lessonId: l.lesson.id, order: l.order, title: l.lesson.title, dueOn: l.dueOn, state: states[i] })),
  };
}

export const progressResolvers: Resolvers = {
  Query: {
    myProgress: async (_p, { weeks }, ctx) => {
      const viewer = requireStudent(ctx.viewer);
      const now = new Date();
      const weekCount = weeks ?? PROGRESS_WEEKS_DEFAULT;
      const zone = (await findProfile(ctx.runtime.pool, viewer.accountId))?.tzIdentifier ?? null;
      const today = todayIn(zone, now);
      const [held, courses] = await Promise.all([
        heldConversationsOf(
          ctx.runtime.pool,
          viewer.accountId,
          startOfDayIn(firstWeekOf(weekCount, zone, now), zone),
          HELD_CONVERSATIONS_MAX,
        ),
        currentCoursesOf(ctx, viewer.accountId, now),
      ]);
      const conversations = held.map((h) => ({
        startedAt: h.conversation.startedOn!,
        heldSeconds: heldSeconds(h.conversation, now),
        spokenSeconds: h.spokenMs === null ? null : Math.round(h.spokenMs / 1000),
        corrections: h.corrections,
        newWords: h.newWords,
      }));
      return {
        today,
        weeks: progressWeeks(conversations, zone, weekCount, now),
        courses: await Promise.all(courses.map((c) => courseProgress(ctx, c, viewer.accountId, today))),
      };
    },
  },
};
