/**
 * The course decider (stream course-<id>): a course or an adventure, its price agreement and its
 * lesson assignments (one per required conversation, topics filled in later by the instructor).
 */
import { isOver, todayIn } from '../../../contracts/calendarDate';
import type { Proficiency } from '../../../contracts/enrollment';
import { courseFieldErrors } from '../../../contracts/validation/enrollment';
import { InstructorMessages, dueOnError, topicFieldErrors } from '../../../contracts/validation/instructor';
import type { DecisionContext } from '../shared/decider';
import { assertNoFieldErrors, badInput, conflict, notFound, unauthorized } from '../shared/errors';
import type { CourseCreated, CourseEvent, CourseKind, PriceAgreement } from './events';

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
}

export const initialCourse = (): CourseState => ({ course: null, lessons: [], invites: [], removed: false });

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseCreated':
      return { ...state, course: event.data };
    case 'LessonAssigned': {
      const { courseId: _c, ...lesson } = event.data;
      return { ...state, lessons: [...state.lessons, lesson] };
    }
    case 'LessonChanged': {
      const { lessonId, title, discussionTopic, privateNote } = event.data;
      return { ...state, lessons: state.lessons.map((l) => (l.lessonId === lessonId ? { ...l, title, discussionTopic, privateNote } : l)) };
    }
    case 'LessonAssignmentChanged':
      return { ...state, lessons: state.lessons.map((l) => (l.lessonAssignmentId === event.data.lessonAssignmentId ? { ...l, dueOn: event.data.dueOn } : l)) };
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
}

export function decideCreateCourse(state: CourseState, cmd: CreateCourse, ctx: DecisionContext): CourseEvent[] {
  if (state.course) throw conflict('The course already exists.');
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
      title: `Conversation ${i + 1}`,
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
  if (!state.course || state.removed) throw notFound('The course was not found.');
  const privileged = ctx.actor.roles.includes('ADMIN') || ctx.actor.roles.includes('SYSTEM');
  if (!privileged && state.course.ownerId !== ctx.actor.accountId) throw unauthorized('Only the course owner can change it.');
  return state.course;
}

/** changeLesson: the spec's topic rules (title ≤ 120, contents ≤ 600 or 1000 for 30 minutes, note ≤ 200). */
export function decideChangeLesson(
  state: CourseState,
  cmd: { lessonId: string; title: string; discussionTopic: string; privateNote?: string | null },
  ctx: DecisionContext,
): CourseEvent[] {
  const course = assertOwner(state, ctx);
  if (!state.lessons.some((l) => l.lessonId === cmd.lessonId)) throw notFound('The lesson was not found.');
  assertNoFieldErrors(topicFieldErrors(cmd, course.durationRequirement));
  return [{
    type: 'LessonChanged',
    data: {
      courseId: course.courseId,
      lessonId: cmd.lessonId,
      title: cmd.title.trim(),
      discussionTopic: cmd.discussionTopic.trim(),
      privateNote: cmd.privateNote?.trim() || null,
    },
  }];
}

/** changeLessonAssignment: a due date never before today in the instructor's zone (or none). */
export function decideChangeLessonAssignment(
  state: CourseState,
  cmd: { lessonAssignmentId: string; dueOn: string | null; timeZone?: string | null },
  ctx: DecisionContext,
): CourseEvent[] {
  const course = assertOwner(state, ctx);
  if (!state.lessons.some((l) => l.lessonAssignmentId === cmd.lessonAssignmentId)) throw notFound('The lesson was not found.');
  const problem = dueOnError(cmd.dueOn, todayIn(cmd.timeZone, ctx.now));
  if (problem) throw badInput(problem, { dueOn: problem });
  return [{ type: 'LessonAssignmentChanged', data: { courseId: course.courseId, lessonAssignmentId: cmd.lessonAssignmentId, dueOn: cmd.dueOn || null } }];
}

/** A new course offered to an address: accepting it makes that person the owner (gainOwnership). */
export function decideShareCourse(state: CourseState, cmd: { inviteId: string; emailAddress: string }, ctx: DecisionContext): CourseEvent[] {
  const course = assertOwner(state, ctx);
  return [{
    type: 'CourseShareInvited',
    data: { courseId: course.courseId, inviteId: cmd.inviteId, emailAddress: cmd.emailAddress, gainOwnership: true, invitedBy: ctx.actor.accountId },
  }];
}

/**
 * Accepting or rejecting a pending share invite: only the person it was sent to (the account whose
 * address it names). Accepting an invite with gainOwnership makes them the course's owner.
 */
export function decideAnswerShareInvite(
  state: CourseState,
  cmd: { inviteId: string; accept: boolean; accountId: string; emailAddress: string },
): CourseEvent[] {
  if (!state.course) throw notFound('The course was not found.');
  const invite = state.invites.find((i) => i.inviteId === cmd.inviteId);
  if (!invite) throw notFound('The share invite was not found.');
  if (invite.emailAddress !== cmd.emailAddress.trim().toLowerCase()) throw unauthorized(InstructorMessages.inviteNotYours);
  if (invite.status !== 'pending') throw conflict(InstructorMessages.inviteNotPending);
  const courseId = state.course.courseId;
  return cmd.accept
    ? [{ type: 'CourseShareInviteAccepted', data: { courseId, inviteId: invite.inviteId, accountId: cmd.accountId, gainOwnership: invite.gainOwnership } }]
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
