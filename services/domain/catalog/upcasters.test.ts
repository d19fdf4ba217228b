import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { StoredEvent } from '../../eventstore/port';
import { currentSchemaVersion, upcast } from '../../eventstore/upcasting';
import { calendarDateOfLegacyInstant } from './upcasters';

/** What NewCoursePage sent before course dates were dates: the day's local midnight and last millisecond. */
const webStart = (day: string, offsetHours: number) => new Date(Date.parse(`${day}T00:00:00Z`) - offsetHours * 3_600_000).toISOString();
const webEnd = (day: string, offsetHours: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 - 1 - offsetHours * 3_600_000).toISOString();

function stored(data: unknown, schemaVersion: number): StoredEvent {
  return {
    streamId: 'course-c1',
    streamVersion: 1,
    type: 'CourseCreated',
    data,
    position: '1',
    transactionId: '1',
    recordedAt: new Date(),
    metadata: { actorId: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-21T12:00:00.000Z', schemaVersion },
  };
}

describe('CourseCreated v1 → v2 (instants to calendar dates)', () => {
  it('takes the day that was picked in the web form, in any zone from UTC−10 to UTC+13', () => {
    // New York (−5), UTC, Madrid (+1), Honolulu (−10), Kolkata (+5:30), Tokyo (+9), Auckland in summer (+13).
    for (const offset of [-5, 0, 1, -10, 5.5, 9, 13]) {
      assert.equal(calendarDateOfLegacyInstant(webStart('2026-11-23', offset)), '2026-11-23', `start at UTC${offset}`);
      assert.equal(calendarDateOfLegacyInstant(webEnd('2027-02-23', offset)), '2027-02-23', `end at UTC${offset}`);
    }
  });

  it("keeps midnight UTC's own date (the issue's course: 2026-11-23T00:00Z is Nov 23)", () => {
    assert.equal(calendarDateOfLegacyInstant('2026-11-23T00:00:00.000Z'), '2026-11-23');
    assert.equal(calendarDateOfLegacyInstant('2026-11-23T00:00:00Z'), '2026-11-23');
  });

  it('leaves a calendar date as it is', () => {
    assert.equal(calendarDateOfLegacyInstant('2026-11-23'), '2026-11-23');
  });

  it('lifts a stored v1 event on read without touching the stored one, and leaves v2 events alone', () => {
    const data = {
      courseId: 'c1',
      kind: 'regular',
      startDate: '2026-11-23T05:00:00.000Z',
      endDate: '2027-02-24T04:59:59.999Z',
      name: 'Spanish',
    };
    const old = stored(data, 1);
    const lifted = upcast(old);
    assert.deepEqual(lifted.data, { ...data, startDate: '2026-11-23', endDate: '2027-02-23' });
    assert.equal(lifted.metadata.schemaVersion, 2);
    assert.equal(old.data, data, 'the stored event is not rewritten');
    assert.equal(data.startDate, '2026-11-23T05:00:00.000Z');
    const adventure = upcast(stored({ ...data, kind: 'adventure', startDate: '2026-11-21T12:00:00.000Z', endDate: null }, 1));
    assert.deepEqual([adventure.data.startDate, adventure.data.endDate], ['2026-11-22', null]);
    const current = stored({ ...data, startDate: '2026-11-23', endDate: '2027-02-23' }, 2);
    assert.equal(upcast(current), current);
  });

  it('has new CourseCreated events written as version 2', () => {
    assert.equal(currentSchemaVersion('CourseCreated'), 2);
    assert.equal(currentSchemaVersion('LessonAssigned'), 1);
  });
});
