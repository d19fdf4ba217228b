/**
 * The instructor's class view (issue 35): the state of each student × lesson cell, decided once for
 * the server's answer (docs/decisions/class-view.md). A cell's history is the student's attempts at
 * the lesson in log order; its due date is a calendar day, compared with today in the viewer's zone.
 */
import { addDays } from './calendarDate';

export const CLASS_CELL_STATES = ['complete', 'held', 'reserved', 'missed', 'overdue', 'due_soon', 'not_reserved'] as const;
export type ClassCellState = (typeof CLASS_CELL_STATES)[number];

/** A lesson not reserved is "due soon" when its due date is today or within this many days. */
export const DUE_SOON_DAYS = 3;

/** A student is reminded of a lesson at most once in this window (the Remind action). */
export const REMIND_WINDOW_MS = 24 * 3_600_000;

/** At most this many students in one Remind (a whole class of the bench's size). */
export const REMIND_MAX_STUDENTS = 200;

export interface ClassAttempt {
  outcome: 'attempting' | 'completed' | 'failed';
  /** The conversation's clock started (both sides came). */
  startedAt: string | null;
  stoppedAt: string | null;
  stopReason: string | null;
}

/**
 * complete (an attempt marked completed) before held (its conversation took place, not marked yet)
 * before reserved (an open attempt still to come). Otherwise the due date speaks first: overdue
 * (past), due soon (today .. today + DUE_SOON_DAYS); then missed (the last attempt failed, or its
 * room closed unused) or not reserved.
 */
export function cellState(attempts: readonly ClassAttempt[], dueOn: string | null, today: string): ClassCellState {
  if (attempts.some((a) => a.outcome === 'completed')) return 'complete';
  const open = attempts.filter((a) => a.outcome === 'attempting');
  const last = open[open.length - 1];
  if (last?.startedAt) return 'held';
  const unused = last && last.stopReason === 'unused';
  if (last && !unused) return 'reserved';
  if (dueOn && dueOn < today) return 'overdue';
  if (dueOn && dueOn <= addDays(today, DUE_SOON_DAYS)) return 'due_soon';
  if (unused || attempts.some((a) => a.outcome === 'failed')) return 'missed';
  return 'not_reserved';
}

/** A student's attempts by lesson (each lesson's in log order) and each lesson's state, in the lessons' order. */
export function lessonStates<A extends ClassAttempt & { lessonId: string }>(
  attempts: readonly A[],
  lessons: readonly { lessonId: string; dueOn: string | null }[],
  today: string,
): { byLesson: Map<string, A[]>; states: ClassCellState[] } {
  const byLesson = new Map<string, A[]>();
  for (const a of attempts) byLesson.set(a.lessonId, [...(byLesson.get(a.lessonId) ?? []), a]);
  return { byLesson, states: lessons.map((l) => cellState(byLesson.get(l.lessonId) ?? [], l.dueOn, today)) };
}

/** Whole minutes a student's conversations ran (clock started to stopped). */
export function minutesHeld(attempts: readonly ClassAttempt[]): number {
  let ms = 0;
  for (const a of attempts) if (a.startedAt && a.stoppedAt) ms += Math.max(0, Date.parse(a.stoppedAt) - Date.parse(a.startedAt));
  return Math.round(ms / 60_000);
}
