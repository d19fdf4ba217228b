/**
 * After the conversation (issue 10): the policies and prices on Conversation, ratings, promotions and
 * make-up purchases. Marking itself runs through moderateConversation (./live.ts), which calls
 * `markConversation` here.
 */
import { adminMarkingChoices, makeUpPrice, markingChoices, promotionDestination } from '../../../contracts/afterConversation';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findCourse } from '../../../projections/catalog';
import { findConversation, ratingsOf, speakerRatingSummary, type ConversationRow } from '../../../projections/conversations';
import { findPerson } from '../../../projections/directory';
import { findAccount } from '../../../projections/accounts';
import { findEnrollmentById } from '../../../projections/enrollments';
import { canMakeUp, isMarkable } from '../../domain/conversations/marking';
import { notFound } from '../../domain/shared/errors';
import { isAdmin, requireStudent, requireViewer, type Viewer } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import type { ApiContext } from '../context';
import { visibleConversation } from './scheduling';
import { ApiMessages, ReadBackMessages } from '../apiMessages';

const asState = (c: ConversationRow) => ({
  ...c,
  canceled: c.isCanceled ? { by: c.canceledBy, reason: c.cancelReason ?? '' } : null,
  markedAs: c.markedAs,
});

const makeUpSubject = (c: ConversationRow) => ({ ...c, makeUpPurchased: !!c.makeUpPurchasedOn, refundedTotal: c.refundedMinutes });

const isParticipantOrAdmin = (viewer: Viewer | null, c: ConversationRow) =>
  !!viewer && (isAdmin(viewer) || viewer.accountId === c.reservedBy || viewer.accountId === c.reservedWith);

/** Marks a conversation the viewer may see; answers the conversation as the read model has it after. */
export async function markConversation(ctx: ApiContext, conversationId: string, markAs: string) {
  const viewer = requireViewer(ctx.viewer);
  const c = await visibleConversation(ctx, conversationId);
  if (!c) throw notFound(ApiMessages.conversationNotFound);
  const { appended } = await ctx.runtime.afterConversation.mark(commandMeta(ctx), {
    conversationId: c.id,
    markAs,
    viewer: { accountId: viewer.accountId, isAdmin: isAdmin(viewer) },
  });
  await settled(ctx, appended, ['conversations', 'enrollments', 'minutes']);
  return readBack(await findConversation(ctx.runtime.pool, c.id), ReadBackMessages.conversationMarked);
}

export const afterConversationResolvers: Resolvers = {
  Conversation: {
    markablePolicy: (c, _a, ctx) => {
      const v = ctx.viewer;
      const mayMark = !!v && (isAdmin(v) || v.accountId === c.reservedWith);
      const isMarkableNow = mayMark && isMarkable(asState(c), new Date());
      const current = c.markedAs;
      const choices = !isMarkableNow ? [] : isAdmin(v) ? adminMarkingChoices(current) : markingChoices(current);
      return { isMarkable: isMarkableNow, choices };
    },
    makeUpPolicy: (c, _a, ctx) => ({ canMakeUp: canMakeUp(makeUpSubject(c), ctx.viewer?.accountId ?? null, new Date()) }),
    makeUpPrices: async (c, _a, ctx) => {
      if (!c.courseId || !canMakeUp(makeUpSubject(c), ctx.viewer?.accountId ?? null, new Date())) return null;
      const course = await findCourse(ctx.runtime.pool, c.courseId);
      const totalPrice = course ? makeUpPrice(course.priceAgreement.unitPrice) : null;
      return totalPrice === null ? null : { totalPrice, currency: course!.priceAgreement.currency, minuteQuantity: c.minutes };
    },
    refundedMinutes: (c, _a, ctx) => (isParticipantOrAdmin(ctx.viewer, c) ? c.refundedMinutes : null),
    ratings: async (c, _a, ctx) => {
      const v = ctx.viewer;
      if (!v) return [];
      const all = await ratingsOf(ctx.runtime.pool, c.id);
      // Admins see both ratings; a participant sees their own, so neither is swayed by the other's.
      return all.filter((r) => isAdmin(v) || r.ratedBy === v.accountId);
    },
    isRatable: async (c, _a, ctx) => {
      const v = ctx.viewer;
      if (!v || c.kind !== 'lesson' || c.isCanceled || (v.accountId !== c.reservedBy && v.accountId !== c.reservedWith)) return false;
      const ended = c.status === 'stopped' || c.status === 'unused' || Date.now() >= c.end.getTime();
      if (!ended) return false;
      return !(await ratingsOf(ctx.runtime.pool, c.id)).some((r) => r.ratedBy === v.accountId);
    },
  },

  ConversationRating: {
    ratedBy: (r, _a, ctx) => findPerson(ctx.runtime.pool, r.ratedBy),
  },

  User: {
    speakerRating: async (u, _a, ctx) => (isAdmin(ctx.viewer) ? speakerRatingSummary(ctx.runtime.pool, u.id) : null),
  },

  Mutation: {
    acknowledgePromotion: async (_p, { input }, ctx) => {
      const viewer = requireStudent(ctx.viewer);
      const enrollment = await findEnrollmentById(ctx.runtime.pool, input.courseEnrollmentId);
      // Someone else's enrollment answers as a missing one: ids are not confirmed to strangers.
      if (!enrollment || enrollment.studentId !== viewer.accountId) throw notFound(ApiMessages.enrollmentNotFound);
      const { result, appended } = await ctx.runtime.afterConversation.acknowledgePromotion(commandMeta(ctx), {
        courseId: enrollment.courseId,
        studentId: viewer.accountId,
      });
      await settled(ctx, appended, ['enrollments']);
      return { acknowledged: true, destination: promotionDestination(result.promotion) };
    },

    purchaseMakeUpMinutes: async (_p, { input }, ctx) => {
      const viewer = requireStudent(ctx.viewer);
      const c = await visibleConversation(ctx, input.conversationId);
      if (!c || c.reservedBy !== viewer.accountId) throw notFound(ApiMessages.conversationNotFound);
      const result = await ctx.runtime.afterConversation.purchaseMakeUp(commandMeta(ctx), {
        conversationId: c.id,
        studentId: viewer.accountId,
        cardToken: input.cardToken,
        receiptEmail: (await findAccount(ctx.runtime.pool, viewer.accountId))?.emailAddress ?? null,
      });
      await settled(ctx, result.appended, ['conversations', 'minutes', 'payments']);
      return { purchased: result.purchased, minuteQuantity: result.minuteQuantity, amount: result.amount };
    },

    rateConversation: async (_p, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const c = await visibleConversation(ctx, input.conversationId);
      if (!c) throw notFound(ApiMessages.conversationNotFound);
      const { appended } = await ctx.runtime.afterConversation.rate(commandMeta(ctx), {
        conversationId: c.id,
        accountId: viewer.accountId,
        rating: input.rating,
        comment: input.comment ?? null,
      });
      await settled(ctx, appended, ['conversations']);
      const rated = readBack(await findConversation(ctx.runtime.pool, c.id), ReadBackMessages.conversationRated);
      return { rated: true, conversation: rated };
    },
  },
};
