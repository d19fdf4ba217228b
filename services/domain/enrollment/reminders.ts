/**
 * The instructor's Remind (issue 35, the class view): a student is mailed about one lesson of the
 * course and its due date. Each (course, student) has a stream of the reminders sent; a lesson is
 * reminded at most once in REMIND_WINDOW_MS, which that stream's expected version guards
 * (docs/decisions/class-view.md).
 */
import { REMIND_WINDOW_MS } from '../../../contracts/classView';
import type { DecisionContext, DomainEvent } from '../shared/decider';

export const classReminderStream = (courseId: string, studentId: string) => `class-reminders-${courseId}-${studentId}`;

/** Who reminded the student is the event's actor; `at` is when (ISO), for the window. */
export type StudentReminded = DomainEvent<
  'StudentReminded',
  { courseId: string; studentId: string; lessonId: string; dueOn: string | null; at: string }
>;

export interface ClassReminderState {
  /** Lesson id → the latest reminder's instant. */
  lastReminded: Map<string, Date>;
}

export const initialClassReminders = (): ClassReminderState => ({ lastReminded: new Map() });

export function evolveClassReminders(state: ClassReminderState, event: StudentReminded): ClassReminderState {
  if (event.type !== 'StudentReminded') return state;
  const lastReminded = new Map(state.lastReminded);
  lastReminded.set(event.data.lessonId, new Date(event.data.at));
  return { lastReminded };
}

export type RemindDecision = { reminded: StudentReminded[] } | { refusedSince: Date };

/** Reminds unless the same lesson was reminded within the window (the refusal says since when). */
export function decideRemind(
  state: ClassReminderState,
  input: Omit<StudentReminded['data'], 'at'>,
  ctx: Pick<DecisionContext, 'now'>,
): RemindDecision {
  const last = state.lastReminded.get(input.lessonId);
  if (last && ctx.now.getTime() - last.getTime() < REMIND_WINDOW_MS) return { refusedSince: last };
  return { reminded: [{ type: 'StudentReminded', data: { ...input, at: ctx.now.toISOString() } }] };
}
