/**
 * The course decider (stream course-<id>): a course or an adventure, its price agreement and its
 * lesson assignments (one per required conversation, topics filled in later by the instructor).
 */
import { isOver, todayIn } from '../../../contracts/calendarDate';
import type { Proficiency } from '../../../contracts/enrollment';
import { CourseMessages, courseEditLocks, courseFieldErrors } from '../../../contracts/validation/enrollment';
import { InstructorMessages, dueOnError, topicContentsMax, topicFieldErrors } from '../../../contracts/validation/instructor';
import { PrivacyMessages } from '../archive/consent';
import type { DecisionContext } from '../shared/decider';
import { CourseRefusals } from '../shared/contractRefusals';
import { type Refusal, assertNoFieldErrors, badInput, conflict, notFound, unauthorized } from '../shared/errors';
import type { CourseChanged, CourseCreated, CourseEvent, CourseKind, PriceAgreement } from './events';
import { CatalogMessages } from './messages';

export interface LessonAssignmentState {
  lessonAssignmentId: string;
  lessonId: string;
  title: string;
  discussionTopic: string | null;
  privateNote: string | null;
  dueOn: string | null;
  order: number;
}

export interface ShareInviteState {
  inviteId: string;
  emailAddress: string;
  gainOwnership: boolean;
  status: 'pending' | 'accepted' | 'rejected';
}

export interface CourseState {
  course: CourseCreated['data'] | null;
  lessons: LessonAssignmentState[];
  invites: ShareInviteState[];
  /** Deleted by its owner (removeCourse): found by nothing, changed by no one. */
  removed: boolean;
  /** "Allow recording students under <age>" (issue 34); off until the instructor turns it on. */
  allowRecordingUnderAge: boolean;
  /** Days its recordings are kept after it ends (issue 34); null: the school's default. */
  recordingRetentionDays: number | null;
}

export const initialCourse = (): CourseState => ({
  course: null,
  lessons: [],
  invites: [],
  removed: false,
  allowRecordingUnderAge: false,
  recordingRetentionDays: null,
});

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseCreated':
      return { ...state, course: event.data };
    case 'CourseChanged': {
      const { courseId: _c, ...fields } = event.data;
      return state.course ? { ...state, course: { ...state.course, ...fields } } : state;
    }
    case 'LessonRemoved':
      return { ...state, lessons: state.lessons.filter((l) => l.lessonAssignmentId !== event.data.lessonAssignmentId) };
    case 'LessonAssigned': {
      const { courseId: _c, ...lesson } = event.data;
      return { ...state, lessons: [...state.lessons, lesson] };
    }
    case 'LessonChanged': {
      const { lessonId, title, discussionTopic, privateNote } = event.data;
      return { ...state, lessons: state.lessons.map((l) => (l.lessonId === lessonId ? { ...l, title, discussionTopic, privateNote } : l)) };
    }
    case 'LessonAssignmentChanged':
      return {
        ...state,
        lessons: state.lessons.map((l) => (l.lessonAssignmentId === event.data.lessonAssignmentId ? { ...l, dueOn: event.data.dueOn } : l)),
      };
    case 'CourseShareInvited': {
      const { inviteId, emailAddress, gainOwnership } = event.data;
      return { ...state, invites: [...state.invites, { inviteId, emailAddress, gainOwnership, status: 'pending' }] };
    }
    case 'CourseShareInviteAccepted':
      return {
        ...state,
        course: state.course && event.data.gainOwnership ? { ...state.course, ownerId: event.data.accountId } : state.course,
        invites: state.invites.map((i) => (i.inviteId === event.data.inviteId ? { ...i, status: 'accepted' } : i)),
      };
    case 'CourseShareInviteRejected':
      return { ...state, invites: state.invites.map((i) => (i.inviteId === event.data.inviteId ? { ...i, status: 'rejected' } : i)) };
    case 'CourseRemoved':
      return { ...state, removed: true };
    case 'CourseRecordingConsentChanged':
      return { ...state, allowRecordingUnderAge: event.data.allowRecordingUnderAge };
    case 'CourseRetentionChanged':
      return { ...state, recordingRetentionDays: event.data.retentionDays };
    default:
      return state;
  }
}

export interface CreateCourse {
  courseId: string;
  kind: CourseKind;
  name: string;
  language: string;
  proficiency: string;
  /** Calendar dates 'YYYY-MM-DD'; none for adventures. */
  startDate: string | null;
  endDate: string | null;
  /** The creator's IANA time zone, for "today"; the default zone (America/New_York) when missing. */
  timeZone?: string | null;
  inviteNumber: string;
  completionRequirement: number;
  durationRequirement: number;
  ownerId: string | null;
  school: string | null;
  priceAgreement: PriceAgreement;
  templateId?: string | null;
  /** Makes ids for lessons and their assignments (the decider stays pure). */
  newId: () => string;
  /** A new lesson's title, in the creator's language (lessonTitleInEnglish when missing). */
  lessonTitle?: LessonTitle;
}

/** A new lesson's title by its place in the course: 'Conversation 3'. */
export type LessonTitle = (order: number) => string;
export const lessonTitleInEnglish: LessonTitle = (order) => `Conversation ${order}`;

export function decideCreateCourse(state: CourseState, cmd: CreateCourse, ctx: DecisionContext): CourseEvent[] {
  if (state.course) throw conflict(CatalogMessages.courseExists);
  const adventure = cmd.kind === 'adventure';
  const today = todayIn(cmd.timeZone, ctx.now);
  assertNoFieldErrors(courseFieldErrors(cmd, today, { datesRequired: !adventure }));
  const created: CourseCreated = {
    type: 'CourseCreated',
    data: {
      courseId: cmd.courseId,
      kind: cmd.kind,
      name: cmd.name.trim(),
      language: cmd.language,
      proficiency: cmd.proficiency as Proficiency,
      // An adventure starts the day it is made and never ends.
      startDate: adventure ? today : cmd.startDate!,
      endDate: adventure ? null : cmd.endDate!,
      inviteNumber: cmd.inviteNumber,
      completionRequirement: cmd.completionRequirement,
      durationRequirement: cmd.durationRequirement,
      ownerId: cmd.ownerId,
      // Adventures belong to no school (spec 1, Adventure).
      school: adventure ? null : cmd.school?.trim() || null,
      priceAgreement: cmd.priceAgreement,
      templateId: cmd.templateId ?? null,
    },
  };
  const lessons: CourseEvent[] = Array.from({ length: cmd.completionRequirement }, (_, i) => ({
    type: 'LessonAssigned',
    data: {
      courseId: cmd.courseId,
      lessonAssignmentId: cmd.newId(),
      lessonId: cmd.newId(),
      title: (cmd.lessonTitle ?? lessonTitleInEnglish)(i + 1),
      discussionTopic: null,
      privateNote: null,
      dueOn: null,
      order: i + 1,
    },
  }));
  return [created, ...lessons];
}

/**
 * A course is past once its end date is over everywhere on Earth (in UTC−12), so it is current
 * through its whole end date for every viewer; adventures never end. The catalog read model's
 * scopes apply the same rule (projections/catalog, `datesOnEarth`).
 */
export const isPastCourse = (course: { endDate: string | null }, now: Date) => !!course.endDate && isOver(course.endDate, now);

/** Only the course's owner (or an admin, or the system) changes it. */
function assertOwner(state: CourseState, ctx: DecisionContext) {
  if (!state.course || state.removed) throw notFound(CatalogMessages.courseNotFound);
  const privileged = ctx.actor.roles.includes('ADMIN') || ctx.actor.roles.includes('SYSTEM');
  if (!privileged && state.course.ownerId !== ctx.actor.accountId) throw unauthorized(CatalogMessages.courseNotOwner);
  return state.course;
}

/** The owner (or an admin) turns "Allow recording students under <age>" on or off; no change, no event. */
export function decideCourseRecordingConsent(
  state: CourseState,
  cmd: { allowRecordingUnderAge: boolean },
  ctx: DecisionContext,
): CourseEvent[] {
  const course = assertOwner(state, ctx);
  if (state.allowRecordingUnderAge === cmd.allowRecordingUnderAge) return [];
  return [
    { type: 'CourseRecordingConsentChanged', data: { courseId: course.courseId, allowRecordingUnderAge: cmd.allowRecordingUnderAge } },
  ];
}

/**
 * The owner (or an admin) sets how many days after the course ends its recordings are kept: 0 to
 * the school's most, or null for the school's default. No change, no event.
 */
export function decideCourseRetention(
  state: CourseState,
  cmd: { retentionDays: number | null; maxRetentionDays: number },
  ctx: DecisionContext,
): CourseEvent[] {
  const course = assertOwner(state, ctx);
  const days = cmd.retentionDays;
  if (days !== null && !(Number.isInteger(days) && days >= 0 && days <= cmd.maxRetentionDays)) {
    const message = PrivacyMessages.retentionRange(cmd.maxRetentionDays);
    throw badInput(message, { retentionDays: message });
  }
  if (state.recordingRetentionDays === days) return [];
  return [{ type: 'CourseRetentionChanged', data: { courseId: course.courseId, retentionDays: days } }];
}

export interface ChangeCourse {
  /** Null or missing: unchanged. */
  name?: string | null;
  language?: string | null;
  proficiency?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  completionRequirement?: number | null;
  durationRequirement?: number | null;
  /** The editor's IANA time zone, for "today"; the default zone (America/New_York) when missing. */
  timeZone?: string | null;
  /**
   * What the course's students did, read by the handler from their enrollment streams: how many
   * are enrolled now, and the lessons anyone (withdrawn students too) reserved or held a
   * conversation for that was not canceled.
   */
  roster: { enrolled: number; heldLessonIds: readonly string[] };
  /** The price agreement for a new conversation length (the handler prices it from the agreement's plan). */
  priceFor: (durationRequirement: number) => PriceAgreement;
  /** Makes ids for added lessons and their assignments. */
  newId: () => string;
  /** An added lesson's title, in the editor's language (lessonTitleInEnglish when missing). */
  lessonTitle?: LessonTitle;
}

/**
 * changeCourse (docs/decisions/course-edit.md, "Course edit"): the owner (or an admin) changes a course that
 * has not ended, with createCourse's rules. Requirements change only for a standard price
 * agreement; language and conversation length only while no student has joined; a higher lesson
 * count adds lessons at the end, a lower one removes the last lessons unless a student reserved or
 * held a conversation for one of them. Nothing changed: no events.
 */
export function decideChangeCourse(state: CourseState, cmd: ChangeCourse, ctx: DecisionContext): CourseEvent[] {
  const course = assertOwner(state, ctx);
  if (course.kind === 'adventure') throw conflict(CourseMessages.adventureLocked);
  if (isPastCourse(course, ctx.now)) throw conflict(CourseMessages.coursePast);
  const next = {
    name: cmd.name ?? course.name,
    language: cmd.language ?? course.language,
    proficiency: cmd.proficiency ?? course.proficiency,
    startDate: cmd.startDate ?? course.startDate,
    endDate: cmd.endDate ?? course.endDate,
    completionRequirement: cmd.completionRequirement ?? course.completionRequirement,
    durationRequirement: cmd.durationRequirement ?? course.durationRequirement,
  };
  const fields: Record<string, Refusal> = courseFieldErrors(next, todayIn(cmd.timeZone, ctx.now));
  // An end date kept as it is never counts as past: the course is current (above) through its end
  // date somewhere on Earth, even when that day is over in the editor's zone.
  if (fields.endDate === CourseMessages.endInPast && next.endDate === course.endDate) delete fields.endDate;

  const joined = cmd.roster.enrolled > 0 || cmd.roster.heldLessonIds.length > 0;
  const locks = courseEditLocks({ priceAgreementKind: course.priceAgreement.kind, joined });
  const durationChanged = next.durationRequirement !== course.durationRequirement;
  if (locks.requirements && next.completionRequirement !== course.completionRequirement)
    fields.completionRequirement ??= CourseMessages.requirementsLocked;
  if (durationChanged && locks.duration)
    fields.durationRequirement ??= locks.requirements ? CourseMessages.requirementsLocked : CourseMessages.durationLocked;
  if (locks.language && next.language !== course.language) fields.language ??= CourseMessages.languageLocked;
  // A shorter conversation takes shorter topics (600 characters for 15 minutes, 1000 for 30).
  const topicMax = topicContentsMax(next.durationRequirement);
  if (durationChanged && state.lessons.some((l) => (l.discussionTopic ?? '').length > topicMax))
    fields.durationRequirement ??= CourseRefusals.topicsTooLong(topicMax);

  // The lesson count: lessons go or come at the end only, so every lesson keeps its number.
  const lessons = [...state.lessons].sort((a, b) => a.order - b.order);
  const removed = fields.completionRequirement ? [] : lessons.slice(next.completionRequirement);
  const held = new Set(cmd.roster.heldLessonIds);
  const heldRemoved = removed.filter((l) => held.has(l.lessonId));
  if (heldRemoved.length) fields.completionRequirement = CourseRefusals.lessonsHeld(Math.max(...heldRemoved.map((l) => l.order)));
  assertNoFieldErrors(fields);

  const changed: CourseChanged['data'] = {
    courseId: course.courseId,
    name: next.name.trim(),
    language: next.language,
    proficiency: next.proficiency as Proficiency,
    startDate: next.startDate,
    endDate: next.endDate!,
    completionRequirement: next.completionRequirement,
    durationRequirement: next.durationRequirement,
    priceAgreement: durationChanged ? cmd.priceFor(next.durationRequirement) : course.priceAgreement,
  };
  const same = (Object.keys(changed) as (keyof typeof changed)[]).every(
    (k) => k === 'priceAgreement' || changed[k] === (course as Record<string, unknown>)[k],
  );
  if (same && lessons.length === next.completionRequirement) return [];

  const lastOrder = lessons.at(-1)?.order ?? 0;
  const added: CourseEvent[] = Array.from({ length: Math.max(0, next.completionRequirement - lessons.length) }, (_, i) => ({
    type: 'LessonAssigned',
    data: {
      courseId: course.courseId,
      lessonAssignmentId: cmd.newId(),
      lessonId: cmd.newId(),
      title: (cmd.lessonTitle ?? lessonTitleInEnglish)(lastOrder + i + 1),
      discussionTopic: null,
      privateNote: null,
      dueOn: null,
      order: lastOrder + i + 1,
    },
  }));
  return [
    { type: 'CourseChanged', data: changed },
    ...removed.reverse().map(
      (l): CourseEvent => ({
        type: 'LessonRemoved',
        data: { courseId: course.courseId, lessonAssignmentId: l.lessonAssignmentId, lessonId: l.lessonId },
      }),
    ),
    ...added,
  ];
}

/** changeLesson: the spec's topic rules (title ≤ 120, contents ≤ 600 or 1000 for 30 minutes, note ≤ 200). */
export function decideChangeLesson(
  state: CourseState,
  cmd: { lessonId: string; title: string; discussionTopic: string; privateNote?: string | null },
  ctx: DecisionContext,
): CourseEvent[] {
  const course = assertOwner(state, ctx);
  if (!state.lessons.some((l) => l.lessonId === cmd.lessonId)) throw notFound(CatalogMessages.lessonNotFound);
  assertNoFieldErrors(topicFieldErrors(cmd, course.durationRequirement));
  return [
    {
      type: 'LessonChanged',
      data: {
        courseId: course.courseId,
        lessonId: cmd.lessonId,
        title: cmd.title.trim(),
        discussionTopic: cmd.discussionTopic.trim(),
        privateNote: cmd.privateNote?.trim() || null,
      },
    },
  ];
}

/** changeLessonAssignment: a due date never before today in the instructor's zone (or none). */
export function decideChangeLessonAssignment(
  state: CourseState,
  cmd: { lessonAssignmentId: string; dueOn: string | null; timeZone?: string | null },
  ctx: DecisionContext,
): CourseEvent[] {
  const course = assertOwner(state, ctx);
  if (!state.lessons.some((l) => l.lessonAssignmentId === cmd.lessonAssignmentId)) throw notFound(CatalogMessages.lessonNotFound);
  const problem = dueOnError(cmd.dueOn, todayIn(cmd.timeZone, ctx.now));
  if (problem) throw badInput(problem, { dueOn: problem });
  return [
    {
      type: 'LessonAssignmentChanged',
      data: { courseId: course.courseId, lessonAssignmentId: cmd.lessonAssignmentId, dueOn: cmd.dueOn || null },
    },
  ];
}

/** A new course offered to an address: accepting it makes that person the owner (gainOwnership). */
export function decideShareCourse(
  state: CourseState,
  cmd: { inviteId: string; emailAddress: string },
  ctx: DecisionContext,
): CourseEvent[] {
  const course = assertOwner(state, ctx);
  return [
    {
      type: 'CourseShareInvited',
      data: {
        courseId: course.courseId,
        inviteId: cmd.inviteId,
        emailAddress: cmd.emailAddress,
        gainOwnership: true,
        invitedBy: ctx.actor.accountId,
      },
    },
  ];
}

/**
 * Accepting or rejecting a pending share invite: only the person it was sent to (the account whose
 * address it names). Accepting an invite with gainOwnership makes them the course's owner.
 */
export function decideAnswerShareInvite(
  state: CourseState,
  cmd: { inviteId: string; accept: boolean; accountId: string; emailAddress: string },
): CourseEvent[] {
  if (!state.course) throw notFound(CatalogMessages.courseNotFound);
  const invite = state.invites.find((i) => i.inviteId === cmd.inviteId);
  if (!invite) throw notFound(CatalogMessages.shareInviteNotFound);
  if (invite.emailAddress !== cmd.emailAddress.trim().toLowerCase()) throw unauthorized(InstructorMessages.inviteNotYours);
  if (invite.status !== 'pending') throw conflict(InstructorMessages.inviteNotPending);
  const courseId = state.course.courseId;
  return cmd.accept
    ? [
        {
          type: 'CourseShareInviteAccepted',
          data: { courseId, inviteId: invite.inviteId, accountId: cmd.accountId, gainOwnership: invite.gainOwnership },
        },
      ]
    : [{ type: 'CourseShareInviteRejected', data: { courseId, inviteId: invite.inviteId, accountId: cmd.accountId } }];
}

/**
 * removeCourse: the owner (or an admin) deletes a course that has no students (`hasStudents` from
 * the enrollments read model: students must be transferred or withdrawn first).
 */
export function decideRemoveCourse(state: CourseState, cmd: { hasStudents: boolean }, ctx: DecisionContext): CourseEvent[] {
  const course = assertOwner(state, ctx);
  if (cmd.hasStudents) throw conflict(InstructorMessages.courseHasStudents);
  return [{ type: 'CourseRemoved', data: { courseId: course.courseId } }];
}
