/**
 * Speakers (issue 8): invitations, the speaking record, interview, evaluation, speaking settings,
 * the instructor gallery and the admins' speakerAccepted subscription.
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { isLanguageCode } from '../../../contracts/enrollment';
import { LOCALE_INVALID_MESSAGE, isSupportedLocale } from '../../../contracts/i18n/locales';
import { callerLocale } from '../../i18n/locale';
import { SpeakerMessages } from '../../../contracts/speaking';
import { allProjectors } from '../../../projections';
import { findAccount } from '../../../projections/accounts';
import { findConversation } from '../../../projections/conversations';
import { findInvitation, findSpeaking, listInvitations, promotedSpeakers, type SpeakingRow } from '../../../projections/speakers';
import { badInput, notFound } from '../../domain/shared/errors';
import { requireAdmin, requireInstructorOrAdmin, requireSelfOrAdmin } from '../auth';
import { accountOrThrow, commandMeta, readBack, settled } from '../commandSupport';
import { ReadBackMessages } from '../apiMessages';
import type { ApiContext } from '../context';

/** Read models a speaking change shows in (the conversations one once it exists). */
const SPEAKING_READ_MODELS = ['speakers', 'history'].filter((n) => allProjectors.some((p) => p.name === n));
// The directory too: the answer's `reservedWith` is the speaker as the directory has them, and a
// speaker who signed up a moment ago may not be there yet (a full run answered null once).
const INTERVIEW_READ_MODELS = ['speakers', 'conversations', 'directory'].filter((n) => allProjectors.some((p) => p.name === n));
const INVITATION_READ_MODELS = ['speakers', 'notifications'];

async function speakingOrThrow(ctx: ApiContext, speakerId: string): Promise<SpeakingRow> {
  const speaking = await findSpeaking(ctx.runtime.pool, speakerId);
  if (!speaking) throw notFound(SpeakerMessages.noSpeakingRecord);
  return speaking;
}

async function invitationOrThrow(ctx: ApiContext, invitationId: string) {
  const invitation = await findInvitation(ctx.runtime.pool, invitationId);
  if (!invitation) throw notFound(SpeakerMessages.invitationNotFound);
  return invitation;
}

export const speakersResolvers: Resolvers = {
  Query: {
    invitations: async (_p, { status }, ctx) => {
      requireAdmin(ctx.viewer);
      return await listInvitations(ctx.runtime.pool, { status: status ?? null });
    },
    allSpeakers: async (_p, { language }, ctx) => {
      requireInstructorOrAdmin(ctx.viewer);
      const code = language?.trim() || null;
      if (code && !isLanguageCode(code)) throw badInput(SpeakerMessages.languageUnknown, { language: SpeakerMessages.languageUnknown });
      return { language: code, speakers: await promotedSpeakers(ctx.runtime.pool, code) };
    },
  },
  User: {
    speaking: async (user, _args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, user.id);
      return await findSpeaking(ctx.runtime.pool, user.id);
    },
  },
  Speaking: {
    hasEvaluation: (s) => !!s.evaluation,
    // The interview was held (stopped) or missed (unused), and staff has not decided yet.
    isUnderReview: (s) => !s.evaluation && !!s.interview && ['stopped', 'unused'].includes(s.interview.status),
  },
  Invitation: {
    owner: async (i, _args, ctx) => (i.ownerId ? await findAccount(ctx.runtime.pool, i.ownerId) : null),
    speaking: async (i, _args, ctx) => (i.speakerId ? await findSpeaking(ctx.runtime.pool, i.speakerId) : null),
  },
  Mutation: {
    inviteSpeaker: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      // The person has no account to say their language: the admin chooses it, else it is the admin's.
      if (input.locale != null && !isSupportedLocale(input.locale))
        throw badInput(LOCALE_INVALID_MESSAGE, { locale: LOCALE_INVALID_MESSAGE });
      const locale = isSupportedLocale(input.locale) ? input.locale : await callerLocale(ctx);
      const { result, appended } = await ctx.runtime.speaking.inviteSpeaker(commandMeta(ctx), { emailAddress: input.emailAddress, locale });
      await settled(ctx, appended, INVITATION_READ_MODELS);
      return { invited: true, invitation: await invitationOrThrow(ctx, result.invitationId) };
    },
    rescindSpeaker: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.speaking.rescindSpeaker(commandMeta(ctx), { invitationId: input.invitationId });
      await settled(ctx, appended, ['speakers']);
      return { rescinded: true, invitation: await invitationOrThrow(ctx, input.invitationId) };
    },
    interviewSpeaker: async (_p, { input }, ctx) => {
      const viewer = requireAdmin(ctx.viewer);
      const { result, appended } = await ctx.runtime.speaking.interviewSpeaker(commandMeta(ctx), { speakerId: input.speakerId });
      // Staff holds the interview now: it opens at once, so the candidate can connect (spec 3:
      // ready, and the conversation to join). Opening an open interview changes nothing.
      const opened = await ctx.runtime.live.open(commandMeta(ctx), { conversationId: result.conversationId, accountId: viewer.accountId });
      await settled(ctx, opened.appended ?? appended, INTERVIEW_READ_MODELS);
      const conversation = await findConversation(ctx.runtime.pool, result.conversationId);
      return { ready: true, conversation: readBack(conversation, ReadBackMessages.interviewMade) };
    },
    evaluateSpeaker: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.speaking.evaluateSpeaker(commandMeta(ctx), {
        speakerId: input.speakerId,
        evaluation: input.evaluation,
      });
      await settled(ctx, appended, SPEAKING_READ_MODELS);
      return { evaluated: true, speaking: await speakingOrThrow(ctx, input.speakerId) };
    },
    changeUserSpeaking: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { appended } = await ctx.runtime.speaking.changeUserSpeaking(commandMeta(ctx), {
        userId: input.userId,
        languages: input.languages,
        payRate: input.payRate,
      });
      await settled(ctx, appended, SPEAKING_READ_MODELS);
      return { changed: !!appended, user: await accountOrThrow(ctx, input.userId) };
    },
  },
  Subscription: {
    speakerAccepted: {
      subscribe: (_p, _args, ctx) => {
        requireAdmin(ctx.viewer);
        return ctx.runtime.changes.subscribe('speakerAccepted', '*');
      },
      resolve: async (payload: { key: string }, _args: unknown, ctx: ApiContext) => {
        const invitation = await invitationOrThrow(ctx, payload.key);
        return { emailAddress: invitation.emailAddress, invitation };
      },
    },
  },
};
