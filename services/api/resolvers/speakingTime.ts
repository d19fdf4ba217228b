/**
 * Speaking time (issue 35) on a conversation, for whoever may see it (its student, its speaker, its
 * course's instructor, admins: canSeeConversation); reports come through syncParticipant (live.ts).
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import type { ConversationRow } from '../../../projections/conversations';
import { speakingTimesOf } from '../../../projections/speakingtime';
import { canSeeConversation } from './scheduling';

/** Seconds the conversation's clock ran: started to stopped, up to now (at most its length) while it runs. */
export function heldSeconds(c: ConversationRow, now: Date): number {
  if (!c.startedOn) return 0;
  const until = c.stoppedOn ?? (c.stopsOn && c.stopsOn < now ? c.stopsOn : now);
  return Math.max(0, Math.round((until.getTime() - c.startedOn.getTime()) / 1000));
}

export const speakingTimeResolvers: Resolvers = {
  Conversation: {
    speakingTime: async (c, _a, ctx) => {
      if (!(await canSeeConversation(ctx, c))) return null;
      const spoken = await speakingTimesOf(ctx.runtime.pool, c.id);
      const seconds = (accountId: string) => Math.round((spoken.get(accountId) ?? 0) / 1000);
      return { heldSeconds: heldSeconds(c, new Date()), studentSeconds: seconds(c.reservedBy), speakerSeconds: seconds(c.reservedWith) };
    },
  },
};
