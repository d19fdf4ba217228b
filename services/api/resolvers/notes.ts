/**
 * The speaker's notes (issue 35): on a conversation for whoever may see it (its student, its
 * speaker, its course's instructor, admins: canSeeConversation), written by its speaker, and a
 * student's own notes across their conversations.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findConversation, type ConversationRow } from '../../../projections/conversations';
import { notesOf, notesOfStudent } from '../../../projections/notes';
import { notesPolicy } from '../../domain/conversations/notes';
import { notFound } from '../../domain/shared/errors';
import { requireStudent, requireViewer } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import { canSeeConversation, visibleConversation } from './scheduling';
import { ApiMessages, ReadBackMessages } from '../apiMessages';

const subjectOf = (c: ConversationRow) => ({
  ...c,
  conversationId: c.id,
  startedAt: c.startedOn,
  stopsAt: c.stopsOn,
  stoppedAt: c.stoppedOn,
});

/** The student's page lists this many notes at most (a year of weekly conversations, ten notes each, fits). */
const DEFAULT_STUDENT_NOTES = 1000;

export const notesResolvers: Resolvers = {
  Conversation: {
    learningNotes: async (c, _a, ctx) => ((await canSeeConversation(ctx, c)) ? notesOf(ctx.runtime.pool, c.id) : null),
    notesPolicy: (c, _a, ctx) => {
      const { isWritable, writableUntil } = notesPolicy(subjectOf(c), ctx.viewer?.accountId ?? null, new Date());
      return { isWritable, writableUntil };
    },
  },

  StudentLearningNote: {
    note: (row) => row,
  },

  Query: {
    myLearningNotes: async (_p, { search, courseId, first }, ctx) => {
      const viewer = requireStudent(ctx.viewer);
      return notesOfStudent(ctx.runtime.pool, viewer.accountId, {
        search: search?.trim() || null,
        courseId: courseId ?? null,
        limit: first ?? DEFAULT_STUDENT_NOTES,
      });
    },
  },

  Mutation: {
    saveLearningNotes: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const c = await visibleConversation(ctx, input.conversationId);
      if (!c) throw notFound(ApiMessages.conversationNotFound);
      const { appended } = await ctx.runtime.notes.save(commandMeta(ctx), {
        conversationId: c.id,
        writerId: viewer.accountId,
        notes: input.notes.map((n) => ({ id: n.id ?? null, kind: n.kind, text: n.text, detail: n.detail ?? null, why: n.why ?? null })),
      });
      await settled(ctx, appended, ['notes']);
      return {
        conversation: readBack(await findConversation(ctx.runtime.pool, c.id), ReadBackMessages.conversationNotReadable),
      };
    },
  },
};
