/**
 * Recordings (issue 10): Conversation.archive, conversationArchive, redirectArchiveMedia and the
 * admins' removeConversationArchive. Who may see and play a recording is decided once, by
 * `mayPlayArchive` (the conversation's student, the instructor who owns its course, admins).
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findArchive, type ArchiveRow } from '../../../projections/archives';
import { findCourse } from '../../../projections/catalog';
import { findConversation, type ConversationRow } from '../../../projections/conversations';
import { ARCHIVE_URL_TTL_SECONDS, archiveStatusText, mayPlayArchive } from '../../domain/archive/archive';
import { conflict, notFound, unauthorized } from '../../domain/shared/errors';
import { ArchiveMessages } from '../apiMessages';
import { requireAdmin, requireViewer, type Viewer } from '../auth';
import { commandMeta, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import { enumValue } from '../enumValue';

async function mayPlay(ctx: ApiContext, viewer: Viewer | null, c: ConversationRow): Promise<boolean> {
  if (!viewer) return false;
  const courseOwnerId = c.courseId ? ((await findCourse(ctx.runtime.pool, c.courseId))?.ownerId ?? null) : null;
  return mayPlayArchive(viewer, { studentId: c.reservedBy, courseOwnerId });
}

/** The conversation, when the viewer may see its recording; the server's error otherwise (a missing one alike). */
async function playableConversation(ctx: ApiContext, conversationId: string): Promise<ConversationRow> {
  const viewer = requireViewer(ctx.viewer);
  const c = await findConversation(ctx.runtime.pool, conversationId);
  if (!c || !(await mayPlay(ctx, viewer, c))) throw unauthorized(ArchiveMessages.notAllowed);
  return c;
}

/** expiresOn: when its retention ends (its course's days after the course, issue 34), while it is playable. */
const toGraphQL = async (ctx: ApiContext, a: ArchiveRow) => ({
  conversationId: a.conversationId,
  status: enumValue(a.status),
  percent: Math.max(0, Math.min(100, a.percent)),
  statusText: archiveStatusText(a.status, a.percent),
  durationSeconds: a.durationSeconds,
  expiresOn: a.status === 'available' ? await ctx.runtime.archive.retentionEndsOf(a.conversationId) : null,
});

export const archiveResolvers: Resolvers = {
  Conversation: {
    archiveOnStart: (c) => !!c.archiveOnStart,
    archive: async (c, _a, ctx) => {
      if (!(await mayPlay(ctx, ctx.viewer, c))) return null;
      const archive = await findArchive(ctx.runtime.pool, c.id);
      return archive ? await toGraphQL(ctx, archive) : null;
    },
  },

  Query: {
    conversationArchive: async (_p, { conversationId }, ctx) => {
      const c = await playableConversation(ctx, conversationId);
      const archive = await findArchive(ctx.runtime.pool, c.id);
      return archive ? await toGraphQL(ctx, archive) : null;
    },
  },

  Mutation: {
    redirectArchiveMedia: async (_p, { input }, ctx) => {
      const c = await playableConversation(ctx, input.conversationId);
      const archive = await findArchive(ctx.runtime.pool, c.id);
      if (!archive) throw notFound(ArchiveMessages.none);
      if (archive.status === 'expired') throw conflict(ArchiveMessages.expired);
      if (archive.status !== 'available' || !archive.mediaKey) throw conflict(ArchiveMessages.notPlayable);
      const url = await ctx.runtime.storage.signedUrl(archive.mediaKey, ARCHIVE_URL_TTL_SECONDS);
      return { url, expiresOn: new Date(Date.now() + ARCHIVE_URL_TTL_SECONDS * 1000) };
    },

    removeConversationArchive: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.archive.remove(commandMeta(ctx), { conversationId: input.conversationId });
      await settled(ctx, appended, ['archives']);
      const archive = await findArchive(ctx.runtime.pool, input.conversationId);
      return { removed: true, archive: archive ? await toGraphQL(ctx, archive) : null };
    },
  },
};
