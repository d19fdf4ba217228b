import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { fold } from '../shared/decider';
import { decideRemind, evolveClassReminders, initialClassReminders, type StudentReminded } from './reminders';

const input = { courseId: 'c1', studentId: 's1', lessonId: 'l1', dueOn: '2026-12-01' };
const reminded = (lessonId: string, at: string): StudentReminded => ({
  type: 'StudentReminded',
  data: { ...input, lessonId, at },
});
const given = (...events: StudentReminded[]) => fold(evolveClassReminders, initialClassReminders(), events);

describe('reminding a student of a lesson', () => {
  it('reminds a lesson never reminded, recording when', () => {
    const now = new Date('2026-11-28T10:00:00.000Z');
    assert.deepEqual(decideRemind(given(), input, { now }), {
      reminded: [{ type: 'StudentReminded', data: { ...input, at: now.toISOString() } }],
    });
  });

  it('refuses the same lesson again within 24 hours, saying since when, and reminds it after', () => {
    const state = given(reminded('l1', '2026-11-27T10:00:00.000Z'), reminded('l1', '2026-11-28T09:00:00.000Z'));
    assert.deepEqual(decideRemind(state, input, { now: new Date('2026-11-29T08:59:59.999Z') }), {
      refusedSince: new Date('2026-11-28T09:00:00.000Z'),
    });
    assert.ok('reminded' in decideRemind(state, input, { now: new Date('2026-11-29T09:00:00.000Z') }));
  });

  it('reminds another lesson at once', () => {
    const state = given(reminded('l2', '2026-11-28T09:30:00.000Z'));
    assert.ok('reminded' in decideRemind(state, input, { now: new Date('2026-11-28T10:00:00.000Z') }));
  });
});
