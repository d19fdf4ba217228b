/**
 * The course decider (stream course-<id>): a course or an adventure, its price agreement and its
 * lesson assignments (one per required conversation, topics filled in later by the instructor).
 */
import { isOver, todayIn } from '../../../contracts/calendarDate';
import type { Proficiency } from '../../../contracts/enrollment';
import { courseFieldErrors } from '../../../contracts/validation/enrollment';
import type { DecisionContext } from '../shared/decider';
import { assertNoFieldErrors, conflict } from '../shared/errors';
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

export interface CourseState {
  course: CourseCreated['data'] | null;
  lessons: LessonAssignmentState[];
}

export const initialCourse = (): CourseState => ({ course: null, lessons: [] });

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseCreated':
      return { ...state, course: event.data };
    case 'LessonAssigned': {
      const { courseId: _c, ...lesson } = event.data;
      return { ...state, lessons: [...state.lessons, lesson] };
    }
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
