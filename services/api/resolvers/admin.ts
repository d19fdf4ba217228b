/**
 * The back-office API (issue 3): people lists, notifications, a person's history, quick search,
 * the dashboard, and the admin's email change and password reset. Every field checks access first
 * (services/api/auth.ts); lists go through the one connection mechanism.
 */
import { DateTime } from 'luxon';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { findAccount } from '../../../projections/accounts';
import { findPerson, peopleWithRole, profilesSource } from '../../../projections/directory';
import { findCourse } from '../../../projections/catalog';
import {
  adminCoursesSource,
  adminLessonsSource,
  conversationCount,
  dashboardConversations,
  minutesSoldSince,
  speakersAvailableAt,
} from '../../../projections/directory/adminViews';
import { historyOf } from '../../../projections/history';
import {
  findNotification,
  mailTemplatesSource,
  notificationTimeline,
  notificationsFor,
  notificationsSource,
} from '../../../projections/notifications';
import { peopleShownWithPii, quickSearch } from '../../../projections/search';
import { speakerCandidatesSource } from '../../../projections/speakers';
import { MAIL_TEMPLATE_KEYS, renderStoredMail } from '../../domain/notifications/templates';
import { notificationPublicToken } from '../../security/mailTokens';
import { describeIn } from '../../i18n/history';
import { callerLocale } from '../../i18n/locale';
import { requireAdmin, requireEmailChanger, requireSelfOrAdmin } from '../auth';
import { adminConnection } from '../adminConnection';
import { accountOrThrow, commandMeta, settled } from '../commandSupport';

import { DEFAULT_TIME_ZONE } from '../../../contracts/calendarDate';
import { ACCESS_RECORDS_PER_SEARCH } from '../../domain/dataAccess/dataAccess';
import { recordPersonalDataViews } from './dataAccess';

/** The read models an admin change shows in: the next list, detail or history read sees it. */
export const ADMIN_READ_MODELS = ['accounts', 'directory', 'history', 'search', 'notifications', 'minutes'];

/** Monday 00:00 of the week holding `now`, in a time zone. */
export function weekStart(now: Date, zone: string): Date {
  return DateTime.fromJSDate(now).setZone(zone).startOf('week').toJSDate();
}

/** Start of today to the end of tomorrow in a time zone (spec 3, section 9). */
export function dashboardWindow(now: Date, zone: string) {
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  return { rangeStart: today.toJSDate(), rangeEnd: today.plus({ days: 1 }).endOf('day').toJSDate() };
}

const MAIL_TEMPLATES = mailTemplatesSource(MAIL_TEMPLATE_KEYS);

export const adminResolvers: Resolvers = {
  Query: {
    students: (_p, args, ctx) => adminConnection(ctx, peopleWithRole('STUDENT'), args),
    instructors: (_p, args, ctx) => adminConnection(ctx, peopleWithRole('INSTRUCTOR'), args),
    speakers: (_p, args, ctx) => adminConnection(ctx, peopleWithRole('SPEAKER'), args),
    notifications: (_p, args, ctx) => adminConnection(ctx, notificationsSource, args),
    notification: async (_p, { notificationId }, ctx) => {
      requireAdmin(ctx.viewer);
      return findNotification(ctx.runtime.pool, notificationId);
    },
    user: async (_p, { userId }, ctx) => {
      requireSelfOrAdmin(ctx.viewer, userId);
      const account = await findAccount(ctx.runtime.pool, userId);
      if (account) await recordPersonalDataViews(ctx, [{ personId: userId, view: 'PERSON_PAGE' }]);
      return account;
    },
    userHistory: (_p, { userId, ...args }, ctx) => adminConnection(ctx, historyOf(userId), args),
    quickSearch: async (_p, { searchQuery, pii }, ctx) => {
      requireAdmin(ctx.viewer);
      const groups = await quickSearch(ctx.runtime.pool, searchQuery, { pii: !!pii });
      if (pii) {
        const shown = await peopleShownWithPii(ctx.runtime.pool, groups, ACCESS_RECORDS_PER_SEARCH);
        await recordPersonalDataViews(
          ctx,
          shown.map((personId) => ({ personId, view: 'QUICK_SEARCH' as const })),
        );
      }
      return groups;
    },
    courses: (_p, args, ctx) => adminConnection(ctx, adminCoursesSource, args),
    lessons: (_p, args, ctx) => adminConnection(ctx, adminLessonsSource, args),
    profiles: (_p, args, ctx) => adminConnection(ctx, profilesSource, args),
    mailTemplates: (_p, args, ctx) => adminConnection(ctx, MAIL_TEMPLATES, args),
    speakerCandidates: (_p, args, ctx) => adminConnection(ctx, speakerCandidatesSource, args),
    adminDashboard: async (_p, _args, ctx) => {
      const viewer = requireAdmin(ctx.viewer);
      const person = await findPerson(ctx.runtime.pool, viewer.accountId);
      const zone = person?.tzIdentifier && DateTime.now().setZone(person.tzIdentifier).isValid ? person.tzIdentifier : DEFAULT_TIME_ZONE;
      const now = new Date();
      const window = dashboardWindow(now, zone);
      return {
        ...window,
        timeZone: zone,
        reservedConversations: await dashboardConversations(ctx.runtime.pool, window.rangeStart, window.rangeEnd),
        now,
      };
    },
  },
  HistoryEntry: {
    // Worded when read, in the reader's language (issue 32): the read model keeps a message and its values.
    description: async (entry, _args, ctx) => describeIn(await callerLocale(ctx), entry.said),
  },
  LessonAssignment: {
    // Who reads a lesson assignment read its course already (the course page, the admin's lessons table).
    course: (a, _args, ctx) => findCourse(ctx.runtime.pool, a.courseId),
  },
  AdminDashboard: {
    figures: async (d, _args, ctx) => {
      requireAdmin(ctx.viewer);
      const now = d.now;
      const tomorrow = DateTime.fromJSDate(d.rangeStart).setZone(d.timeZone).plus({ days: 1 }).toJSDate();
      const dayAfter = DateTime.fromJSDate(d.rangeStart).setZone(d.timeZone).plus({ days: 2 }).toJSDate();
      const pool = ctx.runtime.pool;
      const [conversationsToday, conversationsTomorrow, minutesSoldThisWeek, speakersAvailableNow] = await Promise.all([
        conversationCount(pool, d.rangeStart, tomorrow),
        conversationCount(pool, tomorrow, dayAfter),
        minutesSoldSince(pool, weekStart(now, d.timeZone)),
        speakersAvailableAt(pool, now),
      ]);
      return { conversationsToday, conversationsTomorrow, minutesSoldThisWeek, speakersAvailableNow };
    },
  },
  User: {
    createdAt: (u) => u.createdAt,
    notifications: (u, args, ctx) => adminConnection(ctx, notificationsFor(u.id), args),
  },
  NotificationRecipient: {
    roles: async (r, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return r.id ? ((await findAccount(ctx.runtime.pool, r.id))?.roles ?? []) : [];
    },
  },
  Notification: {
    templateValue: (n) => Object.entries(n.templateValue ?? {}).map(([key, value]) => ({ key, value: String(value) })),
    events: (n, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return notificationTimeline(ctx.runtime.pool, n.id);
    },
    preview: (n, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return renderStoredMail(n);
    },
    // Derived, never stored (services/security/mailTokens.ts); like the rest of a notification, admins only.
    publicToken: (n, _args, ctx) => {
      requireAdmin(ctx.viewer);
      return notificationPublicToken(ctx.runtime.config.authSecret, n.id);
    },
  },
  Mutation: {
    changeUserEmailAddress: async (_p, { input }, ctx) => {
      requireEmailChanger(ctx.viewer, input.userId);
      const { result, appended } = await ctx.runtime.identity.changeEmailAddress(commandMeta(ctx), {
        accountId: input.userId,
        emailAddress: input.emailAddress,
      });
      await settled(ctx, appended, ADMIN_READ_MODELS);
      return { changed: result, user: await accountOrThrow(ctx, input.userId) };
    },
    sendPasswordReset: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const account = await accountOrThrow(ctx, input.userId);
      const { appended } = await ctx.runtime.identity.recoverPassword(commandMeta(ctx), { emailAddress: account.emailAddress });
      await settled(ctx, appended, ADMIN_READ_MODELS);
      return { sent: !!appended, user: await accountOrThrow(ctx, input.userId) };
    },
  },
};
