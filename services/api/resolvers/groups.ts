/**
 * The admin's groups table (issue 11; docs/decisions/groups-table.md, "Groups table"): schools instructors name,
 * with the counts the groups read model keeps. Admins only, the table and a group's page alike.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { currentCoursesCounts, findGroup, groupCourses, groupInstructors, groupsSource, type GroupRow } from '../../../projections/groups';
import { isPastCourse } from '../../domain/catalog/course';
import { requireAdmin } from '../auth';
import { connection } from '../connections';

type GroupNode = GroupRow & { currentCoursesCount?: number };

export const groupResolvers: Resolvers = {
  Query: {
    groups: async (_p, args, ctx) => {
      requireAdmin(ctx.viewer);
      const page = await connection(ctx.runtime.pool, groupsSource, args);
      // Current courses move with the clock: counted for this page's groups in one statement.
      const current = await currentCoursesCounts(
        ctx.runtime.pool,
        page.edges.map((e) => e.node.id),
      );
      for (const edge of page.edges) (edge.node as GroupNode).currentCoursesCount = current.get(edge.node.id) ?? 0;
      return page as any;
    },
    group: async (_p, { groupId }, ctx) => {
      requireAdmin(ctx.viewer);
      const group: GroupNode | null = await findGroup(ctx.runtime.pool, groupId);
      if (!group) return null;
      group.currentCoursesCount = (await currentCoursesCounts(ctx.runtime.pool, [group.id])).get(group.id) ?? 0;
      return group as any;
    },
  },
  Group: {
    instructors: (g: any, _args, ctx) => (requireAdmin(ctx.viewer), groupInstructors(ctx.runtime.pool, g.id)) as any,
    courses: async (g: any, _args, ctx) => {
      requireAdmin(ctx.viewer);
      const [courses, instructors] = await Promise.all([groupCourses(ctx.runtime.pool, g.id), groupInstructors(ctx.runtime.pool, g.id)]);
      const byId = new Map(instructors.map((i) => [i.id, i]));
      const now = new Date();
      return courses.map((c) => ({ ...c, isPast: isPastCourse(c, now), owner: byId.get(c.ownerId) ?? null })) as any;
    },
  },
};
