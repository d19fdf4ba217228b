/**
 * The admin's groups table (issue 11; docs/decisions/groups-table.md, "Groups table"): schools instructors name,
 * with the counts the groups read model keeps. Admins only, the table and a group's page alike.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { currentCoursesCounts, findGroup, groupCourses, groupInstructors, groupsSource } from '../../../projections/groups';
import { isPastCourse } from '../../domain/catalog/course';
import { requireAdmin } from '../auth';
import { adminConnection } from '../adminConnection';

export const groupResolvers: Resolvers = {
  Query: {
    groups: async (_p, args, ctx) => {
      const page = await adminConnection(ctx, groupsSource, args);
      // Current courses move with the clock: counted for this page's groups in one statement.
      const current = await currentCoursesCounts(
        ctx.runtime.pool,
        page.edges.map((e) => e.node.id),
      );
      return { ...page, edges: page.edges.map((e) => ({ ...e, node: { ...e.node, currentCoursesCount: current.get(e.node.id) ?? 0 } })) };
    },
    group: async (_p, { groupId }, ctx) => {
      requireAdmin(ctx.viewer);
      const group = await findGroup(ctx.runtime.pool, groupId);
      if (!group) return null;
      return { ...group, currentCoursesCount: (await currentCoursesCounts(ctx.runtime.pool, [group.id])).get(group.id) ?? 0 };
    },
  },
  Group: {
    instructors: (g, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return groupInstructors(ctx.runtime.pool, g.id);
    },
    courses: async (g, _args, ctx) => {
      requireAdmin(ctx.viewer);
      const [courses, instructors] = await Promise.all([groupCourses(ctx.runtime.pool, g.id), groupInstructors(ctx.runtime.pool, g.id)]);
      const byId = new Map(instructors.map((i) => [i.id, i]));
      const now = new Date();
      return courses.map((c) => ({ ...c, isPast: isPastCourse(c, now), owner: byId.get(c.ownerId) ?? null }));
    },
  },
};
