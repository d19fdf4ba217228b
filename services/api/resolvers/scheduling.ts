/**
 * Scheduling and conversations: availability, openings, speaker search, reservations and what
 * follows them. Reads come from the availability, conversations and speakers read models; every
 * change goes through services/domain/scheduling/handlers.ts. Policies are computed per viewer.
 */
import { DateTime } from 'luxon';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { DEFAULT_TIME_ZONE } from '../../../contracts/calendarDate';
import { ErrorCode } from '../../../contracts/errors';
import { DURATIONS, HORIZON_DAYS, SchedulingMessages } from '../../../contracts/scheduling';
import { rulesOf, ruleById } from '../../../projections/availability';
import { findCourse, lessonAssignments } from '../../../projections/catalog';
import {
  bookedBetween,
  conversationCountOf,
  conversationsOf,
  findConversation,
  findConversations,
  reservedConversationRow,
  type ConversationRow,
} from '../../../projections/conversations';
import { findPerson } from '../../../projections/directory';
import { findEnrollment, lessonAttemptOfConversation } from '../../../projections/enrollments';
import { PROMOTED_SPEAKERS_OF_LANGUAGE_SQL } from '../../../projections/speakers';
import {
  cancellationPolicy,
  canTransfer,
  displayStatus,
  openablePolicy,
  tardinessPolicy,
  type PolicyViewer,
} from '../../domain/conversations/conversation';
import { openings } from '../../domain/scheduling/openings';
import { isValidZone, occurrences, timeZones } from '../../domain/scheduling/time';
import { DomainError, badInput, notFound } from '../../domain/shared/errors';
import { hasRole, isAdmin, requireSelfOrAdmin, requireViewer, roleRefused, type Viewer } from '../auth';
import type { Notice } from '../changes';
import { commandMeta, readBack, settled } from '../commandSupport';
import { coalescedLookup } from '../../db/coalesce';
import { adminConnection } from '../adminConnection';
import { adminConversationsSource } from '../../../projections/directory/adminViews';
import type { ApiContext } from '../context';
import { ApiMessages, ReadBackMessages } from '../apiMessages';
import { answeredBeforeSettled } from '../readAfter';
import { selectsOnly } from '../selection';

const DAY = 24 * 3600_000;
/** Read models a scheduling change must reach before the answer (read-your-writes). */
const SETTLES = ['conversations', 'minutes', 'availability'];

/**
 * A new reservation's fields that come from its row alone (no other read model, nothing the
 * reservation changes elsewhere): asked only these, createReservation answers from the decided
 * reservation at once and the caller's next request waits for SETTLES (./readAfter.ts).
 */
const KNOWN_AT_ONCE = new Set([
  '__typename',
  'id',
  'kind',
  'provider',
  'status',
  'reservedStart',
  'reservedEnd',
  'duration',
  'createdAt',
  'updatedAt',
  'isCanceled',
  'canceledOn',
  'markedAs',
  'markedOn',
  'transferredOn',
  'learningLanguage',
  'archiveOnStart',
]);

/**
 * The conversation a mutation answers with, read once its read models caught up. The answers a
 * projection batch wakes together (16 clients reserving at once) share one statement.
 */
const answers = new WeakMap<object, (conversationId: string) => Promise<ConversationRow | null>>();
async function answerOf(ctx: ApiContext, conversationId: string): Promise<ConversationRow> {
  const pool = ctx.runtime.pool;
  let load = answers.get(pool);
  if (!load) {
    load = coalescedLookup((ids: string[]) => findConversations(pool, ids));
    answers.set(pool, load);
  }
  return readBack(await load(conversationId), ReadBackMessages.conversationChanged);
}

const policyViewer = (viewer: Viewer | null): PolicyViewer => ({ accountId: viewer?.accountId ?? null, isAdmin: isAdmin(viewer) });

function zoneOrThrow(zoneName: string | null | undefined): string {
  if (!isValidZone(zoneName))
    throw new DomainError(ErrorCode.INVALID_TIMEZONE, SchedulingMessages.invalidTimezone, { zoneName: SchedulingMessages.invalidTimezone });
  return zoneName;
}

function rangeOrThrow(start: Date, end: Date, maxDays: number, names: [string, string]) {
  if (end.getTime() <= start.getTime())
    throw badInput(ApiMessages.rangeEndBeforeStart(names[0], names[1]), { [names[1]]: ApiMessages.endBeforeStart });
  if (end.getTime() - start.getTime() > maxDays * DAY)
    throw badInput(ApiMessages.rangeTooLong(maxDays), { [names[1]]: ApiMessages.rangeTooLongField(maxDays) });
}

/** The speaker themself or an admin (availability is theirs to see and change). */
function requireSpeakerOrAdmin(viewer: Viewer | null, speakerId: string): Viewer {
  const v = requireViewer(viewer);
  if (isAdmin(v)) return v;
  if (v.accountId !== speakerId || !hasRole(v, 'SPEAKER'))
    throw roleRefused('SPEAKER', 'Only the speaker or an admin can see or change this availability.');
  return v;
}

/** Students (and admins) search and reserve. */
function requireStudentOrAdmin(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!isAdmin(v) && !hasRole(v, 'STUDENT')) throw roleRefused('STUDENT');
  return v;
}

/** Its student, its speaker, admins, and the instructor who owns its course. */
export async function canSeeConversation(ctx: ApiContext, c: ConversationRow): Promise<boolean> {
  const v = ctx.viewer;
  if (!v) return false;
  if (isAdmin(v) || v.accountId === c.reservedBy || v.accountId === c.reservedWith) return true;
  if (!c.courseId) return false;
  const course = await findCourse(ctx.runtime.pool, c.courseId);
  return !!course && course.ownerId === v.accountId;
}

export async function visibleConversation(ctx: ApiContext, conversationId: string): Promise<ConversationRow | null> {
  const c = await findConversation(ctx.runtime.pool, conversationId);
  return c && (await canSeeConversation(ctx, c)) ? c : null;
}

/** Promoted speakers with the language (every language when null), optionally narrowed to some ids. */
async function speakerIdsFor(ctx: ApiContext, language: string | null, only: readonly string[] | null): Promise<string[]> {
  const { rows } = language
    ? await ctx.runtime.pool.query(`${PROMOTED_SPEAKERS_OF_LANGUAGE_SQL} ORDER BY account_id`, [language])
    : await ctx.runtime.pool.query('SELECT account_id FROM rm_speakers.speakers WHERE is_promoted ORDER BY account_id');
  const ids = rows.map((r) => r.account_id as string);
  return only?.length ? ids.filter((id) => only.includes(id)) : ids;
}

/** Openings of several speakers in a window, by speaker. */
async function openingsOf(ctx: ApiContext, speakerIds: string[], from: Date, to: Date, duration: number) {
  const [rules, booked] = await Promise.all([
    rulesOf(ctx.runtime.pool, speakerIds),
    bookedBetween(ctx.runtime.pool, speakerIds, new Date(from.getTime() - DAY), new Date(to.getTime() + DAY)),
  ]);
  const now = new Date();
  return new Map(
    speakerIds.map((id) => [
      id,
      openings(
        rules.filter((r) => r.speakerId === id),
        booked.filter((b) => b.reservedWith === id),
        { from, to, duration, now },
      ),
    ]),
  );
}

export const schedulingResolvers: Resolvers = {
  Query: {
    timezones: () => timeZones(),

    availabilityOccurrences: async (_p, { speakerId, rangeStart, rangeEnd, zoneName }, ctx) => {
      requireSpeakerOrAdmin(ctx.viewer, speakerId);
      zoneOrThrow(zoneName);
      const start = new Date(rangeStart as Date);
      const end = new Date(rangeEnd as Date);
      rangeOrThrow(start, end, 62, ['rangeStart', 'rangeEnd']);
      const rules = await rulesOf(ctx.runtime.pool, [speakerId]);
      return rules
        .flatMap((r) =>
          occurrences(r, start, end).map((o) => ({
            sourceId: r.availabilityId,
            startTimestamp: o.start,
            endTimestamp: o.end,
            repeatsWeekly: r.repeatsWeekly,
          })),
        )
        .sort((a, b) => a.startTimestamp.getTime() - b.startTimestamp.getTime());
    },

    availableOpenings: async (_p, { speakerId, startTime, endTime, zoneName, duration }, ctx) => {
      requireStudentOrAdmin(ctx.viewer);
      zoneOrThrow(zoneName);
      const from = new Date(startTime as Date);
      const to = new Date(endTime as Date);
      rangeOrThrow(from, to, HORIZON_DAYS + 1, ['startTime', 'endTime']);
      const minutes = duration ?? 15;
      if (!(DURATIONS as readonly number[]).includes(minutes))
        throw badInput(SchedulingMessages.durationInvalid, { duration: SchedulingMessages.durationInvalid });
      const found = (await openingsOf(ctx, [speakerId], from, to, minutes)).get(speakerId) ?? [];
      return found.map((o) => ({ sourceId: o.sourceId, startTimestamp: o.start, endTimestamp: o.end }));
    },

    availableSpeakers: async (_p, args, ctx) => {
      requireStudentOrAdmin(ctx.viewer);
      const zone = zoneOrThrow(args.zoneName ?? DEFAULT_TIME_ZONE);
      let language = args.language ?? null;
      let duration = args.duration ?? 15;
      if (args.courseId) {
        const course = await findCourse(ctx.runtime.pool, args.courseId);
        if (!course || !(isAdmin(ctx.viewer) || (await findEnrollment(ctx.runtime.pool, args.courseId, ctx.viewer!.accountId))))
          throw notFound(ApiMessages.courseNotFound);
        language = course.language;
        duration = args.duration ?? course.durationRequirement;
      }
      // The dates chosen (in the student's zone), or the next 7 days.
      const now = new Date();
      const dates = args.filterByDates?.length ? [...args.filterByDates].sort() : null;
      const windows = dates
        ? dates.map((d) => ({
            from: DateTime.fromISO(String(d), { zone }).toJSDate(),
            to: DateTime.fromISO(String(d), { zone }).plus({ days: 1 }).toJSDate(),
          }))
        : [{ from: now, to: new Date(now.getTime() + HORIZON_DAYS * DAY) }];
      const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
      const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
      const ids = await speakerIdsFor(ctx, language, args.filterBySpeakers ?? null);
      const found = await openingsOf(ctx, ids, from, to, duration);
      const inWindows = (t: Date) => windows.some((w) => t >= w.from && t < w.to);
      const withOpenings = ids.filter((id) => (found.get(id) ?? []).some((o) => inWindows(o.start)));
      // Keyset paging on the speaker id (opaque cursor).
      const after = args.after ? Buffer.from(args.after, 'base64url').toString('utf8') : null;
      const rest = after ? withOpenings.filter((id) => id > after) : withOpenings;
      const size = args.first ?? 20;
      const page = rest.slice(0, size);
      const people = await Promise.all(page.map((id) => findPerson(ctx.runtime.pool, id)));
      const edges = page.flatMap((id, i) => {
        const node = people[i];
        return node ? [{ cursor: Buffer.from(id, 'utf8').toString('base64url'), node }] : [];
      });
      return {
        totalCount: withOpenings.length,
        pageInfo: {
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
          hasPreviousPage: !!after,
          hasNextPage: rest.length > size,
        },
        edges,
      };
    },

    conversation: async (_p, { conversationId }, ctx) => {
      requireViewer(ctx.viewer);
      return await visibleConversation(ctx, conversationId);
    },

    conversations: (_p, args, ctx) => adminConnection(ctx, adminConversationsSource, args),
  },

  User: {
    conversations: async (u, args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, u.id);
      return conversationsOf(ctx.runtime.pool, u.id, args, new Date());
    },
    conversationsCount: async (u, args, ctx) => {
      requireSelfOrAdmin(ctx.viewer, u.id);
      return conversationCountOf(ctx.runtime.pool, u.id, args, new Date());
    },
  },

  Conversation: {
    reservedStart: (c) => c.start,
    reservedEnd: (c) => c.end,
    status: (c) => displayStatus(c, new Date()),
    canceledBy: async (c, _a, ctx) => (c.canceledBy ? findPerson(ctx.runtime.pool, c.canceledBy) : null),
    reservedBy: async (c, _a, ctx) => findPerson(ctx.runtime.pool, c.reservedBy),
    reservedWith: async (c, _a, ctx) => findPerson(ctx.runtime.pool, c.reservedWith),
    otherUsers: async (c, _a, ctx) => {
      const others = [c.reservedBy, c.reservedWith].filter((id) => id !== ctx.viewer?.accountId);
      return (await Promise.all(others.map((id) => findPerson(ctx.runtime.pool, id)))).filter((p) => p !== null);
    },
    course: async (c, _a, ctx) => (c.courseId ? findCourse(ctx.runtime.pool, c.courseId) : null),
    lesson: async (c, _a, ctx) => {
      if (!c.courseId || !c.lessonId) return null;
      const lesson = (await lessonAssignments(ctx.runtime.pool, c.courseId)).find((a) => a.lesson.id === c.lessonId)?.lesson;
      // The instructor's private note is for whoever speaks with the student in this conversation.
      return lesson ? { ...lesson, privateNoteFor: c.reservedWith } : null;
    },
    lessonAttempt: async (c, _a, ctx) => {
      if (!c.lessonId) return null;
      const attempt = c.isCanceled ? null : await lessonAttemptOfConversation(ctx.runtime.pool, c.id);
      // A canceled conversation's attempt is gone: the lesson shows as not attempted.
      return {
        id: attempt?.id ?? `${c.id}:${c.lessonId}`,
        outcome: attempt?.outcome ?? (c.isCanceled ? null : 'attempting'),
        conversationId: c.id,
        lessonId: c.lessonId,
        courseId: c.courseId,
      };
    },
    cancellationPolicy: (c, _a, ctx) => {
      const p = cancellationPolicy(c, policyViewer(ctx.viewer), new Date());
      return { isCancelable: p.isCancelable, cancelableUntil: p.cancelableUntil, returnsMinutes: p.returnsMinutes };
    },
    openablePolicy: (c) => openablePolicy(c, new Date()),
    tardinessPolicy: (c) => tardinessPolicy(c, new Date()),
    transferablePolicy: async (c, _a, ctx) => {
      const isTransferable = canTransfer(c, policyViewer(ctx.viewer), new Date());
      if (!isTransferable) return { isTransferable, transferableTo: [] };
      const ids = (await speakerIdsFor(ctx, c.learningLanguage, null)).filter((id) => id !== c.reservedWith && id !== c.reservedBy);
      const found = await openingsOf(ctx, ids, new Date(c.start.getTime() - 1), new Date(c.end.getTime() + 1), c.duration);
      const free = ids.filter((id) => (found.get(id) ?? []).some((o) => o.start.getTime() === c.start.getTime()));
      return {
        isTransferable,
        transferableTo: (await Promise.all(free.map((id) => findPerson(ctx.runtime.pool, id)))).filter((p) => p !== null),
      };
    },
  },

  LessonAttempt: {
    lesson: async (a, _a, ctx) =>
      a.courseId && a.lessonId
        ? ((await lessonAssignments(ctx.runtime.pool, a.courseId)).find((x) => x.lesson.id === a.lessonId)?.lesson ?? null)
        : null,
    conversation: async (a, _a, ctx) => (a.conversationId ? await visibleConversation(ctx, a.conversationId) : null),
  },

  Mutation: {
    addAvailability: async (_p, { input }, ctx) => {
      requireSpeakerOrAdmin(ctx.viewer, input.speakerId);
      const { result, appended } = await ctx.runtime.scheduling.addAvailability(commandMeta(ctx), {
        speakerId: input.speakerId,
        interval: { start: new Date(input.startTime as Date), end: new Date(input.endTime as Date) },
        zoneName: input.zoneName,
        repeatsWeekly: !!input.repeatsWeekly,
      });
      await settled(ctx, appended, ['availability']);
      return { added: true, availabilityId: result.availabilityId };
    },
    changeAvailability: async (_p, { input }, ctx) => {
      const rule = await ruleById(ctx.runtime.pool, input.availabilityId);
      if (!rule) throw notFound(ApiMessages.availabilityNotFound);
      requireSpeakerOrAdmin(ctx.viewer, rule.speakerId);
      const { appended } = await ctx.runtime.scheduling.changeAvailability(commandMeta(ctx), {
        speakerId: rule.speakerId,
        availabilityId: input.availabilityId,
        interval: { start: new Date(input.startTime as Date), end: new Date(input.endTime as Date) },
        zoneName: input.zoneName,
      });
      await settled(ctx, appended, ['availability']);
      return { changed: true };
    },
    removeAvailability: async (_p, { input }, ctx) => {
      const rule = await ruleById(ctx.runtime.pool, input.availabilityId);
      if (!rule) throw notFound(ApiMessages.availabilityNotFound);
      requireSpeakerOrAdmin(ctx.viewer, rule.speakerId);
      const { appended } = await ctx.runtime.scheduling.removeAvailability(commandMeta(ctx), {
        speakerId: rule.speakerId,
        availabilityId: input.availabilityId,
      });
      await settled(ctx, appended, ['availability']);
      return { removed: true };
    },

    createReservation: async (_p, { input }, ctx, info) => {
      const v = requireViewer(ctx.viewer);
      if (!hasRole(v, 'STUDENT')) throw roleRefused('STUDENT', 'Only students can reserve conversations.');
      const { result, appended } = await ctx.runtime.scheduling.createReservation(commandMeta(ctx), {
        studentId: v.accountId,
        speakerId: input.speakerId,
        courseId: input.courseId ?? null,
        lessonId: input.lessonId ?? null,
        language: input.language ?? null,
        start: new Date(input.reservedStart as Date),
        duration: input.duration ?? null,
      });
      if (selectsOnly(info, 'conversation', KNOWN_AT_ONCE)) {
        answeredBeforeSettled(ctx, appended, SETTLES);
        return { created: true, conversation: reservedConversationRow(result.reserved.data, result.at) };
      }
      await settled(ctx, appended, SETTLES);
      return { created: true, conversation: await answerOf(ctx, result.conversationId) };
    },
    cancelReservation: async (_p, { input }, ctx) => cancel(ctx, input.conversationId, false),
    cancelTardyReservation: async (_p, { input }, ctx) => cancel(ctx, input.conversationId, true),
    changeReservationLesson: async (_p, { input }, ctx) => {
      const v = requireViewer(ctx.viewer);
      if (!(await visibleConversation(ctx, input.conversationId))) throw notFound(ApiMessages.conversationNotFound);
      const { appended } = await ctx.runtime.scheduling.changeReservationLesson(commandMeta(ctx), { ...input, viewer: policyViewer(v) });
      await settled(ctx, appended, SETTLES);
      return { changed: true, conversation: await answerOf(ctx, input.conversationId) };
    },
    transferReservation: async (_p, { input }, ctx) => {
      const v = requireViewer(ctx.viewer);
      if (!(await visibleConversation(ctx, input.conversationId))) throw notFound(ApiMessages.conversationNotFound);
      const { appended } = await ctx.runtime.scheduling.transferReservation(commandMeta(ctx), { ...input, viewer: policyViewer(v) });
      await settled(ctx, appended, SETTLES);
      return { transferred: true, conversation: await answerOf(ctx, input.conversationId) };
    },
  },

  Subscription: {
    conversationChanged: {
      subscribe: async (_p, { conversationId }, ctx) => {
        requireViewer(ctx.viewer);
        if (!(await visibleConversation(ctx, conversationId))) throw notFound(ApiMessages.conversationNotFound);
        return ctx.runtime.changes.subscribeFromNow('conversationChanged', conversationId);
      },
      resolve: (notice: Notice, { conversationId }: { conversationId: string }) => ({ conversationId, changed: !notice.listening }),
    },
  },
};

async function cancel(ctx: ApiContext, conversationId: string, tardy: boolean) {
  const v = requireViewer(ctx.viewer);
  if (!(await visibleConversation(ctx, conversationId))) throw notFound(ApiMessages.conversationNotFound);
  const { appended } = await ctx.runtime.scheduling.cancelReservation(commandMeta(ctx), { conversationId, viewer: policyViewer(v), tardy });
  await settled(ctx, appended, SETTLES);
  return { canceled: true, conversation: await answerOf(ctx, conversationId) };
}
