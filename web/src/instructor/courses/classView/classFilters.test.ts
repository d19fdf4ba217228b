import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { ClassCellState } from '../../../gql/graphql';
import { NO_FILTER, NOT_RESERVED_GROUP, classCsv, filterStudents, sortStudents } from './classFilters';
import type { ClassLesson, ClassStudent } from './operations';

const today = '2026-11-28';
const lessons: ClassLesson[] = [
  { lessonId: 'l1', order: 1, title: 'Greetings', dueOn: '2026-11-29' },
  { lessonId: 'l2', order: 2, title: 'Food', dueOn: '2026-12-10' },
  { lessonId: 'l3', order: 3, title: 'Travel', dueOn: null },
];
const student = (id: string, displayName: string | null, states: ClassCellState[], minutesHeld = 0, minutesSpoken = 0): ClassStudent => ({
  studentId: id,
  displayName,
  minutesHeld,
  minutesSpoken,
  completedCount: states.filter((s) => s === 'complete').length,
  states,
  cells: [],
});
const ana = student('a', 'Ana', ['complete', 'reserved', 'not_reserved'], 15, 11);
const bruno = student('b', 'Bruno', ['due_soon', 'not_reserved', 'not_reserved']);
const carla = student('c', '=HYPERLINK("http://x")', ['held', 'missed', 'complete'], 30, 6);
const all = [ana, bruno, carla];
const ids = (students: ClassStudent[]) => students.map((s) => s.studentId);

describe("the class view's filters", () => {
  it('"has not reserved lesson N": not reserved, due soon, overdue or missed at that lesson', () => {
    assert.deepEqual(ids(filterStudents(all, lessons, { ...NO_FILTER, lessonId: 'l1', state: NOT_RESERVED_GROUP }, today)), ['b']);
    assert.deepEqual(ids(filterStudents(all, lessons, { ...NO_FILTER, lessonId: 'l2', state: NOT_RESERVED_GROUP }, today)), ['b', 'c']);
  });

  it('"due within N days": a lesson not reserved yet whose due date is from today to N days on', () => {
    assert.deepEqual(ids(filterStudents(all, lessons, { ...NO_FILTER, dueWithinDays: 2 }, today)), ['b']);
    assert.deepEqual(ids(filterStudents(all, lessons, { ...NO_FILTER, dueWithinDays: 20 }, today)), ['b', 'c']);
    assert.deepEqual(ids(filterStudents(all, lessons, { ...NO_FILTER, dueWithinDays: 0 }, today)), []);
  });

  it('by a state at any lesson, and by part of the name', () => {
    assert.deepEqual(ids(filterStudents(all, lessons, { ...NO_FILTER, state: 'complete' }, today)), ['a', 'c']);
    assert.deepEqual(ids(filterStudents(all, lessons, { ...NO_FILTER, name: 'bru' }, today)), ['b']);
    assert.deepEqual(ids(filterStudents(all, lessons, NO_FILTER, today)), ['a', 'b', 'c']);
  });
});

describe("the class view's sort", () => {
  const collator = new Intl.Collator('en');
  it('by minutes, by a lesson (most urgent first), by name either way', () => {
    assert.deepEqual(ids(sortStudents(all, { by: 'minutes' }, 'desc', collator)), ['c', 'a', 'b']);
    // Speaking share: Ana 11 of 15 (73 %), Carla 6 of 30 (20 %), Bruno none held (last).
    assert.deepEqual(ids(sortStudents(all, { by: 'share' }, 'desc', collator)), ['a', 'c', 'b']);
    assert.deepEqual(ids(sortStudents(all, { by: 'lesson', index: 0 }, 'asc', collator)), ['b', 'c', 'a']);
    assert.deepEqual(ids(sortStudents([bruno, ana], { by: 'name' }, 'asc', collator)), ['a', 'b']);
    assert.deepEqual(ids(sortStudents([ana, bruno], { by: 'name' }, 'desc', collator)), ['b', 'a']);
  });
});

describe("the class view's CSV", () => {
  it('writes the rows given with each state in words, and defuses a name a spreadsheet would run', () => {
    const csv = classCsv([ana, carla], lessons, {
      student: 'Student',
      minutes: 'Minutes held',
      spoken: 'Minutes spoken',
      share: 'Speaking share (%)',
      completed: 'Completed',
      lesson: (l) => `${l.order}. ${l.title}`,
      state: (s) => s.replace('_', ' '),
      unnamed: 'Unnamed',
    });
    assert.equal(
      csv,
      [
        '"Student","Minutes held","Minutes spoken","Speaking share (%)","Completed","1. Greetings","2. Food","3. Travel"',
        '"Ana",15,11,73,1,"complete","reserved","not reserved"',
        `"'=HYPERLINK(""http://x"")",30,6,20,1,"held","missed","complete"`,
        '',
      ].join('\r\n'),
    );
  });
});
