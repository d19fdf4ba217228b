import type { ClassCellState } from '../gql/graphql';

/** How a lesson's state looks as a chip: the instructor's class view and the student's progress page. */
export const LESSON_STATE_CHIP: Record<
  ClassCellState,
  { color: 'success' | 'info' | 'primary' | 'warning' | 'error' | 'default'; filled: boolean }
> = {
  complete: { color: 'success', filled: true },
  held: { color: 'info', filled: true },
  reserved: { color: 'primary', filled: false },
  missed: { color: 'warning', filled: true },
  overdue: { color: 'error', filled: true },
  due_soon: { color: 'warning', filled: false },
  not_reserved: { color: 'default', filled: false },
};
