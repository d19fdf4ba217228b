/**
 * The class view's filters, sort and CSV (issue 35), apart from the screen so they are tested alone.
 * A filter names a lesson (or any lesson), a state (or the group "not reserved yet": not reserved,
 * due soon, overdue, missed) and a due window in days (a lesson not reserved whose due date falls
 * from today to today + N); a student passes when one lesson in scope meets them all.
 */
import { addDays } from '../../../../../contracts/calendarDate';
import { type CsvValue, csvRows } from '../../../../../contracts/csv';
import type { ClassCellState } from '../../../gql/graphql';
import type { ClassLesson, ClassStudent } from './operations';

export const NOT_RESERVED_GROUP = 'not_reserved_yet';
export type StateFilter = ClassCellState | typeof NOT_RESERVED_GROUP | 'any';

const notReservedYet = new Set<ClassCellState>(['not_reserved', 'due_soon', 'overdue', 'missed']);

export interface ClassFilter {
  /** A lesson id, or null for any lesson. */
  lessonId: string | null;
  state: StateFilter;
  /** Due within this many days (a lesson not reserved yet), or null. */
  dueWithinDays: number | null;
  /** Part of the student's name. */
  name: string;
}

export const NO_FILTER: ClassFilter = { lessonId: null, state: 'any', dueWithinDays: null, name: '' };

export function filterStudents(students: readonly ClassStudent[], lessons: readonly ClassLesson[], filter: ClassFilter, today: string) {
  const scope = lessons
    .map((l, i) => ({ lesson: l, index: i }))
    .filter(({ lesson }) => !filter.lessonId || lesson.lessonId === filter.lessonId);
  const until = filter.dueWithinDays === null ? null : addDays(today, filter.dueWithinDays);
  const name = filter.name.trim().toLocaleLowerCase();
  return students.filter((s) => {
    if (name && !(s.displayName ?? '').toLocaleLowerCase().includes(name)) return false;
    if (filter.state === 'any' && until === null) return true;
    return scope.some(({ lesson, index }) => {
      const state = s.states[index];
      const stateOk = filter.state === 'any' || (filter.state === NOT_RESERVED_GROUP ? notReservedYet.has(state) : state === filter.state);
      const dueOk = until === null || (!!lesson.dueOn && lesson.dueOn >= today && lesson.dueOn <= until && notReservedYet.has(state));
      return stateOk && dueOk;
    });
  });
}

/** The student's speaking share: minutes spoken of minutes held, in whole percent; null before any conversation ran. */
export const speakingSharePercent = (s: Pick<ClassStudent, 'minutesHeld' | 'minutesSpoken'>): number | null =>
  s.minutesHeld > 0 ? Math.min(100, Math.round((100 * s.minutesSpoken) / s.minutesHeld)) : null;

/** A column to sort by: the name, minutes held, speaking share, lessons completed, or a lesson's state (by the order states are listed). */
export type SortKey = { by: 'name' | 'minutes' | 'share' | 'completed' } | { by: 'lesson'; index: number };
export type SortDirection = 'asc' | 'desc';

const STATE_ORDER: ClassCellState[] = ['overdue', 'due_soon', 'missed', 'not_reserved', 'reserved', 'held', 'complete'];

export function sortStudents(students: readonly ClassStudent[], key: SortKey, direction: SortDirection, collator: Intl.Collator) {
  const value = (s: ClassStudent): number | string => {
    switch (key.by) {
      case 'name':
        return s.displayName ?? '';
      case 'minutes':
        return s.minutesHeld;
      case 'share':
        return speakingSharePercent(s) ?? -1;
      case 'completed':
        return s.completedCount;
      case 'lesson':
        return STATE_ORDER.indexOf(s.states[key.index]);
    }
  };
  const sign = direction === 'asc' ? 1 : -1;
  return [...students].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const order = typeof x === 'string' ? collator.compare(x, y as string) : x - (y as number);
    return sign * order || collator.compare(a.displayName ?? '', b.displayName ?? '');
  });
}

/** The filtered table as CSV: student, minutes held, minutes spoken, speaking share (%), lessons completed, then each lesson's state in words. */
export function classCsv(
  students: readonly ClassStudent[],
  lessons: readonly ClassLesson[],
  words: {
    student: string;
    minutes: string;
    spoken: string;
    share: string;
    completed: string;
    lesson: (l: ClassLesson) => string;
    state: (s: ClassCellState) => string;
    unnamed: string;
  },
): string {
  const rows: CsvValue[][] = [
    [words.student, words.minutes, words.spoken, words.share, words.completed, ...lessons.map(words.lesson)],
    ...students.map((s) => [
      s.displayName ?? words.unnamed,
      s.minutesHeld,
      s.minutesSpoken,
      speakingSharePercent(s),
      s.completedCount,
      ...s.states.map(words.state),
    ]),
  ];
  return csvRows(
    rows,
    rows[0].map((_, i) => i).filter((i) => i === 0 || i > 4),
  );
}
